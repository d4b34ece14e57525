import { ExactSum } from '../exact-sum.js';
import { Fraction } from '../fraction.js';
import type { LineRow } from './event-input.js';
import type { FieldIndex } from './fields.js';
import { IdIndex } from './id-index.js';
import type { LineMatchpoints } from './matchpoint-boards.js';
import type { LineFigures, Lines } from './session-scores.js';
import { TallyColumns, TallyTable, type ExactSource, type Tally } from './tallies.js';
import { grown } from './grown.js';

export type Side = 'ns' | 'ew';

/** A side's figure of a line: its matchpoints, else its IMPs, else nothing. */
export const sideScore = (f: LineFigures, side: Side) => (side === 'ns' ? (f.nsMatchpoints ?? f.nsImps) : (f.ewMatchpoints ?? f.ewImps)) ?? Fraction.ZERO;

/**
 * The running sums behind a session's figures, taken over and updated by `updatePairSession`.
 * Lines have slots and contestants ordinals, and what the scoring keeps of them is held in arrays
 * indexed by those numbers rather than in maps keyed by id: a correction in a national field
 * re-credits thousands of lines, and an array index costs a fraction of a string-keyed lookup
 * (and of its memory). A contestant's tallies keep floats and counts only: its exact score is summed
 * from its own two dozen lines when it is read (ties, rounding boundaries, a page's exact scores),
 * not carried along in every one of thousands of updates.
 */
export class SessionState<L extends LineRow> {
  /**
   * Each line's slot by id (a corrected line keeps its own, a removed line's is used again), made
   * when first asked (`slotOf`) or a part at a time beforehand (`indexSlots`, which the service runs
   * in the background after a whole scoring): the lines a session is first scored with fill the
   * slots in order (`add`), unindexed: a national field's 240,000-entry `Map` was a third of its
   * whole scoring, then ~65 ms of its first correction (now an `IdIndex` over `ids`, ~30–40 ms).
   */
  private readonly slotsById = new IdIndex((slot) => this.ids[slot]);
  /** Per slot: its line's id, from the moment the slot is given to it (`slotFor`) until released. */
  private readonly ids: (string | undefined)[] = [];
  private readonly free: number[] = [];
  /** Per slot: the line, its sides' contestant ordinals, its final figures (as in the session's `lines`). */
  readonly rows: (L | undefined)[] = [];
  /** Per slot: its sides' contestant ordinals (typed arrays, outside the collector's heap; replaced as they grow). */
  ns = new Int32Array(64);
  ew = new Int32Array(64);
  readonly figures: (LineFigures | undefined)[] = [];
  /** Per slot: the line as its board scored it (before Law 12C2(c)), while credited. */
  readonly scored: (LineMatchpoints | undefined)[] = [];
  private readonly ordinals = new Map<string, number>();
  /** Per ordinal: the contestant's id. */
  readonly contestants: string[] = [];
  /** Per ordinal: the slots of its lines. */
  private readonly slotsOf = new SlotLists();
  private readonly finalScores: ExactSource = { exactScore: (c) => this.exactOf(c, (slot) => this.figures[slot], (f, side) => sideScore(f, side)) };
  private readonly realScores: ExactSource = { exactScore: (c) => this.exactOf(c, (slot) => (this.scored[slot]?.adjusted ? undefined : this.scored[slot]), (x, side) => x[side]) };
  /** By ordinal: credits of lines scored by play only (the Law 12C2(c) own percentage). */
  readonly real = new TallyColumns(this.realScores);
  /** By ordinal: credits of every line's final figures (the session tally). */
  readonly final = new TallyColumns(this.finalScores);
  /** Per ordinal: the slots of its artificial lines, revisited when its own percentage moves. */
  readonly artificialOf: (Set<number> | undefined)[] = [];
  /** During an update: contestants whose own percentage moved, and whose tally did. */
  readonly moved = new OrdinalSet();
  readonly recredited = new OrdinalSet();

  constructor(readonly index: FieldIndex<L>) {}

  slotOf(id: string): number | undefined {
    return this.slots().get(id);
  }

  private slots(): IdIndex {
    this.indexSlots();
    return this.slotsById;
  }

  /**
   * Indexes the slots of up to `count` more lines; true once every line's is. Any other use of
   * the index first indexes the rest, so lines are placed and released in a whole index.
   */
  indexSlots(count = Infinity): boolean {
    return this.slotsById.indexUpTo(this.ids.length, count);
  }

  /** The line's slot, or the one it is to be placed in (a corrected line keeps its own, a new one takes a free one). */
  slotFor(id: string): number {
    const slots = this.slots();
    let slot = slots.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.rows.length;
      if (slot === this.rows.length) this.rows.push(undefined);
      this.ids[slot] = id;
      slots.set(id, slot);
    }
    return slot;
  }

  /** Puts a line (new or corrected) in its slot, with its contestants. */
  place(row: L): number {
    return this.put(this.slotFor(row.id), row);
  }

  /** Puts a line the state does not hold (ids are unique: the session's lines as first scored) in a new slot, without a lookup. */
  add(row: L): number {
    const slot = this.rows.length;
    this.rows.push(undefined);
    this.ids.push(row.id);
    return this.put(slot, row); // indexed later (indexSlots)
  }

  private put(slot: number, row: L): number {
    const [ns, ew] = [this.ordinal(row.nsContestantId), this.ordinal(row.ewContestantId)];
    if (this.rows[slot] && (this.ns[slot] !== ns || this.ew[slot] !== ew)) this.unlink(slot);
    if (!this.rows[slot] || this.ns[slot] !== ns || this.ew[slot] !== ew) {
      this.slotsOf.link(ns, slot, NS);
      this.slotsOf.link(ew, slot, EW);
    }
    if (slot >= this.ns.length) [this.ns, this.ew] = [grown(this.ns, slot + 1), grown(this.ew, slot + 1)];
    this.rows[slot] = row;
    this.ns[slot] = ns;
    this.ew[slot] = ew;
    return slot;
  }

  /** The slot out of its contestants' lists. */
  private unlink(slot: number): void {
    this.slotsOf.unlink(this.ns[slot], slot, NS);
    this.slotsOf.unlink(this.ew[slot], slot, EW);
  }

  /** A removed line's slot, freed once nothing is credited from it. */
  release(id: string): void {
    const slot = this.slots().get(id);
    if (slot === undefined) return;
    this.slotsById.delete(id);
    this.ids[slot] = undefined;
    this.unlink(slot);
    this.rows[slot] = undefined;
    this.figures[slot] = undefined;
    this.free.push(slot);
  }

  ordinal(contestant: string): number {
    let at = this.ordinals.get(contestant);
    if (at === undefined) {
      this.ordinals.set(contestant, (at = this.contestants.length));
      this.contestants.push(contestant);
    }
    return at;
  }

  /** The session tallies of every contestant credited, as they stand, as a table over this state's ordinals (one for each revision). */
  tallies(): TallyTable {
    return new TallyTable(this.ordinals, this.contestants, this.final);
  }

  /** Its own tally for Law 12C2(c): the lines of play only, as their boards scored them. */
  realTally(c: number): Tally | undefined {
    return this.real.at(c);
  }

  /** Σ of one figure of each of the contestant's lines, exactly. */
  private exactOf<F>(c: number, figureOf: (slot: number) => F | undefined, score: (figure: F, side: Side) => Fraction): Fraction {
    const sum = new ExactSum();
    for (let link = this.slotsOf.first(c); link >= 0; link = this.slotsOf.after(link)) {
      const slot = link >> 1;
      const figure = figureOf(slot);
      if (figure) sum.add(score(figure, this.ns[slot] === c ? 'ns' : 'ew'));
    }
    return sum.value();
  }
}

const NS = 0;
const EW = 1;

/**
 * Each contestant's lines, as lists threaded through the slots: a slot has two links (`2 slot` in
 * its NS contestant's list, `2 slot + 1` in its EW contestant's), held in typed arrays. A list a
 * contestant (an array each, grown as its lines came) was 20,000 small arrays in a national field,
 * made as the field was first scored and copied by the collector's young-generation passes while
 * the import that scored it was still answering reads. Order within a list means nothing.
 */
class SlotLists {
  /** By ordinal: its first link, −1 for none. */
  private heads = new Int32Array(64).fill(-1);
  /** By link: the next link of the same list, −1 at its end. */
  private next = new Int32Array(128).fill(-1);

  link(c: number, slot: number, side: typeof NS | typeof EW): void {
    const link = 2 * slot + side;
    if (c >= this.heads.length) this.heads = grown(this.heads, c + 1, -1);
    if (link >= this.next.length) this.next = grown(this.next, link + 1, -1);
    this.next[link] = this.heads[c];
    this.heads[c] = link;
  }

  unlink(c: number, slot: number, side: typeof NS | typeof EW): void {
    const link = 2 * slot + side;
    if (this.heads[c] === link) {
      this.heads[c] = this.next[link];
      return;
    }
    for (let at = this.first(c); at >= 0; at = this.next[at]) {
      if (this.next[at] !== link) continue;
      this.next[at] = this.next[link];
      return;
    }
  }

  /** The contestant's first link (its slot is `link >> 1`), −1 for none. */
  first(c: number): number {
    return c < this.heads.length ? this.heads[c] : -1;
  }

  after(link: number): number {
    return this.next[link];
  }
}

/**
 * A session's line figures by line id, read from the state's slots: the figures are kept once, in
 * the state's array, not again in a 240,000-entry map that every correction writes thousands of
 * times. Like the state, it shows the latest revision's figures.
 */
export class LineTable<L extends LineRow> implements Lines {
  constructor(private readonly state: SessionState<L>) {}

  get(id: string): LineFigures | undefined {
    const slot = this.state.slotOf(id);
    return slot === undefined ? undefined : this.state.figures[slot];
  }

  *[Symbol.iterator](): Iterator<[string, LineFigures]> {
    const { rows, figures } = this.state;
    for (let slot = 0; slot < figures.length; slot++) {
      const f = figures[slot];
      if (f) yield [rows[slot]!.id, f];
    }
  }

  *keys(): Iterable<string> {
    for (const [id] of this) yield id;
  }
}

/**
 * Contestant ordinals in the order they were added, each once, the memory kept from one update to
 * the next: a `Set` cleared and filled again with up to 20,000 numbers a correction left its
 * tables to the collector (after they had outlived a young-generation collection or two).
 */
export class OrdinalSet {
  private marks = new Uint8Array(64);
  private list = new Int32Array(64);
  private count = 0;

  add(c: number): void {
    if (c >= this.marks.length) this.marks = grown(this.marks, c + 1);
    if (this.marks[c] === 1) return;
    this.marks[c] = 1;
    if (this.count === this.list.length) this.list = grown(this.list, this.count + 1);
    this.list[this.count++] = c;
  }

  has(c: number): boolean {
    return c < this.marks.length && this.marks[c] === 1;
  }

  get size(): number {
    return this.count;
  }

  /** The ordinal added `i`-th. */
  at(i: number): number {
    return this.list[i];
  }

  /** The members in order, as an array of their own (copied by index: `Array.from` walks a typed array through its iterator, an object a member). */
  toArray(): number[] {
    const members = new Array<number>(this.count);
    for (let i = 0; i < this.count; i++) members[i] = this.list[i];
    return members;
  }

  clear(): void {
    for (let i = 0; i < this.count; i++) this.marks[this.list[i]] = 0;
    this.count = 0;
  }
}
