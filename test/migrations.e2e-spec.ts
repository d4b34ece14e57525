import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, migrationsDir } from '../src/database/migrate.js';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';

describe('migration runner', () => {
  let db: TestDatabase;
  const count = readdirSync(migrationsDir()).filter((d) => existsSync(join(migrationsDir(), d, 'migration.sql'))).length;

  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
  });
  afterAll(() => db.drop());

  it('applies every migration once when two instances start at once', async () => {
    const [a, b] = await Promise.all([migrate(db.url), migrate(db.url)]);
    // The advisory lock serialises them: one applies, the other finds nothing left to do.
    expect([a.applied.length, b.applied.length].sort()).toEqual([0, count]);
    const rows = await sql(db.url, 'SELECT migration_name FROM _prisma_migrations');
    expect(rows).toHaveLength(count);
  });

  it('is a no-op the second time', async () => {
    expect(await migrate(db.url)).toEqual({ applied: [], alreadyApplied: count });
  });

  it('keeps the rows `prisma migrate deploy` expects (checksum = sha256 of the file)', async () => {
    const rows = await sql<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number; rolled_back_at: Date | null }>(
      db.url,
      'SELECT * FROM _prisma_migrations',
    );
    for (const row of rows) {
      const file = readFileSync(join(migrationsDir(), row.migration_name, 'migration.sql'), 'utf8');
      expect(row.checksum).toBe(createHash('sha256').update(file, 'utf8').digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it('leaves nothing behind when a migration fails', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, cpSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(migrationsDir(), dir, { recursive: true });
    mkdirSync(join(dir, '29990101000000_broken'));
    writeFileSync(join(dir, '29990101000000_broken', 'migration.sql'), 'CREATE TABLE "Half" (id INT);\nSELECT no_such_function();\n');
    await expect(migrate(db.url, dir)).rejects.toThrow(/Migration 29990101000000_broken failed/);
    expect(await sql(db.url, `SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'Half'`, [db.schema])).toHaveLength(0);
    expect(await sql(db.url, `SELECT 1 FROM _prisma_migrations WHERE migration_name LIKE '%broken'`)).toHaveLength(0);
  });
});
