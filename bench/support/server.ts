import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { databaseTarget } from '../../src/database/connection.js';
import { startEmbeddedPostgres, type RunningDatabase } from '../../src/database/embedded-postgres.js';

/**
 * The real service (dist/main.js) in a child process, on a schema of its own: the local
 * PostgreSQL (migrated by the service itself as it starts) (BENCH_DATABASE_URL, or 127.0.0.1:5432/test), or an embedded one when none answers.
 * The load generator stays in the bench process, so the two never share an event loop.
 */
export interface BenchServer {
  url: string;
  /** The database URL with `?schema=` of this run. */
  databaseUrl: string;
  /** A pg pool on this run's schema, for floors and checks. */
  pool: pg.Pool;
  start(extraEnv?: Record<string, string>): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const server = await databaseServer();
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const parsed = new URL(server.url);
  parsed.searchParams.set('schema', schema);
  const databaseUrl = parsed.toString();
  const { connectionString } = databaseTarget(databaseUrl);
  const pool = new pg.Pool({ connectionString, max: 8, options: `-c search_path=${schema}` });
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async (env: Record<string, string> = extraEnv) => {
    const nodeFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
    child = spawn(process.execPath, [...nodeFlags, resolve('dist/main.js')], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let waited = 0; waited < 30_000; waited += 100) {
      if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}`);
      if (await healthy(`http://127.0.0.1:${port}/health`)) return;
      await sleep(100);
    }
    throw new Error('The service did not answer /health within 30 s');
  };
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    pool,
    start,
    kill,
    stop: async () => {
      await kill();
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
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

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
