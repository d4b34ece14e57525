import { parentPort } from 'node:worker_threads';
import { readFailure, readFile, type FileRead } from './file-reading.js';
import { lineCountsOf, outlineOf, type ReadingAnswer, type ReadingRequest } from './import-reading.js';
import { resultChunks } from './result-rows.js';

/**
 * Reads one large file off the service's event loop (see import-reading.ts): parsing and planning
 * a national simultaneous's 240,000 lines takes seconds of CPU, during which /health, posts and
 * ranking reads must still be answered. The plan stays here; its lines leave as encoded chunks.
 */
let read: FileRead | null = null;
let chunks: Iterator<string[]> | null = null;

function answer(request: ReadingRequest): ReadingAnswer {
  switch (request.kind) {
    case 'read': {
      read = readFile(request.format, Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength));
      return { kind: 'outline', outline: outlineOf(read.plan), lineCounts: lineCountsOf(read.plan), doubleDummy: read.doubleDummy, figures: read.figures };
    }
    case 'rows':
      chunks = resultChunks(read!.plan, request.ids);
      return { kind: 'ready' };
    case 'next': {
      const next = chunks!.next();
      return { kind: 'chunk', chunk: next.done ? null : next.value };
    }
    case 'whole':
      return { kind: 'whole', plan: read!.plan };
  }
}

parentPort!.on('message', (request: ReadingRequest) => {
  try {
    parentPort!.postMessage(answer(request));
  } catch (error) {
    parentPort!.postMessage({ kind: 'failure', failure: readFailure(error) } satisfies ReadingAnswer);
  }
});
