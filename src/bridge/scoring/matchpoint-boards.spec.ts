import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { boardTop, scoreBoard, type BoardLine } from '../matchpoints.js';
import type { LineRow } from './event-input.js';
import { artificialValues, scoreMatchpointBoard } from './matchpoint-boards.js';
import { DEFAULT_RULES } from './rules.js';

/** A field board's line: a plain score, an artificial score (Law 12C2) or a board not played. */
const line = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -30, max: 30 }).map((x) => ({ nsScore: x * 10 }) as const) },
  { weight: 1, arbitrary: fc.constantFrom('A+', 'A', 'A-').chain((ns) => fc.constantFrom('A+', 'A', 'A-').map((ew) => ({ artificial: { ns, ew } }) as const)) },
  { weight: 1, arbitrary: fc.constant({ notPlayed: true } as const) },
);

function row(l: { nsScore: number } | { artificial: { ns: string; ew: string } } | { notPlayed: true }, i: number): LineRow {
  const base = { id: `l${i}`, sectionId: 's', boardNumber: 1, round: null, nsContestantId: `n${i}`, ewContestantId: `e${i}`, boardForm: 1, version: 1 };
  if ('nsScore' in l) return { ...base, status: 'PLAYED', nsScore: l.nsScore, adjustment: null };
  if ('artificial' in l) return { ...base, status: 'ARTIFICIAL', nsScore: null, adjustment: { kind: 'ARTIFICIAL', ...l.artificial } };
  return { ...base, status: 'NOT_PLAYED', nsScore: null, adjustment: null };
}

describe('a board of plain scores (every board of a national field)', () => {
  it('is scored as Law 78A scores its lines one by one: factored to N, artificial scores a share of the top (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.nat(4),
        fc.constantFrom('NEUBERG' as const, 'RATIO' as const),
        fc.constantFrom('TWO_POINT' as const, 'ONE_POINT' as const),
        (lines, missing, factoring, matchpointScale) => {
          const rules = { ...DEFAULT_RULES, matchpointScale, factoring };
          const rows = lines.map(row);
          const compared = rows.filter((r) => r.status !== 'NOT_PLAYED');
          const expected = compared.length + missing;
          const board = scoreMatchpointBoard({ key: '*:1', board: 1, lines: rows, expected }, rules, '');
          if (!compared.length) return expect(board).toBeNull();
          const reference: BoardLine[] = compared.map((r) =>
            r.status === 'ARTIFICIAL' ? { id: r.id, artificial: r.adjustment as { ns: 'A'; ew: 'A' } } : { id: r.id, ns: r.nsScore! },
          );
          const want = scoreBoard(reference, { expected, factoring, scale: matchpointScale, artificialValues: artificialValues(rules) });
          const got = Array.from(board!.at, (at, i) => `${rows[at].id} ${board!.scored[i].ns} ${board!.scored[i].ew}`);
          expect(got).toEqual(want.lines.map((l) => `${l.id} ${l.ns} ${l.ew}`));
          expect(board!.top.toNumber()).toBe(boardTop(expected, matchpointScale));
        },
      ),
      { numRuns: 300 },
    );
  });
});
