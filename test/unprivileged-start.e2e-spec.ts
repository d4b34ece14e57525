import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildService, freePort } from './support/service-process.js';

/** The unprivileged user of the Docker image (`node` there; `nobody` here, uid 65534). */
const NOBODY = 65_534;

/**
 * How the Docker image runs the service: as an unprivileged user, in an application directory it
 * cannot write (root-owned /app), with no DATABASE_URL, so the embedded PostgreSQL keeps its data
 * in TRAVELLER_DATA_DIR. It must start and answer /health there. (The image itself needs a Docker
 * daemon to build; this runs the same process the same way.)
 */
describe('the service started as an unprivileged user with no DATABASE_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'traveller-data-'));
  beforeAll(() => {
    buildService();
    if (process.getuid?.() === 0) chownSync(dataDir, NOBODY, NOBODY);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts its embedded PostgreSQL in TRAVELLER_DATA_DIR, answers /health, and stops on SIGTERM', async () => {
    const port = await freePort();
    const asRoot = process.getuid?.() === 0;
    const { DATABASE_URL: _unused, ...env } = process.env;
    const child = spawn(process.execPath, [resolve('dist/main.js')], {
      // As root the test drops to nobody, who cannot write the checkout; otherwise it already is a user.
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      env: { ...env, HOME: dataDir, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), TRAVELLER_DATA_DIR: dataDir, TRAVELLER_SOLVER_THREADS: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    let health: unknown = null;
    for (let waited = 0; waited < 90_000 && child.exitCode === null && !health; waited += 250) {
      health = await fetch(`http://127.0.0.1:${port}/health`).then((r) => (r.ok ? r.json() : null), () => null);
      if (!health) await sleep(250);
    }
    child.kill('SIGTERM');
    const code = await exited;
    expect({ health, errors: errors.match(/EACCES[^\n]*/)?.[0] ?? null }).toEqual({ health: { status: 'ok', database: 'up' }, errors: null });
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(code).toBe(0);
  }, 120_000);
});
