import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { individual, partners } from './individual.js';
import { swissDraw, type SwissStanding } from './swiss.js';

const field = (n: number, score = (i: number) => 0): SwissStanding[] => Array.from({ length: n }, (_, i) => ({ number: i + 1, score: score(i + 1) }));

describe('Swiss draws (DOMAIN §6.5)', () => {
  it('draws round 1 top half v bottom half when ranked, or by a seeded shuffle', () => {
    expect(swissDraw({ standings: field(6), firstRound: 'RANKED' }).matches).toEqual([[1, 4], [2, 5], [3, 6]]);
    const a = swissDraw({ standings: field(8), seed: 42 });
    expect(swissDraw({ standings: field(8), seed: 42 })).toEqual(a);
    expect(a.matches.flat().sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('pairs by score, 1st v 2nd, avoiding former opponents', () => {
    const standings = field(6, (i) => 20 - i); // 1 leads
    // 1 v 2 was played: 1 meets 3; 2 v 4 would leave 5 v 6 (played), so backtracking gives 2 v 5, 4 v 6.
    expect(swissDraw({ standings, history: [[1, 2], [3, 4], [5, 6]] })).toEqual({ matches: [[1, 3], [2, 5], [4, 6]], bye: null, repeats: false });
  });

  it('lets two contestants meet again once the rounds the event sets have passed (DOMAIN §6.5)', () => {
    const standings = field(4, (i) => 10 - i);
    // Round 1: 1 v 2, 3 v 4; round 2: 1 v 3, 2 v 4; round 3: 1 v 4, 2 v 3. Round 4 must repeat.
    const history: [number, number, number][] = [[1, 2, 1], [3, 4, 1], [1, 3, 2], [2, 4, 2], [1, 4, 3], [2, 3, 3]];
    expect(swissDraw({ standings, history })).toMatchObject({ matches: [[1, 2], [3, 4]], repeats: true });
    // After 2 rounds, round 1's matches may be played again in round 4: no longer a repeat.
    expect(swissDraw({ standings, history, repeatAfterRounds: 2 })).toEqual({ matches: [[1, 2], [3, 4]], bye: null, repeats: false });
    // After 3 rounds they may not yet, and a director who allows no repeat is told so.
    expect(swissDraw({ standings, history, repeatAfterRounds: 3 }).repeats).toBe(true);
    expect(() => swissDraw({ standings, history, repeatAfterRounds: 3, allowRepeats: false })).toThrow(/Every possible draw repeats a match/);
    // A match of no known round is never played again by the rule; a round after the one drawn is refused.
    expect(swissDraw({ standings, history: [[1, 2], [3, 4], [1, 3, 2], [2, 4, 2], [1, 4, 3], [2, 3, 3]], repeatAfterRounds: 0 }).matches).toEqual([[1, 3], [2, 4]]);
    expect(() => swissDraw({ standings, history, round: 3 })).toThrow(/A match of round 3 cannot be in the history of round 3/);
  });

  it('pairs Dutch-style on request: each score group’s top half v its bottom half, an odd group’s last floating down', () => {
    const history: [number, number][] = [[1, 9], [2, 10], [3, 11], [4, 12], [5, 13], [6, 14], [7, 15], [8, 16]];
    const groups = field(8, (i) => (i <= 4 ? 10 : 5)); // 1–4 on 10, 5–8 on 5
    expect(swissDraw({ standings: groups, history }).matches).toEqual([[1, 2], [3, 4], [5, 6], [7, 8]]);
    expect(swissDraw({ standings: groups, history, pairing: 'DUTCH' }).matches).toEqual([[1, 3], [2, 4], [5, 7], [6, 8]]);
    // 1 v 3 was played: 1 takes the next of the bottom half, and 2 the one left.
    expect(swissDraw({ standings: groups, history: [...history, [1, 3]], pairing: 'DUTCH' }).matches).toEqual([[1, 4], [2, 3], [5, 7], [6, 8]]);
    // 1–3 on 10: 3 floats down and meets the top of the next group; 4–6 on 5 then pair by halves.
    const odd = field(8, (i) => (i <= 3 ? 10 : i <= 6 ? 5 : 0));
    expect(swissDraw({ standings: odd, history, pairing: 'DUTCH' }).matches).toEqual([[1, 2], [3, 4], [5, 6], [7, 8]]);
    const six = field(6, (i) => (i <= 6 ? 7 : 0));
    expect(swissDraw({ standings: six, history: [[1, 9]], pairing: 'DUTCH' }).matches).toEqual([[1, 4], [2, 5], [3, 6]]);
    // The first round is drawn as asked, whatever the pairing.
    expect(swissDraw({ standings: field(4), firstRound: 'RANKED', pairing: 'DUTCH' }).matches).toEqual([[1, 3], [2, 4]]);
  });

  it('gives the bye to the lowest-ranked contestant without one', () => {
    const standings = field(5, (i) => 10 - i);
    expect(swissDraw({ standings, history: [[1, 2]], byes: [5] }).bye).toBe(4);
  });

  it('never repeats while a draw without repeats exists (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }).map((x) => 2 * x), fc.integer({ min: 1, max: 5 }), fc.nat(), fc.constantFrom('MONRAD' as const, 'DUTCH' as const), (n, rounds, seed, pairing) => {
        const history: [number, number][] = [];
        const scores = new Map<number, number>();
        for (let r = 0; r < Math.min(rounds, n - 1); r++) {
          const standings = field(n, (i) => scores.get(i) ?? 0);
          const draw = swissDraw({ standings, history, seed, pairing });
          if (r < n / 2) expect(draw.repeats).toBe(false); // a repeat-free draw always exists this early
          for (const [a, b] of draw.matches) {
            if (!draw.repeats) expect(history.some(([x, y]) => (x === a && y === b) || (x === b && y === a))).toBe(false);
            history.push([a, b]);
            scores.set(a, (scores.get(a) ?? 0) + ((a * 7 + b + seed) % 20));
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('individual movements (Law 4)', () => {
  it.each([8, 12, 16])('%i players: partners change every round and nobody partners anyone twice', (n) => {
    const m = individual({ players: n });
    const partnered = new Set<string>();
    for (const row of m.rows) {
      for (const packed of [row.ns, row.ew]) {
        const key = partners(packed).sort((a, b) => a - b).join('-');
        expect(partnered.has(key)).toBe(false);
        partnered.add(key);
      }
    }
    expect(partnered.size).toBe((n * (n - 1)) / 2);
    // And no player plays a board twice.
    const boards = new Map<number, Set<number>>();
    for (const row of m.rows) {
      for (const player of [...partners(row.ns), ...partners(row.ew)]) {
        const seen = boards.get(player) ?? new Set<number>();
        for (const b of row.boards) {
          expect(seen.has(b)).toBe(false);
          seen.add(b);
        }
        boards.set(player, seen);
      }
    }
  });

  it('refuses a field it cannot seat', () => {
    expect(() => individual({ players: 10 })).toThrow(/multiple of 4/);
  });
});
