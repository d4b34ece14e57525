/**
 * Move generation with ordering. Cards that no other remaining card separates (a hand's Q and J
 * when the K, the 10 and the 9 are all gone) are one move: only the top card of each such run is
 * generated, and a move carries the run's lowest rank (`low << 8 | suit << 4 | rank`), because a
 * search that relied on the run being one move relied on those ranks (see search.ts). Each move gets a weight from the situation at the table (cash a winner, lead to
 * partner's winner or ruff, win as cheaply as possible, follow low when partner's card holds,
 * discard low), and moves are tried heaviest first: the good move first is what lets alpha-beta
 * cut. `preferred` (a lead written `suit * 16 + cards of the suit above it`: the one that last cut
 * at the same depth) is tried before everything in notrump and weighed up in trump contracts.
 */
import { BIT_COUNT as SHARED_BIT_COUNT, NOTRUMP as SHARED_NOTRUMP, highestRank as sharedHighestRank } from './cards.js';
import type { PlayState } from './play-state.js';

// Module-local copies of the shared constants: V8 folds a module's own constants into optimized
// code, while an import is read through a cell (and its type checked) at every use.
const BIT_COUNT = SHARED_BIT_COUNT;
const NOTRUMP = SHARED_NOTRUMP;
const highestRank = sharedHighestRank;
// Weights are integers: a low card's is written `0 - r`, never `-r`, which V8 computes as a
// double (it is -0 for the two) and converts back at every store.

/** Generates the moves of `hand` at position `pos` of the trick into `moves`/`weights` from `base`; answers how many. */
export function generateMoves(p: PlayState, hand: number, pos: number, moves: Int32Array, weights: Int32Array, base: number, preferred: number): number {
  const n = pos === 0 ? generateLeads(p, hand, moves, weights, base, preferred) : generateFollows(p, hand, pos, moves, weights, base);
  sortByWeight(moves, weights, base, n);
  return n;
}

function generateLeads(p: PlayState, hand: number, moves: Int32Array, weights: Int32Array, base: number, preferred: number): number {
  const h = p.hands;
  const trump = p.trump;
  const partner = hand ^ 2;
  const lho = (hand + 1) & 3;
  const rho = (hand + 3) & 3;
  let n = 0;
  for (let s = 0; s < 4; s++) {
    const mine = h[hand * 4 + s];
    if (mine === 0) continue;
    const his = h[partner * 4 + s];
    const all = mine | his | h[lho * 4 + s] | h[rho * 4 + s];
    const top = 1 << highestRank(all);
    const sideSuit = trump !== NOTRUMP && s !== trump;
    const lhoRuffs = sideSuit && h[lho * 4 + s] === 0 && h[lho * 4 + trump] !== 0;
    const rhoRuffs = sideSuit && h[rho * 4 + s] === 0 && h[rho * 4 + trump] !== 0;
    const partnerRuffs = sideSuit && his === 0 && h[partner * 4 + trump] !== 0;
    let suitWeight: number;
    if (mine & top) suitWeight = lhoRuffs || rhoRuffs ? -10 : 50;
    else if (his & top) suitWeight = lhoRuffs || rhoRuffs ? -5 : PARTNER_TOP_WEIGHT;
    else if (partnerRuffs && !lhoRuffs) suitWeight = rhoRuffs && highestRank(h[rho * 4 + trump]) > highestRank(h[partner * 4 + trump]) ? 0 : 35;
    else if (lhoRuffs || rhoRuffs) suitWeight = -20;
    else suitWeight = opponentsTopWeight(h, hand, s, all, top);
    if (s === trump) suitWeight += 5;
    suitWeight -= SIZE_WEIGHT * (opponentCards(h[lho * 4 + s], p.left) + opponentCards(h[rho * 4 + s], p.left));
    n = addRuns(mine, all, s, moves, weights, base, n, suitWeight, preferred, trump === NOTRUMP ? KILLER_FIRST : KILLER_WEIGHT_TRUMPS);
  }
  return n;
}

/**
 * Weight against each card the opponents may play to a lead (DDS's idea): the fewer choices they
 * have, the smaller the tree below the lead, so among leads that look alike the cheap ones are
 * tried first. Measured best between 10 and 14 (40% fewer nodes than none).
 */
const SIZE_WEIGHT = 12;
/**
 * A lead to partner's top card (nobody ruffing) goes before cashing one's own: measured best near
 * 100, well above a cash's 50 (4–6% fewer nodes than 40, just below the cash).
 */
const PARTNER_TOP_WEIGHT = 100;
/**
 * The lead that last cut at the same depth (killer): in notrump it goes before everything; in a
 * trump contract it only weighs as much as the best situations (a lead to partner's winner), so
 * that the situation can overrule it: measured best between 105 and 135 (5.7% fewer nodes on the
 * 40-deal sample, 3.9% on deals 200-229, 8-9% by geometric mean on both). The same weight in
 * notrump gave 7-17% more nodes there.
 */
const KILLER_FIRST = 1000;
const KILLER_WEIGHT_TRUMPS = 105;
/** Weight for each card of a suit discarded from: long suits spare a card most easily (5% fewer nodes). */
const DISCARD_LENGTH_WEIGHT = 10;

/** The cards an opponent may play to a lead: a void hand may play any (counted as a full hand). */
function opponentCards(suitCards: number, left: number): number {
  return suitCards === 0 ? left + 1 : BIT_COUNT[suitCards];
}

/**
 * A suit whose top card the opponents hold: lead it when the second-best card sits behind the top
 * one (partner's after LHO's: a finesse that cannot lose), or when the side holds the second and
 * third cards (a winner next time); avoid it when RHO, who plays last, holds the top or the
 * second card (unless singleton, when it falls).
 */
function opponentsTopWeight(h: Int32Array, hand: number, s: number, all: number, top: number): number {
  const partner = hand ^ 2;
  const lho = (hand + 1) & 3;
  const rho = (hand + 3) & 3;
  const second = all === top ? 0 : 1 << highestRank(all ^ top);
  const third = all === (top | second) ? 0 : 1 << highestRank(all ^ top ^ second);
  const rhoCards = h[rho * 4 + s];
  const ours = h[hand * 4 + s] | h[partner * 4 + s];
  let w = 0;
  if ((rhoCards & (top | second)) !== 0) {
    if (BIT_COUNT[rhoCards] !== 1) w -= 10;
  } else if ((h[lho * 4 + s] & top) !== 0 && (h[partner * 4 + s] & second) !== 0 && BIT_COUNT[h[partner * 4 + s]] !== 1) {
    w += 31;
  }
  if ((ours & second) !== 0 && (ours & third) !== 0) w += 20;
  return w;
}

/**
 * Adds the top card of each run of `mine` within `present` (cards of the suit still in play).
 * Cards win by rank, so the highest run of a suit with the top card gets a bonus when the suit
 * weight says cashing; lower runs are weighted low card first.
 */
function addRuns(mine: number, present: number, suit: number, moves: Int32Array, weights: Int32Array, base: number, n: number, suitWeight: number, preferred: number, preferredWeight: number): number {
  let m = mine;
  let first = true;
  while (m) {
    const r = highestRank(m);
    let low = r;
    m ^= 1 << r;
    for (;;) {
      const below = present & ((1 << low) - 1);
      if (below === 0) break;
      const next = highestRank(below);
      if ((m & (1 << next)) === 0) break;
      m ^= 1 << next;
      low = next;
    }
    const move = (low << 8) | (suit * 16 + r);
    const fromTop = BIT_COUNT[present >> (r + 1)];
    const topRun = first && fromTop === 0;
    let w = topRun ? suitWeight + 12 : suitWeight - r;
    if (preferred === suit * 16 + fromTop) w += preferredWeight;
    moves[base + n] = move;
    weights[base + n] = w;
    n++;
    first = false;
  }
  return n;
}

function generateFollows(p: PlayState, hand: number, pos: number, moves: Int32Array, weights: Int32Array, base: number): number {
  const h = p.hands;
  const o = p.at;
  const lead = p.trickSuit[o];
  const w = o + p.winPos[o + pos - 1];
  const ws = p.trickSuit[w];
  const wr = p.trickRank[w];
  const partnerWinning = ((p.trickHand[w] ^ hand) & 1) === 0;
  const mine = h[hand * 4 + lead];
  if (mine !== 0) return followSuit(p, hand, pos, lead, ws, wr, partnerWinning, moves, weights, base);
  return ruffsAndDiscards(p, hand, pos, lead, ws, wr, partnerWinning, moves, weights, base);
}

/**
 * The moves of a hand void in the suit led: ruffs and discards. A function of its own so that
 * generateFollows stays small enough for V8 to inline followSuit, the common case, into it.
 */
function ruffsAndDiscards(p: PlayState, hand: number, pos: number, lead: number, ws: number, wr: number, partnerWinning: boolean, moves: Int32Array, weights: Int32Array, base: number): number {
  const h = p.hands;
  const trump = p.trump;
  let n = 0;
  const next = (hand + 1) & 3;
  for (let s = 0; s < 4; s++) {
    const cards = h[hand * 4 + s];
    if (cards === 0) continue;
    const present = p.present(s, pos);
    let m = cards;
    while (m) {
      const r = highestRank(m);
      const low = runBottom(m, present, r);
      m &= ~((2 << r) - (1 << low));
      let weight: number;
      if (s === trump) {
        const wins = ws !== trump || r > wr;
        if (!wins) weight = -100 - r;
        else if (partnerWinning && (pos === 3 || partnerHolds(p, next, lead, ws, wr))) weight = -60 - r;
        else if (pos < 3 && overruffed(p, hand, pos, lead, r)) weight = 20 + r;
        else weight = 80 - r;
      } else {
        weight = DISCARD_LENGTH_WEIGHT * BIT_COUNT[cards] - 2 * r - (partnerWinning ? 0 : 20) - (BIT_COUNT[present >> (r + 1)] === 0 ? 15 : 0);
      }
      moves[base + n] = (low << 8) | (s * 16 + r);
      weights[base + n] = weight;
      n++;
    }
  }
  return n;
}

function followSuit(p: PlayState, hand: number, pos: number, lead: number, ws: number, wr: number, partnerWinning: boolean, moves: Int32Array, weights: Int32Array, base: number): number {
  const h = p.hands;
  // Read here, not passed: V8 then knows the cards are a small integer and keeps the loop over
  // them in integer registers.
  const mine = h[hand * 4 + lead];
  const present = p.present(lead, pos);
  const canBeat = ws === lead;
  let n = 0;
  let m = mine;
  // For the second and third hands: what the next hand (an opponent when third) can do.
  const next = (hand + 1) & 3;
  const nextCards = h[next * 4 + lead];
  const nextTop = highestRank(nextCards);
  const nextRuffs = p.trump !== NOTRUMP && lead !== p.trump && nextCards === 0 && h[next * 4 + p.trump] !== 0;
  while (m) {
    const r = highestRank(m);
    const low = runBottom(m, present, r);
    m &= ~((2 << r) - (1 << low));
    const beats = canBeat && r > wr;
    let weight: number;
    if (pos === 3) weight = !partnerWinning && beats ? 100 - r : 0 - r;
    else if (pos === 2) {
      if (partnerWinning && canBeat && wr > nextTop && !nextRuffs) weight = 0 - r;
      else if (beats) weight = r > nextTop && !nextRuffs ? 100 - r : 20 + r;
      else weight = 0 - r;
    } else {
      weight = beats && r > nextTop && !nextRuffs ? 60 - r : 0 - r;
    }
    moves[base + n] = (low << 8) | (lead * 16 + r);
    weights[base + n] = weight;
    n++;
  }
  return n;
}

/** The lowest rank of the run of `m` that starts at rank `r` (cards of `m` with nothing of `present` between). */
function runBottom(m: number, present: number, r: number): number {
  let low = r;
  for (;;) {
    const below = present & ((1 << low) - 1);
    if (below === 0 || (m & (1 << highestRank(below))) === 0) return low;
    low = highestRank(below);
  }
}

/** Whether the card winning so far (partner's) stays above what `next` (the last hand) can play. */
function partnerHolds(p: PlayState, next: number, lead: number, ws: number, wr: number): boolean {
  const h = p.hands;
  const cards = h[next * 4 + lead];
  if (cards !== 0) return ws !== lead || wr > highestRank(cards);
  if (p.trump === NOTRUMP) return true;
  const trumps = h[next * 4 + p.trump];
  return trumps === 0 || (ws === p.trump && wr > highestRank(trumps));
}

/** Whether an opponent still to play, void in the led suit, holds a trump above rank `r`. */
function overruffed(p: PlayState, hand: number, pos: number, lead: number, r: number): boolean {
  const h = p.hands;
  for (let later = pos + 1; later < 4; later++) {
    const other = (hand + later - pos) & 3;
    if (((other ^ hand) & 1) === 0) continue;
    if (h[other * 4 + lead] === 0 && highestRank(h[other * 4 + p.trump]) > r) return true;
  }
  return false;
}

function sortByWeight(moves: Int32Array, weights: Int32Array, base: number, n: number): void {
  for (let i = base + 1; i < base + n; i++) {
    const m = moves[i];
    const w = weights[i];
    let j = i - 1;
    while (j >= base && weights[j] < w) {
      moves[j + 1] = moves[j];
      weights[j + 1] = weights[j];
      j--;
    }
    moves[j + 1] = m;
    weights[j + 1] = w;
  }
}
