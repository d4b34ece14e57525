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
 *
 * Layout, for a lookup that touches few cache lines: the suit lengths and leader (the "length
 * key") are found by open addressing; each key owns a chain of blocks of 16 entries, stored side
 * by side, so a probe reads one key slot and then memory in order (a chain of single entries
 * scattered over the pool cost a cache miss per entry, a third of the solver's time). An entry
 * packs the owners of all four suits by depth, as DDS does: word 1 holds the top four cards of
 * every suit (8 bits a suit), word 2 the next four, and so on, so most entries — which fix at most
 * four cards a suit — are told apart by one masked compare; bounds and word 1 sit in their own
 * array, 12 bytes an entry, so a scan of a long chain stays within a few cache lines. An entry
 * that answers moves to the front. Typed arrays, no allocation; when the pool or the key slots
 * fill up the table starts again.
 */
const NONE = -1;
/**
 * An entry is split in two arrays so that a scan reads little memory: `summary` holds its bounds
 * (INFO) and the owners and mask of word 1 (3 slots an entry), which reject almost every entry
 * that does not answer; `deep` the owners and masks of words 2, 3 and 4 (6 slots).
 */
const SUMMARY = 3;
const INFO = 0;
const DEEP = 6;
const BLOCK = 16;
const KEY_STRIDE = 4;
const KEY_HEAD = 0;
const KEY_A = 1;
const KEY_B = 2;
/**
 * `INFO` packs the lower bound (bits 0–3), the upper bound (4–7) and the number of fixed top cards
 * of each suit (4 bits a suit from bit 8).
 */
const FIXED_SHIFT = 8;
/** Newest entries of a key's first block searched for the same entry before adding one. */
const STORE_LOOKBACK = 8;

export class TranspositionTable {
  private readonly slotMask: number;
  /**
   * The key slots, 4 numbers each, so that a slot is one cache line: the newest block of the key
   * (KEY_HEAD, NONE for a free slot) and the length key itself (KEY_A, KEY_B).
   */
  private readonly keySlots: Int32Array;
  private readonly maxKeys: number;
  private keys = 0;
  private readonly blockNext: Int32Array;
  private readonly blockCount: Int32Array;
  private readonly blocks: number;
  private usedBlocks = 0;
  private readonly summary: Int32Array;
  private readonly deep: Int32Array;
  /** The position being looked at: its key slot and its owners packed by depth. */
  private slot = 0;
  private a = 0;
  private b = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;
  private w4 = 0;
  /** Scratch: the four suits' owners from the top card down, aligned to bit 31 (set by the search). */
  readonly codes = new Int32Array(4);

  constructor(entryBits = 20) {
    this.blocks = Math.max(1, (1 << entryBits) / BLOCK);
    this.blockNext = new Int32Array(this.blocks);
    this.blockCount = new Int32Array(this.blocks);
    this.summary = new Int32Array(this.blocks * BLOCK * SUMMARY);
    this.deep = new Int32Array(this.blocks * BLOCK * DEEP);
    const slots = 1 << Math.max(4, entryBits - 2);
    this.slotMask = slots - 1;
    this.maxKeys = (slots >> 2) * 3;
    this.keySlots = new Int32Array(slots * KEY_STRIDE).fill(NONE);
  }

  /** Bumped by every clear: a slot remembered from before a clear means nothing after it. */
  generation = 0;

  clear(): void {
    this.keySlots.fill(NONE);
    this.keys = 0;
    this.usedBlocks = 0;
    this.generation++;
  }

  get bytes(): number {
    return this.keySlots.byteLength + this.blockNext.byteLength * 2 + this.summary.byteLength + this.deep.byteLength;
  }

  /**
   * Sets the position to look up or store: `a`/`b` pack the 16 suit lengths (4 bits each) with the
   * leader in `b`'s top bits; `codes` must hold the four suits' owners from the top card down,
   * aligned to bit 31 (zero below the suit's last card).
   */
  locate(a: number, b: number): void {
    this.a = a;
    this.b = b;
    let h = Math.imul(a, 0x9e3779b1);
    h = Math.imul(h ^ b ^ (h >>> 15), 0x85ebca77);
    h ^= h >>> 13;
    let slot = h & this.slotMask;
    const k = this.keySlots;
    for (;;) {
      const at = slot * KEY_STRIDE;
      if (k[at + KEY_HEAD] === NONE || (k[at + KEY_A] === a && k[at + KEY_B] === b)) break;
      slot = (slot + 1) & this.slotMask;
    }
    this.slot = slot;
    this.pack();
  }

  /** The key slot `locate` found, to hand back to `relocate` after a search below. */
  get located(): number {
    return this.slot;
  }

  /**
   * As `locate(a, b)` again, with the slot it found then (`located`) and the `generation` of that
   * time: the slot still holds the key, or is still free (no slot is freed but by a clear), unless
   * the table was cleared or a search below took the free slot for another key.
   */
  relocate(a: number, b: number, slot: number, generation: number): void {
    const at = slot * KEY_STRIDE;
    const k = this.keySlots;
    if (generation !== this.generation || (k[at + KEY_HEAD] !== NONE && (k[at + KEY_A] !== a || k[at + KEY_B] !== b))) {
      this.locate(a, b);
      return;
    }
    this.a = a;
    this.b = b;
    this.slot = slot;
    this.pack();
  }

  private pack(): void {
    const c = this.codes;
    this.w1 = packWord(c[0], c[1], c[2], c[3], 0);
    this.w2 = packWord(c[0], c[1], c[2], c[3], 8);
    this.w3 = packWord(c[0], c[1], c[2], c[3], 16);
    this.w4 = packWord(c[0], c[1], c[2], c[3], 24);
  }

  /**
   * An entry matching the position whose bounds decide `need` (lower ≥ need or upper < need), or
   * -1. The bounds are checked first: they reject most entries with one load.
   */
  probe(need: number): number {
    const sum = this.summary;
    const blockNext = this.blockNext;
    const blockCount = this.blockCount;
    const w1 = this.w1;
    // The scan steps through the summaries themselves: the loop that rejects most entries does no
    // multiplication and reads nothing but `sum`. Word 1 first: it rejects about 96% of the
    // entries scanned, the bounds about 7% (measured).
    for (let block = this.keySlots[this.slot * KEY_STRIDE + KEY_HEAD]; block !== NONE; block = blockNext[block]) {
      const first = block * BLOCK * SUMMARY;
      for (let at = first + (blockCount[block] - 1) * SUMMARY; at >= first; at -= SUMMARY) {
        if (((sum[at + 1] ^ w1) & sum[at + 2]) !== 0) continue;
        const info = sum[at + INFO];
        if ((info & 15) < need && ((info >> 4) & 15) >= need) continue;
        const e = at / SUMMARY;
        if (this.deepMatches(e)) return this.toFront(e);
      }
    }
    return NONE;
  }

  /** Whether entry `e`'s owners below the top four cards of each suit match the position's. */
  private deepMatches(e: number): boolean {
    const deep = this.deep;
    const d = e * DEEP;
    return ((deep[d] ^ this.w2) & deep[d + 1]) === 0 && ((deep[d + 2] ^ this.w3) & deep[d + 3]) === 0 && ((deep[d + 4] ^ this.w4) & deep[d + 5]) === 0;
  }

  /**
   * Swaps entry `e` with the newest entry of its key, where the next probe looks first: positions
   * recur in bursts. Answers where `e` now is.
   */
  private toFront(e: number): number {
    const head = this.keySlots[this.slot * KEY_STRIDE + KEY_HEAD];
    const front = head * BLOCK + this.blockCount[head] - 1;
    if (front === e) return e;
    // Value by value, unrolled: cheaper than a loop over the entry's 3 + 6 numbers (measured).
    const sum = this.summary;
    const a = e * SUMMARY;
    const b = front * SUMMARY;
    swap(sum, a, b);
    swap(sum, a + 1, b + 1);
    swap(sum, a + 2, b + 2);
    const deep = this.deep;
    const c = e * DEEP;
    const d = front * DEEP;
    swap(deep, c, d);
    swap(deep, c + 1, d + 1);
    swap(deep, c + 2, d + 2);
    swap(deep, c + 3, d + 3);
    swap(deep, c + 4, d + 4);
    swap(deep, c + 5, d + 5);
    return front;
  }

  lower(e: number): number {
    return this.summary[e * SUMMARY + INFO] & 15;
  }

  /** How many top cards of each suit entry `e` fixes, 4 bits a suit (suit 0 lowest): one read for all four. */
  fixedCounts(e: number): number {
    return this.summary[e * SUMMARY + INFO] >>> FIXED_SHIFT;
  }

  /**
   * Records a bound for the position set by `locate` (call it again: the search below used the
   * table), fixing the top `fixed[s]` cards of each suit.
   */
  store(fixed: Int32Array, lower: number, upper: number, tricksLeft: number): void {
    const sum = this.summary;
    const deep = this.deep;
    const m0 = topMask(fixed[0]);
    const m1 = topMask(fixed[1]);
    const m2 = topMask(fixed[2]);
    const m3 = topMask(fixed[3]);
    const k1 = packWord(m0, m1, m2, m3, 0);
    const k2 = packWord(m0, m1, m2, m3, 8);
    const k3 = packWord(m0, m1, m2, m3, 16);
    const k4 = packWord(m0, m1, m2, m3, 24);
    const o1 = this.w1 & k1;
    const o2 = this.w2 & k2;
    const o3 = this.w3 & k3;
    const o4 = this.w4 & k4;
    const keySlots = this.keySlots;
    let head = keySlots[this.slot * KEY_STRIDE + KEY_HEAD];
    // The same entry, if any, is among the newest: look no further.
    if (head !== NONE) {
      const first = head * BLOCK;
      const last = first + this.blockCount[head] - 1;
      for (let e = last; e >= first && e > last - STORE_LOOKBACK; e--) {
        const at = e * SUMMARY;
        const d = e * DEEP;
        if (sum[at + 1] !== o1 || sum[at + 2] !== k1 || deep[d] !== o2 || deep[d + 1] !== k2) continue;
        if (deep[d + 2] !== o3 || deep[d + 3] !== k3 || deep[d + 4] !== o4 || deep[d + 5] !== k4) continue;
        const info = sum[at + INFO];
        const lo = Math.max(info & 15, lower);
        const hi = Math.min((info >> 4) & 15, upper);
        sum[at + INFO] = (info & ~0xff) | (hi << 4) | lo;
        return;
      }
    }
    if (head === NONE || this.blockCount[head] === BLOCK) {
      if (this.usedBlocks === this.blocks || (head === NONE && this.keys === this.maxKeys)) {
        this.clear();
        this.locate(this.a, this.b);
      }
      const at = this.slot * KEY_STRIDE;
      if (keySlots[at + KEY_HEAD] === NONE) {
        keySlots[at + KEY_A] = this.a;
        keySlots[at + KEY_B] = this.b;
        this.keys++;
      }
      const block = this.usedBlocks++;
      this.blockNext[block] = keySlots[at + KEY_HEAD];
      this.blockCount[block] = 0;
      keySlots[at + KEY_HEAD] = block;
      head = block;
    }
    const e = head * BLOCK + this.blockCount[head]++;
    const at = e * SUMMARY;
    const d = e * DEEP;
    const fixedField = fixed[0] | (fixed[1] << 4) | (fixed[2] << 8) | (fixed[3] << 12);
    sum[at + INFO] = (fixedField << FIXED_SHIFT) | (Math.min(upper, tricksLeft) << 4) | lower;
    sum[at + 1] = o1;
    sum[at + 2] = k1;
    deep[d] = o2;
    deep[d + 1] = k2;
    deep[d + 2] = o3;
    deep[d + 3] = k3;
    deep[d + 4] = o4;
    deep[d + 5] = k4;
  }
}

function swap(t: Int32Array, a: number, b: number): void {
  const x = t[a];
  t[a] = t[b];
  t[b] = x;
}

/**
 * Byte `shift / 8` (from the top) of each suit's top-aligned code, the four side by side: suit 0
 * in the top byte. Word 0 holds every suit's top four cards, word 3 the 13th.
 */
function packWord(c0: number, c1: number, c2: number, c3: number, shift: number): number {
  return (((c0 << shift) >>> 24) << 24) | (((c1 << shift) >>> 24) << 16) | (((c2 << shift) >>> 24) << 8) | ((c3 << shift) >>> 24);
}

/** The mask of the top `r` cards' owner bits in a top-aligned code. */
function topMask(r: number): number {
  return r === 0 ? 0 : ~0 << (32 - 2 * r);
}
