import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { databaseTarget } from '../../src/database/connection.js';
import { startEmbeddedPostgres, type RunningDatabase } from '../../src/database/embedded-postgres.js';
import { migrate } from '../../src/database/migrate.js';

/**
 * A database for one test file: its own schema on the real PostgreSQL (TEST_DATABASE_URL,
 * DATABASE_URL, or the local server's `test` database), migrated, dropped afterwards. When no
 * server answers, an embedded PostgreSQL (one data directory per Jest worker) stands in.
 */
export interface TestDatabase {
  /** URL with `?schema=` of this file's schema. */
  url: string;
  schema: string;
  drop(): Promise<void>;
}

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/test';

export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const server = await serverUrl();
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = withSchema(server.url, schema);
  if (migrated) await migrate(url);
  return {
    url,
    schema,
    drop: async () => {
      await sql(server.url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await server.stop();
    },
  };
}

export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('schema', schema);
  return parsed.toString();
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const { connectionString, schema } = databaseTarget(url);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function serverUrl(): Promise<RunningDatabase> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_URL;
  if (await answers(url)) return { url, embedded: false, stop: async () => {} };
  if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) throw new Error(`No database answers at ${url}`);
  const worker = process.env.JEST_WORKER_ID ?? '1';
  return startEmbeddedPostgres(resolve('.data', `pg-test-${worker}`));
}

/** Whether a server answers; patient, since a machine busy with other test files may take seconds to accept a connection. */
async function answers(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) if (await answersOnce(url)) return true;
  return false;
}

async function answersOnce(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseTarget(url).connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The schema's own triggers that would not fire in a bulk load's replica mode (see database/bulk-load.ts): none, when all is well. */
export async function triggersNotAlways(db: Pick<TestDatabase, 'url' | 'schema'>): Promise<{ name: string; enabled: string }[]> {
  return sql<{ name: string; enabled: string }>(
    db.url,
    `SELECT tg.tgname AS "name", tg.tgenabled AS "enabled" FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
     WHERE NOT tg.tgisinternal AND c.relnamespace = $1::regnamespace AND tg.tgenabled <> 'A' ORDER BY 1`,
    [`"${db.schema}"`],
  );
}
