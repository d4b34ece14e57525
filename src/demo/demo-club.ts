import { formatDeal, type Deal, type Hand } from '../bridge/deal.js';
import { seededRandom } from '../bridge/random.js';
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

const RANKS = 'AKQJT98765432';
const SEATS: Seat[] = ['N', 'E', 'S', 'W'];

/** A shuffled deal in PBN notation for board `board` of the demo. */
export function demoDeal(board: number): string {
  const random = seededRandom(board * 7919);
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

const HCP: Record<string, number> = { A: 4, K: 3, Q: 2, J: 1 };
const STRAINS = ['S', 'H', 'D', 'C'] as const;

export interface DemoLine {
  contract: string;
  declarer: Seat | null;
  tricks: number | null;
}

/**
 * A plausible result for a demo table: the side with more points declares its best fit at a level
 * its points suggest, and takes about as many tricks as they are worth, give or take one. Seeded by
 * board and table, so every machine shows the same travellers.
 */
export function demoResult(board: number, table: number, deal: string): DemoLine {
  const hands = Object.fromEntries(deal.slice(2).split(' ').map((hand, i) => [SEATS[i], hand.split('.')])) as Record<Seat, string[]>;
  const points = (seat: Seat) => hands[seat].join('').split('').reduce((sum, card) => sum + (HCP[card] ?? 0), 0);
  const ns = points('N') + points('S');
  const [a, b] = ns >= 20 ? (['N', 'S'] as const) : (['E', 'W'] as const);
  const strength = Math.max(ns, 40 - ns);
  const random = seededRandom(board * 104729 + table * 7);
  if (strength <= 20 && random() < 0.5) return { contract: 'PASS', declarer: null, tricks: null };
  const fits = STRAINS.map((s, i) => ({ s, length: hands[a][i].length + hands[b][i].length }));
  const best = fits.reduce((x, y) => (y.length > x.length || (y.length === x.length && 'SH'.includes(y.s)) ? y : x));
  const major = best.s === 'S' || best.s === 'H';
  const strain = best.length >= 8 && (major || strength < 25) ? best.s : 'NT';
  const game = strain === 'NT' ? 3 : major ? 4 : 5;
  const level = strength >= 33 ? 6 : strength >= 25 ? game : strength >= 22 ? 2 : 1;
  const declarer = points(a) >= points(b) ? a : b;
  const expected = 6 + (strength >= 25 ? game : level) + Math.round((strength - (strength >= 25 ? 25 : 20)) / 4);
  const tricks = Math.max(0, Math.min(13, expected + Math.floor(random() * 3) - 1));
  return { contract: `${level}${strain}`, declarer, tricks };
}
