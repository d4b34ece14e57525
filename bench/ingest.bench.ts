/**
 * `npm run bench:ingest` — issue 5's ingest figures, from one run against the real PostgreSQL:
 * 1. 20,000 travellers posted over HTTP (REST, one line per request) by 64 concurrent pads, as
 *    fast as the service takes them: throughput, p50, p99.
 * 2. A steady 300 posts/s (open loop: requests leave on schedule whatever the answers' pace) for
 *    20 s: p50 and p99 latency.
 * 3. The floor: the same 20,000 rows inserted by a raw `pg` loop (one INSERT per row, autocommit)
 *    into the same table of the same database, with its keys and triggers.
 * The service runs in a child process (dist/main.js), the load from this one.
 */
import { randomUUID } from 'node:crypto';
import { boardInfo } from '../src/bridge/board.js';
import { parseContract } from '../src/bridge/contract.js';
import { contractScore } from '../src/bridge/score.js';
import { closedLoop, fmt, httpPool, openLoop, type LoadReport } from './support/load.js';
import { padBody, seedMitchellEvent, type PadLine } from './support/seed.js';
import { startBenchServer } from './support/server.js';

const LINES = 20_000;
const CONCURRENCY = 64;
const STEADY_RATE = 300;
const STEADY_SECONDS = 20;

const server = await startBenchServer();
try {
  const pool = httpPool(server.url, CONCURRENCY);
  // 50-table Mitchells of 13 rounds × 2 boards: 1,300 lines a session.
  const needed = LINES + STEADY_RATE * STEADY_SECONDS;
  const seeded = await seedMitchellEvent(pool, { sessions: Math.ceil(needed / 1_300), tables: 50, rounds: 13, boardsPerRound: 2 });
  const burst = seeded.lines.slice(0, LINES);
  const steady = seeded.lines.slice(LINES, needed);
  const post = (line: PadLine) => ({ method: 'POST' as const, path: `/api/v1/sessions/${line.sessionId}/results`, body: padBody(line) });

  const ingest = await closedLoop(pool, CONCURRENCY, (i) => (i < burst.length ? post(burst[i]) : null), { ok: (s) => s === 201 });
  const paced = await openLoop(pool, STEADY_RATE, steady.length, (i) => post(steady[i]), { ok: (s) => s === 201 });
  await pool.close();
  const stored = Number((await server.pool.query('SELECT count(*) FROM "Result"')).rows[0].count);

  const floor = await rawInsertLoop(server.pool, burst);
  print(ingest, paced, floor, stored);
} finally {
  await server.stop();
}

/** The same rows, one INSERT each on one connection, autocommit: what any writer must at least pay. */
async function rawInsertLoop(pool: import('pg').Pool, lines: PadLine[]): Promise<{ perSecond: number; seconds: number }> {
  const ids = await pool.query<{ id: string; number: number; direction: string }>('SELECT "id", "number", "direction" FROM "Contestant"');
  const contestant = new Map(ids.rows.map((c) => [`${c.direction}${c.number}`, c.id]));
  const sections = await pool.query<{ id: string; sessionId: string }>('SELECT "id", "sessionId" FROM "Section"');
  const sectionOf = new Map(sections.rows.map((s) => [s.sessionId, s.id]));
  await pool.query('DELETE FROM "ResultChange"');
  await pool.query('DELETE FROM "Result"');
  const client = await pool.connect();
  try {
    const started = performance.now();
    for (const l of lines) {
      const contract = parseContract(l.contract);
      const passed = contract === 'PASS';
      const nsScore = passed ? 0 : contractScore(contract, l.declarer, l.tricks, boardInfo(l.board).vulnerability).nsScore;
      await client.query(
        `INSERT INTO "Result" ("id", "sessionId", "sectionId", "boardNumber", "round", "table", "nsContestantId", "ewContestantId", "status", "contract", "declarer", "tricks", "nsScore", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())`,
        [
          randomUUID(), l.sessionId, sectionOf.get(l.sessionId), l.board, l.round, l.table, contestant.get(`NS${l.nsPair}`), contestant.get(`EW${l.ewPair}`),
          passed ? 'PASSED_OUT' : 'PLAYED', l.contract, passed ? null : l.declarer, passed ? null : l.tricks, nsScore,
        ],
      );
    }
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: lines.length / seconds, seconds };
  } finally {
    client.release();
  }
}

function print(ingest: LoadReport, paced: LoadReport, floor: { perSecond: number; seconds: number }, stored: number): void {
  const ratio = ingest.throughput / floor.perSecond;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`
Travellers in (POST /api/v1/sessions/{id}/results, one line per request, real PostgreSQL)

  ${LINES.toLocaleString('en-GB')} posts, ${CONCURRENCY} concurrent pads   ${fmt(ingest.throughput, 0)} posts/s   p50 ${fmt(ingest.p50, 2)} ms   p99 ${fmt(ingest.p99, 2)} ms   (${fmt(ingest.seconds, 1)} s, answers ${JSON.stringify(ingest.statuses)})
  steady ${STEADY_RATE} posts/s for ${STEADY_SECONDS} s          p50 ${fmt(paced.p50, 2)} ms   p99 ${fmt(paced.p99, 2)} ms   max ${fmt(paced.max, 2)} ms   (answers ${JSON.stringify(paced.statuses)})
  raw pg insert loop, same rows     ${fmt(floor.perSecond, 0)} rows/s   (${fmt(floor.seconds, 1)} s; one INSERT per row, autocommit)
  lines stored by the service       ${stored.toLocaleString('en-GB')} (expected ${(ingest.requests + paced.requests).toLocaleString('en-GB')})

  throughput / raw floor            ${fmt(ratio * 100, 0)} %   (target ≥ 50 %: ${mark(ratio >= 0.5)})
  p99 at ${STEADY_RATE} posts/s              ${fmt(paced.p99, 2)} ms   (target ≤ 30 ms: ${mark(paced.p99 <= 30)})
`);
}
