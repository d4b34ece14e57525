/**
 * Sure tricks for the side on lead at the start of a trick: a lower bound the search may cut on.
 * It must never overstate, so it counts only what cannot go wrong:
 * - the leader's top cards in each suit (he holds the highest cards still out, consecutively), in
 *   a trump contract only as many as every opponent who still has trumps can follow to, and only
 *   as many as partner can follow to when partner has trumps (else partner may be made to ruff and
 *   take the lead); all his cards of the suit when those top cards outnumber every other hand's
 *   cards of it (and no one can ruff);
 * - then, when the leader can reach partner (a small card in a suit whose top cards partner
 *   holds), partner's top cards in every suit where the leader has none, under the same limits
 *   (the leader following), and his small cards on the same terms as the leader's, and in the
 *   leader's suits partner's cards next below the leader's: the leader cashes his, leads low to
 *   partner, who cashes his.
 * Opponents who follow never discard, and opponents without trumps cannot hurt, so the suits add.
 * With none of those, a ruff by partner that no opponent can overruff is one trick.
 * `relevant` receives, per suit, the cards whose ranks the count relied on (the top cards it
 * counted), for the transposition table: a position with the same lengths and those cards in the
 * same hands has at least as many sure tricks.
 */
import { BIT_COUNT as SHARED_BIT_COUNT, NOTRUMP as SHARED_NOTRUMP, topCards as sharedTopCards } from './cards.js';

// Module-local copies of the shared constants: V8 folds a module's own constants into optimized
// code, while an import is read through a cell (and its type checked) at every use.
const BIT_COUNT = SHARED_BIT_COUNT;
const NOTRUMP = SHARED_NOTRUMP;
const topCards = sharedTopCards;

export function quickTricks(hands: Int32Array, trump: number, leader: number, left: number, enough: number, relevant: Int32Array, at: number): number {
  const partner = leader ^ 2;
  const lho = (leader + 1) & 3;
  const rho = (leader + 3) & 3;
  const suited = trump !== NOTRUMP;
  // Top trumps the leader can cash draw the opponents' trumps first when he has as many as they
  // hold: his side-suit winners then cannot be ruffed.
  let drawn = false;
  if (suited) {
    const t = hands[leader * 4 + trump];
    const allTrumps = t | hands[partner * 4 + trump] | hands[lho * 4 + trump] | hands[rho * 4 + trump];
    drawn = topRun(t, allTrumps) >= Math.max(BIT_COUNT[hands[lho * 4 + trump]], BIT_COUNT[hands[rho * 4 + trump]]);
  }
  const lhoTrumps = suited && !drawn && hands[lho * 4 + trump] !== 0;
  const rhoTrumps = suited && !drawn && hands[rho * 4 + trump] !== 0;
  const partnerTrumps = suited && hands[partner * 4 + trump] !== 0;
  const leaderTrumps = suited && hands[leader * 4 + trump] !== 0;
  let own = 0;
  let cross = 0;
  let entry = false;
  let crossSuits = 0;
  // The trump suit first: the drawing of trumps relies on its top cards, which an early answer
  // must keep.
  for (let i = 0; i < 4; i++) {
    const s = suitAt(i, suited ? trump : -1);
    if (i > 0 && (own >= enough || (entry && own + cross >= enough))) {
      return enoughFound(own, cross, enough, left, i, suited ? trump : -1, relevant, at);
    }
    const mine = hands[leader * 4 + s];
    const his = hands[partner * 4 + s];
    const all = mine | his | hands[lho * 4 + s] | hands[rho * 4 + s];
    relevant[at + s] = 0;
    ownOnly[s] = 0;
    if (all === 0) continue;
    const sideSuit = suited && s !== trump;
    let limit = 13;
    if (sideSuit) {
      if (lhoTrumps) limit = Math.min(limit, BIT_COUNT[hands[lho * 4 + s]]);
      if (rhoTrumps) limit = Math.min(limit, BIT_COUNT[hands[rho * 4 + s]]);
    }
    const mineTop = topRun(mine, all);
    if (mineTop > 0) {
      let counted = sideSuit && partnerTrumps ? Math.min(mineTop, limit, BIT_COUNT[his]) : sideSuit ? Math.min(mineTop, limit) : mineTop;
      // Once every other hand is out of the suit, the leader's small cards are winners too.
      const safe = !sideSuit || (!lhoTrumps && !rhoTrumps && !partnerTrumps);
      if (safe && mineTop >= Math.max(BIT_COUNT[his], BIT_COUNT[hands[lho * 4 + s]], BIT_COUNT[hands[rho * 4 + s]])) counted = BIT_COUNT[mine];
      if (own + counted >= enough) {
        // This suit completes the count: rely on just the top cards it needs (a count of long
        // cards relies on the whole top run).
        const used = counted <= mineTop ? enough - own : counted;
        ownOnly[s] = topCards(all, Math.min(used, mineTop));
        return enoughFound(own + used, 0, enough, left, i + 1, suited ? trump : -1, relevant, at);
      }
      own += counted;
      relevant[at + s] = topCards(all, Math.min(counted, mineTop));
      ownOnly[s] = relevant[at + s];
      // Partner's cards next below the leader's (A opposite Kx): his once the leader's are gone,
      // if he can follow to those with small cards; reached like his other winners.
      if (counted === mineTop && (!sideSuit || (safe && !leaderTrumps))) {
        const next = topRun(his, all & ~relevant[at + s]);
        if (next > 0 && BIT_COUNT[his] - next >= mineTop) {
          cross += next;
          crossSuits |= 1 << s;
          if (BIT_COUNT[mine] > mineTop) entry = true;
          relevant[at + s] = topCards(all, mineTop + next);
        }
      }
      continue;
    }
    const hisTop = topRun(his, all);
    if (hisTop === 0) continue;
    let reach = sideSuit && leaderTrumps ? Math.min(hisTop, limit, BIT_COUNT[mine]) : sideSuit ? Math.min(hisTop, limit) : hisTop;
    const safe = !sideSuit || (!lhoTrumps && !rhoTrumps && !leaderTrumps);
    if (safe && hisTop >= Math.max(BIT_COUNT[mine], BIT_COUNT[hands[lho * 4 + s]], BIT_COUNT[hands[rho * 4 + s]])) reach = BIT_COUNT[his];
    if (reach === 0) continue;
    if (mine !== 0) entry = true;
    cross += reach;
    crossSuits |= 1 << s;
    relevant[at + s] = topCards(all, Math.min(reach, hisTop));
  }
  if (!entry) {
    // No way to partner's winners: they count for nothing.
    cross = 0;
    for (let s = 0; s < 4; s++) if (crossSuits & (1 << s)) relevant[at + s] = ownOnly[s];
  }
  // Partner keeps his winners while he follows or discards to the leader's: at most `left` cards.
  if (own + cross > 0 || !partnerTrumps) return Math.min(left, own + cross);
  // No winner to cash, but a suit partner ruffs and neither opponent can overruff (each follows
  // or has no trump): one trick, relying on lengths only.
  for (let s = 0; s < 4; s++) {
    if (s === trump || hands[leader * 4 + s] === 0 || hands[partner * 4 + s] !== 0) continue;
    const lhoSafe = hands[lho * 4 + s] !== 0 || hands[lho * 4 + trump] === 0;
    const rhoSafe = hands[rho * 4 + s] !== 0 || hands[rho * 4 + trump] === 0;
    if (lhoSafe && rhoSafe) return 1;
  }
  return 0;
}

/**
 * The count reached `enough` after the first `visited` suits of the order (trump first): the
 * suits not visited are relied on for nothing, and when the leader's own winners are enough,
 * partner's cards are not relied on either (fewer cards relied on make the table's entries match
 * more positions).
 */
function enoughFound(own: number, cross: number, enough: number, left: number, visited: number, trump: number, relevant: Int32Array, at: number): number {
  const ownEnough = own >= enough;
  for (let i = 0; i < 4; i++) {
    const s = suitAt(i, trump);
    if (i >= visited) relevant[at + s] = 0;
    else if (ownEnough) relevant[at + s] = ownOnly[s];
  }
  return Math.min(left, ownEnough ? own : own + cross);
}

/** The suit visited `i`-th: the trump suit first (none: -1), then the others in order. */
function suitAt(i: number, trump: number): number {
  if (trump < 0) return i;
  return i === 0 ? trump : i <= trump ? i - 1 : i;
}

/** Scratch: per suit, what `relevant` holds without partner's cards (if he cannot be reached). */
const ownOnly = new Int32Array(4);


/** How many of `all`'s highest cards `mine` holds in an unbroken run from the top. */
function topRun(mine: number, all: number): number {
  if (mine === 0) return 0;
  // Cards of `all` above the highest card `mine` lacks: the run is those, if all are `mine`'s.
  const missing = all & ~mine;
  const above = missing === 0 ? all : all & ~((2 << (31 - Math.clz32(missing))) - 1);
  return BIT_COUNT[above];
}

/**
 * Tricks the side of `hand` is sure of with its trumps, whoever leads (DDS's "later tricks"):
 * - the other side has no trumps: every trump of the longer trump hand wins a trick of its own
 *   (a trick with a trump in it goes to the highest trump), relying on lengths only;
 * - the side holds the top two trumps, and not as two singletons in different hands (which a
 *   trump lead would make fall together): two tricks, relying on those two cards;
 * - the side holds the top trump: one trick, relying on it;
 * - one hand holds more than that of the side's top run of trumps (the cards above every
 *   opponent's trump): a trick for each, relying on the run down to his lowest of them;
 * - the side, not on lead (`onLead` false), has a guarded second-best trump over the top one, or
 *   the second and third best: one trick (see guardedSecondTrump).
 * `relevant` receives the trump suit's cards relied on (other suits are left alone).
 */
export function trumpTricks(hands: Int32Array, trump: number, hand: number, onLead: boolean, relevant: Int32Array, at: number): number {
  const a = hands[hand * 4 + trump];
  const b = hands[(hand ^ 2) * 4 + trump];
  const ours = a | b;
  if (ours === 0) return 0;
  const theirs = hands[((hand + 1) & 3) * 4 + trump] | hands[((hand + 3) & 3) * 4 + trump];
  relevant[at + trump] = 0;
  if (theirs === 0) return Math.max(BIT_COUNT[a], BIT_COUNT[b]);
  const all = ours | theirs;
  const top = 1 << (31 - Math.clz32(all));
  if ((ours & top) === 0) return onLead ? 0 : guardedSecondTrump(hands, trump, hand, all, top, relevant, at);
  const second = 1 << (31 - Math.clz32(all ^ top));
  const twoSingletons = BIT_COUNT[a] === 1 && BIT_COUNT[b] === 1;
  const topTwo = (ours & second) !== 0 && !twoSingletons;
  const run = topCards(all, topRun(ours, all));
  const runA = a & run;
  const runB = b & run;
  const longer = BIT_COUNT[runA] >= BIT_COUNT[runB] ? runA : runB;
  if (BIT_COUNT[longer] > (topTwo ? 2 : 1)) {
    // Each card of one hand's share of the run wins a trick of its own (partner's may only
    // overtake it).
    relevant[at + trump] = run & ~((longer & -longer) - 1);
    return BIT_COUNT[longer];
  }
  if (topTwo) {
    relevant[at + trump] = top | second;
    return 2;
  }
  relevant[at + trump] = top;
  return 1;
}

/**
 * One trick for the side of `hand`, not on lead, without the top trump (DDS's later tricks): its
 * second-best trump, guarded (its holder has another trump), sits just after the top trump's
 * holder, or the side holds the third-best trump too. The top trump can take only one of them,
 * and the side never has to lead from the guard before it has won a trick. Relies on the top two
 * or three trumps.
 */
function guardedSecondTrump(hands: Int32Array, trump: number, hand: number, all: number, top: number, relevant: Int32Array, at: number): number {
  const rest = all ^ top;
  if (rest === 0) return 0;
  const second = 1 << (31 - Math.clz32(rest));
  const holder = (hands[hand * 4 + trump] & second) !== 0 ? hand : (hands[(hand ^ 2) * 4 + trump] & second) !== 0 ? hand ^ 2 : -1;
  if (holder < 0 || BIT_COUNT[hands[holder * 4 + trump]] < 2) return 0;
  if ((hands[((holder + 3) & 3) * 4 + trump] & top) !== 0) {
    relevant[at + trump] = top | second;
    return 1;
  }
  const below = rest ^ second;
  if (below === 0) return 0;
  const third = 1 << (31 - Math.clz32(below));
  if (((hands[hand * 4 + trump] | hands[(hand ^ 2) * 4 + trump]) & third) === 0) return 0;
  relevant[at + trump] = top | second | third;
  return 1;
}

/**
 * Whether the side of `hand`, needing every one of the `left` tricks in notrump (or with no trump
 * left), must fail: the other side keeps the top card of each suit it tops until it wins a trick
 * with it (it would only have to discard it at the last trick, when it no longer matters), so the
 * side wins tricks only in the suits it tops, at most as many in each as its longer hand holds.
 * Relies on the top cards of the suits the other side tops (`relevant`, every suit written).
 */
export function cannotTakeAll(hands: Int32Array, hand: number, left: number, relevant: Int32Array, at: number): boolean {
  const partner = hand ^ 2;
  const lho = (hand + 1) & 3;
  const rho = (hand + 3) & 3;
  let tricks = 0;
  for (let s = 0; s < 4; s++) {
    const mine = hands[hand * 4 + s];
    const his = hands[partner * 4 + s];
    const theirs = hands[lho * 4 + s] | hands[rho * 4 + s];
    const all = mine | his | theirs;
    relevant[at + s] = 0;
    if (all === 0) continue;
    const top = 1 << (31 - Math.clz32(all));
    if ((theirs & top) !== 0) relevant[at + s] = top;
    else tricks += Math.max(BIT_COUNT[mine], BIT_COUNT[his]);
  }
  return tricks < left;
}
