import { parentPort, workerData } from 'node:worker_threads';
import { giveWay } from '../common/thread-priority.js';
import { contestantRows } from './contestant-rows.js';
import { FilePlan, parserFor, readFailure, sha256Of } from './file-reading.js';
import { outlineOf } from './import-plan.js';
import type { ReadingAnswer, ReadingRequest } from './import-reading.js';
import type { ResultChunk } from './result-rows.js';
import { warmUp } from './reader-warm-up.js';

/**
 * This thread gives way to the service's own (see BACKGROUND_NICENESS): while a national file goes
 * in, the database, this thread and the service's thread want more processor than a small machine
 * has, and /health's median during the import was 8–12 ms at equal priority, 5–7 ms so, the
 * import's time unchanged (it waits on the database).
 */
giveWay();

/**
 * Reads one large file off the service's event loop (see import-reading.ts): parsing and planning
 * a national simultaneous's 240,000 lines takes seconds of CPU, during which /health, posts and
 * ranking reads must still be answered. The plan stays here; its lines are planned as they leave,
 * as encoded chunks.
 */
let read: FilePlan | null = null;
let chunks: Iterator<ResultChunk> | null = null;
/** Whether a file has come: a thread started ahead of one (`workerData.warmAfterMs`) warms up until then (reader-warm-up.ts). */
let asked = false;

async function answer(request: ReadingRequest): Promise<ReadingAnswer> {
  switch (request.kind) {
    case 'read': {
      const file = Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength);
      read = new FilePlan(await parserFor(request.format), file);
      return { kind: 'outline', outline: outlineOf(read.outline), fileLines: read.fileLines, sha256: sha256Of(file), doubleDummy: read.doubleDummy };
    }
    case 'contestants':
      return { kind: 'contestants', rows: contestantRows(read!.outline.contestants, request.target) };
    case 'rows':
      chunks = read!.resultChunks(request.ids, request.written);
      return { kind: 'ready' };
    case 'next': {
      const next = chunks!.next();
      return { kind: 'chunk', chunk: next.done ? null : next.value };
    }
    case 'whole':
      return { kind: 'whole', plan: read!.whole() };
    case 'planned':
      return { kind: 'planned', planned: read!.planned() };
  }
}

/** The bytes and cells of an answer, moved to the service's thread rather than copied. */
function moved(reply: ReadingAnswer): ArrayBuffer[] {
  if (reply.kind === 'contestants') return reply.rows.tables.map((t) => t.copy.buffer as ArrayBuffer);
  if (reply.kind !== 'chunk' || !reply.chunk) return [];
  return [reply.chunk.copy.buffer as ArrayBuffer, ...(reply.chunk.written ? [reply.chunk.written.cells.buffer as ArrayBuffer] : [])];
}

parentPort!.on('message', async (request: ReadingRequest) => {
  asked = true;
  try {
    const reply = await answer(request);
    parentPort!.postMessage(reply, moved(reply));
  } catch (error) {
    parentPort!.postMessage({ kind: 'failure', failure: readFailure(error) } satisfies ReadingAnswer);
  }
});

const warmAfterMs = (workerData as { warmAfterMs?: number } | null)?.warmAfterMs;
if (warmAfterMs !== undefined) {
  // A failed warm-up only leaves the thread cold.
  setTimeout(() => void parserFor('CSV').then((parse) => warmUp(parse, () => asked)).catch(() => {}), warmAfterMs);
}
