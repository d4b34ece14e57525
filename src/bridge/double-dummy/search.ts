/**
 * The double-dummy search: alpha-beta over the cards, asked one question at a time — "do
 * North–South take at least `target` tricks?" — so every node is an AND/OR node with a null
 * window. At the start of each trick it stops early on the trick count, on the sure tricks of the
 * side on lead (quick-tricks.ts), and on bounds from the transposition table; after a trick is
 * decided it stores what it learnt. The trick count itself is found by stepping the target from a
 * guess (`nsTricks`), the table keeping what earlier targets proved.
 */
import { BIT_COUNT } from './cards.js';
import { generateMoves } from './move-order.js';
import { PlayState } from './play-state.js';
import { quickTricks } from './quick-tricks.js';
import { TranspositionTable } from './transposition.js';

const MAX_DEPTH = 53;
const SLOTS = 16;

export class DoubleDummySearch {
  private readonly state = new PlayState();
  private readonly table: TranspositionTable;
  private readonly moves = new Int32Array(MAX_DEPTH * SLOTS);
  private readonly weights = new Int32Array(MAX_DEPTH * SLOTS);
  /** Positions visited, for benchmarks and tests. */
  nodes = 0;
  stats = new Float64Array(8);

  constructor(tableBits = 20) {
    this.table = new TranspositionTable(tableBits);
  }

  get tableBytes(): number {
    return this.table.bytes;
  }

  /**
   * Sets a position: the 16 suit masks still held, the trump (4 = notrump), the hand on lead to
   * the trick in progress and the cards already played to it (`suit * 16 + rank`, each by the hand
   * after the previous one). The table's bounds depend only on the position, so it is kept across
   * leaders and deals and cleared only when the trump changes.
   */
  setPosition(holdings: Int32Array, trump: number, leader: number, trick: readonly number[] = []): void {
    if (trump !== this.state.trump) this.table.clear();
    const s = this.state;
    s.load(holdings, trump);
    // The trick's cards are out of the hands already: put them back and play them again.
    trick.forEach((card, pos) => {
      const hand = (leader + pos) & 3;
      s.hands[hand * 4 + (card >> 4)] |= 1 << (card & 15);
      s.play(hand, pos, card >> 4, card & 15);
    });
    this.leader = leader;
    this.played = trick.length;
    s.left = this.countLeft();
  }

  private leader = 0;
  private played = 0;

  private countLeft(): number {
    const h = this.state.hands;
    const hand = (this.leader + this.played) & 3;
    let cards = 0;
    for (let s = 0; s < 4; s++) cards += BIT_COUNT[h[hand * 4 + s]];
    return cards + (this.played > 0 ? 1 : 0);
  }

  /** Whether North–South take at least `target` of the remaining tricks. */
  reaches(target: number): boolean {
    this.state.nsWon = 0;
    return this.search(0, (this.leader + this.played) & 3, this.played, target);
  }

  /** North–South's tricks from the position, with perfect play by all four hands. */
  nsTricks(guess = -1): number {
    let lower = 0;
    let upper = this.state.left;
    let target = guess < 0 ? Math.ceil(upper / 2) : Math.max(1, Math.min(upper, guess));
    while (lower < upper) {
      if (this.reaches(target)) {
        lower = target;
        target = target + 1;
      } else {
        upper = target - 1;
        target = upper;
      }
      if (target <= lower) target = lower + 1;
      if (target > upper) target = upper;
    }
    return lower;
  }

  private search(depth: number, hand: number, pos: number, target: number): boolean {
    this.nodes++;
    const s = this.state;
    if (pos === 0) return this.trickStart(depth, hand, target);
    const base = depth * SLOTS;
    const n = generateMoves(s, hand, pos, this.moves, this.weights, base, -1);
    const ns = (hand & 1) === 0;
    for (let i = 0; i < n; i++) {
      const move = this.moves[base + i];
      const suit = move >> 4;
      const rank = move & 15;
      s.play(hand, pos, suit, rank);
      let result: boolean;
      if (pos === 3) {
        const winner = s.winner(3);
        const nsWins = (winner & 1) === 0 ? 1 : 0;
        s.nsWon += nsWins;
        s.left--;
        s.at += 4;
        result = this.search(depth + 1, winner, 0, target);
        s.at -= 4;
        s.left++;
        s.nsWon -= nsWins;
      } else {
        result = this.search(depth + 1, (hand + 1) & 3, pos + 1, target);
      }
      s.unplay(hand, suit, rank);
      if (result === ns) return result;
    }
    return !ns;
  }

  private trickStart(depth: number, leader: number, target: number): boolean {
    const s = this.state;
    const left = s.left;
    if (s.nsWon >= target) return true;
    if (s.nsWon + left < target) return false;
    const need = target - s.nsWon;
    this.stats[0]++;
    if (left === 1) return s.nsWon + this.lastTrickToNs(leader) >= target;
    const h = s.hands;
    const ns = (leader & 1) === 0;
    const sure = process.env.NOQT ? 0 : quickTricks(h, s.trump, leader, left);
    if (ns ? sure >= need : left - sure < need) { this.stats[1]++; return ns; }

    const k0 = suitCode(h, 0);
    const k1 = suitCode(h, 1);
    const k2 = suitCode(h, 2);
    const k3 = suitCode(h, 3);
    const tt = this.table;
    let slot = process.env.NOTT ? -1 : tt.find(k0, k1, k2, k3, leader);
    let preferred = -1;
    if (slot >= 0) {
      this.stats[2]++;
      if (tt.lower[slot] >= need) { this.stats[3]++; return true; }
      if (tt.upper[slot] < need) { this.stats[3]++; return false; }
      preferred = tt.best[slot];
    }
    const base = depth * SLOTS;
    const n = generateMoves(s, leader, 0, this.moves, this.weights, base, preferred);
    let result = !ns;
    let best = -1;
    for (let i = 0; i < n; i++) {
      const move = this.moves[base + i];
      const suit = move >> 4;
      const rank = move & 15;
      s.play(leader, 0, suit, rank);
      const r = this.search(depth + 1, (leader + 1) & 3, 1, target);
      s.unplay(leader, suit, rank);
      if (r === ns) {
        this.stats[4]++; this.stats[5] += i;
        result = r;
        best = suit * 16 + BIT_COUNT[presentOf(h, suit) >> (rank + 1)];
        break;
      }
    }
    slot = tt.find(k0, k1, k2, k3, leader);
    if (result) tt.store(slot, need, left, best, left);
    else tt.store(slot, 0, need - 1, best, left);
    return result;
  }

  /** 1 if North–South win the last trick (each hand has one card left), else 0. */
  private lastTrickToNs(leader: number): number {
    const h = this.state.hands;
    const trump = this.state.trump;
    let winner = leader;
    let ws = -1;
    let wr = -1;
    for (let i = 0; i < 4; i++) {
      const hand = (leader + i) & 3;
      for (let suit = 0; suit < 4; suit++) {
        const m = h[hand * 4 + suit];
        if (m === 0) continue;
        const r = 31 - Math.clz32(m);
        if (i === 0 || (suit === ws ? r > wr : suit === trump)) {
          winner = hand;
          ws = suit;
          wr = r;
        }
      }
    }
    return (winner & 1) === 0 ? 1 : 0;
  }
}

function presentOf(h: Int32Array, suit: number): number {
  return h[suit] | h[4 + suit] | h[8 + suit] | h[12 + suit];
}

/** A suit as its number of remaining cards and their owners from the top down (2 bits a card). */
function suitCode(h: Int32Array, suit: number): number {
  const n0 = h[suit];
  const n1 = h[4 + suit];
  const n2 = h[8 + suit];
  let all = n0 | n1 | n2 | h[12 + suit];
  let code = 0;
  let count = 0;
  while (all) {
    const bit = 1 << (31 - Math.clz32(all));
    all ^= bit;
    const owner = n0 & bit ? 0 : n1 & bit ? 1 : n2 & bit ? 2 : 3;
    code = (code << 2) | owner;
    count++;
  }
  return code | (count << 26);
}
