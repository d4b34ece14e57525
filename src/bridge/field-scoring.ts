import { InvalidScoringError } from './errors.js';
import { Fraction } from './fraction.js';
import type { Artificial } from './matchpoints.js';
import { SCORE_SLOTS, scoreSlot } from './sorted.js';

/**
 * Matchpoints for a whole field at once (a simultaneous pairs of thousands of tables), in columns.
 * Same rules as `scoreBoard` for plain results, missing results (Neuberg) and artificial scores,
 * but built for speed: scores are multiples of 10, so each board is a histogram of 1,521 slots and
 * "scores below" a prefix sum — linear, no comparison sort at all. Totals stay exact: each board's
 * factored MPs are integers over a small denominator, summed per pair in one bucket per denominator.
 */
export interface FieldResults {
  /** Number of pairs; pair ids are 0 … pairs − 1. */
  pairs: number;
  /** Per line: board index, NS pair id, EW pair id. */
  board: Int32Array;
  ns: Int32Array;
  ew: Int32Array;
  /** Per line: NS score (a multiple of 10), ignored for artificial lines. */
  nsScore: Int32Array;
  /** Per line: 0 for a played result, else artificial codes NS·4 + EW with A+ = 1, A = 2, A− = 3. */
  artificial?: Uint8Array;
  /** Per board: N, the results it should have had (Neuberg factors each board to it). */
  expected: Int32Array;
}

export const ARTIFICIAL_CODES: Record<Artificial, number> = { 'A+': 1, A: 2, 'A-': 3 };
/** Artificial values as fractions of a top: 60 %, 50 %, 40 % (Law 12C2(a)). */
const ARTIFICIAL_FIFTHS = [0, 3, 2.5, 2];

export interface FieldTotals {
  /** Per pair: exact matchpoints, Σ of tops of boards played, boards played. */
  matchpoints: (pair: number) => Fraction;
  tops: Float64Array;
  boards: Int32Array;
  /** Per pair: percentage as a float, for ordering; exact ties are re-checked with `matchpoints`. */
  percent: Float64Array;
}


export function matchpointField(field: FieldResults): FieldTotals {
  // One small function per pass: V8 then optimises each loop on its own, instead of optimising a
  // long function mid-loop and throwing the code away at the next pass (measured: 3× slower).
  const lines = field.board.length;
  const boards = field.expected.length;
  const slots = new Int32Array(lines);
  const counts = histogramPass(field, slots);
  const { below, real } = prefixPass(counts, field.expected);
  const buckets = new DenominatorBuckets(field.pairs);
  const sums = Array.from({ length: boards }, (_, b) => buckets.sumsFor(real[b] === field.expected[b] ? 1 : real[b]));
  const tops = new Float64Array(field.pairs);
  const played = new Int32Array(field.pairs);
  creditPass(field, slots, counts, below, real, sums, tops, played, buckets);
  const percent = percentPass(buckets, tops);
  return { matchpoints: (p) => buckets.exact(p), tops, boards: played, percent };
}

/** Each board's histogram of real (not artificial) scores: counts[b·SLOTS + slot]. */
function histogramPass(field: FieldResults, slots: Int32Array): Int32Array {
  const { board, nsScore } = field;
  const artificial = field.artificial;
  const counts = new Int32Array(field.expected.length * SCORE_SLOTS);
  for (let i = 0; i < board.length; i++) {
    if (artificial && artificial[i]) {
      slots[i] = -1;
      continue;
    }
    const slot = scoreSlot(nsScore[i]);
    if (slot < 0) throw new InvalidScoringError(`Score ${nsScore[i]} is not a bridge score (a multiple of 10 within ±7600)`);
    slots[i] = slot;
    counts[board[i] * SCORE_SLOTS + slot]++;
  }
  return counts;
}

/** below[b·SLOTS + s]: scores of board b strictly lower than slot s; real[b]: its real results. */
function prefixPass(counts: Int32Array, expected: Int32Array): { below: Int32Array; real: Int32Array } {
  const below = new Int32Array(counts.length);
  const real = new Int32Array(expected.length);
  for (let b = 0; b < expected.length; b++) {
    let acc = 0;
    for (let s = 0, at = b * SCORE_SLOTS; s < SCORE_SLOTS; s++, at++) {
      below[at] = acc;
      acc += counts[at];
    }
    real[b] = acc;
    if (acc > expected[b]) throw new InvalidScoringError(`Board ${b + 1} has ${acc} results but should have at most ${expected[b]}`);
  }
  return { below, real };
}

/**
 * A score with b below and f equal (itself included) has MP = 2b + f − 1 on the 2-point scale,
 * factored by Neuberg to (MP + 1)·N/n − 1 = ((MP + 1)·N − n)/n; EW get the rest of the top.
 */
function creditPass(
  field: FieldResults,
  slots: Int32Array,
  counts: Int32Array,
  below: Int32Array,
  real: Int32Array,
  sums: Float64Array[],
  tops: Float64Array,
  played: Int32Array,
  buckets: DenominatorBuckets,
): void {
  const { board, ns, ew, expected } = field;
  for (let i = 0; i < board.length; i++) {
    const b = board[i];
    const nsPair = ns[i];
    const ewPair = ew[i];
    const N = expected[b];
    const top = 2 * (N - 1);
    tops[nsPair] += top;
    tops[ewPair] += top;
    played[nsPair]++;
    played[ewPair]++;
    const slot = slots[i];
    if (slot < 0) {
      creditArtificial(buckets, field, i, top);
      continue;
    }
    const n = real[b];
    const at = b * SCORE_SLOTS + slot;
    const mp = 2 * below[at] + counts[at] - 1;
    const nsScaled = n === N ? mp : (mp + 1) * N - n;
    const boardSums = sums[b];
    boardSums[nsPair] += nsScaled;
    boardSums[ewPair] += (n === N ? top : top * n) - nsScaled;
  }
}

function percentPass(buckets: DenominatorBuckets, tops: Float64Array): Float64Array {
  const percent = new Float64Array(tops.length);
  for (let p = 0; p < tops.length; p++) percent[p] = tops[p] ? (100 * buckets.approx(p)) / tops[p] : -1;
  return percent;
}

function creditArtificial(buckets: DenominatorBuckets, field: FieldResults, i: number, top: number): void {
  const code = field.artificial![i];
  // pct × top with pct in fifths (A = 2.5/5): numerators over 10 keep halves exact.
  const sums = buckets.sumsFor(10);
  sums[field.ns[i]] += ARTIFICIAL_FIFTHS[code >> 2] * 2 * top;
  sums[field.ew[i]] += ARTIFICIAL_FIFTHS[code & 3] * 2 * top;
}

/** Per pair, one integer sum per denominator: exact, and only a handful of denominators occur. */
class DenominatorBuckets {
  private readonly dens: number[] = [];
  private sums: Float64Array[] = [];

  constructor(private readonly pairs: number) {}

  /** The per-pair sums of numerators over `den`, created on first use. */
  sumsFor(den: number): Float64Array {
    let k = this.dens.indexOf(den);
    if (k < 0) {
      k = this.dens.push(den) - 1;
      this.sums.push(new Float64Array(this.pairs));
    }
    return this.sums[k];
  }

  approx(pair: number): number {
    let total = 0;
    for (let k = 0; k < this.dens.length; k++) total += this.sums[k][pair] / this.dens[k];
    return total;
  }

  exact(pair: number): Fraction {
    let total = Fraction.ZERO;
    for (let k = 0; k < this.dens.length; k++) {
      const s = this.sums[k][pair];
      if (!Number.isSafeInteger(s)) throw new InvalidScoringError('A matchpoint total left the exact integer range');
      if (s) total = total.add(Fraction.of(s, this.dens[k]));
    }
    return total;
  }
}

/**
 * Places for one field by percentage. One native sort of packed keys (percentage quantised to
 * 10⁻⁶ %, then the member's position) orders the field; within a run of equal keys the exact
 * percentages decide, so "3=" means equal as fractions, never merely close.
 */
export function placeField(totals: FieldTotals, members: Int32Array): { pair: number; rank: number; tied: boolean }[] {
  const SPAN = 2 ** 21;
  const keys = new Float64Array(members.length);
  let count = 0;
  // Higher percentage first: key on the distance from 100 %; the low bits hold the member's position.
  for (let k = 0; k < members.length; k++) {
    const p = members[k];
    if (totals.tops[p] > 0) keys[count++] = Math.round((100 - totals.percent[p]) * 1e6) * SPAN + k;
  }
  const sorted = keys.subarray(0, count).sort();
  const order: number[] = new Array(count);
  for (let k = 0; k < count; k++) order[k] = members[sorted[k] % SPAN];
  const exact = new Map<number, Fraction>();
  const exactPercent = (p: number) => exact.get(p) ?? exact.set(p, totals.matchpoints(p).div(Fraction.of(totals.tops[p]))).get(p)!;
  const bucketOf = (k: number) => Math.floor(sorted[k] / SPAN);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && bucketOf(j + 1) === bucketOf(i)) j++;
    if (j > i) {
      const run = order.slice(i, j + 1).sort((a, b) => exactPercent(b).compare(exactPercent(a)) || a - b);
      order.splice(i, run.length, ...run);
    }
    i = j + 1;
  }
  const out: { pair: number; rank: number; tied: boolean }[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && Math.abs(totals.percent[order[j + 1]] - totals.percent[order[i]]) < 1e-6 && exactPercent(order[j + 1]).equals(exactPercent(order[i]))) j++;
    for (let k = i; k <= j; k++) out.push({ pair: order[k], rank: i + 1, tied: j > i });
    i = j + 1;
  }
  return out;
}
