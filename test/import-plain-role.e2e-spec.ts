import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';

/**
 * A deployment whose database role is no superuser and was not granted `session_replication_role`
 * (database/bulk-load.ts): imports work the same, the database checking each row's keys.
 */
describe('imports on a role that may not set session_replication_role', () => {
  let db: TestDatabase;
  let t: TestApp;
  const role = `traveller_app_${randomBytes(3).toString('hex')}`;
  const csv = ['Session,Section,Board,NS,EW,Contract,Declarer,Tricks', '1,A,1,1,2,4H,N,10', '1,A,1,3,4,4H,N,9', '1,A,2,1,4,3NT,S,9', '1,A,2,3,2,3NT,S,10', ''].join('\r\n');

  beforeAll(async () => {
    db = await createTestDatabase();
    await sql(db.url, `CREATE ROLE "${role}" LOGIN NOSUPERUSER`);
    await sql(db.url, `GRANT USAGE ON SCHEMA "${db.schema}" TO "${role}"; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${db.schema}" TO "${role}"; GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "${db.schema}" TO "${role}"`);
    const asRole = new URL(db.url);
    asRole.username = role;
    t = await startTestApp({ ...db, url: asRole.toString() }, { keepDatabase: true });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await sql(db.url, `DROP ROLE IF EXISTS "${role}"`).catch(() => {});
  });

  it('refuses the role the mode, and still imports the file whole, scored', async () => {
    const asRole = new URL(db.url);
    asRole.username = role;
    await expect(sql(asRole.toString(), 'SET session_replication_role TO replica')).rejects.toMatchObject({ code: '42501' });
    const report = (await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv).expect(201)).body;
    expect(report).toMatchObject({ lines: 4, contestants: 4, rejected: [] });
    const [{ n }] = await sql<{ n: string }>(db.url, 'SELECT count(*) AS "n" FROM "Result" r JOIN "Session" s ON s."id" = r."sessionId" WHERE s."eventId" = $1', [report.eventId]);
    expect(Number(n)).toBe(4);
    // Read back through the service, as any reader would: the board's traveller, scored.
    const [{ id: sessionId }] = await sql<{ id: string }>(db.url, 'SELECT "id" FROM "Session" WHERE "eventId" = $1', [report.eventId]);
    const board = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair nsScore } } }`, { s: sessionId })).traveller;
    expect(board.lines.map((l: { nsPair: number; nsScore: number }) => [l.nsPair, l.nsScore]).sort()).toEqual([[1, 420], [3, -50]]);
  });
});
