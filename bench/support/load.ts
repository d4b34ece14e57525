import { Pool } from 'undici';
import { ADMIN_HEADERS } from '../../test/support/service-process.js';
import { RawConnection } from './raw-client.js';

/** One request of a load run: method, path, JSON body (or a file's bytes, sent as they are); `ok` says which statuses count as success. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Send no key (a club website reading results). */
  anonymous?: boolean;
  /** Requests of a run with labels are also reported label by label (`LoadReport.byLabel`). */
  label?: string;
}

export interface LoadReport {
  requests: number;
  failures: number;
  seconds: number;
  /** Requests per second. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
  /** The same figures for each label the run's requests carried (same moment, same load: an A/B). */
  byLabel?: Record<string, LoadReport>;
}

/** Bench requests carry the service's admin key (writes need one), unless `anonymous`. */
const JSON_HEADERS = { 'content-type': 'application/json' };

export function httpPool(url: string, connections: number): Pool {
  return new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
}

/** Sends one request and answers its status, body and latency in milliseconds. */
export async function send(pool: Pool, req: LoadRequest): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await pool.request({ method: req.method, path: req.path, body: req.body, headers: { ...(req.body ? JSON_HEADERS : {}), ...(req.anonymous ? {} : ADMIN_HEADERS), ...req.headers } });
  const body = await res.body.text();
  return { status: res.statusCode, body, ms: performance.now() - started };
}

/** The answers of a load run, as they come: statuses, failures and latencies, overall and by label. */
class Tally {
  private readonly runs = new Map<string | undefined, { latencies: number[]; statuses: Record<number, number>; failures: number }>();
  private readonly started = performance.now();

  constructor(private readonly ok: (status: number) => boolean) {}

  add(label: string | undefined, status: number, ms: number): void {
    for (const key of label === undefined ? [undefined] : [undefined, label]) {
      const run = this.runs.get(key) ?? { latencies: [], statuses: {}, failures: 0 };
      this.runs.set(key, run);
      run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      if (!this.ok(status)) run.failures++;
      run.latencies.push(ms);
    }
  }

  report(): LoadReport {
    const ms = performance.now() - this.started;
    const labelled = [...this.runs].filter(([label]) => label !== undefined);
    const all = report(this.runs.get(undefined) ?? { latencies: [], statuses: {}, failures: 0 }, ms);
    return labelled.length ? { ...all, byLabel: Object.fromEntries(labelled.map(([label, run]) => [label, report(run, ms)])) } : all;
  }
}

/**
 * Closed loop: `concurrency` clients, each sending its next request as soon as the last answers,
 * until `next()` runs out or `seconds` pass.
 */
export async function closedLoop(
  pool: Pool,
  concurrency: number,
  next: (i: number) => LoadRequest | null,
  { seconds = Infinity, ok = (s: number) => s < 300 } = {},
): Promise<LoadReport> {
  const tally = new Tally(ok);
  let i = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    for (;;) {
      if (performance.now() > deadline) return;
      const req = next(i++);
      if (!req) return;
      const { status, ms } = await send(pool, req);
      tally.add(req.label, status, ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return tally.report();
}

/** Open loop: requests start at a steady `rate` per second whatever the answers' pace, for `count` requests. */
export async function openLoop(
  pool: Pool,
  rate: number,
  count: number,
  next: (i: number) => LoadRequest,
  { ok = (s: number) => s < 300 } = {},
): Promise<LoadReport> {
  const tally = new Tally(ok);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const req = next(i);
    // Latency is measured from when the request was due, so a stalled generator cannot hide queueing.
    inFlight.push(send(pool, req).then(({ status }) => tally.add(req.label, status, performance.now() - due)));
  }
  await Promise.all(inFlight);
  return tally.report();
}

function report({ latencies, statuses, failures }: { latencies: number[]; statuses: Record<number, number>; failures: number }, ms: number): LoadReport {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
  return {
    requests: latencies.length,
    failures,
    seconds: ms / 1000,
    throughput: latencies.length / (ms / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.length ? sorted[sorted.length - 1] : 0,
    statuses,
  };
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Closed loop on lean raw connections (see raw-client.ts), for read benchmarks where the load
 * generator must take as little CPU as possible: `connections` clients, each sending `request()`
 * again as soon as the last answer is in, for `seconds`.
 */
export async function rawClosedLoop(port: number, connections: number, request: () => Buffer, seconds: number, ok = (s: number) => s < 300): Promise<LoadReport> {
  const conns = await Promise.all(Array.from({ length: connections }, () => RawConnection.open(port)));
  const tally = new Tally(ok);
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    conns.map(async (c) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await c.send(request());
        tally.add(undefined, status, performance.now() - t0);
      }
    }),
  );
  const answered = tally.report();
  conns.forEach((c) => c.close());
  return answered;
}
