/**
 * `npm run bench:read` — issue 5's read figures, from one run against the real PostgreSQL, all
 * while table pads post new lines into the session being read:
 * 1. A trivial static endpoint of the same server (GET /health/live), 100 concurrent clients.
 * 2. `sessionRanking` of a 50-table session (100 pairs, 1,300 lines when complete) over GraphQL,
 *    100 concurrent clients, each asking again as soon as answered: throughput, p50, p99.
 * 3. The same query from 100 clients at a steady 2,000 requests/s (a busy live-results page):
 *    p50, p99.
 * 4. Visibility: after each post returns, how long until the ranking read shows it.
 * Clients are lean raw HTTP/1.1 connections (bench/support/raw-client.ts), so on a 2-core machine
 * the load generator takes little of the CPU it shares with the service and the database.
 */
import { closedLoop, fmt, httpPool, openLoop, rawClosedLoop, send, type LoadReport } from './support/load.js';
import { rawRequest } from './support/raw-client.js';
import { padBody, seedMitchellEvent, type PadLine } from './support/seed.js';
import { startBenchServer } from './support/server.js';

const CLIENTS = 100;
const SECONDS = 8;
const POSTS_PER_SECOND = 20;
const STEADY_RATE = 2_000;
const RANKING = `query($s: ID!) { sessionRanking(sessionId: $s) { place score percentage boardsPlayed contestant { number direction name players { name memberNumber } } } }`;

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const pool = httpPool(server.url, 16);
    const seeded = await seedMitchellEvent(pool, { sessions: 1, tables: 50, rounds: 13, boardsPerRound: 2 });
    const sessionId = seeded.sessionIds[0];
    const lines = seeded.lines;
    // Play most of the session first; the rest arrives while the clients read.
    const later = POSTS_PER_SECOND * SECONDS * 3 + 50;
    const early = lines.slice(0, lines.length - later);
    await closedLoop(pool, 16, (i) => (i < early.length ? { method: 'POST', path: `/api/v1/sessions/${sessionId}/results`, body: padBody(early[i]) } : null));
    const poster = new Poster(server.url, sessionId, lines.slice(early.length), early);
    const body = JSON.stringify({ query: RANKING, variables: { s: sessionId } });
    await send(pool, { method: 'POST', path: '/graphql', body, anonymous: true }); // warm: the first reader scores the session

    const port = Number(new URL(server.url).port);
    const staticRequest = rawRequest('GET', '/health/live');
    const rankingRequest = rawRequest('POST', '/graphql', body);
    const live = await poster.during('static', () => rawClosedLoop(port, CLIENTS, () => staticRequest, SECONDS));
    const ranking = await poster.during('flat out', () => rawClosedLoop(port, CLIENTS, () => rankingRequest, SECONDS));
    const steadyPool = httpPool(server.url, CLIENTS);
    const steady = await poster.during('steady', () => openLoop(steadyPool, STEADY_RATE, STEADY_RATE * SECONDS, () => ({ method: 'POST', path: '/graphql', body, anonymous: true })));
    await steadyPool.close();
    await pool.close();
    await poster.close();
    print(live, ranking, steady, poster.visibility);

  } finally {
    await server.stop();
  }
}

/**
 * Posts the held-back lines at a steady rate while a load runs, and after each post returns reads
 * the ranking until the pair's boards played show the new line: the visibility delay.
 */
class Poster {
  /** Milliseconds from a post's answer to the first ranking read that shows it, by phase. */
  readonly visibility = new Map<string, number[]>();
  private phase = '';
  private readonly pool;
  private readonly played = new Map<number, number>();
  private next = 0;

  constructor(
    url: string,
    private readonly sessionId: string,
    private readonly lines: PadLine[],
    before: PadLine[],
  ) {
    this.pool = httpPool(url, 2);
    for (const l of before) this.played.set(l.nsPair, (this.played.get(l.nsPair) ?? 0) + 1);
  }

  async during<T>(phase: string, load: () => Promise<T>): Promise<T> {
    this.phase = phase;
    this.visibility.set(phase, []);
    let running = true;
    const posting = (async () => {
      while (running && this.next < this.lines.length) {
        const due = performance.now() + 1000 / POSTS_PER_SECOND;
        await this.postAndWatch(this.lines[this.next++]);
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
    })();
    const result = await load();
    running = false;
    await posting;
    return result;
  }

  private async postAndWatch(line: PadLine): Promise<void> {
    const res = await send(this.pool, { method: 'POST', path: `/api/v1/sessions/${this.sessionId}/results`, body: padBody(line) });
    if (res.status !== 201) throw new Error(`A post was refused (${res.status}): ${res.body}`);
    const returned = performance.now();
    const expected = (this.played.get(line.nsPair) ?? 0) + 1;
    this.played.set(line.nsPair, expected);
    for (;;) {
      const read = await send(this.pool, { method: 'POST', path: '/graphql', body: JSON.stringify({ query: RANKING, variables: { s: this.sessionId } }), anonymous: true });
      const entry = JSON.parse(read.body).data.sessionRanking.find((e: { contestant: { number: number; direction: string } }) => e.contestant.number === line.nsPair && e.contestant.direction === 'NS');
      if (entry?.boardsPlayed === expected) break;
      if (performance.now() - returned > 5_000) throw new Error('A posted line did not reach the ranking within 5 s');
    }
    this.visibility.get(this.phase)!.push(performance.now() - returned);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

function print(live: LoadReport, ranking: LoadReport, steady: LoadReport, visibility: Map<string, number[]>): void {
  const ratio = ranking.throughput / live.throughput;
  const stats = (phase: string) => {
    const sorted = [...(visibility.get(phase) ?? [])].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    return { median: at(0.5), p99: at(0.99), worst: sorted.at(-1) ?? 0, count: sorted.length };
  };
  const busy = stats('flat out');
  const { median, p99, worst, count } = stats('steady');
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`
Reads of a 50-table session while pads post ${POSTS_PER_SECOND} lines/s into it (real PostgreSQL, ${CLIENTS} concurrent clients)

  static endpoint GET /health/live        ${fmt(live.throughput, 0)} req/s   p50 ${fmt(live.p50, 2)} ms   p99 ${fmt(live.p99, 2)} ms
  sessionRanking, clients flat out        ${fmt(ranking.throughput, 0)} req/s   p50 ${fmt(ranking.p50, 2)} ms   p99 ${fmt(ranking.p99, 2)} ms   (answers ${JSON.stringify(ranking.statuses)})
  sessionRanking at ${STEADY_RATE.toLocaleString('en-GB')} req/s          p50 ${fmt(steady.p50, 2)} ms   p99 ${fmt(steady.p99, 2)} ms   (answers ${JSON.stringify(steady.statuses)})
  post returned → visible, at ${STEADY_RATE.toLocaleString('en-GB')} req/s  median ${fmt(median, 2)} ms   p99 ${fmt(p99, 2)} ms   worst ${fmt(worst, 2)} ms   (${count} posts)
  post returned → visible, flat out       median ${fmt(busy.median, 2)} ms   p99 ${fmt(busy.p99, 2)} ms   worst ${fmt(busy.worst, 2)} ms   (${busy.count} posts)

  ranking / static throughput             ${fmt(ratio * 100, 0)} %   (target ≥ 50 %: ${mark(ratio >= 0.5)})
  ranking p99, clients flat out           ${fmt(ranking.p99, 2)} ms   (target ≤ 20 ms: ${mark(ranking.p99 <= 20)}; the static endpoint's own p99 under the same load: ${fmt(live.p99, 2)} ms)
  ranking p99 at ${STEADY_RATE.toLocaleString('en-GB')} req/s             ${fmt(steady.p99, 2)} ms   (target ≤ 20 ms: ${mark(steady.p99 <= 20)})
  visibility after a post, ${STEADY_RATE.toLocaleString('en-GB')} req/s      worst ${fmt(worst, 2)} ms   (target ≤ 50 ms: ${mark(worst <= 50)})
`);
}

await main();
