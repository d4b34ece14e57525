import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { backup, restore } from '../src/database/backup.js';
import { createTestDatabase, sql, triggersNotAlways, type TestDatabase } from './support/database.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { adjust, buildEvent, postLines } from './support/events.js';

/** db:backup and db:restore: one file, tied to the migration level, that gives back every row. */
describe('backup and restore', () => {
  let t: TestApp;
  let target: TestDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'traveller-backup-'));

  beforeAll(async () => {
    t = await startTestApp();
    target = await createTestDatabase({ migrated: false });
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 4 });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=', lead: 'HK' },
      { board: 1, nsPair: 3, ewPair: 4, contract: '3NTX', declarer: 'S', result: '-2' },
    ]);
    await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Fouled: \\"quoted\\", tab\\t and 中文"');
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: e.sessionIds[0] }));
  });
  afterAll(async () => {
    await t.close();
    await target.drop();
  });

  const everything = async (url: string) => {
    const tables = await sql<{ name: string }>(url, `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname <> '_prisma_migrations' ORDER BY relname`);
    const out: Record<string, unknown[]> = {};
    for (const { name } of tables) out[name] = await sql(url, `SELECT * FROM "${name}" ORDER BY 1, 2`);
    return out;
  };

  it('gives back every row of every table, exactly, and the audit trail continues after them', async () => {
    const file = join(dir, 'club.backup.gz');
    const made = await backup(t.db.url, file);
    expect(made.rows).toBeGreaterThan(10);
    const restored = await restore(target.url, file);
    expect(restored).toEqual(made);
    const [before, after] = [await everything(t.db.url), await everything(target.url)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    const [{ seq }] = await sql<{ seq: string }>(target.url, `SELECT nextval(pg_get_serial_sequence('"AuditEntry"', 'seq')) AS seq`);
    const [{ max }] = await sql<{ max: string }>(target.url, `SELECT max("seq") AS max FROM "AuditEntry"`);
    expect(BigInt(seq)).toBe(BigInt(max) + 1n);
    // The revision triggers are back on as the migrations left them, firing in a bulk load's replica mode too.
    expect(await triggersNotAlways(target)).toEqual([]);
  });

  it('refuses to overwrite a database that has data unless told to, and a backup of another migration level', async () => {
    const file = join(dir, 'again.backup.gz');
    await backup(t.db.url, file);
    await expect(restore(target.url, file)).rejects.toThrow(/already holds organisations or events: restore with --replace/);
    await expect(restore(target.url, file, { replace: true })).resolves.toMatchObject({ rows: expect.any(Number) });
    const other = join(dir, 'other-level.backup.gz');
    const text = gunzipSync(readFileSync(file)).toString('utf8').replace(/^migration \S+$/m, 'migration 29990101000000_future');
    writeFileSync(other, gzipSync(text));
    await expect(restore(target.url, other, { replace: true })).rejects.toThrow(/backup is at migration 29990101000000_future and this database at \d+_\w+/);
    // A refused restore changed nothing.
    expect(await everything(target.url)).toEqual(await everything(t.db.url));
  });
});
