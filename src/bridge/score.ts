import type { Contract } from './contract.js';
import { InvalidContractError } from './errors.js';
import { isVulnerable, type Seat, type Vulnerability } from './types.js';

export interface ContractScore {
  /** From the declaring side's point of view. */
  declarerScore: number;
  /** From North–South's point of view: positive when NS gain. */
  nsScore: number;
}

const MULTIPLIER = { '': 1, X: 2, XX: 4 } as const;

/** Law 77: the score of `contract` by `declarer` taking `tricks`, on a board with `vulnerability`. */
export function contractScore(contract: Contract, declarer: Seat | null, tricks: number, vulnerability: Vulnerability): ContractScore {
  if (contract === 'PASS') return { declarerScore: 0, nsScore: 0 };
  if (!declarer) throw new InvalidContractError('A played contract needs a declarer (N, E, S or W)', 'declarer');
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    throw new InvalidContractError(`Tricks must be a whole number from 0 to 13, got ${tricks}`, 'tricks');
  }
  const vul = isVulnerable(declarer, vulnerability);
  const needed = contract.level + 6;
  const declarerScore = tricks >= needed ? madeScore(contract, tricks - needed, vul) : -undertrickPenalty(contract, needed - tricks, vul);
  const ns = declarer === 'N' || declarer === 'S';
  return { declarerScore, nsScore: ns ? declarerScore : -declarerScore || 0 };
}

function madeScore(c: Exclude<Contract, 'PASS'>, overtricks: number, vul: boolean): number {
  const m = MULTIPLIER[c.doubling];
  // Law 77 trick score: minors 20, majors 30, notrump 40 for the first trick and 30 after.
  const perTrick = c.strain === 'C' || c.strain === 'D' ? 20 : 30;
  const trickScore = (perTrick * c.level + (c.strain === 'NT' ? 10 : 0)) * m;
  const gameOrPart = trickScore >= 100 ? (vul ? 500 : 300) : 50;
  const slam = c.level === 7 ? (vul ? 1500 : 1000) : c.level === 6 ? (vul ? 750 : 500) : 0;
  const insult = c.doubling === 'X' ? 50 : c.doubling === 'XX' ? 100 : 0;
  // Undoubled overtricks score trick value; doubled 100/200, redoubled 200/400 each.
  const overtrickValue = c.doubling === '' ? perTrick : (vul ? 200 : 100) * (m / 2);
  return trickScore + gameOrPart + slam + insult + overtricks * overtrickValue;
}

function undertrickPenalty(c: Exclude<Contract, 'PASS'>, down: number, vul: boolean): number {
  if (c.doubling === '') return down * (vul ? 100 : 50);
  // Doubled: NV 100, 200, 200, then 300 each; V 200 then 300 each. Redoubled is twice doubled.
  const doubled = vul ? 200 + 300 * (down - 1) : down <= 3 ? [100, 300, 500][down - 1] : 500 + 300 * (down - 3);
  return c.doubling === 'X' ? doubled : 2 * doubled;
}
