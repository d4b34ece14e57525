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
  /** Moves whenever the tally does, for tallies that change in place (`TallyColumns`'): what is worked out from one is kept only while it stays. */
  readonly version?: number;
}

/** Where a lazy tally's exact score comes from, by the key it was given. */
export interface ExactSource {
  exactScore(key: number): Fraction;
}

/**
 * A tally built board by board, its exact score summed as it goes (sessions scored without a
 * state: total points, IMP caps; a state keeps its running tallies in `TallyColumns`).
 */
export class TallyBuilder {
  private approx = 0;
  private boards = 0;
  /** Σ of the tops: whole tops (every matchpoint board's) as a plain integer, any other exactly. */
  private wholeTops = 0;
  private otherTops = Fraction.ZERO;
  private readonly sum = new ExactSum();

  credit(score: Fraction, top: Fraction, sign: 1 | -1): void {
    this.approx += sign * score.toNumber();
    this.boards += sign;
    this.sum.add(score, sign);
    if (top.den === 1 && typeof top.num === 'number' && Number.isSafeInteger(this.wholeTops + top.num)) this.wholeTops += sign * top.num;
    else this.otherTops = sign > 0 ? this.otherTops.add(top) : this.otherTops.sub(top);
  }

  /** A snapshot: later credits to this builder leave it alone. */
  tally(): Tally {
    return new LazyTally(this.approx, this.wholeTops, this.otherTops, this.boards, this.sum.clone(), 0);
  }
}

const topsOf = (whole: number, other: Fraction) => (other.isZero() ? Fraction.of(whole) : Fraction.of(whole).add(other));

/** A tally whose exact score and tops are worked out when read, once. */
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

/** Tallies by contestant ordinal, as a `TallyTable` reads them. */
export interface TallySource {
  /** Ordinals in use: every contestant's is below it. */
  readonly length: number;
  at(ordinal: number): Tally | undefined;
}

/**
 * A session's tallies, held by contestant ordinal (see SessionState): the ordinals are shared by
 * every revision and only grow. A scoring state's table reads the state's running tallies as they
 * stand (`TallyColumns`), so each revision's table is a small object, not a copy of 20,000 tallies
 * with thousands made again at every correction; like the state's line figures, a table kept from
 * an earlier revision reads the latest ones.
 */
export class TallyTable implements Tallies {
  constructor(
    private readonly ordinals: ReadonlyMap<string, number>,
    private readonly ids: readonly string[],
    private readonly source: TallySource,
  ) {}

  /** Any session's tallies as a table (ordinals in their order when they are not one). */
  static of(tallies: Tallies): TallyTable {
    if (tallies instanceof TallyTable) return tallies;
    const ids = [...tallies.keys()];
    const byOrdinal = ids.map((id) => tallies.get(id));
    return new TallyTable(new Map(ids.map((id, at) => [id, at])), ids, { length: byOrdinal.length, at: (c) => byOrdinal[c] });
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
    return at === undefined ? undefined : this.source.at(at);
  }

  *[Symbol.iterator](): Iterator<[string, Tally]> {
    for (const [, id, tally] of this.withOrdinals()) yield [id, tally];
  }

  *keys(): Iterable<string> {
    for (const [id] of this) yield id;
  }

  /** Ordinals in use: every contestant's is below it. */
  get length(): number {
    return this.source.length;
  }

  /** The tally of the contestant with this ordinal. */
  at(ordinal: number): Tally | undefined {
    return this.source.at(ordinal);
  }

  /** Every tally with its contestant's ordinal and id. */
  *withOrdinals(): Iterable<[number, string, Tally]> {
    for (let at = 0; at < this.source.length; at++) {
      const tally = this.source.at(at);
      if (tally) yield [at, this.ids[at], tally];
    }
  }
}

/**
 * Running tallies by contestant ordinal, side by side in typed arrays: a correction in a national
 * field re-credits thousands of contestants, and their floats and counts change in place instead
 * of in thousands of objects made again and kept until the next correction (which the collector
 * then copied from generation to generation). Each contestant has one `Tally` reading its figures
 * as they stand; its exact score, summed from its lines (`source`) when read, is kept until the
 * tally next changes. A tally is there while it has boards.
 */
export class TallyColumns implements TallySource {
  private approx = new Float64Array(64);
  private boards = new Int32Array(64);
  /** Σ of the tops: whole tops (every matchpoint board's) as a plain integer, any other exactly (rare). */
  private wholeTops = new Float64Array(64);
  private readonly otherTops = new Map<number, Fraction>();
  private versions = new Int32Array(64);
  private readonly exact: (Fraction | undefined)[] = [];
  private readonly tallies: (ColumnTally | undefined)[] = [];
  /** Ordinals in use: every credited one is below it. */
  length = 0;

  constructor(private readonly source: ExactSource) {}

  credit(c: number, score: number, top: Fraction, sign: 1 | -1): void {
    this.changed(c);
    this.approx[c] += sign * score;
    this.creditTop(c, top, sign);
    this.boards[c] += sign;
  }

  /** One board's score and top taken back at `from` and credited again at `to` (the board count stays). */
  replace(c: number, from: number, fromTop: Fraction, to: number, toTop: Fraction): void {
    this.changed(c);
    this.approx[c] += to - from;
    if (fromTop === toTop || fromTop.equals(toTop)) return;
    this.creditTop(c, fromTop, -1);
    this.creditTop(c, toTop, 1);
  }

  at(c: number): Tally | undefined {
    if (c >= this.length || this.boards[c] === 0) return undefined;
    return (this.tallies[c] ??= new ColumnTally(this, c));
  }

  approxOf(c: number): number {
    return this.approx[c];
  }

  boardsOf(c: number): number {
    return this.boards[c];
  }

  versionOf(c: number): number {
    return this.versions[c];
  }

  topsOf(c: number): Fraction {
    const other = this.otherTops.get(c);
    return other ? Fraction.of(this.wholeTops[c]).add(other) : Fraction.of(this.wholeTops[c]);
  }

  approxTopsOf(c: number): number {
    const other = this.otherTops.get(c);
    return other ? this.wholeTops[c] + other.toNumber() : this.wholeTops[c];
  }

  scoreOf(c: number): Fraction {
    return (this.exact[c] ??= this.source.exactScore(c));
  }

  private changed(c: number): void {
    if (c >= this.approx.length) this.grow(c + 1);
    if (c >= this.length) this.length = c + 1;
    this.versions[c]++;
    this.exact[c] = undefined;
  }

  private grow(size: number): void {
    const n = Math.max(size, this.approx.length * 2);
    this.approx = grownTo(this.approx, n);
    this.boards = grownTo(this.boards, n);
    this.wholeTops = grownTo(this.wholeTops, n);
    this.versions = grownTo(this.versions, n);
  }

  private creditTop(c: number, top: Fraction, sign: 1 | -1): void {
    if (top.den === 1 && typeof top.num === 'number' && Number.isSafeInteger(this.wholeTops[c] + top.num)) {
      this.wholeTops[c] += sign * top.num;
      return;
    }
    const before = this.otherTops.get(c) ?? Fraction.ZERO;
    const other = sign > 0 ? before.add(top) : before.sub(top);
    if (other.isZero()) this.otherTops.delete(c);
    else this.otherTops.set(c, other);
  }
}

/** A contestant's tally in `TallyColumns`, read as it stands. */
class ColumnTally implements Tally {
  constructor(
    private readonly columns: TallyColumns,
    private readonly c: number,
  ) {}

  get approx(): number {
    return this.columns.approxOf(this.c);
  }

  get boards(): number {
    return this.columns.boardsOf(this.c);
  }

  get score(): Fraction {
    return this.columns.scoreOf(this.c);
  }

  get tops(): Fraction {
    return this.columns.topsOf(this.c);
  }

  get approxTops(): number {
    return this.columns.approxTopsOf(this.c);
  }

  get version(): number {
    return this.columns.versionOf(this.c);
  }
}

function grownTo<A extends Float64Array | Int32Array>(array: A, size: number): A {
  const next = new (array.constructor as new (n: number) => A)(size);
  next.set(array);
  return next;
}

export const fixedTally = (score: Fraction, tops: Fraction, boards: number): Tally => ({ score, approx: score.toNumber(), tops, approxTops: tops.toNumber(), boards });
