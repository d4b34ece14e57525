import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Fraction } from '../bridge/fraction.js';
import { roundedFrom } from './event-scoring.js';

describe('display rounding from a floating-point twin', () => {
  it('equals the exact value rounded half away from zero, whatever its rounding error (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fc.integer({ min: 1, max: 40_000 }),
        fc.double({ min: -1e-12, max: 1e-12, noNaN: true }),
        (num, den, error) => {
          const exact = Fraction.of(num, den);
          expect(roundedFrom(exact.toNumber() * (1 + error), () => exact)).toBe(exact.round(2));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds values exactly on a boundary (x.xx5) from the exact value', () => {
    for (const text of ['1/200', '-1/200', '2469/200', '-2469/200', '0', '1/3', '-2/3']) {
      const exact = Fraction.parse(text);
      expect(roundedFrom(exact.toNumber(), () => exact)).toBe(exact.round(2));
    }
  });
});
