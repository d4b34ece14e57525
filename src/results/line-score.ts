import { formatContract, formatResult, parseContract, parseResult } from '../bridge/contract.js';
import { InvalidContractError } from '../bridge/errors.js';
import { contractScore } from '../bridge/score.js';
import type { Seat, Vulnerability } from '../bridge/types.js';
import type { StoredAdjustment } from '../bridge/scoring/index.js';
import type { Result, ResultStatus } from '../generated/prisma/client.js';
import type { ResultLineInput } from './dto/submit-result.input.js';

/** The scored content of a played line: what is stored and compared for idempotency. */
export interface ScoredLine {
  status: ResultStatus;
  contract: string;
  declarer: Seat | null;
  tricks: number | null;
  nsScore: number;
}

/** What a played result is scored from: a posted line, or one result of an assigned score (Law 12C1(c)). */
export type ContractResult = Pick<ResultLineInput, 'contract' | 'declarer' | 'tricks' | 'result'>;

/**
 * Law 77 applied to one posted line, or one result of an assigned score; the client's own score,
 * if any, is never read. A null field is a field left out (GraphQL and JSON send both): a played
 * contract without tricks or result is refused, never taken as made exactly.
 */
export function scoreLine(line: ContractResult, vulnerability: Vulnerability): ScoredLine {
  const contract = parseContract(line.contract);
  const tricksGiven = line.tricks !== undefined && line.tricks !== null;
  const resultGiven = line.result !== undefined && line.result !== null;
  if (contract === 'PASS') {
    if (tricksGiven || resultGiven) throw new InvalidContractError('A passed-out board has no tricks or result', resultGiven ? 'result' : 'tricks');
    return { status: 'PASSED_OUT', contract: 'PASS', declarer: null, tricks: null, nsScore: 0 };
  }
  if (!line.declarer) throw new InvalidContractError(`Say who declared ${formatContract(contract)} (N, E, S or W)`, 'declarer');
  if (!tricksGiven && !resultGiven) throw new InvalidContractError(`Give the tricks taken (0–13) or the result (=, +1, -2) of ${formatContract(contract)}`, 'tricks');
  const tricks = parseResult(contract, tricksGiven ? line.tricks! : line.result!);
  if (tricksGiven && resultGiven && parseResult(contract, line.result!) !== tricks) {
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

/**
 * A stored line's scores on a board now marked `vulnerability` (Law 77, the vulnerability taken
 * from the board): its played score, or each result of an assigned score, worked out again from
 * contract, declarer and tricks; null when nothing changes.
 */
export function rescoredLine(row: Pick<Result, 'status' | 'contract' | 'declarer' | 'tricks' | 'nsScore' | 'adjustment'>, vulnerability: Vulnerability): Pick<Result, 'nsScore' | 'adjustment'> | null {
  const score = (contract: string | null | undefined, declarer: string | null | undefined, tricks: number | null | undefined) =>
    contract && contract !== 'PASS' && declarer && tricks !== null && tricks !== undefined ? contractScore(parseContract(contract), declarer as Seat, tricks, vulnerability).nsScore : null;
  if (row.status === 'PLAYED') {
    const nsScore = score(row.contract, row.declarer, row.tricks);
    return nsScore !== null && nsScore !== row.nsScore ? { nsScore, adjustment: row.adjustment } : null;
  }
  const adjustment = row.adjustment as StoredAdjustment | null;
  if (adjustment?.kind !== 'ASSIGNED') return null;
  let changed = false;
  const again = (list: typeof adjustment.ns) =>
    list.map((c) => {
      const nsScore = score(c.contract, c.declarer, c.tricks);
      if (nsScore === null || nsScore === c.nsScore) return c;
      changed = true;
      return { ...c, nsScore };
    });
  const next = { ...adjustment, ns: again(adjustment.ns), ew: adjustment.ew ? again(adjustment.ew) : undefined };
  return changed ? { nsScore: row.nsScore, adjustment: next as unknown as Result['adjustment'] } : null;
}
