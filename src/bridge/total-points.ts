import { Fraction, frac } from './fraction.js';

/**
 * Law 78C total points, board-a-match variant (DOMAIN §4.2): each board is won, tied or lost by the
 * team, 1 / ½ / 0, on the point difference between the two rooms; whether a difference of 10 is a
 * tie is for the conditions of contest.
 */
export interface BoardAMatchOptions {
  /** Conditions of contest: a difference of 10 counts as a tie. */
  tenIsTie?: boolean;
}

/** One board's result for a team whose rooms differ by `difference` points (its own side's view). */
export function boardAMatchPoints(difference: number, options: BoardAMatchOptions = {}): Fraction {
  const tie = difference === 0 || (options.tenIsTie && Math.abs(difference) === 10);
  return tie ? frac(1, 2) : difference > 0 ? Fraction.ONE : Fraction.ZERO;
}
