import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { Turn } from '../common/turns.js';
import { writePieces } from './streamed-file.js';

/** A reader whose buffer holds `highWaterMark` bytes, each write taken on a later turn. */
function slowReader(highWaterMark = 1024) {
  const got: string[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      got.push(chunk.toString());
      setImmediate(done);
    },
  });
  return { out, got };
}

function* counted(pieces: string[], made: { count: number }) {
  for (const piece of pieces) {
    made.count++;
    yield piece;
  }
}

describe('writePieces', () => {
  const pieces = Array.from({ length: 500 }, (_, k) => `${'x'.repeat(300)} ${k}\n`);

  it('writes every piece in order and ends the answer', async () => {
    const { out, got } = slowReader();
    const finished = new Promise((done) => out.on('finish', done));
    await expect(writePieces(out, pieces)).resolves.toBe(true);
    await finished;
    expect(got.join('')).toBe(pieces.join(''));
  });

  it('makes no more pieces than the reader has room for: it waits for the socket to drain', async () => {
    const made = { count: 0 };
    const { out } = slowReader();
    const writing = writePieces(out, counted(pieces, made));
    // Before the reader has taken anything, only the first write's worth is made (~64 KiB of 150 KiB).
    expect(made.count).toBeLessThan(pieces.length);
    await writing;
    expect(made.count).toBe(pieces.length);
  });

  it('stops making pieces when the reader hangs up', async () => {
    const made = { count: 0 };
    const { out } = slowReader();
    const writing = writePieces(out, counted(pieces, made), new Turn(0, 1));
    setImmediate(() => out.destroy());
    await expect(writing).resolves.toBe(false);
    expect(made.count).toBeLessThan(pieces.length);
  });

  it('gives the event loop a turn while it makes pieces', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const { out } = slowReader(1 << 30);
    await writePieces(out, pieces, new Turn(0, 1));
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
  });
});
