import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { Turn } from '../common/turns.js';

/** How long a turn of making an export holds the event loop (its pieces here, its preparation in ExportService). */
export const EXPORT_TURN_MS = 4;

/** Text gathered before it is written: fewer, larger writes to the socket. */
const WRITE_CHARS = 64 * 1024;

/**
 * Writes a file made a piece at a time (`usebioPieces`, `pbnPieces`, `travellersCsvPieces`) to an
 * answer, and ends it. The service's thread makes the pieces in turns of a few milliseconds, so a
 * national export's seconds of work never hold a page or a post waiting behind it; a slow reader
 * is waited for (the socket's buffer drains) rather than buffered in memory, and one that hangs up
 * stops the making. False when the reader left before the end.
 */
export async function writePieces(out: Writable, pieces: Iterable<string>, turn = new Turn(EXPORT_TURN_MS, 1)): Promise<boolean> {
  let gone = false;
  const leave = () => (gone = true);
  out.once('close', leave);
  try {
    let held: string[] = [];
    let chars = 0;
    for (const piece of pieces) {
      if (gone) return false;
      held.push(piece);
      chars += piece.length;
      if (chars >= WRITE_CHARS) {
        const full = !out.write(held.join(''));
        held = [];
        chars = 0;
        if (full) await drained(out);
      }
      if (turn.over()) await turn.next();
    }
    if (gone) return false;
    out.end(held.join(''));
    return true;
  } finally {
    out.off('close', leave);
  }
}

/** When the stream can take more, or has closed (a reader that hung up never drains). */
function drained(out: Writable): Promise<void> {
  return new Promise((done) => {
    const finish = () => {
      out.off('drain', finish);
      out.off('close', finish);
      done();
    };
    out.once('drain', finish);
    out.once('close', finish);
  });
}

/**
 * Writes `pieces` as the answer, gzip-compressed when the reader accepts it (a national USEBIO
 * file's 132 MiB of XML goes out as a tenth of that), the compressing done on libuv's threads, off
 * the event loop. False when the reader left before the end.
 */
export function sendPieces(req: Request, res: Response, pieces: Iterable<string>): Promise<boolean> {
  res.vary('Accept-Encoding');
  if (req.acceptsEncodings('gzip', 'identity') !== 'gzip') return writePieces(res, pieces);
  res.setHeader('Content-Encoding', 'gzip');
  const gzip = createGzip();
  // A reader who hangs up closes both: writePieces then stops (the error is the hang-up itself).
  pipeline(gzip, res).catch(() => undefined);
  return writePieces(gzip, pieces);
}
