import { Fraction, frac } from './fraction.js';

/**
 * Law 78C total points: a team match scored on the raw point differences, without IMPs.
 * Each board pairs the NS scores of the two rooms; the result is for the open room's NS team.
 */
export function aggregate(boards: readonly { open: number; closed: number }[]): number {
  return boards.reduce((total, b) => total + (b.open - b.closed), 0);
}

export interface BoardAMatchOptions {
  /** Points each board is worth to the winner (1/½/0 or 2/1/0). */
  scale?: 1 | 2;
  /** Conditions of contest: a difference of 10 counts as a tie (DOMAIN §4.2). */
  tenIsTie?: boolean;
}

/** Board-a-match: each board won, tied or lost, for the open room's NS team. */
export function boardAMatch(boards: readonly { open: number; closed: number }[], options: BoardAMatchOptions = {}): Fraction {
  const scale = options.scale ?? 1;
  let total = Fraction.ZERO;
  for (const b of boards) {
    const d = b.open - b.closed;
    const tie = d === 0 || (options.tenIsTie && Math.abs(d) === 10);
    total = total.add(tie ? frac(scale, 2) : d > 0 ? frac(scale) : Fraction.ZERO);
  }
  return total;
}
