import { Fraction, frac, sum } from './fraction.js';
import { groupBy } from './grouping.js';
import { placeByScore, type Placed } from './ranking.js';

/**
 * Federation awards as data (DOMAIN §7, masterpoints): points by place for fields of at least
 * `minContestants`; the largest tier the field reaches applies. Tied contestants share the
 * combined award of the places they tie for, equally.
 */
export interface AwardTier {
  minContestants: number;
  /** Points for 1st, 2nd, … */
  points: number[];
}

/** The tier for a field of `size` contestants, or null when the field is too small for any. */
export function tierFor(tiers: readonly AwardTier[], size: number): AwardTier | null {
  return [...tiers].filter((t) => t.minContestants <= size).sort((a, b) => b.minContestants - a.minContestants)[0] ?? null;
}

/** Each placed contestant's award in one field (a two-winner Mitchell has two fields). */
export function fieldAwards<T>(placed: readonly Placed<T>[], tiers: readonly AwardTier[]): Map<T, Fraction> {
  const awards = new Map<T, Fraction>();
  const tier = tierFor(tiers, placed.length);
  if (!tier) return awards;
  const byRank = new Map<number, T[]>();
  for (const p of placed) byRank.set(p.rank, [...(byRank.get(p.rank) ?? []), p.item]);
  for (const [rank, tied] of byRank) {
    const combined = sum(tied.map((_, i) => frac(tier.points[rank - 1 + i] ?? 0)));
    for (const item of tied) awards.set(item, combined.div(frac(tied.length)));
  }
  return awards;
}

/** A ranked contestant as awards read it: its field, its place in it, its score. */
export interface AwardedRow {
  field: string;
  rank: number;
  score: Fraction;
}

/**
 * Each ranked contestant's award, field by field (a two-winner Mitchell has two fields; a
 * one-winner Mitchell or a Howell one, whatever the pairs' home directions). `tiedBy`: PLACE takes
 * the ranking's ties as they stand (pairs: equal percentages); SCORE ties equal scores, as teams
 * level on VPs are tied for awards whatever tie-break ordered them in the standings (DOMAIN §7:
 * ties never change shared awards; a tie is split only for a winner or an indivisible prize).
 */
export function rankingAwards<R extends AwardedRow>(rows: readonly R[], tiers: readonly AwardTier[], tiedBy: 'PLACE' | 'SCORE'): Map<R, Fraction> {
  const awards = new Map<R, Fraction>();
  for (const field of groupBy(rows, (r) => r.field).values()) {
    const placed =
      tiedBy === 'SCORE'
        ? placeByScore(field, (r) => r.score, (r) => String(r.rank).padStart(9, '0'))
        : field.map((r): Placed<R> => ({ item: r, rank: r.rank, place: String(r.rank) }));
    for (const [row, points] of fieldAwards(placed, tiers)) awards.set(row, points);
  }
  return awards;
}

/** Checks a scale before it is stored: tiers with whole minimums and non-negative, non-increasing points. */
export function scaleProblem(tiers: readonly AwardTier[]): string | null {
  if (!tiers.length) return 'An award scale needs at least one tier';
  for (const [i, t] of tiers.entries()) {
    if (!Number.isInteger(t.minContestants) || t.minContestants < 1) return `Tier ${i + 1}: minContestants must be a whole number of at least 1`;
    if (!t.points.length) return `Tier ${i + 1}: give the points for at least first place`;
    if (t.points.some((p) => !Number.isFinite(p) || p < 0)) return `Tier ${i + 1}: points must be 0 or more`;
    if (t.points.some((p, j) => j > 0 && p > t.points[j - 1])) return `Tier ${i + 1}: a lower place cannot earn more than the place above it`;
  }
  if (new Set(tiers.map((t) => t.minContestants)).size !== tiers.length) return 'Two tiers start at the same field size';
  return null;
}
