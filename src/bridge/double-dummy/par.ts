/**
 * Par: the score of a deal when both sides bid perfectly knowing the double-dummy table.
 * The auction is solved backwards over the 35 contracts: after one side bids a contract, the other
 * either lets it stand — doubled if it fails, so a failing contract scores Law 77's doubled
 * penalty, a making one its undoubled score — or bids higher itself (a better contract of its own,
 * or a sacrifice). The dealer's side speaks first, which decides par when both sides can make the
 * same contract. Every contract that ends such a perfect auction is listed, at its lowest level,
 * with the declarers who achieve the score: `4H-EW+1`, `3NT-N`, `5DX-NS-3`; `PASS` when nobody can
 * make anything.
 */
import { contractScore } from '../score.js';
import { sideOf, type Seat, type Strain, type Vulnerability } from '../types.js';
import type { DoubleDummyTable } from './table.js';

export interface Par {
  /** From North–South's side. */
  nsScore: number;
  contracts: string[];
}

/** Strains in bidding order. */
const BID_STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const SIDE_SEATS: Record<'NS' | 'EW', readonly [Seat, Seat]> = { NS: ['N', 'S'], EW: ['E', 'W'] };
const BIDS = 35;

interface Outcome {
  nsScore: number;
  /** Tricks of the side's best declarer, and those declarers. */
  tricks: number;
  declarers: Seat[];
}

export function parOf(table: DoubleDummyTable, vulnerability: Vulnerability, dealer: Seat): Par {
  const outcome = { NS: outcomes(table, 'NS', vulnerability), EW: outcomes(table, 'EW', vulnerability) };
  // above[side][b]: the best the side can do by bidding some contract above b (its opponents
  // having bid b); after[side][b]: the value once `side` has bid b and the other side speaks.
  const above = { NS: new Array<number>(BIDS + 1), EW: new Array<number>(BIDS + 1) };
  const after = { NS: new Array<number>(BIDS), EW: new Array<number>(BIDS) };
  above.NS[BIDS - 1] = -Infinity;
  above.EW[BIDS - 1] = Infinity;
  for (let b = BIDS - 1; b >= 0; b--) {
    after.NS[b] = Math.min(outcome.NS[b].nsScore, above.EW[b]);
    after.EW[b] = Math.max(outcome.EW[b].nsScore, above.NS[b]);
    if (b > 0) {
      above.NS[b - 1] = Math.max(above.NS[b], after.NS[b]);
      above.EW[b - 1] = Math.min(above.EW[b], after.EW[b]);
    }
  }
  const nsOpens = Math.max(above.NS[0], after.NS[0]);
  const ewOpens = Math.min(above.EW[0], after.EW[0]);
  // The dealer's side may open or pass; then the other side; then the dealer's side again.
  const nsScore =
    sideOf(dealer) === 'NS'
      ? Math.max(nsOpens, Math.min(ewOpens, Math.max(nsOpens, 0)))
      : Math.min(ewOpens, Math.max(nsOpens, Math.min(ewOpens, 0)));
  // A par contract scores par and ends the auction: the other side does strictly worse by bidding
  // on (when it does as well, it bids on, and the contract it pushes its opponents to is par).
  const contracts: string[] = [];
  for (const side of ['NS', 'EW'] as const) {
    const seen = new Set<string>();
    for (let b = 0; b < BIDS; b++) {
      const o = outcome[side][b];
      if (o.nsScore !== nsScore || nsScore === 0) continue;
      const onward = side === 'NS' ? above.EW[b] > o.nsScore : above.NS[b] < o.nsScore;
      if (!onward) continue;
      const strain = BID_STRAINS[b % 5];
      if (seen.has(strain)) continue;
      seen.add(strain);
      contracts.push(describe(b, side, o));
    }
  }
  return { nsScore: nsScore || 0, contracts: contracts.length ? contracts : ['PASS'] };
}

function outcomes(table: DoubleDummyTable, side: 'NS' | 'EW', vulnerability: Vulnerability): Outcome[] {
  const list: Outcome[] = [];
  for (let b = 0; b < BIDS; b++) {
    const level = Math.floor(b / 5) + 1;
    const strain = BID_STRAINS[b % 5];
    const [first, second] = SIDE_SEATS[side];
    const tricks = Math.max(table[strain][first], table[strain][second]);
    const declarers = SIDE_SEATS[side].filter((seat) => table[strain][seat] === tricks);
    // Law 77: a making contract scores undoubled; a failing one is doubled by the opponents.
    const doubling = tricks >= level + 6 ? '' : 'X';
    const nsScore = contractScore({ level, strain, doubling }, declarers[0], tricks, vulnerability).nsScore;
    list.push({ nsScore, tricks, declarers });
  }
  return list;
}

function describe(b: number, side: 'NS' | 'EW', o: Outcome): string {
  const level = Math.floor(b / 5) + 1;
  const difference = o.tricks - (level + 6);
  const contract = `${level}${BID_STRAINS[b % 5]}${difference < 0 ? 'X' : ''}`;
  const declarers = o.declarers.length === 2 ? side : o.declarers[0];
  const result = difference > 0 ? `+${difference}` : difference < 0 ? `${difference}` : '';
  return `${contract}-${declarers}${result}`;
}
