import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { frac } from './fraction.js';
import { artificialImps, butlerDatum, butlerImps, crossImps, impsForDifference, knockoutAverage, teamBoardImps, weightedImps } from './imps.js';

describe('the IMP scale (Law 78B, DOMAIN §4.1)', () => {
  it.each([
    [0, 0], [10, 0], [20, 1], [40, 1], [50, 2], [80, 2], [90, 3], [120, 3], [130, 4], [160, 4], [170, 5], [210, 5],
    [220, 6], [260, 6], [270, 7], [310, 7], [320, 8], [360, 8], [370, 9], [420, 9], [430, 10], [490, 10], [500, 11],
    [590, 11], [600, 12], [740, 12], [750, 13], [890, 13], [900, 14], [1090, 14], [1100, 15], [1290, 15], [1300, 16],
    [1490, 16], [1500, 17], [1740, 17], [1750, 18], [1990, 18], [2000, 19], [2240, 19], [2250, 20], [2490, 20],
    [2500, 21], [2990, 21], [3000, 22], [3490, 22], [3500, 23], [3990, 23], [4000, 24], [7600, 24],
  ])('%i points → %i IMPs', (d, imps) => {
    expect(impsForDifference(d)).toBe(imps);
    expect(impsForDifference(-d)).toBe(-imps || 0);
  });

  it('treats non-multiples of 10 as half-open steps: 15 → 0, 45 → 1, 85 → 2', () => {
    expect([15, 45, 85].map((d) => impsForDifference(d))).toEqual([0, 1, 2]);
    expect(impsForDifference(15, { roundToTen: true })).toBe(1);
  });

  it('is antisymmetric and never decreases (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20000, max: 20000 }), fc.integer({ min: 0, max: 500 }), (d, step) => {
        expect(impsForDifference(-d)).toBe(-impsForDifference(d) || 0);
        expect(impsForDifference(d + step)).toBeGreaterThanOrEqual(impsForDifference(d));
      }),
    );
  });
});

describe('team matches (DOMAIN §4.2)', () => {
  it('gives the open room NS team IMP(open − closed)', () => {
    expect(teamBoardImps(620, 170)).toBe(10);
    expect(teamBoardImps(-100, 140)).toBe(-6);
  });
});

describe('Butler (DOMAIN §4.3)', () => {
  const scores = [620, 620, 650, 170, -100, 620, 420, -100, 650, 680];

  it('trims one top and one bottom and rounds the datum to 460', () => {
    expect(butlerDatum(scores).toNumber()).toBe(460);
    expect(butlerDatum(scores, { roundDatum: false }).toNumber()).toBe(456.25);
    expect(butlerDatum(scores, { trim: 'NONE', roundDatum: false }).toNumber()).toBe(423);
    expect(butlerDatum(scores, { trim: { percent: 10 }, roundDatum: false }).toNumber()).toBe(456.25);
  });

  it('IMPs each table against the datum', () => {
    expect(butlerImps([620, 650, 680, 420, 170, -100]).imps).toEqual(butlerImps([620, 650, 680, 420, 170, -100]).imps);
    const { imps } = butlerImps(scores);
    expect(imps).toEqual([4, 4, 5, -7, -11, 4, -1, -11, 5, 6]);
  });

  it('rounds a datum ending in 5 away from zero', () => {
    expect(butlerDatum([450, 460], { trim: 'NONE' }).toNumber()).toBe(460);
    expect(butlerDatum([-450, -460], { trim: 'NONE' }).toNumber()).toBe(-460);
  });
});

describe('cross-IMPs (DOMAIN §4.4)', () => {
  const scores = [620, 620, 650, 170, -100, 620, 420, -100, 650, 680];

  it('totals and averages over n − 1 comparisons', () => {
    const { raw, average } = crossImps(scores);
    const byScore = (s: number) => raw[scores.indexOf(s)];
    expect([680, 650, 620, 420, 170, -100].map(byScore)).toEqual([51, 44, 35, -5, -53, -93]);
    expect(raw.reduce((a, b) => a + b, 0)).toBe(0);
    expect(average(scores.indexOf(680)).toFixed(2)).toBe('5.67');
    expect(average(scores.indexOf(-100)).toFixed(2)).toBe('-10.33');
  });

  it('agrees with comparing every pair of scores (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -760, max: 298 }).map((x) => x * 10), { minLength: 1, maxLength: 30 }), (s) => {
        const quadratic = s.map((a, i) => s.reduce((t, b, j) => t + (i === j ? 0 : impsForDifference(a - b)), 0));
        expect(crossImps(s).raw).toEqual(quadratic);
        // Scores that are not multiples of 10 (averages) take the sorted path: same answers.
        const halves = s.map((x) => x + 5);
        const quadraticHalves = halves.map((a, i) => halves.reduce((t, b, j) => t + (i === j ? 0 : impsForDifference(a - b)), 0));
        expect(crossImps(halves).raw).toEqual(quadraticHalves);
      }),
    );
  });
});

describe('adjusted scores in IMPs (Laws 12C2(b), 12C1(c), 86)', () => {
  it('gives ±3 IMPs for artificial averages', () => {
    expect(['A+', 'A', 'A-'].map((c) => artificialImps(c as 'A+'))).toEqual([3, 0, -3]);
  });

  it('weights the IMPs, not the points: the Law footnote example is exactly 14/3', () => {
    const imps = weightedImps([{ nsScore: 620, weight: frac(2, 3) }, { nsScore: -100, weight: frac(1, 3) }], 140);
    expect(imps.toString()).toBe('14/3');
    expect(imps.toFixed(2)).toBe('4.67');
  });

  it('averages knockout non-balancing scores', () => {
    expect(knockoutAverage(frac(3), frac(3))).toEqual({ teamA: frac(0), teamB: frac(0) });
    const { teamA, teamB } = knockoutAverage(frac(7), frac(-1));
    expect([teamA.toNumber(), teamB.toNumber()]).toEqual([4, -4]);
    const ex = knockoutAverage(frac(7), frac(1));
    expect([ex.teamA.toNumber(), ex.teamB.toNumber()]).toEqual([3, -3]);
  });
});
