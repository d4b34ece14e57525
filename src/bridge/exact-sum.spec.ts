import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ExactSum } from './exact-sum.js';
import { Fraction, frac, sum } from './fraction.js';
import { placeByApproximateScore, placeByScore } from './ranking.js';

/** Neuberg-like terms: numerators over board result counts near each other, as in a large field. */
const term = fc.record({ num: fc.integer({ min: -40_000, max: 40_000 }), den: fc.integer({ min: 9_000, max: 10_000 }) }).map(({ num, den }) => frac(num, den));

describe('ExactSum', () => {
  it('equals the exact sum of its terms, whatever their denominators', () => {
    fc.assert(fc.property(fc.array(term, { maxLength: 40 }), (terms) => expect(ExactSum.of(terms).value().equals(sum(terms))).toBe(true)));
  });

  it('keeps terms too large for one bucket exact', () => {
    const big = frac(Number.MAX_SAFE_INTEGER - 1, 3);
    const s = ExactSum.of([big, big, frac(1, 7), Fraction.parse('1/340282366920938463463374607431768211456')]);
    expect(s.value().equals(sum([big, big, frac(1, 7), Fraction.parse('1/340282366920938463463374607431768211456')]))).toBe(true);
  });

  it('is read again after more terms are added', () => {
    const s = new ExactSum().add(frac(1, 3));
    expect(s.value().toString()).toBe('1/3');
    s.add(frac(1, 6));
    expect(s.value().toString()).toBe('1/2');
    expect(s.approx).toBeCloseTo(0.5, 12);
  });
});

describe('Fraction arithmetic', () => {
  it('stays exact when a cross product passes 2^53 though the result does not', () => {
    // 16598/9107 + 1/9025 + … once rounded a·d + c·b and returned a wrong, in-range numerator.
    const terms = [frac(1, 9025), frac(16598, 9107), frac(-29843, 9362), frac(1114, 9391)];
    const big = terms.map((t) => [BigInt(t.num), BigInt(t.den)] as const);
    const den = big.reduce((d, [, x]) => d * x, 1n);
    const num = big.reduce((n, [a, b]) => n + a * (den / b), 0n);
    expect(sum(terms).equals(Fraction.fromBig(num, den))).toBe(true);
  });
});

describe('placeByApproximateScore', () => {
  it('places exactly as placeByScore, ties included, from float scores', () => {
    // Scores built from different terms that are exactly equal (1/3 + 1/6 = 1/2) but not in floating point.
    const scores = fc.array(fc.array(fc.constantFrom(frac(1, 3), frac(1, 6), frac(1, 2), frac(1, 10), frac(1, 5), frac(3, 10)), { maxLength: 6 }), { maxLength: 30 });
    fc.assert(
      fc.property(scores, (lists) => {
        const items = lists.map((terms, i) => ({ id: `p${String(i).padStart(3, '0')}`, sum: ExactSum.of(terms) }));
        const exact = placeByScore(items, (x) => x.sum.value(), (x) => x.id).map((p) => `${p.item.id}:${p.place}`);
        const approx = placeByApproximateScore(items, (x) => x.sum.approx, (x) => x.sum.value(), (x) => x.id).map((p) => `${p.item.id}:${p.place}`);
        expect(approx).toEqual(exact);
      }),
    );
  });
});
