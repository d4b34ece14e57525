import { Fraction, frac, sum } from '../fraction.js';
import type { ContestantRow } from './event-input.js';
import type { Tally } from './session-scores.js';
import type { RankingRow } from './standings.js';

/**
 * A pair's result in a ranking and its row: floating-point figures for ordering and display, the
 * exact ones worked out when read (`rankingRows` in standings.ts places them).
 */

/** Orders tied contestants; worked out once per contestant row (rows outlive revisions). */
const numberKeys = new WeakMap<ContestantRow, string>();
export function numberKey(c: ContestantRow): string {
  let key = numberKeys.get(c);
  if (key === undefined) numberKeys.set(c, (key = `${c.section ?? ''}|${String(c.number).padStart(6, '0')}`));
  return key;
}

/**
 * A contestant's combined result over the sessions ranked: `approx` orders the field; the exact
 * figures are worked out when a row is read (a national field shows a page, not 20,000 rows).
 */
export interface PairResult {
  approx: number;
  /** The score and percentage in floating point, for display rounding away from a rounding boundary (see `RankingRow.approxScore`). */
  approxScore: number;
  approxPercentage: number | null;
  figures: () => { key: Fraction; score: Fraction; percentage: Fraction | null };
  /** `figures().score`, without the rest where it can (a page's score at a rounding boundary needs no exact percentage). */
  exactScore: () => Fraction;
  boards: number;
  penalty: Fraction;
  /** What a final's carry-forward adds to the score (in its unit); null or absent: none. */
  carried?: Fraction | null;
}

/** `combine` of one part without penalty, the same floating-point steps without its arrays and closures (thousands per correction). */
function singleResult(tally: Tally, mp: boolean, weighting: 'BOARDS' | 'EQUAL', commonTop: Fraction): PairResult {
  return new SingleResult(tally, mp, weighting, commonTop);
}

/** A one-session result's ordering figure in floating point: the same steps as `combine` of one part without penalty. */
export function approxShare(tally: Tally, mp: boolean, weighting: 'BOARDS' | 'EQUAL'): number {
  const weight = weighting === 'BOARDS' ? tally.boards : 1;
  const share = !mp ? tally.approx / tally.boards : tally.approxTops === 0 ? 0 : tally.approx / tally.approxTops;
  return (0 + share * weight) / weight;
}

/** One object a contestant, its exact figures worked out once when asked. */
class SingleResult implements PairResult {
  readonly approx: number;
  readonly approxPercentage: number | null;
  readonly boards: number;
  private exactFigures: ReturnType<PairResult['figures']> | null = null;

  constructor(
    private readonly tally: Tally,
    private readonly mp: boolean,
    private readonly weighting: 'BOARDS' | 'EQUAL',
    private readonly commonTop: Fraction,
  ) {
    this.approx = approxShare(tally, mp, weighting);
    this.approxPercentage = mp ? this.approx * 100 : null;
    this.boards = tally.boards;
  }

  get approxScore(): number {
    return this.tally.approx;
  }

  get penalty(): Fraction {
    return Fraction.ZERO;
  }

  figures(): ReturnType<PairResult['figures']> {
    return (this.exactFigures ??= exactPair([{ tally: this.tally, penalty: Fraction.ZERO }], this.mp, this.weighting, this.commonTop));
  }

  /** One session without penalty: its own score (as `exactPair` gives it), kept with its tally. */
  exactScore(): Fraction {
    return this.tally.score;
  }
}

/** A pair's ranking row: exact score and percentage worked out when read (a class: 20,000 of them per revision are cheap to make). */
export class PairRow implements RankingRow {
  readonly boards: number;
  readonly penalty: Fraction | null;
  readonly carried: Fraction | null;

  constructor(
    readonly contestant: ContestantRow,
    readonly field: string,
    readonly rank: number,
    /** Shares its place with others ("3="). */
    readonly tied: boolean,
    private readonly result: PairResult,
  ) {
    this.boards = result.boards;
    this.penalty = result.penalty.isZero() ? null : result.penalty;
    this.carried = result.carried ?? null;
  }

  /** Written when read: most rows of a national ranking are never shown. */
  get place(): string {
    return `${this.rank}${this.tied ? '=' : ''}`;
  }

  get score(): Fraction {
    return this.result.exactScore();
  }

  get approxScore(): number {
    return this.result.approxScore;
  }

  get approxPercentage(): number | null {
    return this.result.approxPercentage;
  }

  get percentage(): Fraction | null {
    return this.result.figures().percentage;
  }
}

/**
 * A contestant's result from one session's tally without penalties, kept with the tally: a
 * correction re-credits a few hundred tallies of a 20,000-pair field, and the ranking after it
 * reuses every other contestant's result (exact totals already read included). It depends on the
 * tally, the unit and the weighting only (one session: its own figures whatever the common top).
 */
const resultOfTally = new WeakMap<Tally, { mp: boolean; weighting: string; version: number | undefined; result: PairResult }>();

export function sessionResult(tally: Tally, mp: boolean, weighting: 'BOARDS' | 'EQUAL', commonTop: Fraction): PairResult {
  const kept = resultOfTally.get(tally);
  if (kept && kept.mp === mp && kept.weighting === weighting && kept.version === tally.version) return kept.result;
  const result = singleResult(tally, mp, weighting, commonTop);
  resultOfTally.set(tally, { mp, weighting, version: tally.version, result });
  return result;
}

/** Fields in reading order: by section, NS before EW (a two-winner ranking reads North–South first). */
const fieldOrder = (label: string) => label.replace(/\bNS\b/, '0').replace(/\bEW\b/, '1');
export const byField = (a: string, b: string) => (fieldOrder(a) < fieldOrder(b) ? -1 : fieldOrder(a) > fieldOrder(b) ? 1 : 0);

/**
 * A final's carry-forward from its qualifying stage, as a part of the pair's result: `share` a board
 * (a fraction of the top in matchpoints), over `boards` boards (its fraction of the qualifying boards),
 * weighing `weight` beside the sessions (`boards` under BOARDS weighting).
 */
export interface CarriedPart {
  share: Fraction;
  boards: Fraction;
  weight: Fraction;
}

export function combine(parts: { tally: Tally; penalty: Fraction }[], mp: boolean, weighting: 'BOARDS' | 'EQUAL', commonTop: Fraction, carried: CarriedPart | null = null): PairResult {
  const boards = parts.reduce((n, p) => n + p.tally.boards, 0);
  const penalty = sum(parts.map((p) => p.penalty));
  const weight = (p: { tally: Tally }) => (weighting === 'BOARDS' ? p.tally.boards : 1);
  const carriedWeight = carried ? carried.weight.toNumber() : 0;
  const totalWeight = parts.reduce((n, p) => n + weight(p), 0) + carriedWeight;
  // Per session: MPs over the tops of its boards, or IMPs/points per board.
  const approxShare = (p: (typeof parts)[number]) => {
    const net = p.tally.approx - p.penalty.toNumber();
    if (!mp) return net / p.tally.boards;
    return p.tally.tops.isZero() ? 0 : net / p.tally.tops.toNumber();
  };
  const approx = (parts.reduce((x, p) => x + approxShare(p) * weight(p), 0) + (carried ? carried.share.toNumber() * carriedWeight : 0)) / totalWeight;
  // As exactPair computes them: MPs of one session are its own, several (or one with a carry-forward) are on the common top.
  const approxNet = parts.reduce((x, p) => x + p.tally.approx - p.penalty.toNumber(), 0) + (carried ? carried.share.toNumber() * carried.boards.toNumber() : 0);
  const approxScore = !mp || (parts.length === 1 && !carried) ? approxNet : approx * (boards + (carried ? carried.boards.toNumber() : 0)) * commonTop.toNumber();
  let exact: ReturnType<PairResult['figures']> | null = null;
  const figures = () => (exact ??= exactPair(parts, mp, weighting, commonTop, carried));
  return { approx, approxScore, approxPercentage: mp ? approx * 100 : null, boards, penalty, figures, exactScore: () => figures().score, carried: carried && carriedScore(carried, mp, commonTop) };
}

/** What the carry-forward adds to the score shown: its matchpoints on the common top, or its IMPs or points. */
const carriedScore = (carried: CarriedPart, mp: boolean, commonTop: Fraction) => carried.share.mul(carried.boards).mul(mp ? commonTop : Fraction.ONE);

export function exactPair(parts: { tally: Tally; penalty: Fraction }[], mp: boolean, weighting: 'BOARDS' | 'EQUAL', commonTop: Fraction, carried: CarriedPart | null = null) {
  const boards = parts.reduce((n, p) => n + p.tally.boards, 0);
  const net = parts.map((p) => p.tally.score.sub(p.penalty));
  const weights = parts.map((p) => frac(weighting === 'BOARDS' ? p.tally.boards : 1));
  const shares = net.map((n, i) => (!mp ? n.div(frac(parts[i].tally.boards)) : parts[i].tally.tops.isZero() ? Fraction.ZERO : n.div(parts[i].tally.tops)));
  if (carried) {
    shares.push(carried.share);
    weights.push(carried.weight);
  }
  const share = sum(shares.map((v, i) => v.mul(weights[i]))).div(sum(weights));
  if (!mp) return { key: share, score: carried ? sum(net).add(carriedScore(carried, mp, commonTop)) : sum(net), percentage: null };
  // One session: its own matchpoints. Several, or a carry-forward: the percentage over a common top per board.
  const score = parts.length === 1 && !carried ? net[0] : share.mul(frac(boards).add(carried ? carried.boards : Fraction.ZERO)).mul(commonTop);
  return { key: share, score, percentage: share.mul(frac(100)) };
}
