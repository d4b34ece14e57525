import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { PlannedResult } from './import-plan.js';
import type { ResultToWrite } from './result-rows.js';
import { cachedLine } from '../results/traveller-line.js';
import { lineCount, linesOf, writtenColumns } from './written-lines.js';

describe('written lines in columns', () => {
  const session = randomUUID();
  const sections = [randomUUID(), randomUUID()];
  const contestants = new Map(['ns', 'ew'].map((k) => [k, randomUUID()]));
  const line = (i: number, over: Partial<PlannedResult> = {}): ResultToWrite => ({
    r: { id: randomUUID(), sectionLetter: 'A', boardNumber: i + 1, round: i % 2 ? null : 3, table: 7, ns: { id: 'ns' }, ew: { id: 'ew' }, status: 'PLAYED', contract: '3NT', declarer: 'S', tricks: 8, lead: 'S\t"x"\\', nsScore: -50, adjustment: null, movementIssue: null, ...over } as PlannedResult,
    sessionId: session,
    sectionId: sections[i % 2],
    contestants,
  });

  it('gives back each line as a read of its row would, nulls, negative scores and an adjustment’s jsonb key order included', () => {
    const rows = [
      line(0),
      line(1, { status: 'ARTIFICIAL', contract: null, declarer: null, tricks: null, lead: null, nsScore: null, adjustment: { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-', law: '12C2', reason: 'late play' }, movementIssue: 'not in the movement' }),
    ];
    const columns = writtenColumns(rows);
    expect(lineCount(columns)).toBe(2);
    const lines = linesOf(columns, new Map());
    expect(lines[0]).toEqual({ id: rows[0].r.id, sessionId: session, sectionId: sections[0], boardNumber: 1, round: 3, table: 7, nsContestantId: contestants.get('ns'), ewContestantId: contestants.get('ew'), status: 'PLAYED', contract: '3NT', declarer: 'S', tricks: 8, lead: 'S\t"x"\\', nsScore: -50, boardForm: 1, adjustment: null, movementIssue: null, version: 1 });
    expect(lines[1]).toMatchObject({ round: null, contract: null, tricks: null, nsScore: null, movementIssue: 'not in the movement' });
    // The table's column order, and jsonb's key order (shortest first, then bytes).
    expect(Object.keys(lines[1])).toEqual(Object.keys(lines[0]));
    // A cached line's own shape (the scoring cache takes handed-over lines as they are).
    expect(Object.keys(lines[0])).toEqual(Object.keys(cachedLine(lines[0], (t) => t, (t) => t)));
    expect(JSON.stringify(lines[1].adjustment)).toBe('{"ew":"A-","ns":"A+","law":"12C2","kind":"ARTIFICIAL","reason":"late play"}');
  });

  it('reads a slice at a time, with one table of texts across chunks', () => {
    const shared = new Map<string, string>();
    const first = linesOf(writtenColumns([line(0), line(1), line(2)]), shared, 1, 3);
    const second = linesOf(writtenColumns([line(3)]), shared);
    expect(first.map((l) => l.boardNumber)).toEqual([2, 3]);
    expect(shared.get(session)).toBe(session);
    expect(new Set([...first, ...second].map((l) => l.nsContestantId)).size).toBe(1);
    expect(second[0].sectionId).toBe(first[0].sectionId);
  });
});
