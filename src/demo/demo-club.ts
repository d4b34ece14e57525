import { formatDeal, type Deal, type Hand } from '../bridge/deal.js';
import type { Seat } from '../bridge/types.js';

/** A small invented club night: what a newcomer sees on the first start. Every name is made up. */
export const DEMO_CLUB = {
  code: 'DEMO-RIVERSIDE',
  name: 'Riverside Bridge Club (demo)',
  event: {
    name: 'Tuesday Evening Pairs',
    startsOn: '2026-11-17',
    venue: 'Riverside Community Hall',
    directorName: 'Morgan Hale',
  },
  tables: 6,
  boards: 18,
  // Two-winner Mitchell: NS pairs 1–6 stay, EW pairs 1–6 move.
  pairs: [
    ['NS', 1, 'Alice Marsh', 'Bernard Cole'],
    ['NS', 2, 'Clara Finch', 'Dev Patel'],
    ['NS', 3, 'Elena Rossi', 'Frank Osei'],
    ['NS', 4, 'Grace Lin', 'Hugo Berg'],
    ['NS', 5, 'Ines Duarte', 'Jonas Weber'],
    ['NS', 6, 'Kate Moran', 'Liam Byrne'],
    ['EW', 1, 'Maya Cohen', 'Nils Dahl'],
    ['EW', 2, 'Olivia Grant', 'Pavel Novak'],
    ['EW', 3, 'Quinn Reyes', 'Rosa Silva'],
    ['EW', 4, 'Sam Okafor', 'Tara Quinn'],
    ['EW', 5, 'Uma Shah', 'Victor Lund'],
    ['EW', 6, 'Wendy Park', 'Xavier Roux'],
  ] as const,
};

/** A small seeded PRNG (mulberry32): the demo deals are the same on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANKS = 'AKQJT98765432';
const SEATS: Seat[] = ['N', 'E', 'S', 'W'];

/** A shuffled deal in PBN notation for board `board` of the demo. */
export function demoDeal(board: number): string {
  const random = mulberry32(board * 7919);
  const cards = Array.from({ length: 52 }, (_, i) => i);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const deal = {} as Record<Seat, Hand>;
  SEATS.forEach((seat, s) => {
    const hand = cards.slice(s * 13, s * 13 + 13).sort((a, b) => a - b);
    // card = suit * 13 + rank, suits in PBN order S H D C, ranks A..2
    const suits = [0, 1, 2, 3].map((suit) => hand.filter((c) => Math.floor(c / 13) === suit).map((c) => RANKS[c % 13]).join(''));
    deal[seat] = suits as unknown as Hand;
  });
  return formatDeal(deal as Deal);
}
