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
  const lines = field.board.length;
  const boards = field.expected.length;
  // Lines grouped by board with a counting sort (linear).
  const start = new Int32Array(boards + 1);
  for (let i = 0; i < lines; i++) start[field.board[i] + 1]++;
  for (let b = 0; b < boards; b++) start[b + 1] += start[b];
  const order = new Int32Array(lines);
  const fill = start.slice(0, boards);
  for (let i = 0; i < lines; i++) order[fill[field.board[i]]++] = i;

  const buckets = new DenominatorBuckets(field.pairs);
  const tops = new Float64Array(field.pairs);
  const played = new Int32Array(field.pairs);
  const slots = new Int32Array(lines);
  const counts = new Int32Array(SCORE_SLOTS);
  const below = new Int32Array(SCORE_SLOTS);

  for (let b = 0; b < boards; b++) {
    const N = field.expected[b];
    const top = 2 * (N - 1);
    let n = 0;
    for (let k = start[b]; k < start[b + 1]; k++) {
      const i = order[k];
      if (field.artificial?.[i]) {
        creditArtificial(buckets, field, i, top);
        slots[i] = -1;
      } else {
        const slot = scoreSlot(field.nsScore[i]);
        if (slot < 0) throw new InvalidScoringError(`Score ${field.nsScore[i]} is not a bridge score (a multiple of 10 within ±7600)`);
        slots[i] = slot;
        counts[slot]++;
        n++;
      }
      tops[field.ns[order[k]]] += top;
      tops[field.ew[order[k]]] += top;
      played[field.ns[order[k]]]++;
      played[field.ew[order[k]]]++;
    }
    if (n > N) throw new InvalidScoringError(`Board ${b + 1} has ${n} results but should have at most ${N}`);
    // below[s] = scores strictly lower than slot s: a prefix sum over the histogram.
    for (let s = 0, acc = 0; s < SCORE_SLOTS; s++) {
      below[s] = acc;
      acc += counts[s];
    }
    creditBoard(buckets, field, order, start[b], start[b + 1], slots, counts, below, n, N);
    for (let k = start[b]; k < start[b + 1]; k++) if (slots[order[k]] >= 0) counts[slots[order[k]]] = 0;
  }
  const percent = new Float64Array(field.pairs);
  for (let p = 0; p < field.pairs; p++) percent[p] = tops[p] ? (100 * buckets.approx(p)) / tops[p] : -1;
  return { matchpoints: (p) => buckets.exact(p), tops, boards: played, percent };
}

/**
 * A score with b scores below it and f equal (itself included) gets MP = 2b + f − 1 (2-point scale),
 * factored by Neuberg to (MP + 1)·N/n − 1 = ((MP + 1)·N − n)/n. EW get the rest of the top.
 */
function creditBoard(
  buckets: DenominatorBuckets,
  field: FieldResults,
  order: Int32Array,
  from: number,
  to: number,
  slots: Int32Array,
  counts: Int32Array,
  below: Int32Array,
  n: number,
  N: number,
): void {
  const den = n === N ? 1 : n;
  const sums = buckets.sumsFor(den);
  const topScaled = 2 * (N - 1) * den;
  const { ns, ew } = field;
  for (let k = from; k < to; k++) {
    const i = order[k];
    const s = slots[i];
    if (s < 0) continue;
    const mp = 2 * below[s] + counts[s] - 1;
    const nsScaled = n === N ? mp : (mp + 1) * N - n;
    sums[ns[i]] += nsScaled;
    sums[ew[i]] += topScaled - nsScaled;
  }
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
 * Places for one field by percentage: sorted on the float, then neighbours whose floats are equal
 * are compared exactly, so "3=" means equal as fractions, never merely close.
 */
export function placeField(totals: FieldTotals, members: Int32Array): { pair: number; rank: number; tied: boolean }[] {
  const list = Array.from(members).filter((p) => totals.tops[p] > 0);
  list.sort((a, b) => totals.percent[b] - totals.percent[a] || a - b);
  const exactPercent = (p: number) => totals.matchpoints(p).div(Fraction.of(totals.tops[p]));
  const out: { pair: number; rank: number; tied: boolean }[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j + 1 < list.length && Math.abs(totals.percent[list[j + 1]] - totals.percent[list[i]]) < 1e-9 && exactPercent(list[j + 1]).equals(exactPercent(list[i]))) j++;
    for (let k = i; k <= j; k++) out.push({ pair: list[k], rank: i + 1, tied: j > i });
    i = j + 1;
  }
  return out;
}
