import { InvalidBoardError } from './errors.js';
import type { Seat } from './types.js';

const RANKS = 'AKQJT98765432';
const SUITS = ['S', 'H', 'D', 'C'] as const;
const CLOCKWISE: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** One hand as four suit strings in PBN order (spades, hearts, diamonds, clubs), ranks high to low. */
export type Hand = readonly [string, string, string, string];
export type Deal = Record<Seat, Hand>;

/**
 * Parses a full PBN deal ("N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 …"): four hands clockwise from the
 * first seat, each 13 cards, 52 distinct cards in all. Partial deals ("-" hands) are refused: a hand
 * record is only useful when complete.
 */
export function parseDeal(text: string): Deal {
  const m = /^\s*([NESW]):(.*)$/i.exec(text);
  if (!m) throw new InvalidBoardError('Deal must look like "N:<hand> <hand> <hand> <hand>" (PBN notation)', 'deal');
  const hands = m[2].trim().split(/\s+/);
  if (hands.length !== 4) throw new InvalidBoardError(`Deal must give 4 hands, found ${hands.length}`, 'deal');
  const first = CLOCKWISE.indexOf(m[1].toUpperCase() as Seat);
  const seen = new Set<string>();
  const deal = {} as Record<Seat, Hand>;
  hands.forEach((handText, i) => {
    const seat = CLOCKWISE[(first + i) % 4];
    deal[seat] = parseHand(handText, seat, seen);
  });
  return deal;
}

function parseHand(text: string, seat: Seat, seen: Set<string>): Hand {
  const suits = text.toUpperCase().split('.');
  if (suits.length !== 4) {
    throw new InvalidBoardError(`Hand of ${seat} must have 4 suits separated by dots, got "${text}"`, 'deal');
  }
  let cards = 0;
  suits.forEach((holding, s) => {
    let last = -1;
    for (const rank of holding) {
      const r = RANKS.indexOf(rank);
      if (r < 0) throw new InvalidBoardError(`Hand of ${seat}: "${rank}" is not a card rank (AKQJT98765432)`, 'deal');
      if (r <= last) throw new InvalidBoardError(`Hand of ${seat}: ranks in ${SUITS[s]} must be in order AKQJT98765432`, 'deal');
      last = r;
      const card = SUITS[s] + rank;
      if (seen.has(card)) throw new InvalidBoardError(`Card ${card} appears twice in the deal`, 'deal');
      seen.add(card);
      cards++;
    }
  });
  if (cards !== 13) throw new InvalidBoardError(`Hand of ${seat} has ${cards} cards, must have 13`, 'deal');
  return suits as unknown as Hand;
}

/** Prints a deal in canonical PBN form, starting with North. */
export function formatDeal(deal: Deal): string {
  return 'N:' + CLOCKWISE.map((seat) => deal[seat].join('.')).join(' ');
}

/** Validates and normalises a PBN deal string (upper case, starting with North). */
export function normaliseDeal(text: string): string {
  return formatDeal(parseDeal(text));
}
