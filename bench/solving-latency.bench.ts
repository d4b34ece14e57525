/**
 * `npm run bench:solving` — issue 16's "never in the request path": the service solves deals in
 * worker threads while it answers readers. A 9-table Mitchell session of 36 boards is played in
 * full; its ranking is read by 20 clients flat out, first with nothing to solve, then while the
 * hand records of all 36 boards arrive and the service (default threads: the cores but one) solves
 * them. Prints the ranking's p50/p99 in both phases, their ratio, and how long the 36 deals took.
 */
import { formatDeal } from '../src/bridge/deal.js';
import { dealOfHoldings } from '../src/bridge/double-dummy/cards.js';
import { randomHoldings } from '../src/bridge/double-dummy/random-deal.js';
import { seededRandom } from '../src/bridge/random.js';
import { closedLoop, fmt, httpPool, rawClosedLoop, type LoadReport } from './support/load.js';
import { rawRequest } from './support/raw-client.js';
import { gql, padBody, seedMitchellEvent } from './support/seed.js';
import { startBenchServer } from './support/server.js';

const CLIENTS = 20;
const IDLE_SECONDS = 6;
const SLICE_SECONDS = 2;
const RANKING = `query($s: ID!) { sessionRanking(sessionId: $s) { place score percentage contestant { number direction name } } }`;
const PROGRESS = `query($s: ID!) { session(id: $s) { doubleDummyProgress { deals solved } boards { id number } } }`;

async function main(): Promise<void> {
  const server = await startBenchServer({ TRAVELLER_SOLVER_THREADS: '' });
  try {
    const pool = httpPool(server.url, 8);
    const seeded = await seedMitchellEvent(pool, { sessions: 1, tables: 9, rounds: 9, boardsPerRound: 4 });
    const sessionId = seeded.sessionIds[0];
    await closedLoop(pool, 8, (i) => (i < seeded.lines.length ? { method: 'POST', path: `/api/v1/sessions/${sessionId}/results`, body: padBody(seeded.lines[i]) } : null));
    const port = Number(new URL(server.url).port);
    const ranking = rawRequest('POST', '/graphql', JSON.stringify({ query: RANKING, variables: { s: sessionId } }));
    await rawClosedLoop(port, CLIENTS, () => ranking, 1); // warm
    const idle = await rawClosedLoop(port, CLIENTS, () => ranking, IDLE_SECONDS);

    const { session } = await gql(pool, PROGRESS, { s: sessionId });
    const random = seededRandom(16);
    const started = performance.now();
    for (const board of session.boards as { id: string }[]) {
      await gql(pool, `mutation($id: ID!, $d: String!) { updateBoard(id: $id, input: { deal: $d }) { id } }`, { id: board.id, d: formatDeal(dealOfHoldings(randomHoldings(random))) });
    }
    const busy: LoadReport[] = [];
    let solved = 0;
    while (solved < session.boards.length) {
      busy.push(await rawClosedLoop(port, CLIENTS, () => ranking, SLICE_SECONDS));
      solved = (await gql(pool, PROGRESS, { s: sessionId })).session.doubleDummyProgress.solved;
      console.log(`  … ${fmt((performance.now() - started) / 1000)} s: ${solved}/${session.boards.length} solved, ranking p99 ${fmt(busy[busy.length - 1].p99)} ms`);
    }
    const solvingSeconds = (performance.now() - started) / 1000;
    await pool.close();
    print(idle, busy, session.boards.length, solvingSeconds);
  } finally {
    await server.stop();
  }
}

function print(idle: LoadReport, busy: LoadReport[], deals: number, seconds: number): void {
  const requests = busy.reduce((n, r) => n + r.requests, 0);
  const p50 = [...busy].sort((a, b) => a.p50 - b.p50)[Math.floor(busy.length / 2)].p50;
  const p99 = Math.max(...busy.map((r) => r.p99));
  const failures = busy.reduce((n, r) => n + r.failures, 0) + idle.failures;
  console.log(`ranking of a 36-board session, ${CLIENTS} clients flat out (ms)`);
  console.log(`  nothing to solve      p50 ${fmt(idle.p50)}  p99 ${fmt(idle.p99)}  (${idle.requests} reads)`);
  console.log(`  solving ${deals} deals     p50 ${fmt(p50)}  p99 ${fmt(p99)}  (${requests} reads; p99 is the worst ${SLICE_SECONDS}-s slice)`);
  console.log(`  p99 while solving / idle: ${fmt(p99 / idle.p99, 2)}×   failures: ${failures}`);
  console.log(`${deals} deals solved in ${fmt(seconds)} s (from the first hand record stored to the last table solved)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
