import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { keepReaderReady, readerReady, readHere, readInWorker } from '../src/files/import-reading.js';

/**
 * A large file goes to the reading thread (dist/files/file-reading.worker.js) without a copy when
 * its buffer holds it alone, as a large request body's does: the thread reads exactly what the
 * request's own thread would, and the caller's buffer is then empty. A buffer that shares its
 * memory (a small one from Node's pool) is copied and left as it was.
 */
describe('reading a file in a worker thread', () => {
  const xml = readFileSync(new URL('../src/bridge/formats/fixtures/usebio-two-sections.xml', import.meta.url));
  const readAll = async (reading: Awaited<ReturnType<typeof readHere>>) => {
    try {
      // What does not depend on the ids a reading makes up: the bytes read (their hash), the lines and the sections found.
      const plan = await reading.wholePlan();
      return { sha256: reading.sha256, fileLines: reading.fileLines, sections: plan.sessions.map((s) => s.sections.map((x) => x.letter)), lines: plan.sessions.map((s) => s.results.length) };
    } finally {
      reading.close();
    }
  };

  it('moves a buffer that holds the file alone: the same reading, the buffer emptied', async () => {
    const here = await readAll(await readHere('USEBIO', Buffer.from(xml)));
    const own = Buffer.alloc(xml.length);
    xml.copy(own);
    expect(own.byteOffset === 0 && own.buffer.byteLength === xml.length).toBe(true);
    const moved = await readAll(await readInWorker('USEBIO', own));
    expect(moved).toEqual(here);
    expect(own.length).toBe(0);
  });

  it('copies a buffer that shares its memory, and leaves it whole', async () => {
    const shared = Buffer.concat([Buffer.from('padding'), xml]).subarray('padding'.length);
    const read = await readAll(await readInWorker('USEBIO', shared));
    expect(read).toEqual(await readAll(await readHere('USEBIO', Buffer.from(xml))));
    expect(shared.equals(xml)).toBe(true);
  });

  it('keeps a reading thread ready: a large file takes it, and the next one is started once that import is done', async () => {
    const until = async (ready: boolean) => {
      for (let waited = 0; readerReady() !== ready; waited += 50) {
        if (waited > 10_000) throw new Error(`no reading thread ${ready ? 'made ready' : 'taken'}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      await keepReaderReady(true);
      expect(readerReady()).toBe(true);
      const reading = await readInWorker('USEBIO', Buffer.from(xml));
      expect(readerReady()).toBe(false); // taken by this file
      const read = await readAll(reading);
      expect(read).toEqual(await readAll(await readHere('USEBIO', Buffer.from(xml))));
      await until(true); // the next, started after the first was let go
      await keepReaderReady(false); // resolves once the waiting thread has stopped
      expect(readerReady()).toBe(false);
    } finally {
      await keepReaderReady(false);
    }
  });

  // Linux keeps a niceness per thread (/proc/self/task/<tid>/stat, its 19th field).
  (existsSync('/proc/self/task') ? it : it.skip)('reads at a lower priority than the service’s own thread (Linux)', async () => {
    const niceness = () => readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[16]));
    const reading = await readInWorker('USEBIO', Buffer.from(xml));
    try {
      expect(niceness()).toContain(10);
    } finally {
      reading.close();
    }
  });
});
