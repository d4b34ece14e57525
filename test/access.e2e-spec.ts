import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

type Role = 'SCORER' | 'DIRECTOR' | 'ADMIN';
type Outcome = 'ALLOWED' | 'UNAUTHENTICATED' | 'FORBIDDEN';

/**
 * Who may do what: every write of the API, tried with no key, each role of the club that runs the
 * event, a key limited to another event, a key of another club, an expired key and a revoked key.
 * "ALLOWED" means the request got past access control (it may still fail on its input).
 */
describe('access control: the role × operation matrix', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const keys: Record<string, string> = {};
  let serial = 0;
  const next = () => ++serial;

  beforeAll(async () => {
    t = await startTestApp();
    const org = async (name: string, kind = 'CLUB', federationId?: string) =>
      dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id;
    ids.federation = await org('Federation', 'FEDERATION');
    ids.clubA = await org('Club A', 'CLUB', ids.federation);
    ids.clubB = await org('Club B');
    ids.event = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "A night", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: ids.clubA })).createEvent.id;
    ids.otherEvent = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Another A night", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: ids.clubA })).createEvent.id;
    ids.session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: ids.event })).createSession.id;
    ids.section = dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2, 3, 4] }) { id } }`, { s: ids.session })).createSection.id;
    ids.board = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { boards { id } } }`, { s: ids.session })).session.boards[0].id;
    const pairs = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, players: [{ name: "Ann" }, { name: "Bo" }] }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id players { id } } }`, { e: ids.event })).addContestants;
    ids.contestant = pairs[0].id;
    ids.player = pairs[0].players[0].id;
    ids.player2 = pairs[0].players[1].id;
    await t.http().post(`/api/v1/sessions/${ids.session}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', tricks: 10 }).expect(201);
    const key = async (role: Role, organizationId: string, extra: Record<string, unknown> = {}) =>
      dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: `${role} key`, role, organizationId, ...extra } })).createApiKey.key as string;
    keys.SCORER = await key('SCORER', ids.clubA);
    keys.DIRECTOR = await key('DIRECTOR', ids.clubA);
    keys.ADMIN = await key('ADMIN', ids.clubA);
    keys.OTHER_EVENT = await key('DIRECTOR', ids.clubA, { eventId: ids.otherEvent });
    keys.OTHER_CLUB = await key('ADMIN', ids.clubB);
    keys.EXPIRED = await key('ADMIN', ids.clubA, { expiresAt: new Date(Date.now() + 1_000).toISOString() });
    keys.REVOKED = await key('ADMIN', ids.clubA);
    const revoked = dataOf(await t.gql(`query($o: ID) { apiKeys(organizationId: $o) { id name prefix } }`, { o: ids.clubA })).apiKeys.find((k: { prefix: string }) => keys.REVOKED.includes(k.prefix));
    dataOf(await t.gql(`mutation($id: ID!) { revokeApiKey(id: $id) { revokedAt } }`, { id: revoked.id }));
    await sleep(1_100); // the expired key's hour has come
  });
  afterAll(() => t.close());

  /** A GraphQL write: its outcome for a key. */
  const gql = (query: string, variables: (n: number) => Record<string, unknown>) => async (key: string | null) => outcomeOf((await t.gqlAs(key, query, variables(next()))).errors?.[0]?.extensions?.code);
  /** A REST write: its outcome for a key. */
  const rest = (send: (agent: ReturnType<TestApp['as']>, n: number) => Promise<{ status: number }>) => async (key: string | null) => {
    const { status } = await send(t.as(key), next());
    return status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'ALLOWED';
  };
  const outcomeOf = (code: unknown): Outcome => (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? code : 'ALLOWED');
  const line = (n: number) => ({ board: 2, nsPair: 3, ewPair: 4, contract: '1NT', declarer: 'N', tricks: 6 + (n % 8) });

  /** Each write, the role it needs, and whether a key limited to one event of the club could ever do it. */
  const operations: [string, Role | 'GLOBAL' | 'FEDERATION', (key: string | null) => Promise<Outcome>][] = [
    ['createEvent', 'DIRECTOR', gql(`mutation($n: String!, $o: ID!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, (n) => ({ n: `Event ${n}`, o: ids.clubA }))],
    ['updateEvent', 'DIRECTOR', gql(`mutation($id: ID!, $n: String!) { updateEvent(id: $id, input: { venue: $n }) { id } }`, (n) => ({ id: ids.event, n: `Hall ${n}` }))],
    ['createSession', 'DIRECTOR', gql(`mutation($e: ID!, $n: Int!) { createSession(input: { eventId: $e, number: $n }) { id } }`, (n) => ({ e: ids.event, n: n + 10 }))],
    ['updateSession', 'DIRECTOR', gql(`mutation($id: ID!, $n: String!) { updateSession(id: $id, input: { name: $n }) { id } }`, (n) => ({ id: ids.session, n: `Evening ${n}` }))],
    ['createSection', 'DIRECTOR', gql(`mutation($s: ID!, $l: String!) { createSection(input: { sessionId: $s, letter: $l, tables: 1, boards: [1] }) { id } }`, (n) => ({ s: ids.session, l: `Z${String.fromCharCode(65 + (n % 26))}` }))],
    ['updateSection', 'DIRECTOR', gql(`mutation($id: ID!) { updateSection(id: $id, input: { tables: 2 }) { id } }`, () => ({ id: ids.section }))],
    ['addBoards', 'DIRECTOR', gql(`mutation($s: ID!, $b: Int!) { addBoards(input: { sessionId: $s, boards: [{ number: $b }] }) { id } }`, (n) => ({ s: ids.session, b: 100 + n }))],
    ['updateBoard', 'DIRECTOR', gql(`mutation($id: ID!) { updateBoard(id: $id, input: { dealer: N }) { id } }`, () => ({ id: ids.board }))],
    ['addContestants', 'DIRECTOR', gql(`mutation($e: ID!, $n: Int!) { addContestants(input: { eventId: $e, contestants: [{ number: $n }] }) { id } }`, (n) => ({ e: ids.event, n: 100 + n }))],
    ['updateContestant', 'DIRECTOR', gql(`mutation($id: ID!, $n: String!) { updateContestant(id: $id, input: { name: $n }) { id } }`, (n) => ({ id: ids.contestant, n: `Pair ${n}` }))],
    ['createPlayer', 'DIRECTOR', gql(`mutation($n: String!, $o: ID!) { createPlayer(input: { name: $n, organizationId: $o }) { id } }`, (n) => ({ n: `Player ${n}`, o: ids.clubA }))],
    ['updatePlayer', 'DIRECTOR', gql(`mutation($id: ID!, $n: String!) { updatePlayer(id: $id, input: { name: $n }) { id } }`, (n) => ({ id: ids.player, n: `Ann ${n}` }))],
    ['mergePlayers', 'DIRECTOR', gql(`mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "Same person" }) { id } }`, () => ({ k: ids.player, d: ids.player2 }))],
    ['submitResult', 'SCORER', gql(`mutation($in: SubmitResultInput!) { submitResult(input: $in) { created } }`, (n) => ({ in: { sessionId: ids.session, ...line(n), declarer: 'N' } }))],
    ['submitResults', 'SCORER', gql(`mutation($in: SubmitResultsInput!) { submitResults(input: $in) { created } }`, (n) => ({ in: { sessionId: ids.session, lines: [line(n)] } }))],
    ['POST /sessions/{id}/results', 'SCORER', rest((a, n) => a.post(`/api/v1/sessions/${ids.session}/results`).send(line(n)))],
    ['a correction', 'DIRECTOR', rest((a, n) => a.post(`/api/v1/sessions/${ids.session}/results`).send({ ...line(n), correction: { reason: 'Pad entered the wrong trick count' } }))],
    ['adjustScore', 'DIRECTOR', gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 3, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "Not played" }) { id } }`, () => ({ s: ids.session }))],
    ['markFouledBoard', 'DIRECTOR', gql(`mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 1, form: 2, lines: [{ board: 1, nsPair: 1, ewPair: 2 }], reason: "Cards swapped" }) }`, () => ({ s: ids.session }))],
    ['addPenalty', 'DIRECTOR', gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Slow play" }) { id } }`, () => ({ s: ids.session, c: ids.contestant }))],
    ['importEvent', 'DIRECTOR', gql(`mutation($c: String!, $e: ID!) { importEvent(input: { format: PBN, content: $c, eventId: $e }) { eventId } }`, (n) => ({ e: ids.event, c: `[Event "Import ${n}"]\n[Board "1"]\n[Deal "N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852"]\n` }))],
    ['POST /imports/pbn', 'DIRECTOR', rest((a, n) => a.post(`/api/v1/imports/pbn?eventId=${ids.event}`).set('content-type', 'text/plain').send(readFileSync(new URL('../src/bridge/formats/fixtures/two-section-mitchell.pbn', import.meta.url), 'latin1').replace('Spring Pairs', `Spring ${n}`)))],
    ['revokePenalty', 'DIRECTOR', async (key) => {
      const penalty = dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Slow play" }) { id } }`, { s: ids.session, c: ids.contestant })).addPenalty.id;
      return outcomeOf((await t.gqlAs(key, `mutation($id: ID!) { revokePenalty(id: $id, reason: "Given in error") { id } }`, { id: penalty })).errors?.[0]?.extensions?.code);
    }],
    ['lodgeAppeal', 'DIRECTOR', gql(`mutation($s: ID!, $c: ID!, $r: String!) { lodgeAppeal(input: { sessionId: $s, contestantId: $c, reason: $r }) { id } }`, (n) => ({ s: ids.session, c: ids.contestant, r: `Ruling ${n}` }))],
    ['decideAppeal', 'DIRECTOR', async (key) => {
      const appeal = dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { lodgeAppeal(input: { sessionId: $s, contestantId: $c, reason: "Ruling to decide" }) { id } }`, { s: ids.session, c: ids.contestant })).lodgeAppeal.id;
      return outcomeOf((await t.gqlAs(key, `mutation($id: ID!) { decideAppeal(input: { id: $id, outcome: WITHDRAWN, decision: "Withdrawn by the appellants" }) { id } }`, { id: appeal })).errors?.[0]?.extensions?.code);
    }],
    ['requestRuling', 'DIRECTOR', gql(`mutation($s: ID!, $c: ID!, $r: String!) { requestRuling(input: { sessionId: $s, contestantId: $c, reason: $r }) { id } }`, (n) => ({ s: ids.session, c: ids.contestant, r: `Request ${n}` }))],
    ['giveRuling', 'DIRECTOR', async (key) => {
      const request = dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { requestRuling(input: { sessionId: $s, contestantId: $c, reason: "Ruling to give" }) { id } }`, { s: ids.session, c: ids.contestant })).requestRuling.id;
      return outcomeOf((await t.gqlAs(key, `mutation($id: ID!) { giveRuling(input: { id: $id, ruling: "The result stands" }) { id } }`, { id: request })).errors?.[0]?.extensions?.code);
    }],
    ['setCarryForward', 'DIRECTOR', gql(`mutation($e: ID!, $f: ID!) { setCarryForward(input: { eventId: $e, fromEventId: $f, fraction: "0" }) { unmatched } }`, () => ({ e: ids.event, f: ids.otherEvent }))],
    ['recordMatchAward', 'DIRECTOR', gql(`mutation($s: ID!, $c: ID!) { recordMatchAward(input: { sessionId: $s, round: 1, kind: BYE, contestantId: $c, reason: "Odd team out" }) { id } }`, () => ({ s: ids.session, c: ids.contestant }))],
    ['revokeMatchAward', 'DIRECTOR', gql(`mutation($s: ID!) { revokeMatchAward(input: { sessionId: $s, id: "00000000-0000-4000-8000-000000000000", reason: "In error" }) { id } }`, () => ({ s: ids.session }))],
    ['publishSession', 'DIRECTOR', gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, () => ({ s: ids.session }))],
    ['importSectionResults', 'DIRECTOR', gql(`mutation($x: ID!, $c: String!) { importSectionResults(input: { sectionId: $x, format: CSV, content: $c }) { created } }`, (n) => ({ x: ids.section, c: `Session,Section,Board,NS,EW,Contract,Declarer,Tricks\n1,A,2,1,2,1NT,N,${6 + (n % 8)}` }))],
    ['inviteHostClub', 'DIRECTOR', gql(`mutation($e: ID!, $c: ID!) { inviteHostClub(eventId: $e, clubId: $c) { eventId } }`, () => ({ e: ids.event, c: ids.clubB }))],
    ['acceptHostInvitation', 'ADMIN', gql(`mutation($e: ID!, $c: ID!) { acceptHostInvitation(eventId: $e, clubId: $c) { eventId } }`, () => ({ e: ids.otherEvent, c: ids.clubA }))],
    ['acceptMemberClub', 'FEDERATION', gql(`mutation($c: ID!) { acceptMemberClub(clubId: $c) { id } }`, () => ({ c: ids.clubB }))],
    ['updateOrganization', 'ADMIN', gql(`mutation($id: ID!, $n: String!) { updateOrganization(id: $id, input: { name: $n }) { id } }`, (n) => ({ id: ids.clubA, n: `Club A ${n}` }))],
    ['createApiKey', 'ADMIN', gql(`mutation($n: String!, $o: ID!) { createApiKey(input: { name: $n, role: SCORER, organizationId: $o }) { key } }`, (n) => ({ n: `Pads ${n}`, o: ids.clubA }))],
    ['revokeApiKey', 'ADMIN', async (key) => {
      const throwaway = dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "throwaway", role: SCORER, organizationId: $o }) { apiKey { id } } }`, { o: ids.clubA })).createApiKey.apiKey.id;
      return outcomeOf((await t.gqlAs(key, `mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: throwaway })).errors?.[0]?.extensions?.code);
    }],
    ['createOrganization', 'GLOBAL', gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, (n) => ({ n: `Club ${n}` }))],
    ...(['archiveEvent', 'deleteEvent', 'restoreEvent'] as const).map((name) => [name, 'DIRECTOR', async (key: string | null) => {
      // A throwaway event of the club each time (restore needs one archived first).
      const id = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Throwaway", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: ids.clubA })).createEvent.id;
      if (name === 'restoreEvent') dataOf(await t.gql(`mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id } }`, { id }));
      return outcomeOf((await t.gqlAs(key, `mutation($id: ID!) { ${name}(id: $id, reason: "Season over") { id } }`, { id })).errors?.[0]?.extensions?.code);
    }] as [string, Role, (key: string | null) => Promise<Outcome>]),
    ['setAwardScale', 'FEDERATION', gql(`mutation($f: ID!) { setAwardScale(input: { organizationId: $f, category: "CLUB", name: "Club points", tiers: [{ minContestants: 2, points: [3, 1] }] }) { id } }`, () => ({ f: ids.federation }))],
  ];

  const RANK = { SCORER: 1, DIRECTOR: 2, ADMIN: 3 };
  function expected(cell: string, need: Role | 'GLOBAL' | 'FEDERATION'): Outcome {
    if (cell === 'none' || cell === 'EXPIRED' || cell === 'REVOKED') return 'UNAUTHENTICATED';
    if (cell === 'OTHER_CLUB' || cell === 'OTHER_EVENT' || need === 'GLOBAL' || need === 'FEDERATION') return 'FORBIDDEN';
    return RANK[cell as Role] >= RANK[need] ? 'ALLOWED' : 'FORBIDDEN';
  }

  const cells = ['none', 'SCORER', 'DIRECTOR', 'ADMIN', 'OTHER_EVENT', 'OTHER_CLUB', 'EXPIRED', 'REVOKED'];
  it.each(operations.map(([name, need, run]) => [name, need, run] as const))('%s (needs %s)', async (_, need, run) => {
    const got: Record<string, Outcome> = {};
    const want: Record<string, Outcome> = {};
    for (const cell of cells) {
      got[cell] = await run(cell === 'none' ? null : keys[cell]);
      want[cell] = expected(cell, need);
    }
    expect(got).toEqual(want);
  });

  it('covers every mutation of the schema (a new one must be added here)', async () => {
    const fields = dataOf(await t.gqlAs(null, `{ __schema { mutationType { fields { name } } } }`)).__schema.mutationType.fields.map((f: { name: string }) => f.name);
    const tried = new Set(operations.map(([name]) => name));
    expect(fields.filter((f: string) => !tried.has(f))).toEqual([]);
  });

  it('answers 401 and 403 over REST, saying what is needed and nothing about other clubs', async () => {
    const post = (key: string | null, session: string) => t.as(key).post(`/api/v1/sessions/${session}/results`).send(line(0));
    const none = await post(null, ids.session).expect(401);
    expect(none.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/needs an API key: send it as "Authorization: Bearer <key>"/) });
    const theirs = await post(keys.OTHER_CLUB, ids.session).expect(403);
    const missing = await post(keys.OTHER_CLUB, '00000000-0000-4000-8000-000000000000').expect(403);
    expect(theirs.body.message).toBe(missing.body.message); // someone else's session and no session look alike
    expect(theirs.body.message).toMatch(/needs a key of the organisation it belongs to/);
    const weak = await t.gqlAs(keys.SCORER, `mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: ids.session });
    expect(weak.errors?.[0].message).toBe('Publishing results needs a DIRECTOR key; this key is a SCORER key');
    expect((await t.as(keys.EXPIRED).post(`/api/v1/sessions/${ids.session}/results`).send(line(0)).expect(401)).body.message).toMatch(/expired on/);
    expect((await t.as(keys.REVOKED).get('/health/live').expect(401)).body.message).toMatch(/revoked on/); // a bad key is refused even for a read
    await t.as('not-a-key').get('/health/live').expect(401);
  });

  it('lets anyone read results, and names each key in the audit trail', async () => {
    await t.as(keys.SCORER).post(`/api/v1/sessions/${ids.session}/results`).send({ section: 'A', board: 4, nsPair: 1, ewPair: 2, contract: '2H', declarer: 'S', tricks: 8 }).expect(201);
    await t.as(null).post('/graphql').send({ query: `query($s: ID!) { sessionRanking(sessionId: $s) { place } }`, variables: { s: ids.session } }).expect(200);
    const trail = dataOf(await t.gqlAs(keys.DIRECTOR, `query($s: ID!) { auditTrail(sessionId: $s) { action actor } }`, { s: ids.session })).auditTrail;
    expect(trail.at(-1).actor).toMatch(/^key [A-Za-z0-9]{10} \(SCORER key\)$/);
    expect((await t.gqlAs(null, `query($s: ID!) { auditTrail(sessionId: $s) { action } }`, { s: ids.session })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows a key once and keeps only its hash', async () => {
    const created = dataOf(await t.gqlAs(keys.ADMIN, `mutation { createApiKey(input: { name: "Pads", role: SCORER }) { key apiKey { prefix organizationId role } } }`)).createApiKey;
    expect(created.key).toMatch(/^trv_[A-Za-z0-9]{10}_[A-Za-z0-9]{40}$/);
    expect(created.apiKey).toEqual({ prefix: created.key.slice(4, 14), organizationId: ids.clubA, role: 'SCORER' });
    const listed = dataOf(await t.gqlAs(keys.ADMIN, `{ apiKeys { prefix } }`)).apiKeys;
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(15));
  });
});
