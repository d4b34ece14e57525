import type { BulkColumn } from '../database/bulk-insert.js';
import { BinaryCopyWriter, binaryTypeOf } from '../database/copy-binary.js';
import { COPY_CHUNK } from '../database/copy-rows.js';
import type { PlannedResult } from './import-plan.js';
import { WrittenLines, type WrittenColumns } from './written-lines.js';

/**
 * The ids a plan's result lines are written under, chosen in the import's transaction: each
 * session's and section's, and each planned contestant's (an event's existing pair keeps its own).
 */
export interface ResultIds {
  /** By the session's position in the plan. */
  sessions: string[];
  /** By `sectionKey`. */
  sections: Map<string, string>;
  /** Planned contestant id → stored contestant id. */
  contestants: Map<string, string>;
}

export const sectionKey = (sessionIndex: number, letter: string) => `${sessionIndex}|${letter}`;

/** A planned line with the ids it is written under (its pairs' by the plan's contestant ids). */
export type ResultToWrite = { r: PlannedResult; sessionId: string; sectionId: string; contestants: Map<string, string> };

/** The Result table's columns of an imported line; the rest take their defaults. */
export const RESULT_COLUMNS: BulkColumn<ResultToWrite>[] = [
  { name: 'id', type: 'uuid', value: (x) => x.r.id },
  { name: 'sessionId', type: 'uuid', value: (x) => x.sessionId },
  { name: 'sectionId', type: 'uuid', value: (x) => x.sectionId },
  { name: 'boardNumber', type: 'int4', value: (x) => x.r.boardNumber },
  { name: 'round', type: 'int4', value: (x) => x.r.round },
  { name: 'table', type: 'int4', value: (x) => x.r.table },
  { name: 'nsContestantId', type: 'uuid', value: (x) => x.contestants.get(x.r.ns.id)! },
  { name: 'ewContestantId', type: 'uuid', value: (x) => x.contestants.get(x.r.ew.id)! },
  { name: 'status', type: 'text', cast: '"ResultStatus"', value: (x) => x.r.status },
  { name: 'contract', type: 'text', value: (x) => x.r.contract },
  { name: 'declarer', type: 'text', cast: '"Seat"', value: (x) => x.r.declarer },
  { name: 'tricks', type: 'int4', value: (x) => x.r.tricks },
  { name: 'lead', type: 'text', value: (x) => x.r.lead },
  { name: 'nsScore', type: 'int4', value: (x) => x.r.nsScore },
  { name: 'adjustment', type: 'text', cast: 'jsonb', value: (x) => (x.r.adjustment ? JSON.stringify(x.r.adjustment) : null) },
  { name: 'movementIssue', type: 'text', value: (x) => x.r.movementIssue },
];

/** RESULT_COLUMNS as COPY's binary format sends them. */
const RESULT_BINARY = RESULT_COLUMNS.map((c) => ({ type: binaryTypeOf(c), value: c.value }));

/** A chunk of result lines: binary COPY tuples of RESULT_COLUMNS (copyInto's 'binary' format), and (when asked) the lines as written (written-lines.ts). */
export interface ResultChunk {
  copy: Uint8Array;
  written: WrittenColumns | null;
}

/** The names of RESULT_COLUMNS, in the order a chunk's tuples give them. */
export const RESULT_COLUMN_NAMES = RESULT_COLUMNS.map((c) => c.name);

/**
 * Result lines encoded for `copyInto` a chunk at a time, each session's lines as they come
 * (planned beforehand, or one by one while being encoded: see file-reading.ts). Pure, so a large
 * file's lines are planned and encoded in the thread that read them and only bytes cross to the
 * service's (moved, not copied: each chunk has a buffer of its own). Each line is encoded as soon
 * as it is planned, so a planned line that is not kept is let go young, not held for its chunk.
 */
export function* resultChunks(sessions: Iterable<PlannedResult>[], ids: ResultIds, written: boolean): Generator<ResultChunk> {
  const copy = new BinaryCopyWriter(RESULT_BINARY);
  const lines = written ? new WrittenLines() : null;
  const chunk = (): ResultChunk => ({ copy: copy.take(), written: lines?.take() ?? null });
  for (const [i, session] of sessions.entries()) {
    const sectionIds = new Map<string, string>(); // by letter: no key string a line
    for (const r of session) {
      let sectionId = sectionIds.get(r.sectionLetter);
      if (sectionId === undefined) sectionIds.set(r.sectionLetter, (sectionId = ids.sections.get(sectionKey(i, r.sectionLetter))!));
      const row: ResultToWrite = { r, sessionId: ids.sessions[i], sectionId, contestants: ids.contestants };
      copy.row(row);
      lines?.add(row);
      if (copy.rows === COPY_CHUNK) yield chunk();
    }
    if (copy.rows) yield chunk();
  }
}
