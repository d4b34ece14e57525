/**
 * The double-dummy table of a deal: the tricks each of the four declarers takes in each of the
 * five strains (20 results). For each strain the search is asked four times, once per opening
 * leader, about North–South's tricks; the transposition table carries over between them, and each
 * answer is the next question's first guess (the first of a new suit's, moved by the change in fit).
 */
import { parseDeal } from '../deal.js';
import type { Seat, Strain } from '../types.js';
import { BIT_COUNT, HAND_SEATS, NOTRUMP, STRAIN_ORDER, holdingsOfDeal } from './cards.js';
import { DoubleDummySearch } from './search.js';

/** Tricks by strain and declarer: `tricks[strain][declarer]`. */
export type DoubleDummyTable = Record<Strain, Record<Seat, number>>;

/** Declarers in the order the search visits their opening leaders (E, S, W, N lead). */
const DECLARERS = [0, 1, 2, 3];

/** Solves the 20 results of `holdings` (16 suit masks, see cards.ts; any equal number of cards a hand) with `search`. */
export function solveHoldings(holdings: Int32Array, search: DoubleDummySearch): DoubleDummyTable {
  const table = {} as DoubleDummyTable;
  let tricks = 0;
  for (let s = 0; s < 4; s++) tricks += BIT_COUNT[holdings[s]];
  let guess = -1;
  let firstOfStrain = -1;
  STRAIN_ORDER.forEach((strain, trump) => {
    const row = {} as Record<Seat, number>;
    // From one suit to the next, North–South's tricks tend to move with their trump fit: one
    // trick a card of fit over East–West's (measured: 3% fewer nodes than the last answer alone).
    if (trump > 0 && trump < NOTRUMP) {
      const moved = firstOfStrain + fitOf(holdings, trump) - fitOf(holdings, trump - 1);
      guess = Math.max(0, Math.min(tricks, moved));
    }
    for (const declarer of DECLARERS) {
      search.setPosition(holdings, trump, (declarer + 1) & 3);
      const ns = search.nsTricks(guess);
      guess = ns;
      if (declarer === DECLARERS[0]) firstOfStrain = ns;
      row[HAND_SEATS[declarer]] = declarer % 2 === 0 ? ns : tricks - ns;
    }
    table[strain] = row;
  });
  return table;
}

/** North–South's cards of `suit` less East–West's. */
function fitOf(holdings: Int32Array, suit: number): number {
  return BIT_COUNT[holdings[suit]] + BIT_COUNT[holdings[8 + suit]] - BIT_COUNT[holdings[4 + suit]] - BIT_COUNT[holdings[12 + suit]];
}

/** The double-dummy table of a PBN deal. */
export function solveDeal(deal: string, search = new DoubleDummySearch()): DoubleDummyTable {
  return solveHoldings(holdingsOfDeal(parseDeal(deal)), search);
}
