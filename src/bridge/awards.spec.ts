import { describe, expect, it } from '@jest/globals';
import { frac } from './fraction.js';
import { fieldAwards, rankingAwards, scaleProblem, tierFor, type AwardTier } from './awards.js';
import { placeByScore } from './ranking.js';

/** DOMAIN §7: awards by place and field size; ties share the combined award of the tied places. */
describe('federation awards', () => {
  const tiers: AwardTier[] = [
    { minContestants: 4, points: [6, 4, 2] },
    { minContestants: 8, points: [10, 7, 5, 3, 1] },
  ];
  const field = (scores: number[]) => placeByScore(scores.map((s, i) => ({ id: `p${i + 1}`, s })), (x) => frac(x.s), (x) => x.id);
  const awards = (scores: number[]) => [...fieldAwards(field(scores), tiers)].map(([p, a]) => [p.id, a.toString()]);

  it.each([
    [3, null],
    [4, 4],
    [7, 4],
    [8, 8],
    [30, 8],
  ])('a field of %i uses the tier from %s contestants', (size, min) => {
    expect(tierFor(tiers, size)?.minContestants ?? null).toBe(min);
  });

  it('gives points by place', () => {
    expect(awards([60, 55, 50, 45])).toEqual([['p1', '6'], ['p2', '4'], ['p3', '2'], ['p4', '0']]);
  });

  it('shares the combined award of tied places equally', () => {
    // Two tied for 2nd share 2nd and 3rd: (4 + 2)/2 = 3 each; three tied for 1st share 6+4+2.
    expect(awards([60, 55, 55, 45])).toEqual([['p1', '6'], ['p2', '3'], ['p3', '3'], ['p4', '0']]);
    expect(awards([50, 50, 50, 40])).toEqual([['p1', '4'], ['p2', '4'], ['p3', '4'], ['p4', '0']]);
    // A tie at the edge of the paid places shares what is left: (2 + 0)/2 = 1.
    expect(awards([60, 55, 50, 50])).toEqual([['p1', '6'], ['p2', '4'], ['p3', '1'], ['p4', '1']]);
  });

  it('keeps fractions exact', () => {
    expect(awards([50, 50, 50, 50, 50, 50, 50, 40])).toContainEqual(['p1', '26/7']);
  });

  it('shares the award of teams level on VPs though a tie-break placed them apart (DOMAIN §7: ties never change shared awards)', () => {
    // The standings put team 1 above team 2 on their match (head-to-head), both on 30 VPs.
    const rows = [
      { id: 't1', field: '', rank: 1, score: frac(30) },
      { id: 't2', field: '', rank: 2, score: frac(30) },
      { id: 't3', field: '', rank: 3, score: frac(25) },
      { id: 't4', field: '', rank: 4, score: frac(5) },
    ];
    const byScore = [...rankingAwards(rows, tiers, 'SCORE')].map(([r, a]) => [r.id, a.toString()]);
    expect(byScore).toEqual([['t1', '5'], ['t2', '5'], ['t3', '2'], ['t4', '0']]);
    // Pairs are tied as the ranking places them (by percentage), whatever their matchpoints.
    const pairs = [
      { id: 'p1', field: 'NS', rank: 1, score: frac(20) },
      { id: 'p2', field: 'NS', rank: 1, score: frac(18) },
      { id: 'p3', field: 'NS', rank: 3, score: frac(18) },
      { id: 'p4', field: 'NS', rank: 4, score: frac(10) },
    ];
    expect([...rankingAwards(pairs, tiers, 'PLACE')].map(([r, a]) => [r.id, a.toString()])).toEqual([['p1', '5'], ['p2', '5'], ['p3', '2'], ['p4', '0']]);
  });

  it('gives nothing to a field too small for the scale', () => {
    expect(awards([60, 50, 40])).toEqual([]);
  });

  it.each([
    [[], /at least one tier/],
    [[{ minContestants: 0, points: [1] }], /minContestants/],
    [[{ minContestants: 4, points: [] }], /first place/],
    [[{ minContestants: 4, points: [3, 5] }], /cannot earn more/],
    [[{ minContestants: 4, points: [3] }, { minContestants: 4, points: [2] }], /same field size/],
  ])('refuses a broken scale %j', (scale, message) => {
    expect(scaleProblem(scale)).toMatch(message);
  });
});
