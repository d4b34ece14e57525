import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ImportService } from '../src/files/import.service.js';
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
