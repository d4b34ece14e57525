/**
 * `npm run bench:pages` — the results pages of a 50-table session (100 pairs, 1,300 lines) from
 * the real service on the real PostgreSQL:
 * 1. a trivial static endpoint of the same server (GET /health/live), 100 concurrent clients;
 * 2. the session page (ranking of both fields) and a board page, 100 clients flat out, served
 *    from the page cache while nothing changes;
 * 3. the same session page revalidated with If-None-Match (304, no body);
 * 4. the first render after a post (the page cache is invalid, the scored event is updated).
 */
import { get as httpGet } from 'node:http';
import { closedLoop, fmt, httpPool, rawClosedLoop, send, type LoadReport } from './support/load.js';
import { padBody, seedMitchellEvent } from './support/seed.js';
import { startBenchServer } from './support/server.js';

const CLIENTS = 100;
const SECONDS = 6;

function get(path: string, headers: Record<string, string> = {}): Buffer {
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n${extra}\r\n`);
}

/** The page's ETag as the raw clients below will get it (same Host header, so the same page). */
function etagOf(url: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    httpGet(`${url}${path}`, { headers: { Host: '127.0.0.1' } }, (res) => {
      res.resume();
      resolve(String(res.headers.etag ?? ''));
    }).on('error', reject);
  });
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const pool = httpPool(server.url, 16);
    const seeded = await seedMitchellEvent(pool, { sessions: 1, tables: 50, rounds: 13, boardsPerRound: 2 });
    const sessionId = seeded.sessionIds[0];
    const [last, ...rest] = [...seeded.lines].reverse();
    const lines = rest.reverse();
    await closedLoop(pool, 16, (i) => (i < lines.length ? { method: 'POST', path: `/api/v1/sessions/${sessionId}/results`, body: padBody(lines[i]) } : null));
    const sessionPath = `/sessions/${sessionId}`;
    const boardPath = `/sessions/${sessionId}/boards/1`;
    const cold = await send(pool, { method: 'GET', path: sessionPath, anonymous: true });
    const etag = await etagOf(server.url, sessionPath);
    await send(pool, { method: 'GET', path: boardPath, anonymous: true });

    const port = Number(new URL(server.url).port);
    const live = await rawClosedLoop(port, CLIENTS, () => get('/health/live'), SECONDS);
    const session = await rawClosedLoop(port, CLIENTS, () => get(sessionPath), SECONDS);
    const board = await rawClosedLoop(port, CLIENTS, () => get(boardPath), SECONDS);
    const revalidate = await rawClosedLoop(port, CLIENTS, () => get(sessionPath, { 'If-None-Match': etag }), SECONDS, (s) => s === 304);
    await send(pool, { method: 'POST', path: `/api/v1/sessions/${sessionId}/results`, body: padBody(last) });
    const afterPost = await send(pool, { method: 'GET', path: sessionPath, anonymous: true });
    await pool.close();
    print({ live, session, board, revalidate }, cold.ms, afterPost.ms, cold.body.length);
  } finally {
    await server.stop();
  }
}

function print(r: Record<'live' | 'session' | 'board' | 'revalidate', LoadReport>, coldMs: number, afterPostMs: number, bytes: number): void {
  const row = (name: string, x: LoadReport) => `  ${name.padEnd(44)}${fmt(x.throughput, 0).padStart(8)} req/s   p50 ${fmt(x.p50, 2)} ms   p99 ${fmt(x.p99, 2)} ms   (answers ${JSON.stringify(x.statuses)})`;
  console.log(`
Results pages of a 50-table session (100 pairs, 1,300 lines; real PostgreSQL, ${CLIENTS} concurrent clients)

${row('static endpoint GET /health/live', r.live)}
${row(`session page (${fmt(bytes / 1024, 0)} KiB), from the page cache`, r.session)}
${row('board page, from the page cache', r.board)}
${row('session page, If-None-Match → 304', r.revalidate)}

  session page, first render after start        ${fmt(coldMs, 1)} ms (scores the event)
  session page, first render after a post       ${fmt(afterPostMs, 1)} ms
  session page / static throughput              ${fmt((r.session.throughput / r.live.throughput) * 100, 0)} %
`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
