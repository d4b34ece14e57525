import { dataOf, type TestApp } from '../support/app.js';

/**
 * The world an attack runs in: a federation with club A, another federation, club B outside it,
 * an event of each club with results, and keys of every kind. Built through the public API.
 */
export interface World {
  ids: Record<'federation' | 'otherFederation' | 'clubA' | 'clubB' | 'eventA' | 'eventA2' | 'sessionA' | 'sessionA2' | 'sectionA' | 'boardA' | 'eventB' | 'sessionB' | 'playerA' | 'playerB' | 'contestantA', string>;
  keys: Record<'A_SCORER' | 'A_DIRECTOR' | 'A_ADMIN' | 'A_EVENT2' | 'B_SCORER' | 'B_DIRECTOR' | 'B_ADMIN' | 'FED_ADMIN' | 'OTHER_FED_ADMIN', string>;
}

export const line = (board: number, ns: number, ew: number, tricks = 9) => ({ board, nsPair: ns, ewPair: ew, contract: '3NT', declarer: 'N', tricks });

export async function buildWorld(t: TestApp): Promise<World> {
  const ids = {} as World['ids'];
  const keys = {} as World['keys'];
  const org = async (name: string, kind: string, federationId?: string) =>
    dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
  ids.federation = await org('Federation', 'FEDERATION');
  ids.otherFederation = await org('Other federation', 'FEDERATION');
  ids.clubA = await org('Club A', 'CLUB', ids.federation);
  ids.clubB = await org('Club B', 'CLUB');
  const event = async (organizationId: string, name: string) => {
    const eventId = dataOf(await t.gql(`mutation($o: ID!, $n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: organizationId, n: name })).createEvent.id as string;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id as string;
    const sectionId = dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2, 3, 4] }) { id } }`, { s: sessionId })).createSection.id as string;
    const pairs = dataOf(
      await t.gql(`mutation($e: ID!, $m: String!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, players: [{ name: "Ann", memberNumber: $m }, { name: "Bo" }] }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id players { id } } }`, { e: eventId, m: `M-${name}` }),
    ).addContestants;
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send(line(1, 1, 2)).expect(201);
    return { eventId, sessionId, sectionId, contestantId: pairs[0].id as string, playerId: pairs[0].players[0].id as string };
  };
  const a = await event(ids.clubA, 'A night');
  const a2 = await event(ids.clubA, 'Another A night');
  const b = await event(ids.clubB, 'B night');
  Object.assign(ids, { eventA: a.eventId, sessionA: a.sessionId, sectionA: a.sectionId, contestantA: a.contestantId, playerA: a.playerId, eventA2: a2.eventId, sessionA2: a2.sessionId, eventB: b.eventId, sessionB: b.sessionId, playerB: b.playerId });
  ids.boardA = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { boards { id } } }`, { s: ids.sessionA })).session.boards[0].id;
  const key = async (role: string, organizationId: string, extra: Record<string, unknown> = {}) =>
    dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: `${role} key`, role, organizationId, ...extra } })).createApiKey.key as string;
  keys.A_SCORER = await key('SCORER', ids.clubA);
  keys.A_DIRECTOR = await key('DIRECTOR', ids.clubA);
  keys.A_ADMIN = await key('ADMIN', ids.clubA);
  keys.A_EVENT2 = await key('DIRECTOR', ids.clubA, { eventId: ids.eventA2 });
  keys.B_SCORER = await key('SCORER', ids.clubB);
  keys.B_DIRECTOR = await key('DIRECTOR', ids.clubB);
  keys.B_ADMIN = await key('ADMIN', ids.clubB);
  keys.FED_ADMIN = await key('ADMIN', ids.federation);
  keys.OTHER_FED_ADMIN = await key('ADMIN', ids.otherFederation);
  return { ids, keys };
}

/**
 * What the suite tried, by kind of attack: how many tries, how many were refused as they should
 * be, and which were not. Printed at the end like the role matrix.
 */
export class AttackTable {
  private readonly rows = new Map<string, { tried: number; refused: number; wrong: string[] }>();

  /** Records one try; `refused` is whether the service answered as it should. */
  record(kind: string, what: string, refused: boolean): void {
    const row = this.rows.get(kind) ?? { tried: 0, refused: 0, wrong: [] };
    row.tried++;
    if (refused) row.refused++;
    else row.wrong.push(what);
    this.rows.set(kind, row);
  }

  /** The tries of one kind that were not refused as they should be. */
  wrong(kind: string): string[] {
    return this.rows.get(kind)?.wrong ?? [];
  }

  print(title: string): void {
    const width = Math.max(10, ...[...this.rows.keys()].map((k) => k.length));
    const lines = [`${title}`, `${'attack'.padEnd(width)}  tried  refused correctly  wrong`];
    for (const [kind, row] of this.rows) lines.push(`${kind.padEnd(width)}  ${String(row.tried).padStart(5)}  ${String(row.refused).padStart(17)}  ${String(row.wrong.length).padStart(5)}`);
    for (const [kind, row] of this.rows) for (const what of row.wrong) lines.push(`  WRONG ${kind}: ${what}`);
    console.log(lines.join('\n'));
  }
}
