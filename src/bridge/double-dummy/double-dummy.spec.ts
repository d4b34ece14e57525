import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '../random.js';
import { cardCode } from './cards.js';
import { randomHoldings } from './random-deal.js';
import { DoubleDummySearch } from './search.js';
import { solveDeal, solveHoldings, type DoubleDummyTable } from './table.js';

const N = 0;
const E = 1;
const S = 2;
const W = 3;
const NT = 4;

/** 16 suit masks from four hands written as PBN hands (N E S W), possibly short of 13 cards. */
function position(hands: [string, string, string, string]): Int32Array {
  const holdings = new Int32Array(16);
  hands.forEach((hand, h) =>
    hand.split('.').forEach((suit, s) => {
      for (const rank of suit) holdings[h * 4 + s] |= 1 << '23456789TJQKA'.indexOf(rank);
    }),
  );
  return holdings;
}

function nsTricks(holdings: Int32Array, trump: number, leader: number, trick: string[] = []): number {
  const search = new DoubleDummySearch(16);
  search.setPosition(holdings, trump, leader, trick.map(cardCode));
  return search.nsTricks();
}

/** Plain minimax over every legal card: the reference for small positions. */
function bruteForce(h: Int32Array, trump: number, leader: number): number {
  let cards = 0;
  for (let i = 0; i < 4; i++) for (let m = h[i]; m; m &= m - 1) cards++;
  if (cards === 0) return 0;
  const play = (pos: number, hand: number, lead: number, ws: number, wr: number, wh: number): number => {
    if (pos === 4) return ((wh & 1) === 0 ? 1 : 0) + bruteForce(h, trump, wh);
    const follows = pos > 0 && h[hand * 4 + lead] !== 0;
    let best = (hand & 1) === 0 ? -1 : 99;
    for (let s = 0; s < 4; s++) {
      if (follows && s !== lead) continue;
      for (let r = 0; r < 13; r++) {
        if (!(h[hand * 4 + s] & (1 << r))) continue;
        h[hand * 4 + s] ^= 1 << r;
        const wins = pos === 0 || (s === ws ? r > wr : s === trump);
        const v = play(pos + 1, (hand + 1) & 3, pos === 0 ? s : lead, wins ? s : ws, wins ? r : wr, wins ? hand : wh);
        h[hand * 4 + s] ^= 1 << r;
        best = (hand & 1) === 0 ? Math.max(best, v) : Math.min(best, v);
      }
    }
    return best;
  };
  return play(0, leader, -1, -1, -1, -1);
}

describe('double-dummy search: known positions', () => {
  it.each([
    // A two-card finesse: the king in front of the AQ is caught, behind it is not.
    ['finesse onside', ['AQ...', '76...', '32...', 'K5...'], NT, S, 2],
    ['finesse offside', ['AQ...', 'K5...', '32...', '76...'], NT, S, 1],
    // A simple squeeze: the ♣A forces West to give up the ♠K's guard or the ♥K.
    ['simple squeeze', ['A2.2..', '.J.43.', '5.Q..A', 'KQ.K..'], NT, S, 3],
    // With a losing diamond instead of the squeeze card, East wins it and West is never squeezed.
    ['no squeeze card', ['A2.2..', '.J.43.', '5.Q.2.', 'KQ.K..'], NT, S, 1],
    // Trump control: the last trump is a trick whatever the lead.
    ['last trump', ['A...', '.2..', '.3..', '.4..'], 1, E, 0],
    ['overruff', ['..2.', '.A..', '2...', '3...'], 0, E, 0],
    ['ruff', ['..2.', '.A..', '3...', '2...'], 0, E, 1],
  ] as const)('%s', (_name, hands, trump, leader, expected) => {
    const holdings = position([...hands]);
    expect(nsTricks(holdings, trump, leader)).toBe(expected);
    expect(bruteForce(holdings, trump, leader)).toBe(expected);
  });

  it('a deal where North–South make 13 tricks in every strain, whoever declares', () => {
    const table = solveDeal('N:AKQJ.AKQJ.AKQ.AK 5432.432.432.432 T9.T9.JT98.QJT98 876.8765.765.765');
    for (const strain of ['C', 'D', 'H', 'S', 'NT'] as const) {
      expect(table[strain]).toEqual({ N: 13, E: 0, S: 13, W: 0 });
    }
  });

  it('agrees with plain minimax on 300 random 4-card endings, every trump and leader', () => {
    const random = seededRandom(16);
    for (let i = 0; i < 300; i++) {
      const h = randomHoldings(random, 4);
      const trump = i % 5;
      const leader = Math.floor(i / 5) % 4;
      expect([i, nsTricks(h, trump, leader)]).toEqual([i, bruteForce(h, trump, leader)]);
    }
  });
});

describe('double-dummy search: invariants', () => {
  const random = seededRandom(77);
  const positions = Array.from({ length: 12 }, () => randomHoldings(random, 7));

  it('rotating the deal a seat rotates the table', () => {
    const seats = ['N', 'E', 'S', 'W'] as const;
    for (const h of positions) {
      const rotated = new Int32Array(16);
      for (let hand = 0; hand < 4; hand++) for (let s = 0; s < 4; s++) rotated[((hand + 1) & 3) * 4 + s] = h[hand * 4 + s];
      const before = solveHoldings(h, new DoubleDummySearch(16));
      const after = solveHoldings(rotated, new DoubleDummySearch(16));
      for (const strain of ['C', 'D', 'H', 'S', 'NT'] as const) {
        seats.forEach((seat, i) => expect(after[strain][seats[(i + 1) & 3]]).toBe(before[strain][seat]));
      }
    }
  });

  it('swapping two suits’ holdings swaps their rows', () => {
    for (const h of positions) {
      const swapped = new Int32Array(h);
      for (let hand = 0; hand < 4; hand++) [swapped[hand * 4], swapped[hand * 4 + 3]] = [h[hand * 4 + 3], h[hand * 4]];
      const before: DoubleDummyTable = solveHoldings(h, new DoubleDummySearch(16));
      const after: DoubleDummyTable = solveHoldings(swapped, new DoubleDummySearch(16));
      expect(after.S).toEqual(before.C);
      expect(after.C).toEqual(before.S);
      expect(after.H).toEqual(before.H);
      expect(after.D).toEqual(before.D);
      expect(after.NT).toEqual(before.NT);
    }
  });

  it('a solve from mid-trick agrees with the search from the position before it', () => {
    const search = new DoubleDummySearch(16);
    positions.forEach((h, i) => {
      const trump = i % 5;
      const leader = i % 4;
      search.setPosition(h, trump, leader);
      const whole = search.nsTricks();
      // The leader's side takes the best lead; then second hand's best reply.
      const leads = legalCards(h, leader, -1);
      const afterLead = leads.map((lead) => {
        const rest = without(h, leader, lead);
        search.setPosition(rest, trump, leader, [lead]);
        const value = search.nsTricks();
        const replies = legalCards(rest, (leader + 1) & 3, lead >> 4).map((reply) => {
          search.setPosition(without(rest, (leader + 1) & 3, reply), trump, leader, [lead, reply]);
          return search.nsTricks();
        });
        expect(value).toBe((leader & 1) === 0 ? Math.min(...replies) : Math.max(...replies));
        return value;
      });
      expect(whole).toBe((leader & 1) === 0 ? Math.max(...afterLead) : Math.min(...afterLead));
    });
  });
});

function legalCards(h: Int32Array, hand: number, lead: number): number[] {
  const suits = lead >= 0 && h[hand * 4 + lead] !== 0 ? [lead] : [0, 1, 2, 3];
  return suits.flatMap((s) => Array.from({ length: 13 }, (_, r) => r).filter((r) => h[hand * 4 + s] & (1 << r)).map((r) => s * 16 + r));
}

function without(h: Int32Array, hand: number, card: number): Int32Array {
  const rest = new Int32Array(h);
  rest[hand * 4 + (card >> 4)] ^= 1 << (card & 15);
  return rest;
}
