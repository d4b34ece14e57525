import { parentPort } from 'node:worker_threads';
import { FilePlan, readFailure } from './file-reading.js';
import type { ReadingAnswer, ReadingRequest } from './import-reading.js';
import type { ResultChunk } from './result-rows.js';

/**
 * Reads one large file off the service's event loop (see import-reading.ts): parsing and planning
 * a national simultaneous's 240,000 lines takes seconds of CPU, during which /health, posts and
 * ranking reads must still be answered. The plan stays here; its lines are planned as they leave,
 * as encoded chunks.
 */
let read: FilePlan | null = null;
let chunks: Iterator<ResultChunk> | null = null;

function answer(request: ReadingRequest): ReadingAnswer {
  switch (request.kind) {
    case 'read': {
      read = new FilePlan(request.format, Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength));
      return { kind: 'outline', outline: read.outline, fileLines: read.fileLines, doubleDummy: read.doubleDummy };
    }
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

parentPort!.on('message', (request: ReadingRequest) => {
  try {
    const reply = answer(request);
    // A chunk's bytes and cells are moved to the service's thread, not copied.
    const chunk = reply.kind === 'chunk' ? reply.chunk : null;
    parentPort!.postMessage(reply, chunk ? [chunk.copy.buffer as ArrayBuffer, ...(chunk.written ? [chunk.written.cells.buffer as ArrayBuffer] : [])] : []);
  } catch (error) {
    parentPort!.postMessage({ kind: 'failure', failure: readFailure(error) } satisfies ReadingAnswer);
  }
});
