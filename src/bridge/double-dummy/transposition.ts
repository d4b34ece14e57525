/**
 * The transposition table: bounds on the tricks North–South take from a position at the start of
 * a trick, keyed on the remaining cards with rank equivalence. Each suit is written as the owners
 * of its remaining cards from the top down (2 bits a card) plus their number, so positions that
 * differ only in cards already played (a 7 that is now the third-highest spade behaves like the Q
 * that was) share one entry. Bounds are on the true value, so they hold for every trick target
 * and every declarer of the same trump suit. Open addressing over typed arrays, no allocation.
 */
const PROBES = 4;

export class TranspositionTable {
  private readonly mask: number;
  private readonly keys: Int32Array;
  /** Lower and upper bounds on North–South's tricks from the position. */
  readonly lower: Int8Array;
  readonly upper: Int8Array;
  /** The lead that last refuted or proved a target here: suit * 16 + rank from the top (0 = highest). */
  readonly best: Int16Array;
  private victim = 0;
  /** Key of the position last passed to `find`, kept for `store`. */
  private k0 = 0;
  private k1 = 0;
  private k2 = 0;
  private k3 = 0;
  private home = 0;

  constructor(bits = 20) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keys = new Int32Array(size * 4);
    this.lower = new Int8Array(size);
    this.upper = new Int8Array(size);
    this.best = new Int16Array(size);
  }

  clear(): void {
    this.keys.fill(0);
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.keys.byteLength + this.lower.byteLength + this.upper.byteLength + this.best.byteLength;
  }

  /**
   * The slot holding the position keyed by the four suit codes and the leader, or -1. The key is
   * remembered for the next `store`. Word 3 always carries bit 30, so an empty slot (all zero)
   * never matches.
   */
  find(s0: number, s1: number, s2: number, s3: number, leader: number): number {
    const k0 = s0 | (leader << 30);
    const k3 = s3 | (1 << 30);
    let h = Math.imul(k0, 0x9e3779b1);
    h = Math.imul(h ^ s1 ^ (h >>> 15), 0x85ebca77);
    h = Math.imul(h ^ s2 ^ (h >>> 13), 0xc2b2ae3d);
    h = Math.imul(h ^ k3 ^ (h >>> 16), 0x27d4eb2f);
    h ^= h >>> 15;
    this.k0 = k0;
    this.k1 = s1;
    this.k2 = s2;
    this.k3 = k3;
    this.home = h & this.mask;
    return this.probe();
  }

  private probe(): number {
    const keys = this.keys;
    for (let i = 0; i < PROBES; i++) {
      const slot = (this.home + i) & this.mask;
      const at = slot << 2;
      if (keys[at + 3] === 0) return -1;
      if (keys[at] === this.k0 && keys[at + 1] === this.k1 && keys[at + 2] === this.k2 && keys[at + 3] === this.k3) return slot;
    }
    return -1;
  }

  /**
   * Records bounds for the position last given to `find`, in the slot `find` answered (-1: a new
   * entry). The search below a position uses the table too, so callers call `find` again just
   * before. A full neighbourhood loses one of its entries in turn.
   */
  store(found: number, lower: number, upper: number, best: number, tricksLeft: number): void {
    let slot = found;
    if (slot < 0) {
      for (let i = 0; i < PROBES; i++) {
        const s = (this.home + i) & this.mask;
        if (this.keys[(s << 2) + 3] === 0) {
          slot = s;
          break;
        }
      }
      if (slot < 0) {
        slot = (this.home + this.victim) & this.mask;
        this.victim = (this.victim + 1) % PROBES;
      }
      const at = slot << 2;
      this.keys[at] = this.k0;
      this.keys[at + 1] = this.k1;
      this.keys[at + 2] = this.k2;
      this.keys[at + 3] = this.k3;
      this.lower[slot] = 0;
      this.upper[slot] = tricksLeft;
    }
    if (lower > this.lower[slot]) this.lower[slot] = lower;
    if (upper < this.upper[slot]) this.upper[slot] = upper;
    this.best[slot] = best;
  }
}
