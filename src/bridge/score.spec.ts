import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseContract, parseResult } from './contract.js';
import { contractScore } from './score.js';
import { SEATS, STRAINS, type Vulnerability } from './types.js';

/** Declarer's score of `text` ("4HX -4") by North, vulnerable or not. */
function score(text: string, vul: boolean): number {
  const [contract, result] = text.split(' ');
  const c = parseContract(contract);
  return contractScore(c, 'N', parseResult(c, result), vul ? 'NS' : 'NONE').declarerScore;
}

describe('Law 77 contract score: the worked examples of DOMAIN §2.3', () => {
  // [contract and result, vulnerable, declarer's score]
  const table: [string, boolean, number][] = [
    ['1NTXX +6', true, 3160], // Law 77: redoubled overtricks 400 each when vulnerable
    ['7NTXX -13', true, -7600],
    ['7NTXX -13', false, -7000],
    ['7NTX -13', false, -3500],
    ['4HX -4', false, -800], // non-vulnerable doubled: 100, 200, 200, then 300
    ['4HX -4', true, -1100],
    ['2CX =', false, 180], // doubled 2C is still a partscore (trick score 80)
    ['2CX =', true, 180],
    ['1SXX =', false, 520], // redoubled into game
    ['1SXX =', true, 720],
    ['1CXX =', false, 230],
    ['1CXX +1', true, 630],
    ['1DX =', false, 140],
    ['1HX =', false, 160],
    ['2HX =', false, 470],
    ['2HX =', true, 670],
    ['1NTX =', false, 180],
    ['1NTX +1', false, 280],
    ['1NTX +1', true, 380],
    ['2NTX =', false, 490],
    ['2NTX =', true, 690],
    ['3CXX =', false, 640],
    ['5DX =', true, 750],
    ['5CXX +2', true, 1800],
    ['4SXX +3', true, 2280],
    ['3NTX =', false, 550],
    ['1C =', false, 70],
    ['1NT +6', false, 270],
    ['3NT =', false, 400],
    ['3NT +1', true, 630],
    ['4C =', false, 130],
    ['5C =', false, 400],
    ['4H +2', false, 480],
    ['4S =', true, 620],
    ['6D =', false, 920],
    ['6NT =', true, 1440],
    ['6SX +1', false, 1310],
    ['7C =', true, 2140],
    ['7NT =', false, 1520],
    ['7NTXX =', true, 2980],
    ['7NTXX =', false, 2280],
    ['3NTX -3', false, -500],
    ['3NTX -3', true, -800],
    ['6SXX -1', false, -200],
    ['6SXX -1', true, -400],
    ['2SX -2', false, -300],
    ['2SX -2', true, -500],
    ['4H -1', false, -50],
    ['4H -1', true, -100],
  ];
  it.each(table)('%s (vulnerable: %s) scores %i', (text, vul, expected) => {
    expect(score(text, vul)).toBe(expected);
  });

  it('scores a passed-out board 0 (Law 77, DOMAIN §1)', () => {
    expect(contractScore('PASS', null, 0, 'BOTH')).toEqual({ declarerScore: 0, nsScore: 0 });
  });

  it('gives the cumulative undertrick table of DOMAIN §2.2', () => {
    // down: [NV, V, NV X, V X, NV XX, V XX]
    const rows: Record<number, number[]> = {
      1: [50, 100, 100, 200, 200, 400],
      2: [100, 200, 300, 500, 600, 1000],
      3: [150, 300, 500, 800, 1000, 1600],
      4: [200, 400, 800, 1100, 1600, 2200],
      5: [250, 500, 1100, 1400, 2200, 2800],
      6: [300, 600, 1400, 1700, 2800, 3400],
      7: [350, 700, 1700, 2000, 3400, 4000],
      13: [650, 1300, 3500, 3800, 7000, 7600],
    };
    for (const [down, expected] of Object.entries(rows)) {
      const got = ['', 'X', 'XX'].flatMap((d) => [false, true].map((v) => -score(`7NT${d} -${down}`, v)));
      expect(got).toEqual(expected);
    }
  });

  it('scores from NS’s side: EW declarers’ scores are negated', () => {
    const c = parseContract('4S');
    expect(contractScore(c, 'E', 10, 'EW')).toEqual({ declarerScore: 620, nsScore: -620 });
    expect(contractScore(c, 'S', 9, 'EW')).toEqual({ declarerScore: -50, nsScore: -50 });
  });

  // DOMAIN §2.3 gives +2980 as the maximum, but its own first example, 1NTXX+6 vulnerable, is +3160:
  // redoubled overtricks outscore a grand slam. +3160 is the true maximum.
  it('keeps every declarer score between −7600 and +3160, a multiple of 10 (property)', () => {
    const vuls: Vulnerability[] = ['NONE', 'NS', 'EW', 'BOTH'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(...STRAINS),
        fc.constantFrom('', 'X', 'XX'),
        fc.constantFrom(...SEATS),
        fc.integer({ min: 0, max: 13 }),
        fc.constantFrom(...vuls),
        (level, strain, doubling, seat, tricks, vul) => {
          const { declarerScore, nsScore } = contractScore(parseContract(`${level}${strain}${doubling}`), seat, tricks, vul);
          expect(declarerScore).toBeGreaterThanOrEqual(-7600);
          expect(declarerScore).toBeLessThanOrEqual(3160);
          expect(Math.abs(declarerScore % 10)).toBe(0);
          expect(Math.abs(nsScore)).toBe(Math.abs(declarerScore));
        },
      ),
      { numRuns: 500 },
    );
  });
});
