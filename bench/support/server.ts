import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { databaseTarget } from '../../src/database/connection.js';
import { startEmbeddedPostgres, type RunningDatabase } from '../../src/database/embedded-postgres.js';
import { serviceProcess } from '../../test/support/service-process.js';

/**
 * The real service (dist/main.js) in a child process, on a schema of its own: the local
 * PostgreSQL (BENCH_DATABASE_URL, or 127.0.0.1:5432/test), migrated by the service as it starts,
 * or an embedded one when none answers. The load generator stays in the bench process.
 * BENCH_SERVER_NODE_FLAGS passes flags to the service's node (e.g. --cpu-prof); BENCH_KEEP_SCHEMA=1
 * keeps the run's schema.
 */
export interface BenchServer {
  url: string;
  /** A pg pool on this run's schema, for floors and checks. */
  pool: pg.Pool;
  /** The service's process id. */
  pid: number;
  stop(): Promise<void>;
}

/** `env` adds to the service's environment (e.g. TRAVELLER_SOLVER_THREADS). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const server = await databaseServer();
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const parsed = new URL(server.url);
  parsed.searchParams.set('schema', schema);
  const service = await serviceProcess(parsed.toString(), env, process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean));
  await service.start();
  const pool = new pg.Pool({ connectionString: databaseTarget(parsed.toString()).connectionString, max: 8, options: `-c search_path=${schema}` });
  return {
    url: service.url,
    pool,
    pid: service.pid!,
    stop: async () => {
      await service.kill();
      // BENCH_KEEP_SCHEMA=1 leaves the run's rows behind, to study its queries afterwards.
      if (process.env.BENCH_KEEP_SCHEMA) console.log(`  (schema ${schema} kept)`);
      else await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
      await server.stop();
    },
  };
}

async function databaseServer(): Promise<RunningDatabase> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return { url, embedded: false, stop: async () => {} };
  } catch {
    console.log(`No PostgreSQL answers at ${url}: using an embedded one`);
    return startEmbeddedPostgres(resolve('.data', 'pg-bench'));
  }
}
