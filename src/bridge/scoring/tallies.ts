import { ExactSum } from '../exact-sum.js';
import { Fraction } from '../fraction.js';

/**
 * A contestant's session: its score (MPs, IMPs or points), the tops of its boards (MPs) and boards
 * played. `score` is exact and worked out when read; `approx` is the same in floating point, for
 * ordering a large field without computing every exact total.
 */
export interface Tally {
  readonly score: Fraction;
  readonly approx: number;
  readonly tops: Fraction;
  /** `tops` in floating point. */
  readonly approxTops: number;
  readonly boards: number;
}

/** Where a lazy tally's exact score comes from, by the key it was given. */
export interface ExactSource {
  exactScore(key: number): Fraction;
}

/**
 * A tally's floats and counts as it is built board by board (or unbuilt, when a board is scored
 * again): its score in floating point, the tops and the boards. What keeps the exact score is
 * the subclass's business, or the session state's (see SessionState).
 */
export class RunningTally {
  approx = 0;
  boards = 0;
  /** Σ of the tops: whole tops (every matchpoint board's) as a plain integer, any other exactly. */
  protected wholeTops = 0;
  protected otherTops = Fraction.ZERO;

  credit(score: Fraction, top: Fraction, sign: 1 | -1): void {
    this.creditApprox(score.toNumber(), top, sign);
  }

  /** `credit` of a score known in floating point (its exact value is summed elsewhere). */
  creditApprox(score: number, top: Fraction, sign: 1 | -1): void {
    this.approx += sign * score;
    this.creditTop(top, sign);
    this.boards += sign;
  }

  /** One board's score and top taken back at `from` and credited again at `to` (the board count stays). */
  replace(from: Fraction, fromTop: Fraction, to: Fraction, toTop: Fraction): void {
    this.approx += to.toNumber() - from.toNumber();
    if (fromTop === toTop || fromTop.equals(toTop)) return;
    this.creditTop(fromTop, -1);
    this.creditTop(toTop, 1);
  }

  private creditTop(top: Fraction, sign: 1 | -1): void {
    if (top.den === 1 && typeof top.num === 'number' && Number.isSafeInteger(this.wholeTops + top.num)) this.wholeTops += sign * top.num;
    else this.otherTops = sign > 0 ? this.otherTops.add(top) : this.otherTops.sub(top);
  }

  get tops(): Fraction {
    return topsOf(this.wholeTops, this.otherTops);
  }

  /** A tally of the figures as they stand, its exact score read from `source` when asked (once). */
  snapshot(source: ExactSource, key: number): Tally {
    return new LazyTally(this.approx, this.wholeTops, this.otherTops, this.boards, source, key);
  }
}

/** A running tally that keeps its exact score too (sessions scored without a state: total points, IMP caps). */
export class TallyBuilder extends RunningTally {
  private readonly sum = new ExactSum();

  override credit(score: Fraction, top: Fraction, sign: 1 | -1): void {
    super.credit(score, top, sign);
    this.sum.add(score, sign);
  }

  /** A snapshot: later credits to this builder leave it alone. */
  tally(): Tally {
    return this.snapshot(this.sum.clone(), 0);
  }
}

const topsOf = (whole: number, other: Fraction) => (other.isZero() ? Fraction.of(whole) : Fraction.of(whole).add(other));

/** A tally whose exact score and tops are worked out when read, once (a class: thousands are made per correction). */
class LazyTally implements Tally {
  private exact: Fraction | null = null;
  private sumOfTops: Fraction | null = null;

  constructor(
    readonly approx: number,
    private readonly wholeTops: number,
    private readonly otherTops: Fraction,
    readonly boards: number,
    private readonly source: ExactSource,
    private readonly key: number,
  ) {}

  get score(): Fraction {
    return (this.exact ??= this.source.exactScore(this.key));
  }

  get tops(): Fraction {
    return (this.sumOfTops ??= topsOf(this.wholeTops, this.otherTops));
  }

  get approxTops(): number {
    return this.otherTops.isZero() ? this.wholeTops : this.wholeTops + this.otherTops.toNumber();
  }
}

/** What a session's tallies are read as: by contestant id, and every one in turn. */
export interface Tallies extends Iterable<[string, Tally]> {
  get(contestant: string): Tally | undefined;
  keys(): Iterable<string>;
}

/**
 * A session's tallies, held by contestant ordinal (see SessionState): the ordinals are shared by
 * every revision and only grow, so the next revision's table is a copy of an array of pointers
 * with the re-credited contestants replaced, not a copy of a 20,000-entry map.
 */
export class TallyTable implements Tallies {
  constructor(
    private readonly ordinals: ReadonlyMap<string, number>,
    private readonly ids: readonly string[],
    private readonly byOrdinal: readonly (Tally | undefined)[],
  ) {}

  /** Any session's tallies as a table (ordinals in their order when they are not one). */
  static of(tallies: Tallies): TallyTable {
    if (tallies instanceof TallyTable) return tallies;
    const ids = [...tallies.keys()];
    return new TallyTable(new Map(ids.map((id, at) => [id, at])), ids, ids.map((id) => tallies.get(id)));
  }

  /** The contestant's ordinal, if it has one (it may have no tally in this table). */
  ordinalOf(contestant: string): number | undefined {
    return this.ordinals.get(contestant);
  }

  /** The id of the contestant with this ordinal. */
  idAt(ordinal: number): string {
    return this.ids[ordinal];
  }

  get(contestant: string): Tally | undefined {
    const at = this.ordinals.get(contestant);
    return at === undefined ? undefined : this.byOrdinal[at];
  }

  *[Symbol.iterator](): Iterator<[string, Tally]> {
    for (let at = 0; at < this.byOrdinal.length; at++) {
      const tally = this.byOrdinal[at];
      if (tally) yield [this.ids[at], tally];
    }
  }

  *keys(): Iterable<string> {
    for (const [id] of this) yield id;
  }

  /** Ordinals in use: every contestant's is below it. */
  get length(): number {
    return this.byOrdinal.length;
  }

  /** The tally of the contestant with this ordinal. */
  at(ordinal: number): Tally | undefined {
    return this.byOrdinal[ordinal];
  }

  /** Every tally with its contestant's ordinal and id. */
  *withOrdinals(): Iterable<[number, string, Tally]> {
    for (let at = 0; at < this.byOrdinal.length; at++) {
      const tally = this.byOrdinal[at];
      if (tally) yield [at, this.ids[at], tally];
    }
  }

  /** This table with the tallies of the contestants of `ordinals` replaced (undefined: no longer in the session). */
  with(ordinals: ArrayLike<number>, tallyOf: (ordinal: number) => Tally | undefined): TallyTable {
    const next = this.byOrdinal.slice();
    for (let i = 0; i < ordinals.length; i++) next[ordinals[i]] = tallyOf(ordinals[i]);
    return new TallyTable(this.ordinals, this.ids, next);
  }
}

export const fixedTally = (score: Fraction, tops: Fraction, boards: number): Tally => ({ score, approx: score.toNumber(), tops, approxTops: tops.toNumber(), boards });
