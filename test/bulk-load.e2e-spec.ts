import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { loadCheckedOnce, type LoadedRows } from '../src/database/bulk-load.js';
import { databaseTarget } from '../src/database/connection.js';
import { copyTuples, type BinaryType } from '../src/database/copy-binary.js';
import { copyInto } from '../src/database/copy-rows.js';
import { createTestDatabase, sql, triggersNotAlways, type TestDatabase } from './support/database.js';

/**
 * Bulk loads with their foreign keys checked once (database/bulk-load.ts): what the database's
 * row triggers would refuse is still refused, the parents are locked as the triggers lock them,
 * the service's own triggers still fire, and a role without the privilege loads as before.
 */
describe('bulk loads checked once', () => {
  let db: TestDatabase;
  const plainRole = `traveller_plain_${randomBytes(3).toString('hex')}`;
  const ids = { event: randomUUID(), session: randomUUID(), section: randomUUID(), ns: randomUUID(), ew: randomUUID() };
  const COLUMNS = ['id', 'sessionId', 'sectionId', 'boardNumber', 'nsContestantId', 'ewContestantId', 'status', 'contract', 'declarer', 'tricks', 'nsScore'];
  const TYPES: BinaryType[] = ['uuid', 'uuid', 'uuid', 'int4', 'uuid', 'uuid', 'text', 'text', 'text', 'int4', 'int4'];
  type Line = (string | number)[];
  const line = (board: number, ns = ids.ns, ew = ids.ew): Line => [randomUUID(), ids.session, ids.section, board, ns, ew, 'PLAYED', '4S', 'N', 10, 420];
  /** Lines as one chunk of COPY tuples. */
  const tuples = (lines: Line[]) => copyTuples(TYPES.map((type, i) => ({ type, value: (l: Line) => l[i] })), lines);
  const loaded: LoadedRows[] = [{ table: 'Result', where: 'c."sessionId" = ANY($1::uuid[])', values: [ids.session] }];

  /** A connection on the test's schema, as `user` (the server's own user by default), in a transaction. */
  async function connect(user?: string): Promise<pg.Client> {
    const { connectionString, schema } = databaseTarget(db.url);
    const url = new URL(connectionString);
    if (user) url.username = user;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`SET search_path TO "${schema}"`);
    return client;
  }

  /** The keys as an import gives them: on the ids it mapped the lines to (LoadedRows.written), the NS pairs `ns`. */
  const byValues = (ns = [ids.ns]): LoadedRows[] => [{ ...loaded[0], written: { 'sectionId,sessionId': [[ids.section, ids.session]], nsContestantId: ns.map((id) => [id]), ewContestantId: [[ids.ew]] } }];

  /** `work` on a connection of its own (see `connect`), closed after. */
  async function connected(work: (client: pg.Client) => Promise<void>, user?: string): Promise<void> {
    const client = await connect(user);
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  /** Lines loaded in one transaction through loadCheckedOnce, committed; answers whether the keys were checked once. */
  async function load(client: pg.Client, lines: Line[], keys = loaded): Promise<boolean> {
    await client.query('BEGIN');
    try {
      const once = await loadCheckedOnce(client, keys, () => copyInto(client, 'Result', COLUMNS, [tuples(lines)]));
      await client.query('COMMIT');
      return once;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }

  const revision = async () => (await sql<{ revision: string }>(db.url, 'SELECT "revision"::text AS "revision" FROM "Event" WHERE "id" = $1', [ids.event]))[0].revision;
  const results = async () => Number((await sql<{ n: string }>(db.url, 'SELECT count(*) AS "n" FROM "Result"'))[0].n);

  beforeAll(async () => {
    db = await createTestDatabase();
    await sql(db.url, `INSERT INTO "Event" ("id", "name", "kind", "scoring") VALUES ($1, 'Bulk', 'PAIRS', 'MATCHPOINTS')`, [ids.event]);
    await sql(db.url, 'INSERT INTO "Session" ("id", "eventId", "number") VALUES ($1, $2, 1)', [ids.session, ids.event]);
    await sql(db.url, `INSERT INTO "Section" ("id", "sessionId", "letter", "tables") VALUES ($1, $2, 'A', 1)`, [ids.section, ids.session]);
    await sql(db.url, `INSERT INTO "Contestant" ("id", "eventId", "number", "name") VALUES ($1, $3, 1, 'NS one'), ($2, $3, 2, 'EW two')`, [ids.ns, ids.ew, ids.event]);
    await sql(db.url, `CREATE ROLE "${plainRole}" LOGIN`);
    await sql(db.url, `GRANT USAGE ON SCHEMA "${db.schema}" TO "${plainRole}"; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${db.schema}" TO "${plainRole}"`);
  });
  afterAll(async () => {
    await db?.drop();
    await sql(db.url, `DROP ROLE IF EXISTS "${plainRole}"`).catch(() => {});
  });

  it('every trigger of the schema fires in replica mode too (ENABLE ALWAYS)', async () => {
    const triggers = await sql<{ n: string }>(db.url, `SELECT count(*) AS "n" FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid WHERE NOT tg.tgisinternal AND c.relnamespace = $1::regnamespace`, [`"${db.schema}"`]);
    expect(Number(triggers[0].n)).toBeGreaterThan(20);
    expect(await triggersNotAlways(db)).toEqual([]);
  });

  it('a superuser’s load skips the row triggers, checks the keys once, and still moves the event’s revision', async () => {
    await connected(async (client) => {
      const before = await revision();
      expect(await load(client, [line(1), line(2)])).toBe(true);
      expect(await results()).toBe(2);
      expect(BigInt(await revision())).toBeGreaterThan(BigInt(before));
      // Replica mode ended with the load: a later statement in the transaction runs the triggers.
      expect((await client.query('SHOW session_replication_role')).rows[0].session_replication_role).toBe('origin');
    });
  });

  it('refuses a line whose pair or section does not exist, and keeps nothing of the load', async () => {
    await connected(async (client) => {
      const before = await results();
      await expect(load(client, [line(3), line(4, randomUUID())])).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('Result_nsContestantId_fkey') });
      const strayingSection = line(5).map((v) => (v === ids.section ? randomUUID() : v));
      await expect(load(client, [strayingSection])).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('Result_sectionId_sessionId_fkey') });
      expect(await results()).toBe(before);
      // Unique keys are enforced during the load itself, as always.
      await expect(load(client, [line(6), line(6)])).rejects.toMatchObject({ code: '23505' });
    });
  });

  it('checks the keys on the values the loader wrote, when it gives them: a value without its parent fails the load', async () => {
    await connected(async (client) => {
      const before = await results();
      expect(await load(client, [line(10), line(11)], byValues())).toBe(true);
      expect(await results()).toBe(before + 2);
      const stranger = randomUUID();
      await expect(load(client, [line(12, stranger)], byValues([ids.ns, stranger]))).rejects.toMatchObject({ code: '23503', message: expect.stringContaining(`Result_nsContestantId_fkey": (nsContestantId) = (${stranger})`) });
      const sections = byValues();
      sections[0].written!['sectionId,sessionId'] = [[ids.section, ids.session], [ids.section, randomUUID()]];
      await expect(load(client, [line(13)], sections)).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('Result_sectionId_sessionId_fkey') });
      // A key the loader gives no values for is still checked on the rows.
      const partial = byValues();
      delete partial[0].written!.ewContestantId;
      await expect(load(client, [line(14, ids.ns, randomUUID())], partial)).rejects.toMatchObject({ code: '23503', message: expect.stringContaining('Result_ewContestantId_fkey') });
      expect(await results()).toBe(before + 2);
    });
  });

  it('needs no values for parents the transaction inserted itself: they are there, and no one else can delete them', async () => {
    await connected(async (client) => {
      const before = await results();
      const own = randomUUID();
      await client.query('BEGIN');
      await client.query(`INSERT INTO "Contestant" ("id", "eventId", "number", "name") VALUES ($1, $2, 3, 'NS three')`, [own, ids.event]);
      await loadCheckedOnce(client, byValues([]), () => copyInto(client, 'Result', COLUMNS, [tuples([line(15, own)])]));
      await client.query('COMMIT');
      expect(await results()).toBe(before + 1);
    });
  });

  it.each([
    ['on the loaded rows', () => loaded],
    ['on the values written', () => byValues()],
  ])('holds the parents as the triggers would (keys checked %s): deleting a pair waits until the load commits', async (_, keys) => {
    const loader = await connect();
    const deleter = await connect();
    try {
      await loader.query('BEGIN');
      await loadCheckedOnce(loader, keys(), () => copyInto(loader, 'Result', COLUMNS, [tuples([line(7)])]));
      await deleter.query(`SET lock_timeout = '300ms'`);
      await expect(deleter.query('DELETE FROM "Contestant" WHERE "id" = $1', [ids.ew])).rejects.toMatchObject({ code: '55P03' });
      await loader.query('ROLLBACK');
    } finally {
      await loader.end();
      await deleter.end();
    }
  });

  it('a role that may not set session_replication_role loads with the database checking each row', async () => {
    await connected(async (client) => {
      expect(await load(client, [line(8)])).toBe(false);
      await expect(load(client, [line(9, ids.ns, randomUUID())])).rejects.toMatchObject({ code: '23503' });
    }, plainRole);
  });
});
