import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ARTIFICIAL_CODES, matchpointField, placeField } from './field-scoring.js';
import { Fraction, sum } from './fraction.js';
import { scoreBoard, type Artificial, type BoardLine } from './matchpoints.js';

/** A field of boards with random scores, some lines missing and some artificial. */
const fieldArb = fc
  .array(
    fc.record({
      missing: fc.integer({ min: 0, max: 2 }),
      lines: fc.array(
        fc.record({
          score: fc.integer({ min: -50, max: 50 }).map((x) => x * 10),
          artificial: fc.option(fc.tuple(fc.constantFrom<Artificial>('A+', 'A', 'A-'), fc.constantFrom<Artificial>('A+', 'A', 'A-')), { freq: 6 }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  );

describe('matchpointing a whole field in columns', () => {
  it('gives every pair exactly what scoreBoard gives, board by board (property)', () => {
    fc.assert(
      fc.property(fieldArb, (boards) => {
        // Each line has its own NS and EW pair, so a pair's total is one board's MPs.
        const cols = { board: [] as number[], ns: [] as number[], ew: [] as number[], nsScore: [] as number[], artificial: [] as number[] };
        const expectedMp: Fraction[] = [];
        boards.forEach((b, bi) => {
          const lines: BoardLine[] = b.lines.map((l, i) =>
            l.artificial ? { id: String(i), artificial: { ns: l.artificial[0], ew: l.artificial[1] } } : { id: String(i), ns: l.score },
          );
          const scored = scoreBoard(lines, { expected: b.lines.length + b.missing });
          b.lines.forEach((l, i) => {
            cols.board.push(bi);
            cols.ns.push(expectedMp.length);
            expectedMp.push(scored.lines[i].ns);
            cols.ew.push(expectedMp.length);
            expectedMp.push(scored.lines[i].ew);
            cols.nsScore.push(l.score);
            cols.artificial.push(l.artificial ? ARTIFICIAL_CODES[l.artificial[0]] * 4 + ARTIFICIAL_CODES[l.artificial[1]] : 0);
          });
        });
        const totals = matchpointField({
          pairs: expectedMp.length,
          board: Int32Array.from(cols.board),
          ns: Int32Array.from(cols.ns),
          ew: Int32Array.from(cols.ew),
          nsScore: Int32Array.from(cols.nsScore),
          artificial: Uint8Array.from(cols.artificial),
          expected: Int32Array.from(boards.map((b) => b.lines.length + b.missing)),
        });
        expectedMp.forEach((mp, p) => expect(totals.matchpoints(p).toString()).toBe(mp.toString()));
      }),
      { numRuns: 200 },
    );
  });

  it('adds a pair’s boards and places equal percentages as ties', () => {
    // Two boards, three tables: pair 0 and pair 1 end equal.
    const totals = matchpointField({
      pairs: 6,
      board: Int32Array.from([0, 0, 0, 1, 1, 1]),
      ns: Int32Array.from([0, 1, 2, 0, 1, 2]),
      ew: Int32Array.from([3, 4, 5, 4, 5, 3]),
      nsScore: Int32Array.from([420, 450, -50, 90, 90, 50]),
      expected: Int32Array.from([3, 3]),
    });
    expect([0, 1, 2].map((p) => totals.matchpoints(p).toNumber())).toEqual([5, 7, 0]);
    expect(sum([3, 4, 5].map((p) => totals.matchpoints(p))).toNumber()).toBe(12);
    const placed = placeField(totals, Int32Array.from([0, 1, 2]));
    expect(placed.map((p) => [p.pair, p.rank, p.tied])).toEqual([[1, 1, false], [0, 2, false], [2, 3, false]]);
  });
});
