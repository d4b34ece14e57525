/**
 * `npm run bench:simultaneous` — issue 13's figures, from one run of the real service (dist/main.js
 * in a child process, on the local PostgreSQL or an embedded one):
 * 0. The service warmed up on a small simultaneous of its own (see `warmUp`; SIM_COLD=1 skips it).
 * 1. A simultaneous pairs of SIM_TABLES tables (default 10,000) × 24 boards in sections of 20
 *    tables, ~1 % artificial and ~1 % not played, imported as one travellers CSV into an event
 *    that scores across the session (one national field): time from the request to the import's
 *    answer (the file sent from memory through the benches' undici pool, `send`; the file has no
 *    figures of its own, so the answer comes once the lines are committed and their keys checked,
 *    and the field's scoring goes on after it), the service's CPU time over it, and the floor — a raw COPY of the same rows into a plain table
 *    of the Result table's shape (no indexes, no triggers), sent in ~1 MiB messages as psql
 *    sends them, the best of one before the import and one at the end. Peak resident memory of
 *    the service (VmHWM) over the whole run.
 * 2. The first ranking page after the import (it waits for the scoring), then pages of 100 rows walked through the whole
 *    national ranking (warm): p50/p99; then the same pages once more (the goal is judged on the
 *    first walk; the second shows a page's steady cost without the first walk's cold code).
 * 3. Director's corrections posted one at a time, each followed at once by a read of the corrected
 *    pair's ranking line: the read's latency after the post's answer (the ranking it shows is the
 *    corrected one: reads are consistent with the last committed revision).
 * 4. Resident memory after scoring, and bytes per stored line held by the service; the national
 *    session's results pages as a browser opens them (the ranking's first page of 500 rows and its
 *    second, board 1's traveller, a pair's scorecard, the hand records): time and size.
 * 5. Table pads posting as bench:ingest's do (64 at once, then a steady 300 posts/s), each post
 *    alternately into the national field and the warm-up's club event, so that both are timed at
 *    the same moments: the issue's "pads posting from 10,000 tables at once keep the latencies of
 *    bench:ingest" (its goal, p99 ≤ 30 ms at 300 posts/s, or within 20 % of the club event's p99 in this run);
 *    then the national ranking read once, every post since scored in.
 * 6. The national event exported as a federation downloads it (USEBIO, travellers CSV, ranking CSV; streamed):
 *    size, time to the first byte and to the end, and /health/live and the other event's ranking
 *    page meanwhile. No goal of the issue's; peak memory above includes them.
 * The service's CPU time a page and a correction (from /proc: all its threads) is printed beside
 * the wall-clock figures, which other work on a shared machine moves.
 * All through the import and its scoring (until the first page is answered), /health and another event's ranking page are timed, from a thread of
 * the bench's own (support/probes.ts), beside their usual times, and so is a bare HTTP server in a
 * process of its own (what the machine alone does to an answer meanwhile). SIM_PROBE_PAUSE sets
 * the pause between two rounds of those reads (default 20 ms; 5 gives ~150 reads in an import, so
 * that their p99 is not simply the slowest one).
 * SIM_DEBUG=1 prints the pages over 15 ms and each correction's post and visibility times (to
 * tell a slow scoring from a collection that slows the post too).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { loadavg } from 'node:os';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { seededRandom } from '../src/bridge/random.js';
import { ADMIN_HEADERS } from '../test/support/service-process.js';
import { closedLoop, fmt, httpPool, openLoop, send, type LoadReport, type LoadRequest } from './support/load.js';
import { startBenchServer, type BenchServer } from './support/server.js';
import { probeRounds, startBareServer, startProbes, type Probe } from './support/probes.js';
import { quantile } from './support/stats.js';
import { gqlAt } from './support/seed.js';

const TABLES = Number(process.env.SIM_TABLES ?? 10_000);
const PER_SECTION = 20;
const BOARDS = 24;
const CORRECTIONS = 100;
/** Between two rounds of the reads timed during the import. */
const PROBE_PAUSE_MS = Number(process.env.SIM_PROBE_PAUSE ?? 20);
const FLOORS = { importRatio: 5, memoryMiB: 1024, firstRankingMs: 1_000, pageP99Ms: 20, visibleP99Ms: 50, padP99Ms: 30 };
/** bench:ingest's pads: 64 at once, then a steady 300 posts/s (its goal: p99 ≤ 30 ms at that rate). */
const PADS = { concurrency: 64, burst: 4_000, rate: 300, seconds: 20 };

/** Likely contracts of a board and the tricks they tend to take. */
const OUTCOMES: [string, 'N' | 'E' | 'S' | 'W', number[]][] = [
  ['4S', 'N', [10, 10, 10, 11, 9, 9, 11, 8]],
  ['3NT', 'S', [9, 9, 10, 8, 9, 11]],
  ['2H', 'E', [8, 8, 9, 7, 8]],
  ['4SX', 'N', [9, 10, 8]],
  ['1NT', 'W', [7, 7, 8, 6]],
];

interface Line {
  section: string;
  board: number;
  table: number;
  ns: number;
  ew: number;
  kind: 'PLAYED' | 'ARTIFICIAL' | 'NOT_PLAYED';
  contract: string;
  declarer: string;
  tricks: number;
}

/** A, B, … Z, AA, AB, …: section letters as clubs write them (two letters at most). */
const sectionLetters = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));

/** Every line of a simultaneous of `tables` tables: each section plays all boards, NS t against EW t + board (a shifting field). */
function simultaneous(tables: number, seed = 13): Line[] {
  const random = seededRandom(seed);
  const lines: Line[] = [];
  const sections = Math.ceil(tables / PER_SECTION);
  for (let s = 0; s < sections; s++) {
    const section = sectionLetters(s);
    for (let board = 1; board <= BOARDS; board++) {
      for (let table = 1; table <= PER_SECTION; table++) {
        const roll = random();
        const [contract, declarer, tricks] = OUTCOMES[Math.floor(OUTCOMES.length * random() ** 2)];
        lines.push({
          section,
          board,
          table,
          ns: table,
          ew: ((table + board - 1) % PER_SECTION) + 1,
          kind: roll < 0.01 ? 'ARTIFICIAL' : roll < 0.02 ? 'NOT_PLAYED' : 'PLAYED',
          contract,
          declarer,
          tricks: tricks[Math.floor(tricks.length * random())],
        });
      }
    }
  }
  return lines;
}

function csvOf(lines: Line[]): Buffer {
  const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Status,NS adjusted,EW adjusted,Winners'];
  const names = (section: string, side: string, n: number) => `${side[0]}${section}${n} Player & ${side[1]}${section}${n} Player`;
  for (const l of lines) {
    const played = l.kind === 'PLAYED';
    const adjusted = l.kind === 'ARTIFICIAL' ? 'A+,A-' : ',';
    rows.push(`1,${l.section},${l.board},${l.table},${l.ns},${l.ew},${names(l.section, 'NS', l.ns)},${names(l.section, 'EW', l.ew)},${played ? l.contract : ''},${played ? l.declarer : ''},${played ? l.tricks : ''},${l.kind},${adjusted},2`);
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

/** Peak and current resident memory of a process, in MiB, from /proc. */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}


/** The rows of `lines` in COPY's text format, as ~1 MiB buffers (as psql sends them), for `copyFloor`. */
function floorData(lines: Line[]): Buffer[] {
  const ids = () => crypto.randomUUID();
  const section = ids();
  const session = ids();
  const buffers: Buffer[] = [];
  let rows: string[] = [];
  let size = 0;
  for (const l of lines) {
    const played = l.kind === 'PLAYED';
    const row = `${[ids(), session, section, l.board, '\\N', l.table, ids(), ids(), l.kind, played ? l.contract : '\\N', played ? l.declarer : '\\N', played ? l.tricks : '\\N', '\\N', played ? 420 : '\\N', 1, l.kind === 'ARTIFICIAL' ? '{"kind":"ARTIFICIAL","ns":"A+","ew":"A-"}' : '\\N', '\\N', '\\N', 1, '2026-11-24 20:00:00+00', '2026-11-24 20:00:00+00'].join('\t')}\n`;
    rows.push(row);
    size += row.length;
    if (size >= 1 << 20) {
      buffers.push(Buffer.from(rows.join('')));
      rows = [];
      size = 0;
    }
  }
  if (rows.length) buffers.push(Buffer.from(rows.join('')));
  return buffers;
}

/**
 * The floor: the same rows COPYed into a plain table of the Result table's columns (no indexes,
 * no keys, no triggers), in one transaction, the data sent in ~1 MiB CopyData messages as psql
 * sends them (a message per row costs the client more than the server's work). After a
 * CHECKPOINT, so the import's dirty pages are not written on the floor's time.
 */
async function copyFloor(pool: import('pg').Pool, data: Buffer[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('CHECKPOINT').catch(() => {}); // needs a superuser or pg_checkpoint; the floor is taken without one
    await client.query('CREATE TABLE "ResultFloor" (LIKE "Result")');
    const started = performance.now();
    await client.query('BEGIN');
    await pipeline(Readable.from(data), client.query(copyStreams.from('COPY "ResultFloor" ("id","sessionId","sectionId","boardNumber","round","table","nsContestantId","ewContestantId","status","contract","declarer","tricks","lead","nsScore","boardForm","adjustment","movementIssue","idempotencyKey","version","createdAt","updatedAt") FROM STDIN')));
    await client.query('COMMIT');
    return performance.now() - started;
  } finally {
    await client.query('DROP TABLE IF EXISTS "ResultFloor"');
    client.release();
  }
}

/** CPU time the process has used so far (all its threads: collector helpers too), in ms: a figure that other load on the machine barely moves. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The service's V8 heap in use, in MiB, from its Prometheus metrics (the bench turns them on). */
process.env.TRAVELLER_METRICS_TOKEN ??= 'bench-metrics';
async function heapOf(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Basic ${Buffer.from(`bench:${process.env.TRAVELLER_METRICS_TOKEN}`).toString('base64')}` } });
  const used = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await res.text())?.[1];
  return used ? Number(used) / 2 ** 20 : NaN;
}

/**
 * A service that has been up answers its pages with compiled code; one just started interprets
 * it for the first few hundred requests. So before the national import the bench has the service
 * import a small simultaneous of its own (another event) and serve it as readers and a director
 * would: walks of its ranking pages, corrections each read back. Its pages are read with the very
 * query the national walk sends (100 rows), as a club's results page sends one query all evening:
 * the service keeps a query it has parsed and validated (Apollo's document cache), and the first use
 * of a new query text made the walk's first page the slowest (17–27 ms against ~5–8). The national
 * ranking's own work (views, club places, exact figures) is still undone when its first walk begins.
 * SIM_COLD=1 skips this, to see a just-started service.
 */
const WARM_UP = { tables: 300, walks: 10, corrections: 30 };
/** Returns the warm-up event's session (whose ranking is also read while the national file goes in) and its lines. */
async function warmUp(server: BenchServer): Promise<{ sessionId: string; lines: Line[] }> {
  const url = server.url;
  const { createEvent } = await gqlAt(url, 'mutation { createEvent(input: { name: "Club simultaneous (warm-up)", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION }) { id } }');
  const lines = simultaneous(WARM_UP.tables, 7);
  const res = await fetch(`${url}/api/v1/imports/csv?eventId=${createEvent.id}`, { method: 'POST', headers: { 'content-type': 'text/csv', ...ADMIN_HEADERS }, body: new Uint8Array(csvOf(lines)) });
  if (!res.ok) throw new Error(`the warm-up import answered ${res.status}: ${await res.text()}`);
  const sessionId = (await gqlAt(url, 'query($e: ID!) { event(id: $e) { sessions { id } } }', { e: createEvent.id })).event.sessions[0].id as string;
  for (let walk = 0; walk < WARM_UP.walks; walk++) {
    let after: string | null = null;
    do {
      const page = await rankingPage(url, sessionId, after);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
  }
  await corrections(server, createEvent.id, sessionId, lines, WARM_UP.corrections, seededRandom(5));
  return { sessionId, lines };
}

/** `count` director's corrections of played lines, each followed at once by a read of its NS pair's ranking line: how long the post took and how long after its answer the line was read. */
async function corrections(server: BenchServer, eventId: string, sessionId: string, lines: Line[], count: number, random: () => number) {
  const url = server.url;
  const pairs = await server.pool.query<{ id: string; section: string; number: number }>(`SELECT "id", "section", "number" FROM "Contestant" WHERE "direction" = 'NS' AND "eventId" = $1`, [eventId]);
  const pairId = new Map(pairs.rows.map((p) => [`${p.section}|${p.number}`, p.id]));
  const played = lines.filter((l) => l.kind === 'PLAYED');
  const postMs: number[] = [];
  const visibleMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const l = played[Math.floor(random() * played.length)];
    const tricks = l.tricks === 13 ? 12 : l.tricks + 1 + (i % 2);
    const body = { section: l.section, board: l.board, table: l.table, nsPair: l.ns, ewPair: l.ew, contract: l.contract, declarer: l.declarer, tricks: Math.min(13, tricks), correction: { reason: `Bench correction ${i}` } };
    const p0 = performance.now();
    const posted = await fetch(`${url}/api/v1/sessions/${sessionId}/results`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify(body) });
    const p1 = performance.now();
    if (posted.status >= 300) throw new Error(`correction answered ${posted.status}: ${await posted.text()}`);
    l.tricks = Math.min(13, tricks);
    await gqlAt(url, 'query($s: ID!, $c: ID!) { sessionRankingEntry(sessionId: $s, contestantId: $c) { place score } }', { s: sessionId, c: pairId.get(`${l.section}|${l.ns}`) });
    postMs.push(p1 - p0);
    visibleMs.push(performance.now() - p1);
    if (process.env.SIM_DEBUG) console.log(`correction ${i}: post ${(p1 - p0).toFixed(0)} ms, visible ${visibleMs[i].toFixed(0)} ms, board ${l.board}`);
  }
  return { postMs, visibleMs };
}

/** Where pads post: a session, its lines (each post corrects a different played one, in a shuffled order) and a label for the report. */
interface PadTarget {
  label: string;
  sessionId: string;
  lines: Line[];
}

/**
 * Table pads posting at once, as bench:ingest's pads do into a club's session: a burst from
 * PADS.concurrency pads as fast as the service takes them, then bench:ingest's steady rate. The
 * posts alternate between the targets (the national field and a club's event), so both are timed at
 * the same moments under the same load: what the field's size costs a post, with the machine's
 * noise the same for both. The fields are whole after their imports, so each post corrects a
 * different played line (the same route, checks and writing as a new line; nothing is read between).
 */
async function padPosts(server: BenchServer, targets: PadTarget[], random: () => number): Promise<{ burst: LoadReport; steady: LoadReport }> {
  const queues = targets.map((t) => ({ ...t, played: shuffled(t.lines.filter((l) => l.kind === 'PLAYED'), random), next: 0 }));
  const post = (i: number): LoadRequest => {
    const target = queues[i % queues.length];
    const l = target.played[target.next++ % target.played.length]; // a small field (SIM_TABLES) corrects its lines again
    l.tricks = l.tricks === 13 ? 12 : l.tricks + 1;
    const body = { section: l.section, board: l.board, table: l.table, nsPair: l.ns, ewPair: l.ew, contract: l.contract, declarer: l.declarer, tricks: l.tricks, correction: { reason: `Pad ${i}` } };
    return { method: 'POST', path: `/api/v1/sessions/${target.sessionId}/results`, body: JSON.stringify(body), label: target.label };
  };
  const pool = httpPool(server.url, PADS.concurrency);
  try {
    const burst = await closedLoop(pool, PADS.concurrency, (i) => (i < PADS.burst ? post(i) : null));
    const steady = await openLoop(pool, PADS.rate, PADS.rate * PADS.seconds, (i) => post(PADS.burst + i));
    return { burst, steady };
  } finally {
    await pool.close();
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const PAGE = 'totalCount pageInfo { hasNextPage endCursor } nodes { place score contestant { id section number direction } }';
/**
 * The national event's USEBIO, travellers CSV and ranking CSV as a federation downloads them (GET, streamed, the
 * body read as it comes): size, first byte and whole, and the probes' times meanwhile.
 */
async function nationalExports(url: string, eventId: string, probes: Probe[]) {
  const out: { path: string; bytes: number; firstMs: number; ms: number; probes: Record<string, number[]> }[] = [];
  for (const path of ['export.usebio', 'travellers.csv', 'ranking.csv']) {
    const probing = startProbes(probes.filter((p) => p.name !== 'health' && p.name !== 'bare'), PROBE_PAUSE_MS);
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/events/${eventId}/${path}`);
    if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
    let bytes = 0;
    let firstMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstMs ||= performance.now() - started;
      bytes += chunk.byteLength;
    }
    out.push({ path, bytes, firstMs, ms: performance.now() - started, probes: await probing.stop() });
  }
  return out;
}

/** A page of the NS ranking, 100 rows: the one query text the warm-up, the walks and the reads during the import send (the service keeps a document it has parsed). */
const RANKING_PAGE = `query($s: ID!, $a: String) { sessionRankingPage(sessionId: $s, first: 100, direction: NS, after: $a) { ${PAGE} } }`;
const rankingPage = async (url: string, sessionId: string, after: string | null): Promise<any> => (await gqlAt(url, RANKING_PAGE, { s: sessionId, a: after })).sessionRankingPage;
const bare = await startBareServer();
const server = await startBenchServer();
try {
  const club = process.env.SIM_COLD ? null : await warmUp(server);
  const otherSession = club?.sessionId;
  const lines = simultaneous(TABLES);
  const file = csvOf(lines);
  // The floor before the import and again at the end (the best of the two counts: the machine is shared).
  const floorRows = floorData(lines);
  const floorBefore = await copyFloor(server.pool, floorRows);
  const base = memoryOf(server.pid);
  const baseHeap = await heapOf(server.url);
  const { createEvent } = await gqlAt(server.url, 'mutation { createEvent(input: { name: "National simultaneous", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION }) { id } }');
  const eventId = createEvent.id as string;

  // /health as a load balancer asks it, and a ranking page of another event (the warm-up's) as its
  // club's results page reads it: their usual time first, then all through the import, every
  // PROBE_PAUSE_MS, from a thread of the bench's own (see probes.ts).
  const probes: Probe[] = [{ name: 'live', url: `${server.url}/health/live` }, { name: 'health', url: `${server.url}/health` }, { name: 'bare', url: bare.url }];
  if (otherSession) probes.push({ name: 'ranking', url: `${server.url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify({ query: RANKING_PAGE, variables: { s: otherSession, a: null } }) });
  const usual = await probeRounds(probes, PROBE_PAUSE_MS, 50);
  const uploads = httpPool(server.url, 1);
  const probing = startProbes(probes, PROBE_PAUSE_MS);
  const importCpu = cpuOf(server.pid);
  const t0 = performance.now();
  // Not `fetch`: its copy of the 20 MB and the start of its stream took the bench's own thread
  // ~240 ms before the service saw the request, and counted as the import's.
  const res = await send(uploads, { method: 'POST', path: `/api/v1/imports/csv?eventId=${eventId}`, body: file, headers: { 'content-type': 'text/csv' } });
  const importMs = performance.now() - t0;
  const importCpuMs = cpuOf(server.pid) - importCpu;
  void uploads.close();
  const report = JSON.parse(res.body) as { lines?: number; rejected?: unknown[]; message?: string };
  if (res.status >= 300) throw new Error(`import answered ${res.status}: ${report.message}`);
  const afterImport = memoryOf(server.pid);
  const afterImportHeap = await heapOf(server.url);

  const sessionId = (await gqlAt(server.url, 'query($e: ID!) { event(id: $e) { sessions { id } } }', { e: eventId })).event.sessions[0].id as string;
  const first = await rankingPage(server.url, sessionId, null);
  // From the import's answer: the reads of memory and of the session's id above are counted too.
  const firstRankingMs = performance.now() - (t0 + importMs);
  // The probes go on until then: a file without figures of its own is answered once committed, and
  // its scoring goes on after the answer, until the first ranking (which waits for it).
  const during = await probing.stop();

  // Warm pages: walk the whole NS ranking 100 rows at a time; then once more, the service's code
  // for them now compiled and every row's exact figures worked out (as a service reading pages all
  // evening is), to tell the first walk's cold start from the steady cost of a page.
  const walk = async () => {
    const times: number[] = [];
    let after: string | null = first.pageInfo.endCursor;
    while (after) {
      const started = performance.now();
      const page = await rankingPage(server.url, sessionId, after);
      times.push(performance.now() - started);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    }
    return times;
  };
  const pagesCpu = cpuOf(server.pid);
  const pageMs = await walk();
  if (process.env.SIM_DEBUG) console.log(`pages over 15 ms: ${pageMs.flatMap((ms, i) => (ms > 15 ? [`#${i + 1} ${ms.toFixed(0)} ms`] : [])).join(', ') || 'none'}`);
  const pageCpuMs = (cpuOf(server.pid) - pagesCpu) / pageMs.length;
  const againCpu = cpuOf(server.pid);
  const againMs = await walk();
  const againCpuMs = (cpuOf(server.pid) - againCpu) / againMs.length;

  // The national session's results pages, as a player's browser opens them (no key): the ranking's
  // first page and its second, a board's traveller (10,000 lines), a pair's scorecard, the hand records.
  const someone = (await server.pool.query<{ id: string }>('SELECT "id" FROM "Contestant" WHERE "eventId" = $1 LIMIT 1', [eventId])).rows[0].id;
  const webPages: { ms: number; bytes: number }[] = [];
  for (const path of [`/sessions/${sessionId}`, `/sessions/${sessionId}?page=2`, `/sessions/${sessionId}/boards/1`, `/sessions/${sessionId}/contestants/${someone}`, `/sessions/${sessionId}/hands`]) {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    webPages.push({ ms: performance.now() - started, bytes });
  }

  // Corrections: a played line of section Sk changes its tricks; the NS pair's line is read at once.
  const correctionsCpu = cpuOf(server.pid);
  const { postMs, visibleMs } = await corrections(server, eventId, sessionId, lines, CORRECTIONS, seededRandom(99));
  const correctionCpuMs = (cpuOf(server.pid) - correctionsCpu) / CORRECTIONS;
  const end = memoryOf(server.pid);
  const endHeap = await heapOf(server.url);
  const stored = Number((await server.pool.query('SELECT count(*) FROM "Result" WHERE "sessionId" = $1', [sessionId])).rows[0].count);
  const floorAfter = await copyFloor(server.pool, floorRows);
  const floorMs = Math.min(floorBefore, floorAfter);
  // Pads last: the figures above are as before them (the memory after scoring and reads included).
  const padTargets: PadTarget[] = [{ label: 'national', sessionId, lines }, ...(club ? [{ label: 'club', ...club }] : [])];
  const pads = await padPosts(server, padTargets, seededRandom(7));
  const afterPads = performance.now();
  await rankingPage(server.url, sessionId, null);
  const afterPadsMs = performance.now() - afterPads;
  const exports = await nationalExports(server.url, eventId, probes);
  const peak = memoryOf(server.pid).peak;

  const ok = (value: number, floor: number) => (value <= floor ? 'ok' : 'MISSED');
  console.log(`\nSimultaneous pairs: ${TABLES.toLocaleString('en-GB')} tables × ${BOARDS} boards, ${Math.ceil(TABLES / PER_SECTION)} sections, one national field (scoreAcross SESSION)`);
  console.log(process.env.SIM_COLD ? '  a just-started service (SIM_COLD): its code for pages and corrections not yet compiled' : `  the service warmed up first on another event (${WARM_UP.tables} tables: ${WARM_UP.walks} walks of its ranking, ${WARM_UP.corrections} corrections); SIM_COLD=1 skips that`);
  console.log(`  lines in the file ${lines.length.toLocaleString('en-GB')}, stored ${stored.toLocaleString('en-GB')}, rejected ${report.rejected?.length ?? 0}`);
  console.log(`  import (answer: written, keys checked)  ${fmt(importMs / 1000, 2)} s   raw COPY floor ${fmt(floorMs / 1000, 2)} s (best of ${fmt(floorBefore / 1000, 2)} s before, ${fmt(floorAfter / 1000, 2)} s after)   ratio ${fmt(importMs / floorMs, 1)}×   (goal ≤ ${FLOORS.importRatio}×: ${ok(importMs / floorMs, FLOORS.importRatio)})   service CPU ${fmt(importCpuMs / 1000, 2)} s`);
  const spread = (ms: number[]) => `p50 ${fmt(quantile(ms, 0.5), 1)} ms   p99 ${fmt(quantile(ms, 0.99), 1)} ms   max ${fmt(Math.max(...ms), 0)} ms`;
  console.log(`  /health during the import and its scoring (${during.health.length} polls, ${PROBE_PAUSE_MS} ms apart)   ${spread(during.health)}   (usual: ${spread(usual.health)}; it asks the database)`);
  console.log(`  /health/live then                   ${spread(during.live)}   (usual: ${spread(usual.live)}; the service alone)`);
  console.log(
    otherSession
      ? `  another event's ranking page then (${during.ranking.length} reads)   ${spread(during.ranking)}   (usual: ${spread(usual.ranking)}; the warm-up's NS ranking, 100 rows)`
      : `  another event's ranking page then: not read (SIM_COLD: no other event)`,
  );
  console.log(`  a bare HTTP server then               ${spread(during.bare)}   (usual: ${spread(usual.bare)}; a process of the bench's own answering "ok": the machine's share of the times above)`);
  console.log(`  service peak resident memory         ${fmt(peak, 0)} MiB (the pads and exports below included), ${fmt(afterImport.peak, 0)} MiB until the import's answer   (goal ≤ ${FLOORS.memoryMiB} MiB: ${ok(peak, FLOORS.memoryMiB)})`);
  console.log(`  first ranking page after the import  ${fmt(firstRankingMs, 1)} ms   (goal ≤ ${FLOORS.firstRankingMs} ms: ${ok(firstRankingMs, FLOORS.firstRankingMs)}; it waits for the national field's scoring, which goes on after the import's answer)`);
  console.log(`  page of 100 rows, warm (${pageMs.length} pages)   p50 ${fmt(quantile(pageMs, 0.5), 1)} ms   p99 ${fmt(quantile(pageMs, 0.99), 1)} ms   (goal p99 ≤ ${FLOORS.pageP99Ms} ms: ${ok(quantile(pageMs, 0.99), FLOORS.pageP99Ms)}; the slowest was page ${pageMs.indexOf(Math.max(...pageMs)) + 1})   service CPU ${fmt(pageCpuMs, 1)} ms a page`);
  console.log(`  … the same pages again (${againMs.length})        p50 ${fmt(quantile(againMs, 0.5), 1)} ms   p99 ${fmt(quantile(againMs, 0.99), 1)} ms   service CPU ${fmt(againCpuMs, 1)} ms a page   (the first walk also works out the rows' exact figures where a rounding needs them, and meets the collector after the import)`);
  const web = (i: number) => `${fmt(webPages[i].ms, 0)} ms, ${fmt(webPages[i].bytes / 1024, 0)} KiB`;
  console.log(`  results pages of the national session (HTML, first visit)   ranking ${web(0)} (500 rows a page), its page 2 ${web(1)}   board 1 ${web(2)} (500 of its lines a page)   a scorecard ${web(3)}   hand records ${web(4)}`);
  console.log(`  correction posted (${CORRECTIONS})              p50 ${fmt(quantile(postMs, 0.5), 1)} ms   p99 ${fmt(quantile(postMs, 0.99), 1)} ms`);
  console.log(`  … visible in the national ranking     p50 ${fmt(quantile(visibleMs, 0.5), 1)} ms   p99 ${fmt(quantile(visibleMs, 0.99), 1)} ms after the answer   (goal p99 ≤ ${FLOORS.visibleP99Ms} ms: ${ok(quantile(visibleMs, 0.99), FLOORS.visibleP99Ms)}); the slowest ${fmt(Math.max(...visibleMs), 0)} ms was correction ${visibleMs.indexOf(Math.max(...visibleMs)) + 1} of ${CORRECTIONS}`);
  const padLine = (into: string, label: string) => {
    const [burst, steady] = [pads.burst.byLabel?.[label] ?? pads.burst, pads.steady.byLabel?.[label] ?? pads.steady];
    return `    ${into}   at once p50 ${fmt(burst.p50, 1)} ms, p99 ${fmt(burst.p99, 1)} ms   steady p50 ${fmt(steady.p50, 1)} ms, p99 ${fmt(steady.p99, 1)} ms, max ${fmt(steady.max, 0)} ms   (answers ${JSON.stringify(burst.statuses)}, ${JSON.stringify(steady.statuses)})`;
  };
  const national = pads.steady.byLabel?.national ?? pads.steady;
  const clubSteady = pads.steady.byLabel?.club;
  console.log(`  table pads posting as bench:ingest's do: ${PADS.burst.toLocaleString('en-GB')} posts from ${PADS.concurrency} pads at once (${fmt(pads.burst.throughput, 0)} posts/s), then a steady ${PADS.rate} posts/s for ${PADS.seconds} s; ${club ? 'alternately into the national field and a club event, ' : ''}each post a correction of a different played line`);
  console.log(padLine('into the national field         ', 'national'));
  if (club) console.log(padLine(`into the club event (${WARM_UP.tables} tables)`, 'club'));
  const padGoal = Math.max(FLOORS.padP99Ms, (clubSteady?.p99 ?? 0) * 1.2);
  console.log(`    steady p99 into the national field ${fmt(national.p99, 1)} ms   (goal: bench:ingest's latencies: p99 ≤ ${FLOORS.padP99Ms} ms, its goal${club ? ', or within 20 % of the club event’s, posted at the same moments' : ''}: ${ok(national.p99, padGoal)})`);
  console.log(`  … the national ranking's first page read after them   ${fmt(afterPadsMs, 1)} ms   (every post since the last read scored in)`);
  for (const e of exports) {
    console.log(`  export ${e.path.padEnd(14)} streamed ${fmt(e.bytes / 2 ** 20, 1)} MiB: first byte ${fmt(e.firstMs / 1000, 2)} s, whole ${fmt(e.ms / 1000, 2)} s   meanwhile /health/live ${spread(e.probes.live)}${e.probes.ranking ? `, another event's ranking page ${spread(e.probes.ranking)}` : ''}`);
  }
  console.log(`  service CPU a correction (its post and its read, collector threads included)  ${fmt(correctionCpuMs, 1)} ms   (load average ${loadavg()[0].toFixed(1)}: wall-clock figures above include other work on the machine)`);
  console.log(`  resident memory: at start ${fmt(base.now, 0)} MiB, after the import ${fmt(afterImport.now, 0)} MiB, after scoring and reads ${fmt(end.now, 0)} MiB (goal ≤ ${FLOORS.memoryMiB} MiB: ${ok(end.now, FLOORS.memoryMiB)})`);
  console.log(`  V8 heap in use: at start ${fmt(baseHeap, 0)} MiB, after the import ${fmt(afterImportHeap, 0)} MiB, after scoring and reads ${fmt(endHeap, 0)} MiB (live data and garbage not yet collected)`);
  console.log(`  held per stored line: resident growth / lines ${fmt(((end.now - base.now) * 2 ** 20) / stored, 0)} bytes, heap growth / lines ${fmt(((endHeap - baseHeap) * 2 ** 20) / stored, 0)} bytes`);
} finally {
  bare.stop();
  await server.stop();
}
