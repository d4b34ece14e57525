import fc from 'fast-check';
import { overBudget } from './scored-events.service.js';

const cache = (lines: number[]) => new Map(lines.map((n, i) => [`e${i}`, { lines: n }]));

describe('scored events kept in memory', () => {
  it('drop the least recently used first, until both the count and the lines fit', () => {
    expect(overBudget(cache([100, 200, 300]), 64, 1_000)).toEqual([]);
    expect(overBudget(cache([100, 200, 300]), 2, 1_000)).toEqual(['e0']);
    expect(overBudget(cache([400, 200, 300]), 64, 600)).toEqual(['e0']);
    expect(overBudget(cache([100, 200, 300]), 64, 250)).toEqual(['e0', 'e1']);
  });

  it('always keep the event just read, however large (an event bigger than the budget is still served)', () => {
    expect(overBudget(cache([10, 900_000]), 64, 600_000)).toEqual(['e0']);
    expect(overBudget(cache([900_000]), 1, 10)).toEqual([]);
  });

  it('leave what they keep within both bounds whenever more than the newest stays (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 10 }), fc.nat(5_000), (lines, maxEntries, maxLines) => {
        const entries = cache(lines);
        const drop = overBudget(entries, maxEntries, maxLines);
        expect(drop).toEqual([...entries.keys()].slice(0, drop.length)); // oldest first, in order
        const kept = lines.slice(drop.length);
        if (kept.length > 1) {
          expect(kept.length).toBeLessThanOrEqual(maxEntries);
          expect(kept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(maxLines);
        }
        // Nothing dropped that did not need to be: keeping one more would break a bound.
        if (drop.length > 0) {
          const one = lines.slice(drop.length - 1);
          expect(one.length > maxEntries || one.reduce((a, b) => a + b, 0) > maxLines).toBe(true);
        }
      }),
    );
  });
});
