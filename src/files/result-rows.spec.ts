import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { binaryTypeOf, copyTuples } from '../database/copy-binary.js';
import { COPY_CHUNK } from '../database/copy-rows.js';
import { orderedUuid } from '../database/ordered-uuid.js';
import type { PlannedContestant, PlannedResult } from './import-plan.js';
import { RESULT_COLUMNS, resultChunks, sectionKey, type ResultIds, type ResultToWrite } from './result-rows.js';
import { writtenColumns } from './written-lines.js';

describe('resultChunks', () => {
  const pairs = [{ id: 'p1' }, { id: 'p2' }] as PlannedContestant[];
  const ids: ResultIds = {
    sessions: [randomUUID(), randomUUID()],
    sections: new Map([sectionKey(0, 'A'), sectionKey(0, 'B'), sectionKey(1, 'A')].map((k) => [k, randomUUID()])),
    contestants: new Map(pairs.map((p) => [p.id, randomUUID()])),
  };
  const line = (i: number, section: string): PlannedResult =>
    ({ id: orderedUuid(), sectionLetter: section, boardNumber: 1 + (i % 24), round: null, table: 1 + (i % 20), ns: pairs[0], ew: pairs[1], status: 'PLAYED', contract: '4H', declarer: 'N', tricks: 10 + (i % 2), lead: i % 3 ? null : 'Ö\t\\', nsScore: i % 2 ? 450 : 420, adjustment: null, movementIssue: null }) as PlannedResult;
  const sessions = [Array.from({ length: COPY_CHUNK + 3 }, (_, i) => line(i, i % 2 ? 'A' : 'B')), Array.from({ length: 5 }, (_, i) => line(i, 'A'))];
  const toWrite = (r: PlannedResult, i: number): ResultToWrite => ({ r, sessionId: ids.sessions[i], sectionId: ids.sections.get(sectionKey(i, r.sectionLetter))!, contestants: ids.contestants });

  const tuples = (rows: ResultToWrite[]) => copyTuples(RESULT_COLUMNS.map((c) => ({ type: binaryTypeOf(c), value: c.value })), rows);

  it('encodes each session’s lines COPY_CHUNK at a time, the same bytes and written columns as the lines encoded at once', () => {
    const chunks = [...resultChunks(sessions, ids, true)];
    const expected = [sessions[0].slice(0, COPY_CHUNK), sessions[0].slice(COPY_CHUNK), sessions[1]].map((lines, k) => lines.map((r) => toWrite(r, k === 2 ? 1 : 0)));
    expect(chunks).toHaveLength(3);
    chunks.forEach((chunk, k) => {
      expect(Buffer.from(chunk.copy).equals(Buffer.from(tuples(expected[k])))).toBe(true);
      expect(chunk.written).toEqual(writtenColumns(expected[k]));
      // Each chunk's bytes and cells have buffers of their own: they are moved to another thread.
      expect(chunk.copy.byteLength).toBe(chunk.copy.buffer.byteLength);
      expect(chunk.written!.cells.byteLength).toBe(chunk.written!.cells.buffer.byteLength);
    });
  });

  it('gives no written columns unless asked', () => {
    expect([...resultChunks([sessions[1]], ids, false)].map((c) => c.written)).toEqual([null]);
  });
});
