import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { frac } from './fraction.js';
import { placeByScore, placeWithin } from './ranking.js';

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


describe('places within a club (a simultaneous’s club list)', () => {
  // National NS field: C1 1st, A1 A2 D2 2=, E1 5th, B1 10th, B2 D1 11= (club: A, B → x; C, D → y; E → z).
  const field = [
    { id: 'C1', rank: 1, club: 'y' },
    { id: 'A1', rank: 2, club: 'x' },
    { id: 'A2', rank: 2, club: 'x' },
    { id: 'D2', rank: 2, club: 'y' },
    { id: 'E1', rank: 5, club: 'z' },
    { id: 'B1', rank: 10, club: 'x' },
    { id: 'B2', rank: 11, club: 'x' },
    { id: 'D1', rank: 11, club: 'y' },
    { id: 'guest', rank: 13, club: null },
  ];

  it('keeps the field’s order and ties, numbered from 1 in each club', () => {
    const placed = field.map((r) => (r.club ? placeWithin(r.rank, field.filter((o) => o !== r && o.club === r.club).map((o) => o.rank)) : null));
    expect(field.map((r, i) => [r.id, placed[i]?.place ?? null])).toEqual([
      ['C1', '1'],
      ['A1', '1='],
      ['A2', '1='],
      ['D2', '2'], // tied 2= in the field, but alone at its rank in club y
      ['E1', '1'],
      ['B1', '3'],
      ['B2', '4'], // 11= in the field, tied with another club's pair: not tied in its own club
      ['D1', '3'],
      ['guest', null],
    ]);
    expect(placed[2]?.rank).toBe(1);
  });
});
