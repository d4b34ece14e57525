import { InvalidScoringError } from './errors.js';
import { Fraction, frac } from './fraction.js';

/**
 * Law 90 procedural penalties (DOMAIN §8.4): deducted from the offender's total after all board
 * scoring, never from the board itself and never given to the opponents; shown apart.
 */
export type PenaltyUnit = 'MP' | 'PERCENT_OF_TOP' | 'IMP' | 'VP';

export interface Penalty {
  unit: PenaltyUnit;
  amount: Fraction;
  reason: string;
}

/** The penalty in the event's own scoring unit: a percentage of a top becomes matchpoints. */
export function penaltyInScore(p: Penalty, context: { top?: Fraction; scoring: 'MP' | 'IMP' | 'VP' }): Fraction {
  if (p.amount.compare(Fraction.ZERO) < 0) throw new InvalidScoringError('A penalty is deducted: give a positive amount', 'amount');
  if (p.unit === 'PERCENT_OF_TOP') {
    if (context.scoring !== 'MP' || !context.top) throw new InvalidScoringError('A percentage of a top applies to matchpoint events only', 'unit');
    return p.amount.mul(context.top).div(frac(100));
  }
  if (p.unit !== context.scoring) {
    throw new InvalidScoringError(`A penalty in ${p.unit} cannot be deducted from a total in ${context.scoring}`, 'unit');
  }
  return p.amount;
}

/** The total after penalties, and what was deducted (shown separately on results). */
export function applyPenalties(total: Fraction, penalties: readonly Penalty[], context: { top?: Fraction; scoring: 'MP' | 'IMP' | 'VP' }) {
  const deducted = penalties.reduce((sum, p) => sum.add(penaltyInScore(p, context)), Fraction.ZERO);
  return { total: total.sub(deducted), deducted };
}

/** A disqualified contestant keeps its results for the others but is not ranked (Law 91). */
export function withoutDisqualified<T extends { disqualified?: boolean }>(contestants: readonly T[]): T[] {
  return contestants.filter((c) => !c.disqualified);
}
