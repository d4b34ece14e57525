import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The global admin key the child service accepts (TRAVELLER_ADMIN_KEY). */
export const SERVICE_ADMIN_KEY = 'service-admin-key-5d0e7a2c91b34f68a0c1';
export const ADMIN_HEADERS = { authorization: `Bearer ${SERVICE_ADMIN_KEY}` };

/**
 * The real service (dist/main.js) in a child process, for tests and benchmarks that need a
 * process of its own: to kill it, or to keep the load generator off its event loop. It runs with
 * `npm start`'s node flags, then `nodeFlags` (a later flag wins).
 */
export interface ServiceProcess {
  url: string;
  port: number;
  /** What the process wrote to stdout so far (only with `captureOutput`). */
  output(): string;
  /** The running process's id (null before start), e.g. to read its memory from /proc. */
  readonly pid: number | null;
  /** Starts (or restarts) the service and waits until /health answers. */
  start(): Promise<void>;
  /** Sends `signal` and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The node flags `npm start` gives the service (package.json's start script, `node <flags>
 * dist/main.js`): tests and benchmarks start it exactly so, and the Dockerfile's CMD must match.
 */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
  const m = /^node((?: --\S+)*) dist\/main\.js$/.exec(start);
  if (!m) throw new Error(`package.json's start script is not "node [flags] dist/main.js": ${start}`);
  return m[1].split(' ').filter(Boolean);
}

/** Compiles src/ into dist/ when a source is newer (incremental: a few seconds when nothing changed). */
export function buildService(): void {
  execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}

export async function serviceProcess(databaseUrl: string, env: Record<string, string> = {}, nodeFlags: string[] = [], { captureOutput = false } = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  return {
    url,
    port,
    output: () => output,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      child = spawn(process.execPath, [...startFlags(), ...nodeFlags, resolve('dist/main.js')], {
        env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TRAVELLER_ADMIN_KEY: SERVICE_ADMIN_KEY, TRAVELLER_RATE_LIMIT_PER_ADDRESS: '0', TRAVELLER_RATE_LIMIT_PER_KEY: '0', ...env },
        stdio: ['ignore', captureOutput ? 'pipe' : 'ignore', 'inherit'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      for (let waited = 0; waited < 30_000; waited += 100) {
        if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}`);
        if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return;
        await sleep(100);
      }
      throw new Error('The service did not answer /health within 30 s');
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((done) => running.once('exit', done));
      running.kill(signal);
      await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
