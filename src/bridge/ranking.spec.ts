import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { frac } from './fraction.js';
import { placeByScore } from './ranking.js';

describe('places with ties (DOMAIN §7)', () => {
  const entries = [
    { name: 'a', score: 60 },
    { name: 'b', score: 55 },
    { name: 'c', score: 52 },
    { name: 'd', score: 52 },
    { name: 'e', score: 50 },
  ];
  const place = (list: typeof entries) =>
    placeByScore(list, (e) => frac(e.score), (e) => e.name).map((p) => `${p.place}:${p.item.name}`);

  it('shares a place between equal scores and skips the next: 3=, 3=, 5', () => {
    expect(place(entries)).toEqual(['1:a', '2:b', '3=:c', '3=:d', '5:e']);
  });

  it('compares exact scores: 1/3 + 1/3 + 1/3 ties with 1', () => {
    const placed = placeByScore([frac(1, 3).add(frac(1, 3)).add(frac(1, 3)), frac(1)], (x) => x, (x) => x.toString());
    expect(placed.map((p) => p.place)).toEqual(['1=', '1=']);
  });

  it('is stable under reordering of the input (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.uuid(), score: fc.integer({ min: 0, max: 10 }) })), fc.nat(), (list, seed) => {
        const reordered = [...list].sort((a, b) => ((a.name.charCodeAt(0) + seed) % 7) - ((b.name.charCodeAt(0) + seed) % 7));
        expect(place(reordered)).toEqual(place(list));
      }),
    );
  });
});

