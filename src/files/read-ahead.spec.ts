import { describe, expect, it } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readAhead } from './import-reading.js';

const chunk = (n: number, size = 10) => new Uint8Array(size).fill(n);

/** A source that notes each chunk as it is pulled, and may fail after `failAfter` chunks. */
function source(count: number, failAfter = Infinity) {
  const pulled: number[] = [];
  async function* chunks() {
    for (let i = 0; i < count; i++) {
      if (i === failAfter) throw new Error('the reader failed');
      await nextTurn();
      pulled.push(i);
      yield chunk(i);
    }
  }
  return { pulled, chunks: chunks() };
}

async function all(chunks: AsyncIterable<Uint8Array>): Promise<number[]> {
  const seen: number[] = [];
  for await (const c of chunks) seen.push(c[0]);
  return seen;
}

describe('readAhead', () => {
  it('pulls chunks before it is asked, up to its budget, and gives them all in order', async () => {
    const { pulled, chunks } = source(10);
    const ahead = readAhead(chunks, 35);
    for (let i = 0; i < 20; i++) await nextTurn();
    // 4 chunks of 10 bytes reach the budget of 35: the pump waits for room.
    expect(pulled).toEqual([0, 1, 2, 3]);
    expect(await all(ahead)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('ends at once on an empty source', async () => {
    expect(await all(readAhead(source(0).chunks, 100))).toEqual([]);
  });

  it('gives the chunks before a failure, then the failure', async () => {
    const seen: number[] = [];
    const reading = (async () => {
      for await (const c of readAhead(source(5, 3).chunks, 1000)) seen.push(c[0]);
    })();
    await expect(reading).rejects.toThrow('the reader failed');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('leaves no unhandled rejection when its caller never reads a failing source', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', note);
    try {
      readAhead(source(5, 1).chunks, 1000);
      for (let i = 0; i < 20; i++) await nextTurn();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
