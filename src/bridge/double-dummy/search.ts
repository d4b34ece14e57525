/**
 * The double-dummy search: alpha-beta over the cards, asked one question at a time — "do
 * North–South take at least `target` tricks?" — so every node is an AND/OR node with a null
 * window. At the start of each trick it stops early on the trick count, on the sure tricks of the
 * side on lead (quick-tricks.ts), and on bounds from the transposition table; after a trick is
 * decided it stores what it learnt. The trick count itself is found by stepping the target from a
 * guess (`nsTricks`), the table keeping what earlier targets proved.
 */
import { BIT_COUNT as SHARED_BIT_COUNT, NOTRUMP as SHARED_NOTRUMP, topCards as sharedTopCards } from './cards.js';
import { generateMoves } from './move-order.js';
import { PlayState } from './play-state.js';
import { cannotTakeAll, quickTricks, trumpTricks } from './quick-tricks.js';
import { TranspositionTable } from './transposition.js';

// Module-local copies of the shared constants: V8 folds a module's own constants into optimized
// code, while an import is read through a cell (and its type checked) at every use.
const BIT_COUNT = SHARED_BIT_COUNT;
const NOTRUMP = SHARED_NOTRUMP;
const topCards = sharedTopCards;

const MAX_DEPTH = 53;
const SLOTS = 16;

export class DoubleDummySearch {
  private readonly state = new PlayState();
  private readonly table: TranspositionTable;
  private readonly moves = new Int32Array(MAX_DEPTH * SLOTS);
  private readonly weights = new Int32Array(MAX_DEPTH * SLOTS);
  /** Positions visited, for benchmarks and tests. */
  nodes = 0;
  /** Per depth and suit: the cards whose ranks the answer below relied on. */
  private readonly relevant = new Int32Array(MAX_DEPTH * 4 + 4);
  private readonly fixed = new Int32Array(4);
  /** Per depth: the lead that last won the argument there (tried first when the table has none). */
  private readonly killer = new Int32Array(MAX_DEPTH).fill(-1);
  /** Per depth and suit: the rank below which the hand's cards are known to change nothing. */
  private readonly lowestWin = new Int32Array(MAX_DEPTH * 4 + 4);
  /** Per depth and suit: the owner codes a trick's start there worked out (see trickStart). */
  private readonly codeCache = new Int32Array(MAX_DEPTH * 4);

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
      s.unplay(hand, card >> 4, card & 15);
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

  /**
   * Whether North–South reach `target`, from the hand `hand` at position `pos` of the trick. Leaves
   * in `relevant[depth * 4 + suit]` the cards whose ranks the answer relied on.
   */
  private search(depth: number, hand: number, pos: number, target: number): boolean {
    this.nodes++;
    if (pos === 0) return this.trickStart(depth, hand, target);
    if (pos === 1 && this.secondHandWins(depth, hand, target)) return (hand & 1) === 0;
    const n = generateMoves(this.state, hand, pos, this.moves, this.weights, depth * SLOTS, -1);
    const ns = (hand & 1) === 0;
    return this.tryMoves(depth, hand, pos, n, target) >= 0 ? ns : !ns;
  }

  /**
   * Tries the `n` moves generated at `depth` until one gives the side of `hand` its way; answers
   * its index, or -1 when none does. Leaves in `relevant` at `depth` the cards the answer relied
   * on: the successful move's, or those of every move tried.
   */
  private tryMoves(depth: number, hand: number, pos: number, n: number, target: number): number {
    const s = this.state;
    const rel = this.relevant;
    const lowest = this.lowestWin;
    const moves = this.moves;
    const base = depth * SLOTS;
    const here = depth * 4;
    const below = here + 4;
    const ns = (hand & 1) === 0;
    rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
    lowest[here] = lowest[here + 1] = lowest[here + 2] = lowest[here + 3] = 0;
    for (let i = 0; i < n; i++) {
      const move = moves[base + i];
      const suit = (move >> 4) & 15;
      const rank = move & 15;
      if (rank < lowest[here + suit]) continue;
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
        this.addTrickWinner(below);
      } else {
        result = this.search(depth + 1, (hand + 1) & 3, pos + 1, target);
      }
      s.unplay(hand, suit, rank);
      if (result === ns) {
        rel[here] = rel[below];
        rel[here + 1] = rel[below + 1];
        rel[here + 2] = rel[below + 2];
        rel[here + 3] = rel[below + 3];
        return i;
      }
      rel[here] |= rel[below];
      rel[here + 1] |= rel[below + 1];
      rel[here + 2] |= rel[below + 2];
      rel[here + 3] |= rel[below + 3];
      // The run's other cards were not tried: each would have led to the same answer with the
      // run's cards trading places, so if the answer relied on a card of the run, keep the whole
      // run fixed (cards outside it keep their places either way).
      const low = move >> 8;
      if (low !== rank && (rel[below + suit] & ((2 << rank) - (1 << low))) !== 0) rel[here + suit] |= 1 << low;
      // A card below every card the answers so far relied on stands for all such cards of its
      // suit in this hand: they would trade places with it and change nothing (DDS's "lowest
      // win"). The first such card tried sets the bar for the rest of the suit.
      if (lowest[here + suit] === 0) {
        const relied = rel[here + suit];
        const bar = relied === 0 ? 15 : 31 - Math.clz32(relied & -relied);
        if (rank < bar) lowest[here + suit] = bar;
      }
    }
    return -1;
  }

  /**
   * Second hand's sure trick, when one trick is all his side still needs (North–South one more,
   * or East–West one, North–South needing every trick): he or his partner, last to play, holds
   * the highest card of the suit led, or can ruff it, and the third hand cannot ruff. The answer
   * relied on that top card only (the third hand's lengths are in every table key).
   */
  private secondHandWins(depth: number, hand: number, target: number): boolean {
    const s = this.state;
    const ns = (hand & 1) === 0;
    // The tricks his side still needs: North–South to reach the target, East–West to stop them.
    const needed = ns ? target - s.nsWon : s.left - (target - s.nsWon) + 1;
    if (needed !== 1) return needed <= s.left && this.secondHandCashes(depth, hand, needed);
    const h = s.hands;
    const lead = s.trickSuit[s.at];
    const third = (hand + 1) & 3;
    const trump = s.trump;
    const here = depth * 4;
    const rel = this.relevant;
    if (trump !== NOTRUMP && lead !== trump) {
      if (h[third * 4 + lead] === 0 && h[third * 4 + trump] !== 0) return false;
      // He or partner, void, ruffs: the third hand cannot overruff. Relies on lengths only.
      if (ruffs(h, hand, lead, trump) || ruffs(h, hand ^ 2, lead, trump)) {
        rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
        return true;
      }
    }
    const top = 1 << (31 - Math.clz32(s.present(lead, 1)));
    if (((h[hand * 4 + lead] | h[(hand ^ 2) * 4 + lead]) & top) === 0) return false;
    rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
    rel[here + lead] = top;
    return true;
  }

  /**
   * The second hand's side wins the trick with the top card of the suit led (DDS's second-hand
   * quick tricks) and its holder, on lead next, cashes: the suit's next card if his, the top card
   * of each other suit he holds, and all of a suit no one else holds. In a trump contract only
   * what cannot be ruffed counts: the third hand must follow to the trick or hold no trump, and a
   * side-suit card wins only if each opponent with a trump can follow to it. Whether that makes
   * `needed`; relies on the top cards counted (the rest on lengths, which every table key holds).
   */
  private secondHandCashes(depth: number, hand: number, needed: number): boolean {
    const s = this.state;
    const h = s.hands;
    const lead = s.trickSuit[s.at];
    const present = s.present(lead, 1);
    const top = 1 << (31 - Math.clz32(present));
    const holder = (h[hand * 4 + lead] & top) !== 0 ? hand : (h[(hand ^ 2) * 4 + lead] & top) !== 0 ? hand ^ 2 : -1;
    if (holder < 0) return false;
    const trump = s.trump;
    // The opponents of the holder: the leader, and the third hand, who plays a card of the suit
    // led to this trick if he has one. Their cards of a suit after this trick, and their trumps.
    const leader = (hand + 3) & 3;
    const third = (hand + 1) & 3;
    let leaderTrumps = false;
    let thirdTrumps = false;
    if (trump !== NOTRUMP) {
      leaderTrumps = h[leader * 4 + trump] !== 0;
      thirdTrumps = h[third * 4 + trump] !== 0;
      if (lead !== trump && thirdTrumps && h[third * 4 + lead] === 0) return false;
    }
    const here = depth * 4;
    const rel = this.relevant;
    rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
    rel[here + lead] = top;
    let tricks = 1;
    const rest = present ^ top;
    const second = rest === 0 ? 0 : 1 << (31 - Math.clz32(rest));
    if ((h[holder * 4 + lead] & second) !== 0 && (lead === trump || ((!leaderTrumps || h[leader * 4 + lead] !== 0) && (!thirdTrumps || BIT_COUNT[h[third * 4 + lead]] >= 2)))) {
      tricks++;
      rel[here + lead] |= second;
    }
    for (let suit = 0; suit < 4 && tricks < needed; suit++) {
      const mine = h[holder * 4 + suit];
      if (suit === lead || mine === 0) continue;
      const safe = suit === trump || trump === NOTRUMP || ((!leaderTrumps || h[leader * 4 + suit] !== 0) && (!thirdTrumps || h[third * 4 + suit] !== 0));
      const all = presentOf(h, suit);
      if (all === mine) {
        if (suit === trump || trump === NOTRUMP || (!leaderTrumps && !thirdTrumps)) tricks += BIT_COUNT[mine];
        continue;
      }
      if (!safe) continue;
      const suitTop = 1 << (31 - Math.clz32(all));
      if ((mine & suitTop) !== 0) {
        tricks++;
        rel[here + suit] = suitTop;
      }
    }
    return tricks >= needed;
  }

  /** The trick just completed was won by rank if another card of the winner's suit is in it. */
  private addTrickWinner(at: number): void {
    const s = this.state;
    const o = s.at;
    const w = s.winPos[o + 3];
    const ws = s.trickSuit[o + w];
    for (let i = 0; i < 4; i++) {
      if (i !== w && s.trickSuit[o + i] === ws) {
        this.relevant[at + ws] |= 1 << s.trickRank[o + w];
        return;
      }
    }
  }

  private trickStart(depth: number, leader: number, target: number): boolean {
    const s = this.state;
    const rel = this.relevant;
    const here = depth * 4;
    const left = s.left;
    rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
    if (s.nsWon >= target) return true;
    if (s.nsWon + left < target) return false;
    const need = target - s.nsWon;
    if (left === 1) return s.nsWon + this.lastTrickToNs(leader, here) >= target;
    const h = s.hands;
    const ns = (leader & 1) === 0;
    // The cheap bounds before the table. (Asking the table first many tricks from the end, as
    // DDS does, was measured: more nodes and no faster.)
    const decided = this.boundsDecide(leader, need, here);
    if (decided >= 0) return decided === 1;
    const tt = this.table;
    const codes = tt.codes;
    const lengthsA = s.lengthsA;
    const lengthsB = s.lengthsB | (leader << 28);
    // A suit no card of the last trick came from keeps the code the trick's start above worked out
    // (that trick's start, four cards up, is on the path and computed its codes before playing).
    const above = depth - 4;
    const cache = this.codeCache;
    let changed = 15;
    if (above >= 0) {
      const o = s.at - 4;
      changed = (1 << s.trickSuit[o]) | (1 << s.trickSuit[o + 1]) | (1 << s.trickSuit[o + 2]) | (1 << s.trickSuit[o + 3]);
    }
    for (let suit = 0; suit < 4; suit++) {
      if ((changed & (1 << suit)) !== 0) suitCode(h, suit, codes);
      else codes[suit] = cache[above * 4 + suit];
      cache[depth * 4 + suit] = codes[suit];
    }
    tt.locate(lengthsA, lengthsB);
    const slot = tt.located;
    const generation = tt.generation;
    const c0 = codes[0];
    const c1 = codes[1];
    const c2 = codes[2];
    const c3 = codes[3];
    const hit = tt.probe(need);
    if (hit >= 0) {
      const counts = tt.fixedCounts(hit);
      for (let suit = 0; suit < 4; suit++) rel[here + suit] = topCards(presentOf(h, suit), (counts >> (4 * suit)) & 15);
      return tt.lower(hit) >= need;
    }
    // The lead that last cut at this depth first. (Leads remembered in table entries that match
    // but cannot decide were measured to help less than the time their scan cost.)
    const n = generateMoves(s, leader, 0, this.moves, this.weights, depth * SLOTS, this.killer[depth]);
    const cut = this.tryMoves(depth, leader, 0, n, target);
    const result = cut >= 0 ? ns : !ns;
    if (cut >= 0) {
      const move = this.moves[depth * SLOTS + cut];
      const suit = (move >> 4) & 15;
      this.killer[depth] = suit * 16 + BIT_COUNT[presentOf(h, suit) >> ((move & 15) + 1)];
    }
    const fixed = this.fixed;
    for (let suit = 0; suit < 4; suit++) {
      const r = rel[here + suit];
      const present = presentOf(h, suit);
      fixed[suit] = r === 0 ? 0 : BIT_COUNT[present >> (31 - Math.clz32(r & -r))];
    }
    // The search below overwrote the table's scratch codes: put this position's back.
    codes[0] = c0;
    codes[1] = c1;
    codes[2] = c2;
    codes[3] = c3;
    tt.relocate(lengthsA, lengthsB, slot, generation);
    if (result) tt.store(fixed, need, left, left);
    else tt.store(fixed, 0, need - 1, left);
    return result;
  }

  /**
   * The bounds at a trick's start other than the table: the leader's side's quick tricks, sure
   * tricks of either side, a notrump leader topped everywhere, a side needing every trick in
   * notrump. 1 if North–South reach the target, 0 if not, -1 if undecided; leaves in `relevant`
   * at `here` the cards a decision relied on.
   */
  private boundsDecide(leader: number, need: number, here: number): number {
    const s = this.state;
    const h = s.hands;
    const rel = this.relevant;
    const left = s.left;
    const ns = (leader & 1) === 0;
    const sure = quickTricks(h, s.trump, leader, left, ns ? need : left - need + 1, rel, here);
    if (ns ? sure >= need : left - sure < need) return ns ? 1 : 0;
    // In notrump, when the other side holds the top card of every suit the leader can lead, the
    // leader's side loses the first trick.
    if (s.trump === NOTRUMP && (ns ? left - 1 < need : need <= 1)) {
      const lho = ((leader + 1) & 3) * 4;
      const rho = ((leader + 3) & 3) * 4;
      let covered = true;
      for (let suit = 0; suit < 4 && covered; suit++) {
        if (h[leader * 4 + suit] === 0) continue;
        const top = 1 << (31 - Math.clz32(presentOf(h, suit)));
        if (((h[lho + suit] | h[rho + suit]) & top) === 0) covered = false;
      }
      if (covered) {
        for (let suit = 0; suit < 4; suit++) rel[here + suit] = h[leader * 4 + suit] === 0 ? 0 : 1 << (31 - Math.clz32(presentOf(h, suit)));
        return ns ? 0 : 1;
      }
    }
    if (s.trump !== NOTRUMP) {
      // The other side's sure trump tricks bound the leader's side from above; the leader's own
      // sure trump tricks may beat the quick tricks as a bound from below.
      rel[here] = rel[here + 1] = rel[here + 2] = rel[here + 3] = 0;
      const theirs = trumpTricks(h, s.trump, leader ^ 1, false, rel, here);
      if (ns ? left - theirs < need : theirs >= need) return ns ? 0 : 1;
      const ours = trumpTricks(h, s.trump, leader, true, rel, here);
      if (ns ? ours >= need : left - ours < need) return ns ? 1 : 0;
    }
    // A side needing every trick in notrump.
    if (s.trump === NOTRUMP || (h[s.trump] | h[4 + s.trump] | h[8 + s.trump] | h[12 + s.trump]) === 0) {
      if (need === left && cannotTakeAll(h, 0, left, rel, here)) return 0;
      if (need === 1 && cannotTakeAll(h, 1, left, rel, here)) return 1;
    }
    return -1;
  }

  /** 1 if North–South win the last trick (each hand has one card left), else 0. */
  private lastTrickToNs(leader: number, at: number): number {
    const h = this.state.hands;
    const trump = this.state.trump;
    let winner = leader;
    let ws = -1;
    let wr = -1;
    let byRank = false;
    for (let i = 0; i < 4; i++) {
      const hand = (leader + i) & 3;
      for (let suit = 0; suit < 4; suit++) {
        const m = h[hand * 4 + suit];
        if (m === 0) continue;
        const r = 31 - Math.clz32(m);
        if (i > 0 && suit === ws) byRank = true;
        if (i === 0 || (suit === ws ? r > wr : suit === trump)) {
          winner = hand;
          ws = suit;
          wr = r;
        }
      }
    }
    if (byRank) this.relevant[at + ws] = 1 << wr;
    return (winner & 1) === 0 ? 1 : 0;
  }
}

/** Whether `hand` is void in `suit` and holds a trump. */
function ruffs(h: Int32Array, hand: number, suit: number, trump: number): boolean {
  return h[hand * 4 + suit] === 0 && h[hand * 4 + trump] !== 0;
}

function presentOf(h: Int32Array, suit: number): number {
  return h[suit] | h[4 + suit] | h[8 + suit] | h[12 + suit];
}

/**
 * Writes a suit's owners from the top down (2 bits a card, from bit 31).
 * The owners' two bits are two masks (East or West, South or West) squeezed onto the suit's
 * remaining cards and spread to every other bit, by table: no loop over the cards.
 */
function suitCode(h: Int32Array, suit: number, codes: Int32Array): void {
  const e = h[4 + suit];
  const s = h[8 + suit];
  const w = h[12 + suit];
  const all = h[suit] | e | s | w;
  const count = BIT_COUNT[all];
  const low = squeeze(e | w, all) | (squeeze(s | w, all) << 1);
  codes[suit] = count === 0 ? 0 : low << (32 - 2 * count);
}

/** The bits of `x` at the places `all` has bits, packed together, spread to the even bits. */
function squeeze(x: number, all: number): number {
  const lowAll = all & 0x7f;
  const packed = (SQUEEZE_HIGH[((all >> 7) << 6) | (x >> 7)] << BIT_COUNT[lowAll]) | SQUEEZE_LOW[(lowAll << 7) | (x & 0x7f)];
  return SPREAD[packed];
}

/** `SQUEEZE_LOW[all << 7 | x]` (7-bit halves) and `SQUEEZE_HIGH[all << 6 | x]` (6-bit halves): x's bits where all has bits, packed. */
const SQUEEZE_LOW = squeezeTable(7);
const SQUEEZE_HIGH = squeezeTable(6);
/** A 13-bit mask with a zero put after every bit. */
const SPREAD = (() => {
  const table = new Int32Array(8192);
  for (let m = 0; m < 8192; m++) for (let i = 0; i < 13; i++) if (m & (1 << i)) table[m] |= 1 << (2 * i);
  return table;
})();

function squeezeTable(bits: number): Uint8Array {
  const table = new Uint8Array(1 << (2 * bits));
  for (let all = 0; all < 1 << bits; all++) {
    for (let x = 0; x < 1 << bits; x++) {
      let packed = 0;
      let at = 0;
      for (let i = 0; i < bits; i++) {
        if ((all & (1 << i)) === 0) continue;
        if (x & (1 << i)) packed |= 1 << at;
        at++;
      }
      table[(all << bits) | x] = packed;
    }
  }
  return table;
}

