import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** A request timed again and again: /health, or a page a club's site reads. */
export interface Probe {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Probing {
  /** Stops after the round under way; each probe's times (ms) by name. */
  stop(): Promise<Record<string, number[]>>;
  /** The times once the rounds are done. */
  done: Promise<Record<string, number[]>>;
}

/**
 * `probes` sent one after another, `pauseMs` apart, from a thread of their own until stopped (or
 * `rounds` rounds): as a load balancer or a club's page asks from another machine, so what the
 * bench itself is doing meanwhile (sending a 20 MB file from its own event loop) does not delay
 * them and count as the service's time.
 */
export function startProbes(probes: Probe[], pauseMs: number, rounds = Infinity): Probing {
  const worker = new Worker(new URL(import.meta.url), { workerData: { probes, pauseMs, rounds } });
  const times = new Promise<Record<string, number[]>>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  const done = times.finally(() => void worker.terminate());
  return {
    done,
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}

/** `probes` timed `rounds` times, `pauseMs` apart (their usual time). */
export const probeRounds = (probes: Probe[], pauseMs: number, rounds: number): Promise<Record<string, number[]>> => startProbes(probes, pauseMs, rounds).done;

/**
 * A bare HTTP server in a process of its own, answering "ok" and doing nothing else: probed beside
 * the service, it shows what the machine alone does to an answer's time while the service works
 * (two cores shared by the database, the service's threads and the bench), so a slow read can be
 * told from a slow service.
 */
export async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const code = "const s = require('http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', () => console.log(s.address().port))";
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Never left behind, nor keeping the bench alive: it goes when the bench does.
  child.unref();
  process.once('exit', () => child.kill());
  const port = await Promise.race([
    once(child.stdout!, 'data').then(([data]) => String(data).trim()),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the bare HTTP server exited (${code}) before it listened`))),
  ]);
  child.stdout!.destroy();
  return { url: `http://127.0.0.1:${port}/`, stop: () => void child.kill() };
}

async function probeLoop({ probes, pauseMs, rounds }: { probes: Probe[]; pauseMs: number; rounds: number }): Promise<void> {
  let stopping = false;
  parentPort!.on('message', () => (stopping = true));
  const times: Record<string, number[]> = Object.fromEntries(probes.map((p) => [p.name, []]));
  // One round untimed first: a new thread's first fetch (its connection, its HTTP client's code
  // loaded and compiled) took ~25 ms of the bench's own, which counted as the service's slowest.
  for (const p of probes) await send(p);
  for (let round = 0; round < rounds && !stopping; round++) {
    for (const p of probes) {
      const started = performance.now();
      await send(p);
      times[p.name].push(performance.now() - started);
    }
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  parentPort!.postMessage(times);
}

async function send(p: Probe): Promise<void> {
  const res = await fetch(p.url, { method: p.method ?? 'GET', headers: p.headers, body: p.body });
  await res.text();
  if (!res.ok) throw new Error(`${p.name} answered ${res.status}`);
}

if (!isMainThread && workerData?.probes) void probeLoop(workerData);
