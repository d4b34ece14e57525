/**
 * The mutable state the search walks: the cards still held, the trick in progress and the tricks
 * North–South have won so far. Plays and takes back cards in place; nothing is allocated.
 */
import { NOTRUMP } from './cards.js';

export class PlayState {
  /** Suit masks, `hand * 4 + suit`. */
  readonly hands = new Int32Array(16);
  trump = NOTRUMP;
  /**
   * The cards of each trick by position (0 = the lead), at `at + pos`: every trick keeps its own
   * four slots, so a deeper trick never overwrites the one a shallower node is still trying.
   */
  readonly trickSuit = new Int32Array(64);
  readonly trickRank = new Int32Array(64);
  readonly trickHand = new Int32Array(64);
  /** After the card at each position, the position of the card winning the trick so far. */
  readonly winPos = new Int32Array(64);
  /** Offset of the trick in progress: 4 × the tricks completed since the position was set. */
  at = 0;
  /** Tricks North–South have won since the search began. */
  nsWon = 0;
  /** Tricks not yet completed, the one in progress included. */
  left = 0;
  /**
   * The hands' suit lengths, 4 bits each, as the transposition table keys them: North's and
   * East's in `lengthsA`, South's and West's but West's clubs (which follow from the rest) in
   * `lengthsB`. Kept up to date by play and unplay, so a trick's start does not count them; kept
   * as int32 (`| 0`), as the table's keys are: East's last suit fills bits 28–31, and a sum left as
   * a double past 2³¹ (eight cards of it) never matched its key, so those positions were searched
   * again and again.
   */
  lengthsA = 0;
  lengthsB = 0;

  load(holdings: Int32Array, trump: number): void {
    this.hands.set(holdings);
    this.trump = trump;
    this.nsWon = 0;
    this.at = 0;
    let cards = 0;
    for (let i = 0; i < 16; i++) cards += popcount(holdings[i]);
    this.left = Math.ceil(cards / 4);
    this.countLengths();
  }

  private countLengths(): void {
    this.lengthsA = 0;
    this.lengthsB = 0;
    for (let i = 0; i < 16; i++) {
      const n = popcount(this.hands[i]);
      this.lengthsA = (this.lengthsA + n * UNIT_A[i]) | 0;
      this.lengthsB = (this.lengthsB + n * UNIT_B[i]) | 0;
    }
  }

  play(hand: number, pos: number, suit: number, rank: number): void {
    const i = hand * 4 + suit;
    this.hands[i] ^= 1 << rank;
    this.lengthsA = (this.lengthsA - UNIT_A[i]) | 0;
    this.lengthsB = (this.lengthsB - UNIT_B[i]) | 0;
    const o = this.at;
    this.trickSuit[o + pos] = suit;
    this.trickRank[o + pos] = rank;
    this.trickHand[o + pos] = hand;
    if (pos === 0) {
      this.winPos[o] = 0;
      return;
    }
    const w = this.winPos[o + pos - 1];
    const ws = this.trickSuit[o + w];
    const beats = suit === ws ? rank > this.trickRank[o + w] : suit === this.trump;
    this.winPos[o + pos] = beats ? pos : w;
  }

  unplay(hand: number, suit: number, rank: number): void {
    const i = hand * 4 + suit;
    this.hands[i] ^= 1 << rank;
    this.lengthsA = (this.lengthsA + UNIT_A[i]) | 0;
    this.lengthsB = (this.lengthsB + UNIT_B[i]) | 0;
  }

  /** The hand winning the trick after the card at `pos`. */
  winner(pos: number): number {
    return this.trickHand[this.at + this.winPos[this.at + pos]];
  }

  /** Cards of `suit` still held or already in the trick in progress up to `pos` (exclusive). */
  present(suit: number, pos: number): number {
    const h = this.hands;
    let mask = h[suit] | h[4 + suit] | h[8 + suit] | h[12 + suit];
    const o = this.at;
    for (let i = 0; i < pos; i++) if (this.trickSuit[o + i] === suit) mask |= 1 << this.trickRank[o + i];
    return mask;
  }
}

/** One card of `hand * 4 + suit` in `lengthsA` and in `lengthsB`. */
const UNIT_A = Int32Array.from({ length: 16 }, (_, i) => (i < 8 ? 1 << (4 * i) : 0));
const UNIT_B = Int32Array.from({ length: 16 }, (_, i) => (i >= 8 && i < 15 ? 1 << (4 * (i - 8)) : 0));

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}
