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
/**
 * One entry is 12 int32 slots: next in chain, the two length keys, per suit the mask of its fixed top cards
 * and their owners written from bit 31 down (2 bits a card; `codes` of the position are aligned the
 * same way, so a match is one mask-and-compare a suit), then bounds and best lead.
 */
const STRIDE = 12;
const NEXT = 0;
const LEN_A = 1;
const LEN_B = 2;
const MASK = 3;
const OWNERS = 7;
const INFO = 11;

export class TranspositionTable {
  private readonly bucketMask: number;
  private readonly heads: Int32Array;
  private readonly capacity: number;
  private readonly entries: Int32Array;
  private used = 0;
  /** The position being looked at: lengths key, suit owner codes (top-aligned) and suit sizes. */
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
    this.entries = new Int32Array(this.capacity * STRIDE);
  }

  clear(): void {
    this.heads.fill(NONE);
    this.used = 0;
  }

  get bytes(): number {
    return this.heads.byteLength + this.entries.byteLength;
  }

  /**
   * Sets the position to look up or store: `a`/`b` pack the 16 suit lengths (4 bits each) with the
   * leader in `b`'s top bits; `codes` must hold the four suits' owners from the top card down,
   * aligned to bit 31, and `counts` the suits' sizes.
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
    const t = this.entries;
    const c0 = this.codes[0];
    const c1 = this.codes[1];
    const c2 = this.codes[2];
    const c3 = this.codes[3];
    let prev = NONE;
    for (let e = this.heads[this.bucket]; e !== NONE; prev = e, e = t[e + NEXT]) {
      if (
        t[e + LEN_A] !== this.a ||
        t[e + LEN_B] !== this.b ||
        (c0 & t[e + MASK]) !== t[e + OWNERS] ||
        (c1 & t[e + MASK + 1]) !== t[e + OWNERS + 1] ||
        (c2 & t[e + MASK + 2]) !== t[e + OWNERS + 2] ||
        (c3 & t[e + MASK + 3]) !== t[e + OWNERS + 3]
      ) {
        continue;
      }
      const info = t[e + INFO];
      if ((info & 15) >= need || ((info >> 4) & 15) < need) {
        // Move the entry to the front: positions recur in bursts.
        if (prev !== NONE) {
          t[prev + NEXT] = t[e + NEXT];
          t[e + NEXT] = this.heads[this.bucket];
          this.heads[this.bucket] = e;
        }
        return e;
      }
      if (this.hint === NONE) this.hint = info >> 8;
    }
    return NONE;
  }

  lower(e: number): number {
    return this.entries[e + INFO] & 15;
  }

  /** How many top cards of `suit` entry `e` fixes. */
  fixed(e: number, suit: number): number {
    return bitCount(this.entries[e + MASK + suit]) >> 1;
  }

  /**
   * Records a bound for the position set by `locate` (call it again: the search below used the
   * table), fixing the top `fixed[s]` cards of each suit.
   */
  store(fixed: Int32Array, lower: number, upper: number, best: number, tricksLeft: number): void {
    const t = this.entries;
    const m0 = topMask(fixed[0]);
    const m1 = topMask(fixed[1]);
    const m2 = topMask(fixed[2]);
    const m3 = topMask(fixed[3]);
    const o0 = this.codes[0] & m0;
    const o1 = this.codes[1] & m1;
    const o2 = this.codes[2] & m2;
    const o3 = this.codes[3] & m3;
    // The same entry, if any, is among the newest or recently used: look no further.
    let looked = 0;
    for (let e = this.heads[this.bucket]; e !== NONE && looked < 8; e = t[e + NEXT], looked++) {
      if (
        t[e + LEN_A] === this.a &&
        t[e + LEN_B] === this.b &&
        t[e + MASK] === m0 &&
        t[e + MASK + 1] === m1 &&
        t[e + MASK + 2] === m2 &&
        t[e + MASK + 3] === m3 &&
        t[e + OWNERS] === o0 &&
        t[e + OWNERS + 1] === o1 &&
        t[e + OWNERS + 2] === o2 &&
        t[e + OWNERS + 3] === o3
      ) {
        const info = t[e + INFO];
        const lo = Math.max(info & 15, lower);
        const hi = Math.min((info >> 4) & 15, upper);
        t[e + INFO] = ((best < 0 ? info >> 8 : best) << 8) | (hi << 4) | lo;
        return;
      }
    }
    if (this.used === this.capacity) this.clear();
    const e = this.used++ * STRIDE;
    t[e + LEN_A] = this.a;
    t[e + LEN_B] = this.b;
    t[e + MASK] = m0;
    t[e + MASK + 1] = m1;
    t[e + MASK + 2] = m2;
    t[e + MASK + 3] = m3;
    t[e + OWNERS] = o0;
    t[e + OWNERS + 1] = o1;
    t[e + OWNERS + 2] = o2;
    t[e + OWNERS + 3] = o3;
    t[e + INFO] = (best << 8) | (Math.min(upper, tricksLeft) << 4) | lower;
    t[e + NEXT] = this.heads[this.bucket];
    this.heads[this.bucket] = e;
  }
}

/** The mask of the top `r` cards' owner bits in a top-aligned code. */
function topMask(r: number): number {
  return r === 0 ? 0 : ~0 << (32 - 2 * r);
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}
