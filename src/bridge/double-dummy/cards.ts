/**
 * The solver's card representation. A position is 16 thirteen-bit masks, one per hand and suit
 * (index `hand * 4 + suit`); bit r is rank r + 2, so the ace is bit 12. Hands run N, E, S, W
 * (0–3: a hand's partner is `hand ^ 2`, North–South are the even hands); suits run S, H, D, C
 * (0–3, PBN order) and strain 4 is notrump.
 */
import type { Deal } from '../deal.js';
import type { Seat, Strain } from '../types.js';

export const NOTRUMP = 4;
export const HAND_SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
/** Strains in the solver's order (suits as PBN writes them, then notrump). */
export const STRAIN_ORDER: readonly Strain[] = ['S', 'H', 'D', 'C', 'NT'];
const RANK_CHARS = '23456789TJQKA';

/** Number of set bits of a 13-bit mask. */
export const BIT_COUNT = (() => {
  const table = new Uint8Array(8192);
  for (let m = 1; m < 8192; m++) table[m] = table[m >> 1] + (m & 1);
  return table;
})();

/** The `k` highest cards of `all` (all of them when it has fewer). */
export function topCards(all: number, k: number): number {
  let mask = 0;
  let rest = all;
  for (let i = 0; i < k && rest; i++) {
    const bit = 1 << (31 - Math.clz32(rest));
    mask |= bit;
    rest ^= bit;
  }
  return mask;
}

/** Rank (0–12) of the highest card of a non-empty mask; -1 for an empty one. */
export function highestRank(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** The 16 suit masks of a parsed deal. */
export function holdingsOfDeal(deal: Deal): Int32Array {
  const holdings = new Int32Array(16);
  HAND_SEATS.forEach((seat, hand) => {
    deal[seat].forEach((holding, suit) => {
      for (const rank of holding) holdings[hand * 4 + suit] |= 1 << RANK_CHARS.indexOf(rank);
    });
  });
  return holdings;
}

/** The deal of 16 suit masks (13 cards a hand), the inverse of `holdingsOfDeal`. */
export function dealOfHoldings(holdings: Int32Array): Deal {
  const deal = {} as Record<Seat, Deal[Seat]>;
  HAND_SEATS.forEach((seat, hand) => {
    const suits = [0, 1, 2, 3].map((suit) => {
      let text = '';
      for (let rank = 12; rank >= 0; rank--) if (holdings[hand * 4 + suit] & (1 << rank)) text += RANK_CHARS[rank];
      return text;
    });
    deal[seat] = suits as unknown as Deal[Seat];
  });
  return deal;
}

/** A card as `suit * 16 + rank` (the move encoding of the search). */
export function cardCode(text: string): number {
  const suit = 'SHDC'.indexOf(text[0]?.toUpperCase() ?? '');
  const rank = RANK_CHARS.indexOf(text[1]?.toUpperCase() ?? '');
  if (suit < 0 || rank < 0 || text.length !== 2) throw new RangeError(`"${text}" is not a card such as SA or H7`);
  return suit * 16 + rank;
}
