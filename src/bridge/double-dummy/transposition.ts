/**
 * The transposition table, with rank equivalence in two steps.
 * 1. Only the relative order of the remaining cards matters: a suit is written as the owners of
 *    its remaining cards from the top down (2 bits a card), so a 7 that is now the third-highest
 *    spade counts as the Q that was.
 * 2. Only the cards that decided a trick by their rank matter ("winning ranks"): an entry keeps
 *    the owners of the top `r` cards of each suit, where `r` reaches down to the lowest card that
 *    won a trick by rank in the search below it; the other cards count only by their number in
 *    each hand. So one entry answers every position with the same suit lengths, the same leader
 *    and the same owners of those top cards.
 * Entries hold bounds on North–South's tricks from the position; the bounds do not depend on the
 * trick target or the declarer, only on the trump, so the table lives for one trump suit.
 * Entries with the same suit lengths and leader are chained from a hash bucket; typed arrays, no
 * allocation; when the pool is full the table starts again.
 */
const NONE = -1;

export class TranspositionTable {
  private readonly bucketMask: number;
  private readonly heads: Int32Array;
  private readonly capacity: number;
  private readonly next: Int32Array;
  private readonly lengthsA: Int32Array;
  private readonly lengthsB: Int32Array;
  /** Per suit: `r << 26 | owners of the top r cards`. */
  private readonly patterns: Int32Array;
  readonly lower: Int8Array;
  readonly upper: Int8Array;
  /** The lead that last decided a target here: suit * 16 + place from the top (0 = highest). */
  readonly best: Int16Array;
  private used = 0;
  /** The position being looked at: lengths key, suit owner codes and suit sizes. */
  private a = 0;
  private b = 0;
  private bucket = 0;
  readonly codes = new Int32Array(4);
  readonly counts = new Int32Array(4);
  /** A lead remembered by some matching entry, or -1. */
  hint = NONE;

  constructor(entryBits = 20) {
    const buckets = 1 << (entryBits - 1);
    this.bucketMask = buckets - 1;
    this.heads = new Int32Array(buckets).fill(NONE);
    this.capacity = 1 << entryBits;
    this.next = new Int32Array(this.capacity);
    this.lengthsA = new Int32Array(this.capacity);
    this.lengthsB = new Int32Array(this.capacity);
    this.patterns = new Int32Array(this.capacity * 4);
    this.lower = new Int8Array(this.capacity);
    this.upper = new Int8Array(this.capacity);
    this.best = new Int16Array(this.capacity);
  }

  clear(): void {
    this.heads.fill(NONE);
    this.used = 0;
  }

  get bytes(): number {
    return this.heads.byteLength + this.capacity * (4 + 4 + 4 + 16 + 1 + 1 + 2);
  }

  /**
   * Sets the position to look up or store: `a`/`b` pack the 16 suit lengths (4 bits each) with the
   * leader in `b`'s top bits; `codes` and `counts` must hold the four suits' owner codes and sizes.
   */
  locate(a: number, b: number): void {
    this.a = a;
    this.b = b;
    let h = Math.imul(a, 0x9e3779b1);
    h = Math.imul(h ^ b ^ (h >>> 15), 0x85ebca77);
    h ^= h >>> 13;
    this.bucket = h & this.bucketMask;
  }

  /**
   * An entry matching the position whose bounds decide `need` (lower ≥ need or upper < need), or
   * -1. Sets `hint` from the matching entries.
   */
  probe(need: number): number {
    this.hint = NONE;
    for (let e = this.heads[this.bucket]; e !== NONE; e = this.next[e]) {
      if (this.lengthsA[e] !== this.a || this.lengthsB[e] !== this.b || !this.matches(e)) continue;
      if (this.lower[e] >= need || this.upper[e] < need) return e;
      if (this.hint === NONE) this.hint = this.best[e];
    }
    return NONE;
  }

  private matches(e: number): boolean {
    const at = e * 4;
    for (let s = 0; s < 4; s++) {
      const p = this.patterns[at + s];
      const r = p >>> 26;
      if (r !== 0 && this.codes[s] >>> (2 * (this.counts[s] - r)) !== (p & 0x3ffffff)) return false;
    }
    return true;
  }

  /** How many top cards of `suit` entry `e` fixes. */
  fixed(e: number, suit: number): number {
    return this.patterns[e * 4 + suit] >>> 26;
  }

  /**
   * Records a bound for the position set by `locate` (call it again: the search below used the
   * table), fixing the top `fixed[s]` cards of each suit.
   */
  store(fixed: Int32Array, lower: number, upper: number, best: number, tricksLeft: number): void {
    const p0 = this.pattern(fixed, 0);
    const p1 = this.pattern(fixed, 1);
    const p2 = this.pattern(fixed, 2);
    const p3 = this.pattern(fixed, 3);
    for (let e = this.heads[this.bucket]; e !== NONE; e = this.next[e]) {
      const at = e * 4;
      if (
        this.lengthsA[e] === this.a &&
        this.lengthsB[e] === this.b &&
        this.patterns[at] === p0 &&
        this.patterns[at + 1] === p1 &&
        this.patterns[at + 2] === p2 &&
        this.patterns[at + 3] === p3
      ) {
        if (lower > this.lower[e]) this.lower[e] = lower;
        if (upper < this.upper[e]) this.upper[e] = upper;
        this.best[e] = best;
        return;
      }
    }
    if (this.used === this.capacity) this.clear();
    const e = this.used++;
    const at = e * 4;
    this.lengthsA[e] = this.a;
    this.lengthsB[e] = this.b;
    this.patterns[at] = p0;
    this.patterns[at + 1] = p1;
    this.patterns[at + 2] = p2;
    this.patterns[at + 3] = p3;
    this.lower[e] = lower;
    this.upper[e] = Math.min(upper, tricksLeft);
    this.best[e] = best;
    this.next[e] = this.heads[this.bucket];
    this.heads[this.bucket] = e;
  }

  private pattern(fixed: Int32Array, s: number): number {
    const r = fixed[s];
    return r === 0 ? 0 : (r << 26) | (this.codes[s] >>> (2 * (this.counts[s] - r)));
  }
}
