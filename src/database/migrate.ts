import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseTarget, databaseUrl } from './connection.js';

/**
 * Applies prisma/migrations/<name>/migration.sql in name order, keeping Prisma's own
 * `_prisma_migrations` bookkeeping so that `prisma migrate deploy` can take over wherever its
 * engine is available (it cannot be downloaded on our machines). Same advisory lock key as Prisma,
 * so two instances starting at once (or a real Prisma CLI) serialise instead of racing.
 */
const PRISMA_ADVISORY_LOCK = 72707369;

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                  VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum            VARCHAR(64) NOT NULL,
    finished_at         TIMESTAMPTZ,
    migration_name      VARCHAR(255) NOT NULL,
    logs                TEXT,
    rolled_back_at      TIMESTAMPTZ,
    started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count INTEGER NOT NULL DEFAULT 0
)`;

/** The repository's prisma/migrations folder, found from this module (src/ or dist/ alike). */
export function migrationsDir(): string {
  return resolve(fileURLToPath(new URL('.', import.meta.url)), '../../prisma/migrations');
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export async function migrate(url = databaseUrl(), dir = migrationsDir()): Promise<MigrationReport> {
  const { connectionString, schema } = databaseTarget(url);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // Lock first: even CREATE SCHEMA IF NOT EXISTS races between two instances.
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await client.query(`SET search_path TO "${schema}"`);
      return await applyPending(client, dir);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]);
    }
  } finally {
    await client.end();
  }
}

async function applyPending(client: pg.Client, dir: string): Promise<MigrationReport> {
  await client.query(MIGRATIONS_TABLE);
  const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
    'SELECT migration_name, finished_at FROM _prisma_migrations WHERE rolled_back_at IS NULL',
  );
  const failed = rows.find((r) => r.finished_at === null);
  if (failed) {
    // Prisma's P3009 rule: a half-applied migration needs a human before anything else runs.
    throw new Error(`Migration ${failed.migration_name} failed earlier; resolve it before migrating again`);
  }
  const done = new Set(rows.map((r) => r.migration_name));
  const pending = listMigrations(dir).filter((name) => !done.has(name));
  for (const name of pending) await applyOne(client, dir, name);
  return { applied: pending, alreadyApplied: done.size };
}

function listMigrations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

/** The script and its bookkeeping row commit together, so a failed migration leaves nothing behind. */
async function applyOne(client: pg.Client, dir: string, name: string): Promise<void> {
  const script = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
  const checksum = createHash('sha256').update(script, 'utf8').digest('hex');
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
      [id, checksum, name],
    );
    await client.query(script);
    await client.query(
      'UPDATE _prisma_migrations SET applied_steps_count = 1, finished_at = clock_timestamp() WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
  }
}

// `npm run db:migrate`: uses DATABASE_URL, or the embedded database when it is unset.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ensureDatabase } = await import('./embedded-postgres.js');
  const db = await ensureDatabase();
  const report = await migrate();
  console.log(
    report.applied.length
      ? `Applied ${report.applied.length} migration(s): ${report.applied.join(', ')}`
      : `Database is up to date (${report.alreadyApplied} migration(s) applied earlier)`,
  );
  await db.stop();
}
