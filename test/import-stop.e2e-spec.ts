import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import copyStreams from 'pg-copy-streams';
import { ImportService } from '../src/files/import.service.js';
import { sql } from './support/database.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * SIGTERM while a national file goes in (main.ts calls ImportService.stop): a large import gives up
 * at its next batch, its transaction rolls back whole, and the client is told to send it again;
 * a club's file still lands (test/shutdown.e2e-spec.ts).
 */
describe('an import when the service is stopping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const csv = () => {
    const rows = ['Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks,Winners'];
    for (let board = 1; board <= 24; board++) for (let t = 1; t <= 10; t++) rows.push(`1,A,${board},${t},${t},${((t + board) % 10) + 1},4S,N,${9 + ((t + board) % 3)},2`);
    return Buffer.from(`${rows.join('\n')}\n`);
  };
  const events = async () => dataOf(await t.gql('{ events { totalCount } }')).events.totalCount as number;

  it('gives up in the middle of writing its lines: the COPY is cancelled and the contestants already written go too', async () => {
    // 12,000 lines, two chunks of COPY data; the stop comes once the first is on its way to the database.
    const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Winners'];
    for (let s = 0; s < 25; s++) {
      const section = String.fromCharCode(65 + s);
      for (let board = 1; board <= 24; board++) for (let t = 1; t <= 20; t++) rows.push(`1,${section},${board},${t},${t},${((t + board) % 20) + 1},N${section}${t} & S${section}${t},E${section}${t} & W${section}${t},4S,N,${9 + ((t + board) % 3)},2`);
    }
    const service = t.app.get(ImportService);
    const copying = Object.getPrototypeOf(copyStreams.from('COPY x FROM STDIN')) as { flushChunk(chunk: Buffer): boolean };
    const send = copying.flushChunk;
    const sent = jest.spyOn(copying, 'flushChunk').mockImplementation(function (this: { text: string }, chunk: Buffer) {
      if (this.text.startsWith('COPY "Result"')) service.stop();
      return send.call(this, chunk);
    });
    const tables = async () => (await sql<{ n: number }>(t.db.url, 'SELECT (SELECT count(*) FROM "Contestant") + (SELECT count(*) FROM "Player") + (SELECT count(*) FROM "Result") AS "n"'))[0].n;
    process.env.TRAVELLER_IMPORT_WORKER_BYTES = '1000';
    try {
      const before = [await events(), await tables()];
      const res = await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(Buffer.from(`${rows.join('\n')}\n`)).expect(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(sent.mock.contexts.some((c) => (c as { text: string }).text.startsWith('COPY "Result"'))).toBe(true);
      expect([await events(), await tables()]).toEqual(before);
    } finally {
      sent.mockRestore();
      delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
    }
  });

  it('gives up a large import and writes nothing of it, with 503 SERVICE_UNAVAILABLE', async () => {
    process.env.TRAVELLER_IMPORT_WORKER_BYTES = '1000'; // this file counts as large
    try {
      const before = await events();
      t.app.get(ImportService).stop();
      const res = await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv()).expect(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/send the file again/) });
      expect(await events()).toBe(before);
      // A club's file (under the threshold) still lands while the service drains.
      process.env.TRAVELLER_IMPORT_WORKER_BYTES = String(10 << 20);
      const small = await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv()).expect(201);
      expect(small.body.lines).toBe(240);
    } finally {
      delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
    }
  });
});
