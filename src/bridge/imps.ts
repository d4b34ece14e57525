import { InvalidScoringError } from './errors.js';
import { countAtMost, countBelow, cumulate, SCORE_SLOTS, scoreSlot } from './sorted.js';
import { Fraction, frac, sum } from './fraction.js';
import type { Artificial, Weighted } from './matchpoints.js';

/** Law 78B: the lower bound of each IMP step; IMPs = the index of the largest bound ≤ |difference|. */
export const IMP_BOUNDS = [0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000] as const;

export interface ImpOptions {
  /** Round a non-multiple of 10 to the nearest 10 first (some software does); default: half-open steps. */
  roundToTen?: boolean;
}

/** Signed IMPs for a point difference. Steps are half-open, so 15 → 0, 45 → 1, 85 → 2. */
export function impsForDifference(difference: number, options: ImpOptions = {}): number {
  if (!Number.isFinite(difference)) throw new InvalidScoringError(`Point difference must be a number, got ${difference}`);
  let d = Math.abs(difference);
  if (options.roundToTen) d = Math.round(d / 10) * 10;
  let lo = 0;
  let hi = IMP_BOUNDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (IMP_BOUNDS[mid] <= d) lo = mid;
    else hi = mid - 1;
  }
  return difference < 0 && lo ? -lo : lo;
}

/** Team of four (DOMAIN §4.2): IMPs for the team sitting NS in the open room. */
export function teamBoardImps(openNsScore: number, closedNsScore: number): number {
  return impsForDifference(openNsScore - closedNsScore);
}

/** Law 12C2(b): artificial adjusted scores in IMPs (±3 unless the regulations say otherwise). */
export function artificialImps(code: Artificial, values: Record<Artificial, number> = { 'A+': 3, A: 0, 'A-': -3 }): number {
  return values[code];
}

/** Law 12C1(c) in IMPs: IMP each possible result against the comparison, then weight the IMPs (not the points). */
export function weightedImps(components: Weighted[], comparisonNsScore: number): Fraction {
  const total = sum(components.map((c) => c.weight));
  if (!total.equals(Fraction.ONE)) throw new InvalidScoringError(`Weights of an assigned score must add up to 1, not ${total}`);
  return sum(components.map((c) => c.weight.mul(frac(impsForDifference(c.nsScore - comparisonNsScore)))));
}

/**
 * Law 86 (knockout): when each team was given its own adjusted score, each gets the average of the
 * two figures so the board balances: A gets (a − b)/2, B gets (b − a)/2.
 */
export function knockoutAverage(teamAImps: Fraction, teamBImps: Fraction): { teamA: Fraction; teamB: Fraction } {
  const a = teamAImps.sub(teamBImps).div(frac(2));
  return { teamA: a, teamB: a.neg() };
}

/** How many scores a Butler datum drops at each end. */
export type ButlerTrim = { count: number } | { percent: number } | 'BRIDGE_SCORER' | 'NONE';

/** Rounding of the datum: to the nearest 10 (half away from zero), to 10 toward zero, or none. */
export type DatumRounding = 'NEAREST_10' | 'TOWARD_ZERO_10' | 'NONE';

export interface ButlerOptions {
  trim?: ButlerTrim;
  /** Default NEAREST_10 (DOMAIN §4.3). */
  rounding?: DatumRounding;
  /** Same as rounding NONE when false (kept for callers that only switch rounding off). */
  roundDatum?: boolean;
}

/**
 * bridge-scorer's rule keeps all when n ≤ 3, else drops ceil((n − 10)/15) + 1 at each end. A
 * fixed count or a percentage is capped so that at least one score remains.
 */
export function trimCount(n: number, trim: ButlerTrim): number {
  if (trim === 'NONE') return 0;
  if (trim === 'BRIDGE_SCORER') return n <= 3 ? 0 : Math.max(1, Math.ceil((n - 10) / 15) + 1);
  const count = 'count' in trim ? trim.count : Math.floor((n * trim.percent) / 100);
  return Math.max(0, Math.min(count, Math.floor((n - 1) / 2)));
}

/** The Butler datum (DOMAIN §4.3): trimmed mean of the NS scores, rounded to 10 unless configured otherwise. */
export function butlerDatum(nsScores: readonly number[], options: ButlerOptions = {}): Fraction {
  if (!nsScores.length) throw new InvalidScoringError('A Butler datum needs at least one score');
  const sorted = Float64Array.from(nsScores).sort();
  const t = trimCount(sorted.length, options.trim ?? 'BRIDGE_SCORER');
  let total = 0;
  for (let i = t; i < sorted.length - t; i++) total += sorted[i];
  const mean = frac(total, sorted.length - 2 * t);
  const rounding = options.roundDatum === false ? 'NONE' : (options.rounding ?? 'NEAREST_10');
  return rounding === 'NONE' ? mean : roundToTen(mean, rounding);
}

/** Nearest 10 half away from zero (455 → 460, −455 → −460), or toward zero (459 → 450, −459 → −450). */
function roundToTen(value: Fraction, rounding: 'NEAREST_10' | 'TOWARD_ZERO_10'): Fraction {
  const tens = value.div(frac(10));
  const sign = tens.compare(Fraction.ZERO) < 0 ? -1n : 1n;
  const abs = sign < 0n ? tens.neg() : tens;
  const floor = BigInt(abs.num) / BigInt(abs.den);
  const up = rounding === 'NEAREST_10' && abs.sub(Fraction.of(floor)).compare(frac(1, 2)) >= 0;
  return Fraction.of(sign * (floor + (up ? 1n : 0n)) * 10n);
}

/** Butler IMPs of each NS score against the datum; EW get the negative. */
export function butlerImps(nsScores: readonly number[], options: ButlerOptions = {}): { datum: Fraction; imps: number[] } {
  const datum = butlerDatum(nsScores, options);
  const d = datum.toNumber();
  return { datum, imps: nsScores.map((s) => impsForDifference(s - d)) };
}

/**
 * Cross-IMPs (DOMAIN §4.4): each NS score IMPed against every other. IMPs(d) counts the steps
 * b ≤ d, so Σⱼ IMPs(sᵢ − sⱼ) = Σ_b (#{sⱼ ≤ sᵢ − b} − #{sⱼ ≥ sᵢ + b}) over the 24 steps. Real scores
 * go through a histogram (linear); others through a sort and binary searches (O(n log n)). Each
 * distinct score is worked out once. `average(i)` is line i's total over its n − 1 comparisons.
 */
export function crossImps(nsScores: readonly number[]): { raw: number[]; average: (line: number) => Fraction } {
  const n = nsScores.length;
  const slots = nsScores.map(scoreSlot);
  const rawOf = slots.every((s) => s >= 0) ? histogramCrossImps(slots, n) : sortedCrossImps(nsScores);
  const raw = nsScores.map((s, i) => rawOf(s, slots[i]));
  return { raw, average: (line) => (n > 1 ? frac(raw[line], n - 1) : Fraction.ZERO) };
}

function histogramCrossImps(slots: number[], n: number): (score: number, slot: number) => number {
  const atMost = new Int32Array(SCORE_SLOTS);
  for (const s of slots) atMost[s]++;
  cumulate(atMost);
  const count = (slot: number) => (slot < 0 ? 0 : atMost[Math.min(slot, SCORE_SLOTS - 1)]);
  const memo = new Map<number, number>();
  return (_, slot) => {
    let total = memo.get(slot);
    if (total === undefined) {
      total = 0;
      for (let k = 1; k < IMP_BOUNDS.length; k++) {
        const steps = IMP_BOUNDS[k] / 10;
        total += count(slot - steps) - (n - count(slot + steps - 1));
      }
      memo.set(slot, total);
    }
    return total;
  };
}

function sortedCrossImps(nsScores: readonly number[]): (score: number) => number {
  const n = nsScores.length;
  const sorted = Float64Array.from(nsScores).sort();
  const memo = new Map<number, number>();
  return (s) => {
    let total = memo.get(s);
    if (total === undefined) {
      total = 0;
      for (let k = 1; k < IMP_BOUNDS.length; k++) {
        total += countAtMost(sorted, s - IMP_BOUNDS[k]) - (n - countBelow(sorted, s + IMP_BOUNDS[k]));
      }
      memo.set(s, total);
    }
    return total;
  };
}
