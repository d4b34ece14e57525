import type { Pool } from 'undici';
import { seededRandom } from '../../src/bridge/random.js';
import { ADMIN_HEADERS } from '../../test/support/service-process.js';
import { send } from './load.js';

/** A GraphQL call through the bench's HTTP pool; throws on any error. */
export async function gql<T = any>(pool: Pool, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await send(pool, { method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }) });
  const json = JSON.parse(res.body);
  if (json.errors) throw new Error(`GraphQL: ${json.errors.map((e: { message: string }) => e.message).join('; ')}`);
  return json.data as T;
}

/** A GraphQL call by fetch to the service at `url` (with the admin key unless other headers are given); throws on any error. */
export async function gqlAt(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = ADMIN_HEADERS): Promise<any> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const json = (await res.json()) as { data?: any; errors?: { message: string }[] };
  if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
  return json.data;
}

/** A traveller line as a pad posts it. */
export interface PadLine {
  sessionId: string;
  section: string;
  round: number;
  table: number;
  board: number;
  nsPair: number;
  ewPair: number;
  contract: string;
  declarer: 'N' | 'E' | 'S' | 'W';
  tricks: number;
}

export interface SeededEvent {
  eventId: string;
  sessionIds: string[];
  /** Every line of every session, in play order (round by round). */
  lines: PadLine[];
}

const CONTRACTS = ['4H', '3NT', '2S', '4S', '1NT', '3C', '5D', '6NT', '2H', 'PASS', '4HX'] as const;

/**
 * A pairs event of `sessions` sessions, each one section of a `tables`-table two-winner Mitchell
 * (`rounds` rounds of `boardsPerRound` boards), with the pairs entered and every line the tables
 * will post, with plausible contracts and tricks.
 */
export async function seedMitchellEvent(
  pool: Pool,
  { sessions, tables, rounds, boardsPerRound }: { sessions: number; tables: number; rounds: number; boardsPerRound: number },
): Promise<SeededEvent> {
  const { createEvent } = await gql(pool, `mutation { createEvent(input: { name: "Bench Congress", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`);
  const pairs = Array.from({ length: tables }, (_, i) => [`{ number: ${i + 1}, direction: NS, name: "North-South ${i + 1}" }`, `{ number: ${i + 1}, direction: EW, name: "East-West ${i + 1}" }`]).flat();
  await gql(pool, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: createEvent.id });
  const random = seededRandom(7);
  const sessionIds: string[] = [];
  const lines: PadLine[] = [];
  for (let s = 1; s <= sessions; s++) {
    const { createSession } = await gql(pool, `mutation($e: ID!, $n: Int!) { createSession(input: { eventId: $e, number: $n }) { id } }`, { e: createEvent.id, n: s });
    const { createSection } = await gql(
      pool,
      `mutation($s: ID!, $t: Int!, $r: Int!, $b: Int!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: MITCHELL, tables: $t, rounds: $r, boardsPerRound: $b } }) { movement { rounds { number tables { table ns ew boards sitOut } } } } }`,
      { s: createSession.id, t: tables, r: rounds, b: boardsPerRound },
    );
    sessionIds.push(createSession.id);
    for (const round of createSection.movement.rounds) {
      for (const t of round.tables) {
        if (t.sitOut) continue;
        for (const board of t.boards) {
          const contract = CONTRACTS[Math.floor(random() * CONTRACTS.length)];
          const level = contract === 'PASS' ? 0 : Number(contract[0]);
          const declarer = (['N', 'E', 'S', 'W'] as const)[Math.floor(random() * 4)];
          const tricks = Math.max(0, Math.min(13, level + 6 + Math.floor(random() * 4) - 2));
          lines.push({ sessionId: createSession.id, section: 'A', round: round.number, table: t.table, board, nsPair: t.ns, ewPair: t.ew, contract, declarer, tricks });
        }
      }
    }
  }
  return { eventId: createEvent.id, sessionIds, lines };
}

/** The REST body of a line (a passed-out board has no declarer or tricks). */
export function padBody(line: PadLine): string {
  const { sessionId: _s, ...rest } = line;
  if (line.contract === 'PASS') return JSON.stringify({ ...rest, declarer: undefined, tricks: undefined });
  return JSON.stringify(rest);
}
