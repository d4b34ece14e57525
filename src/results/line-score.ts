import { formatContract, formatResult, parseContract, parseResult } from '../bridge/contract.js';
import { InvalidContractError } from '../bridge/errors.js';
import { contractScore } from '../bridge/score.js';
import type { Seat, Vulnerability } from '../bridge/types.js';
import type { ResultStatus } from '../generated/prisma/client.js';
import type { ResultLineInput } from './dto/submit-result.input.js';

/** The scored content of a played line: what is stored and compared for idempotency. */
export interface ScoredLine {
  status: ResultStatus;
  contract: string;
  declarer: Seat | null;
  tricks: number | null;
  nsScore: number;
}

/** Law 77 applied to one posted line; the client's own score, if any, is never read. */
export function scoreLine(line: ResultLineInput, vulnerability: Vulnerability): ScoredLine {
  const contract = parseContract(line.contract);
  if (contract === 'PASS') {
    if (line.tricks !== undefined || line.result !== undefined) {
      throw new InvalidContractError('A passed-out board has no tricks or result', line.result !== undefined ? 'result' : 'tricks');
    }
    return { status: 'PASSED_OUT', contract: 'PASS', declarer: null, tricks: null, nsScore: 0 };
  }
  if (!line.declarer) throw new InvalidContractError(`Say who declared ${formatContract(contract)} (N, E, S or W)`, 'declarer');
  if (line.tricks === undefined && line.result === undefined) {
    throw new InvalidContractError('Give the tricks taken (0–13) or the result (=, +1, -2)', 'tricks');
  }
  const tricks = parseResult(contract, line.tricks ?? line.result!);
  if (line.tricks !== undefined && line.result !== undefined && parseResult(contract, line.result) !== tricks) {
    throw new InvalidContractError(
      `Tricks ${line.tricks} and result ${line.result} disagree for ${formatContract(contract)} (${formatResult(contract, tricks)})`,
      'result',
    );
  }
  const { nsScore } = contractScore(contract, line.declarer, tricks, vulnerability);
  return { status: 'PLAYED', contract: formatContract(contract), declarer: line.declarer, tricks, nsScore };
}

/** "=", "+1", "-2" for a stored contract and trick count. */
export function relativeResult(contract: string | null, tricks: number | null): string | null {
  if (!contract || contract === 'PASS' || tricks === null) return null;
  return formatResult(parseContract(contract), tricks);
}
