import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { TEST_ADMIN_KEY, startTestApp, type TestApp } from './support/app.js';
import { sql } from './support/database.js';

/**
 * An imported file's body as the import route reads it (common/file-body.ts): a plain body with
 * its length is copied in as it arrives, anything else is read by body-parser as before. Both give
 * the service the same bytes, and a body cut short or too large writes nothing.
 */
describe('the body of an imported file', () => {
  let t: TestApp;
  let port: number;
  const csv = ['Session,Section,Board,NS,EW,Contract,Declarer,Tricks', '1,A,1,1,2,4H,N,10', '1,A,1,3,4,4H,N,9', '1,A,2,1,4,3NT,S,9', '1,A,2,3,2,3NT,S,10', ''].join('\r\n');
  const imports = async () => Number((await sql<{ n: string }>(t.db.url, 'SELECT count(*) AS "n" FROM "FileImport"'))[0].n);

  beforeAll(async () => {
    t = await startTestApp(undefined, { listen: true });
    port = Number(new URL(t.wsUrl!).port);
  });
  afterAll(async () => t?.close());

  /**
   * What the service answers to `head` followed by `body` on a raw connection (what came until it
   * closed the connection, or within 200 ms of its first bytes), cut off after the body when `cut`.
   */
  function rawRequest(head: string[], body: Buffer, cut = false): Promise<string> {
    return new Promise((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        socket.write(body);
        if (cut) setTimeout(() => (socket.destroy(), done('')), 100);
      });
      let answer = '';
      socket.on('data', (chunk) => {
        if (!answer) setTimeout(() => (socket.destroy(), done(answer)), 200);
        answer += chunk.toString('utf8');
      });
      socket.on('end', () => done(answer));
      socket.on('error', (error) => (answer ? done(answer) : fail(error))); // a refused body's connection is closed under its sender
    });
  }

  it('imports a plain file, and knows the same file sent compressed as already imported', async () => {
    const plain = (await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv).expect(201)).body;
    expect(plain).toMatchObject({ lines: 4, contestants: 4, rejected: [] });
    const compressed = (await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').set('content-encoding', 'gzip').send(gzipSync(csv)).expect(200)).body;
    expect(compressed).toMatchObject({ eventId: plain.eventId, alreadyImported: true });
  });

  it('writes nothing of a body cut off before its announced length, and goes on answering', async () => {
    const before = await imports();
    const head = ['POST /api/v1/imports/csv HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${TEST_ADMIN_KEY}`, 'Content-Type: text/csv', 'Content-Length: 100000'];
    await rawRequest(head, Buffer.from(csv.replace('1,A,1,1,2', '2,A,1,1,2')), true);
    await t.http().get('/health/live').expect(200);
    expect(await imports()).toBe(before);
  });

  it('refuses a file over 32 MiB by its announced length, before reading it, and writes nothing of it', async () => {
    const before = await imports();
    const head = ['POST /api/v1/imports/csv HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${TEST_ADMIN_KEY}`, 'Content-Type: text/csv', `Content-Length: ${(32 << 20) + 1}`];
    const answer = await rawRequest(head, Buffer.from(csv)); // the rest never sent: the answer does not wait for it
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/larger than the 32768 KiB/);
    expect(answer).toMatch(/^Connection: close\r$/im);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 413, code: 'BAD_USER_INPUT', fields: [] });
    expect(await imports()).toBe(before);
  });
});
