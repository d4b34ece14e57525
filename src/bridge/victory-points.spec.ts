import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ACBL_20_POINT, discreteVictoryPoints, victoryPoints, vpTable } from './victory-points.js';
import { WBF_2013_TABLES } from './victory-points.fixture.js';

describe('WBF 2013 continuous VP scale (DOMAIN §5)', () => {
  it.each(Object.entries(WBF_2013_TABLES))('reproduces the full %s-board table of DOMAIN §5.2', (boards, published) => {
    const expected = published.split(' ').map(Number);
    const got = expected.map((_, margin) => victoryPoints(margin, Number(boards)).winner);
    expect(got).toEqual(expected);
  });

  it('applies the listed monotonicity corrections', () => {
    expect(vpTable(8)[40] / 100).toBe(19.74);
    expect([27, 29, 31].map((m) => vpTable(10)[m] / 100)).toEqual([17.34, 17.68, 18]);
    expect([14, 27, 38, 46, 49, 55, 59].map((m) => vpTable(16)[m] / 100)).toEqual([13.75, 16.26, 17.85, 18.77, 19.07, 19.61, 19.93]);
  });

  it('passes the cross-checks: 16 boards, 1 IMP 10.31, 20 IMPs 15.00, 60 IMPs 20.00', () => {
    expect(victoryPoints(1, 16)).toEqual({ winner: 10.31, loser: 9.69 });
    expect(victoryPoints(20, 16).winner).toBe(15);
    expect(victoryPoints(60, 16).winner).toBe(20);
    expect(victoryPoints(200, 16)).toEqual({ winner: 20, loser: 0 });
  });

  it('interpolates fractional margins', () => {
    expect(victoryPoints(0.5, 16).winner).toBe(10.16);
  });

  it('refuses a negative margin and an impossible board count', () => {
    expect(() => victoryPoints(-1, 16)).toThrow(/absolute IMP difference/);
    expect(() => victoryPoints(3, 0)).toThrow(/whole number from 1/);
  });

  it('sums to 20 and never decreases with the margin, nor increases its steps (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 0, max: 120 }), (boards, m) => {
        const a = victoryPoints(m, boards);
        const b = victoryPoints(m + 1, boards);
        expect(Math.round((a.winner + a.loser) * 100)).toBe(2000);
        expect(b.winner).toBeGreaterThanOrEqual(a.winner);
        const t = vpTable(boards);
        for (let i = 1; i + 1 < t.length; i++) expect(t[i + 1] - t[i]).toBeLessThanOrEqual(t[i] - t[i - 1]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('discrete scales as data (DOMAIN §5.3)', () => {
  it('reads the ACBL 20-point table for 6–8 boards', () => {
    expect([0, 2, 3, 7, 27, 28, 60].map((m) => discreteVictoryPoints(ACBL_20_POINT, m, 7).winner)).toEqual([10, 11, 12, 13, 19, 20, 20]);
    expect(() => discreteVictoryPoints(ACBL_20_POINT, 5, 24)).toThrow(/no table for 24 boards/);
  });
});
