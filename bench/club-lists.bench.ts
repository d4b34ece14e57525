/**
 * `npm run bench:club-lists` — the club side of issue 13, from one run of the real service
 * (dist/main.js in a child process): a simultaneous of CLUB_TABLES tables (default 4,000) × 24
 * boards in sections of 20, imported as one travellers CSV into a federation's event scored across
 * the session; then CLUB_SECTIONS_EACH (default 2) sections handed to each member club through
 * the API. Measured, warm (after one read has scored the event):
 * 1. a page of a club's own list (`organizationId`, 20 rows, each with national and club place),
 *    every club, both directions: p50/p99; the national page of 100 rows for comparison;
 * 2. one pair's line (`sessionRankingEntry`, national and club place): p50/p99;
 * 3. a club director's correction in its own section (the guard resolves the section's host):
 *    p50/p99 of the answer, and a refused one in another club's section.
 */
import { seededRandom } from '../src/bridge/random.js';
import { ADMIN_HEADERS } from '../test/support/service-process.js';
import { fmt } from './support/load.js';
import { startBenchServer } from './support/server.js';
import { quantile } from './support/stats.js';
import { gqlAt } from './support/seed.js';

const TABLES = Number(process.env.CLUB_TABLES ?? 4_000);
const PER_SECTION = 20;
const BOARDS = 24;
const SECTIONS_EACH = Number(process.env.CLUB_SECTIONS_EACH ?? 2);
const CORRECTIONS = 100;

const letters = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));

/** Each section plays every board, NS t against EW t + board − 1 (a shifting field); 4S by North. */
function csv(sections: number): { file: Buffer; tricks: Map<string, number> } {
  const random = seededRandom(13);
  // Names per section: pairs are numbered per section (A NS 1 and B NS 1 are different pairs).
  const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Winners'];
  const tricks = new Map<string, number>();
  for (let s = 0; s < sections; s++) {
    for (let board = 1; board <= BOARDS; board++) {
      for (let table = 1; table <= PER_SECTION; table++) {
        const made = 8 + Math.floor(random() * 5);
        const ew = ((table + board - 2) % PER_SECTION) + 1;
        tricks.set(`${letters(s)}|${board}|${table}|${ew}`, made);
        rows.push(`1,${letters(s)},${board},${table},${table},${ew},N${letters(s)}${table} & S${letters(s)}${table},E${letters(s)}${ew} & W${letters(s)}${ew},4S,N,${made},2`);
      }
    }
  }
  return { file: Buffer.from(`${rows.join('\n')}\n`), tricks };
}

async function timed<T>(run: () => Promise<T>, into: number[]): Promise<T> {
  const started = performance.now();
  const value = await run();
  into.push(performance.now() - started);
  return value;
}

const server = await startBenchServer();
try {
  const sections = Math.ceil(TABLES / PER_SECTION);
  const clubs = Math.ceil(sections / SECTIONS_EACH);
  const { file, tricks } = csv(sections);
  const federation = (await gqlAt(server.url, 'mutation { createOrganization(input: { name: "Federation", kind: FEDERATION }) { id } }')).createOrganization.id as string;
  const eventId = (await gqlAt(server.url, 'mutation($f: ID!) { createEvent(input: { name: "National simultaneous", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION, organizationId: $f }) { id } }', { f: federation })).createEvent.id as string;
  const res = await fetch(`${server.url}/api/v1/imports/csv?eventId=${eventId}`, { method: 'POST', headers: { 'content-type': 'text/csv', ...ADMIN_HEADERS }, body: new Uint8Array(file) });
  if (!res.ok) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  const session = (await gqlAt(server.url, 'query($e: ID!) { event(id: $e) { sessions { id sections { id letter } } } }', { e: eventId })).event.sessions[0];
  const sessionId = session.id as string;
  const sectionIds = new Map<string, string>(session.sections.map((x: { id: string; letter: string }) => [x.letter, x.id]));

  // The clubs, each with a director's key, and their sections handed out through the API.
  const clubIds: string[] = [];
  const keyOf = new Map<string, string>();
  const t0 = performance.now();
  for (let c = 0; c < clubs; c++) {
    const id = (await gqlAt(server.url, 'mutation($n: String!, $f: ID!) { createOrganization(input: { name: $n, kind: CLUB, federationId: $f }) { id } }', { n: `Club ${c + 1}`, f: federation })).createOrganization.id as string;
    clubIds.push(id);
    keyOf.set(id, (await gqlAt(server.url, 'mutation($o: ID!) { createApiKey(input: { name: "Director", role: DIRECTOR, organizationId: $o }) { key } }', { o: id })).createApiKey.key);
    for (let k = 0; k < SECTIONS_EACH && c * SECTIONS_EACH + k < sections; k++) {
      await gqlAt(server.url, 'mutation($x: ID!, $o: ID!) { updateSection(id: $x, input: { organizationId: $o }) { id } }', { x: sectionIds.get(letters(c * SECTIONS_EACH + k)), o: id });
    }
  }
  const handOutMs = performance.now() - t0;

  const PAGE = 'totalCount nodes { place percentage contestant { id section number } club { place } }';
  const firstNational = [] as number[];
  await timed(() => gqlAt(server.url, `query($s: ID!) { sessionRankingPage(sessionId: $s, first: 100, direction: NS) { ${PAGE} } }`, { s: sessionId }), firstNational);
  const nationalMs: number[] = [];
  for (let i = 0; i < 50; i++) await timed(() => gqlAt(server.url, `query($s: ID!) { sessionRankingPage(sessionId: $s, first: 100, direction: NS) { ${PAGE} } }`, { s: sessionId }), nationalMs);
  const clubMs: number[] = [];
  const entries: string[] = [];
  for (const club of clubIds) {
    for (const direction of ['NS', 'EW']) {
      const page = await timed(() => gqlAt(server.url, `query($s: ID!, $o: ID!) { sessionRankingPage(sessionId: $s, organizationId: $o, first: 20, direction: ${direction}) { ${PAGE} } }`, { s: sessionId, o: club }), clubMs);
      const nodes = page.sessionRankingPage.nodes;
      if (!nodes.length || nodes[0].club.place.replace('=', '') !== '1') throw new Error(`club ${club} ${direction}: first row is not club place 1: ${JSON.stringify(nodes.slice(0, 4))}`);
      entries.push(nodes[0].contestant.id);
    }
  }
  const entryMs: number[] = [];
  for (const id of entries) await timed(() => gqlAt(server.url, 'query($s: ID!, $c: ID!) { sessionRankingEntry(sessionId: $s, contestantId: $c) { place club { place } } }', { s: sessionId, c: id }), entryMs);

  // Corrections by each club's own director, in its own first section.
  const random = seededRandom(7);
  const postMs: number[] = [];
  for (let i = 0; i < CORRECTIONS; i++) {
    const c = Math.floor(random() * clubs);
    const letter = letters(c * SECTIONS_EACH);
    const board = 1 + Math.floor(random() * BOARDS);
    const table = 1 + Math.floor(random() * PER_SECTION);
    const ew = ((table + board - 2) % PER_SECTION) + 1;
    const was = tricks.get(`${letter}|${board}|${table}|${ew}`)!;
    const now = was === 12 ? 11 : was + 1;
    tricks.set(`${letter}|${board}|${table}|${ew}`, now);
    const body = { section: letter, board, table, nsPair: table, ewPair: ew, contract: '4S', declarer: 'N', tricks: now, correction: { reason: `Bench correction ${i}` } };
    const posted = await timed(() => fetch(`${server.url}/api/v1/sessions/${sessionId}/results`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${keyOf.get(clubIds[c])}` }, body: JSON.stringify(body) }), postMs);
    if (posted.status !== 201) throw new Error(`club correction answered ${posted.status}: ${await posted.text()}`);
  }
  const intruder = await fetch(`${server.url}/api/v1/sessions/${sessionId}/results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keyOf.get(clubIds[0])}` },
    body: JSON.stringify({ section: letters(SECTIONS_EACH), board: 1, table: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', tricks: 3, correction: { reason: 'Not ours' } }),
  });

  console.log(`\nClub lists of a simultaneous: ${TABLES.toLocaleString('en-GB')} tables × ${BOARDS} boards, ${sections} sections, ${clubs} clubs of ${SECTIONS_EACH} sections, one national field`);
  console.log(`  sections handed out through the API (${clubs} clubs, keys, updateSection)  ${fmt(handOutMs / 1000, 2)} s`);
  console.log(`  first national page (100 rows) after the hand-out  ${fmt(firstNational[0], 1)} ms`);
  console.log(`  national page of 100 rows, warm (${nationalMs.length})        p50 ${fmt(quantile(nationalMs, 0.5), 1)} ms   p99 ${fmt(quantile(nationalMs, 0.99), 1)} ms`);
  console.log(`  a club's list, 20 rows, warm (${clubMs.length} pages)       p50 ${fmt(quantile(clubMs, 0.5), 1)} ms   p99 ${fmt(quantile(clubMs, 0.99), 1)} ms`);
  console.log(`  one pair's national and club place (${entryMs.length})     p50 ${fmt(quantile(entryMs, 0.5), 1)} ms   p99 ${fmt(quantile(entryMs, 0.99), 1)} ms`);
  console.log(`  a club director's correction in its section (${CORRECTIONS}) p50 ${fmt(quantile(postMs, 0.5), 1)} ms   p99 ${fmt(quantile(postMs, 0.99), 1)} ms`);
  console.log(`  the same club's correction in another club's section: ${intruder.status} (403 expected)`);
} finally {
  await server.stop();
}
