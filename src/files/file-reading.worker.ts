import { parentPort } from 'node:worker_threads';
import type { FileFormat } from '../bridge/formats/interchange.js';
import { readFailure, readFile } from './file-reading.js';

/**
 * Reads one large file off the service's event loop (see ImportService.read): parsing and planning
 * a national simultaneous's 240,000 lines takes seconds of CPU, during which /health, posts and
 * ranking reads must still be answered.
 */
parentPort!.on('message', ({ format, file }: { format: FileFormat; file: Uint8Array }) => {
  try {
    parentPort!.postMessage({ read: readFile(format, Buffer.from(file.buffer, file.byteOffset, file.byteLength)) });
  } catch (error) {
    parentPort!.postMessage({ failure: readFailure(error) });
  }
});
