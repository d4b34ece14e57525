import { dataOf, type TestApp } from './app.js';

/** Builders for e2e tests that set up events through the public API, as a director would. */

export interface Contestant {
  id: string;
  number: number;
  direction: 'NS' | 'EW' | null;
}

export interface BuiltEvent {
  eventId: string;
  sessionIds: string[];
  contestants: Contestant[];
  /** The id of pair/team `number` (and direction, in a two-winner Mitchell). */
  id(number: number, direction?: 'NS' | 'EW'): string;
}

export interface EventSpec {
  kind?: 'PAIRS' | 'TEAMS';
  scoring: string;
  /** Extra CreateEventInput fields, as GraphQL text: 'factoring: RATIO, impCapPerRound: 12'. */
  options?: string;
  /** Contestants as GraphQL text items: '{ number: 1, direction: NS }'. Default: pairs 1 … pairs without direction. */
  contestants?: string[];
  pairs?: number;
  /** One entry per session: its sections, as createSection input text without sessionId. */
  sessions?: string[][];
}

export async function buildEvent(t: TestApp, spec: EventSpec): Promise<BuiltEvent> {
  const kind = spec.kind ?? 'PAIRS';
  const created = await t.gql(`mutation { createEvent(input: { name: "Test", kind: ${kind}, scoring: ${spec.scoring}${spec.options ? `, ${spec.options}` : ''} }) { id } }`);
  const eventId = dataOf(created).createEvent.id as string;
  const items = spec.contestants ?? Array.from({ length: spec.pairs ?? 4 }, (_, i) => `{ number: ${i + 1}, name: "${kind === 'TEAMS' ? 'Team' : 'Pair'} ${i + 1}" }`);
  const contestants = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${items.join(',')}] }) { id number direction } }`, { e: eventId })).addContestants as Contestant[];
  const sessionIds: string[] = [];
  for (const [i, sections] of (spec.sessions ?? [['letter: "A", tables: 2, boards: [1, 2, 3]']]).entries()) {
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e, number: ${i + 1} }) { id } }`, { e: eventId })).createSession.id as string;
    for (const section of sections) dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, ${section} }) { id } }`, { s: sessionId }));
    sessionIds.push(sessionId);
  }
  const id = (number: number, direction?: 'NS' | 'EW') => {
    const found = contestants.find((c) => c.number === number && (direction === undefined || c.direction === direction));
    if (!found) throw new Error(`No contestant ${direction ?? ''} ${number}`);
    return found.id;
  };
  return { eventId, sessionIds, contestants, id };
}

/** Posts lines to a session (all or nothing), failing the test unless they are stored. */
export async function postLines(t: TestApp, sessionId: string, lines: object[]): Promise<void> {
  const res = await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines });
  if (res.status !== 201 && res.status !== 200) throw new Error(`Post refused (${res.status}): ${JSON.stringify(res.body)}`);
}

export interface RankingRow {
  place: string;
  field: string;
  contestant: { id: string; number: number; direction: string | null };
  score: number;
  percentage: number | null;
  boardsPlayed: number;
  penalty: number | null;
}

const RANKING_FIELDS = 'place field contestant { id number direction } score percentage boardsPlayed penalty';

export async function sessionRanking(t: TestApp, sessionId: string, direction?: 'NS' | 'EW'): Promise<RankingRow[]> {
  return dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s${direction ? `, direction: ${direction}` : ''}) { ${RANKING_FIELDS} } }`, { s: sessionId })).sessionRanking;
}

export async function eventRanking(t: TestApp, eventId: string): Promise<RankingRow[]> {
  return dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { ${RANKING_FIELDS} } }`, { e: eventId })).eventRanking;
}

export async function traveller(t: TestApp, sessionId: string, board: number) {
  return dataOf(
    await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: ${board}) { top lines { section nsPair ewPair status nsScore nsMatchpoints ewMatchpoints nsPercentage nsImps ewImps adjustment } } }`, {
      s: sessionId,
    }),
  ).traveller;
}

/** `adjustScore` with the input given as GraphQL text (after sessionId). */
export async function adjust(t: TestApp, sessionId: string, input: string) {
  return dataOf(await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, ${input} }) { id status adjustment } }`, { s: sessionId })).adjustScore;
}

/** A ranking row by contestant number (and home direction). */
export const row = (rows: RankingRow[], number: number, direction?: string) => rows.find((r) => r.contestant.number === number && (!direction || r.contestant.direction === direction))!;
