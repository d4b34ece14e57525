import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from '../support/app.js';
import { sql } from '../support/database.js';
import { AttackTable, buildWorld, line, type World } from './world.js';

/**
 * Attacks on who may touch what: other clubs' ids in the path, the query string and the body of
 * every REST route, unknown query parameters, other clubs' objects inside inputs.
 */
describe('security: scope of a key', () => {
  let t: TestApp;
  let w: World;
  const table = new AttackTable();

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });
  afterAll(async () => {
    table.print('Attack suite: scope of a key');
    await t.close();
  });

  const linesIn = async (sessionId: string) => (await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" WHERE "sessionId" = $1`, [sessionId]))[0].n as number;

  /** Every REST route, with a request that an attacker would tamper with. */
  const REST: Record<string, (tamper: string) => { key: keyof World['keys'] | null; send: (t: TestApp, key: string | null) => Promise<{ status: number; body: any }> }> = {
    'POST /api/v1/sessions/{id}/results': (q) => ({ key: 'B_SCORER', send: (t, k) => t.as(k).post(`/api/v1/sessions/${w.ids.sessionA}/results?${q}`).send(line(2, 3, 4)) }),
    'POST /api/v1/imports/{format}': (q) => ({ key: 'B_DIRECTOR', send: (t, k) => t.as(k).post(`/api/v1/imports/pbn?eventId=${w.ids.eventB}&${q}`).set('content-type', 'text/plain').send('[Event "x"]\n') }),
    'POST /api/v1/imports/{format}/sections/{sectionId}': (q) => ({ key: 'B_DIRECTOR', send: (t, k) => t.as(k).post(`/api/v1/imports/csv/sections/${w.ids.sectionA}?${q}`).set('content-type', 'text/plain').send('Session,Section,Board,NS,EW,Contract,Declarer,Tricks\n1,A,2,3,4,3NT,N,9\n') }),
    'GET /api/v1/events/{id}/export.usebio': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/events/${w.ids.eventA}/export.usebio?${q}`) }),
    'GET /api/v1/events/{id}/export.pbn': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/events/${w.ids.eventA}/export.pbn?${q}`) }),
    'GET /api/v1/events/{id}/ranking.csv': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/events/${w.ids.eventA}/ranking.csv?${q}`) }),
    'GET /api/v1/events/{id}/travellers.csv': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/events/${w.ids.eventA}/travellers.csv?${q}`) }),
    'GET /api/v1/organizations/{id}/awards.csv': (q) => ({ key: 'OTHER_FED_ADMIN', send: (t, k) => t.as(k).get(`/api/v1/organizations/${w.ids.federation}/awards.csv?${q}`) }),
    'GET /api/v1/sessions/{id}/ranking': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/sessions/${w.ids.sessionA}/ranking?${q}`) }),
    'GET /api/v1/events/{id}/ranking': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/events/${w.ids.eventA}/ranking?${q}`) }),
    'GET /api/v1/sessions/{id}/ranking/{contestantId}': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/sessions/${w.ids.sessionA}/ranking/${w.ids.contestantA}?${q}`) }),
    'GET /api/v1/sessions/{id}/boards/{board}/traveller': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/api/v1/sessions/${w.ids.sessionA}/boards/1/traveller?${q}`) }),
    'GET /health': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/health?${q}`) }),
    'GET /health/live': (q) => ({ key: null, send: (t, k) => t.as(k).get(`/health/live?${q}`) }),
  };

  /**
   * Every mutation, sent by club B's admin with club A's ids in its arguments (and, where an input
   * names an organisation, club A's or club A's federation). Refused: FORBIDDEN, or NOT_FOUND for
   * an object inside an input that is not B's.
   */
  const MUTATIONS: Record<string, (ids: World['ids']) => [string, Record<string, unknown>]> = {
    createEvent: (i) => [`mutation($o: ID!) { createEvent(input: { name: "Theirs", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: i.clubA }],
    updateEvent: (i) => [`mutation($id: ID!) { updateEvent(id: $id, input: { venue: "Ours" }) { id } }`, { id: i.eventA }],
    archiveEvent: (i) => [`mutation($id: ID!) { archiveEvent(id: $id, reason: "Ours now") { id } }`, { id: i.eventA }],
    deleteEvent: (i) => [`mutation($id: ID!) { deleteEvent(id: $id, reason: "Ours now") { id } }`, { id: i.eventA }],
    restoreEvent: (i) => [`mutation($id: ID!) { restoreEvent(id: $id, reason: "Ours now") { id } }`, { id: i.eventA }],
    createSession: (i) => [`mutation($e: ID!) { createSession(input: { eventId: $e, number: 9 }) { id } }`, { e: i.eventA }],
    updateSession: (i) => [`mutation($id: ID!) { updateSession(id: $id, input: { name: "Ours" }) { id } }`, { id: i.sessionA }],
    createSection: (i) => [`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "Q", tables: 1, boards: [1] }) { id } }`, { s: i.sessionA }],
    updateSection: (i) => [`mutation($id: ID!) { updateSection(id: $id, input: { tables: 3 }) { id } }`, { id: i.sectionA }],
    addBoards: (i) => [`mutation($s: ID!) { addBoards(input: { sessionId: $s, boards: [{ number: 77 }] }) { id } }`, { s: i.sessionA }],
    updateBoard: (i) => [`mutation($id: ID!) { updateBoard(id: $id, input: { dealer: W }) { id } }`, { id: i.boardA }],
    addContestants: (i) => [`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 77 }] }) { id } }`, { e: i.eventA }],
    updateContestant: (i) => [`mutation($id: ID!) { updateContestant(id: $id, input: { name: "Ours" }) { id } }`, { id: i.contestantA }],
    createPlayer: (i) => [`mutation($o: ID!) { createPlayer(input: { name: "Spy", organizationId: $o }) { id } }`, { o: i.clubA }],
    updatePlayer: (i) => [`mutation($id: ID!) { updatePlayer(id: $id, input: { name: "Renamed" }) { id } }`, { id: i.playerA }],
    mergePlayers: (i) => [`mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "Same person" }) { id } }`, { k: i.playerB, d: i.playerA }],
    submitResult: (i) => [`mutation($s: ID!) { submitResult(input: { sessionId: $s, board: 2, nsPair: 3, ewPair: 4, contract: "3NT", declarer: N, tricks: 9 }) { created } }`, { s: i.sessionA }],
    submitResults: (i) => [`mutation($s: ID!) { submitResults(input: { sessionId: $s, lines: [{ board: 2, nsPair: 3, ewPair: 4, contract: "3NT", declarer: N, tricks: 9 }] }) { created } }`, { s: i.sessionA }],
    adjustScore: (i) => [`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "Ours now" }) { id } }`, { s: i.sessionA }],
    markFouledBoard: (i) => [`mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 1, form: 2, lines: [{ board: 1, nsPair: 1, ewPair: 2 }], reason: "Ours now" }) }`, { s: i.sessionA }],
    addPenalty: (i) => [`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Ours now" }) { id } }`, { s: i.sessionA, c: i.contestantA }],
    revokePenalty: () => [`mutation($id: ID!) { revokePenalty(id: $id, reason: "Ours now") { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
    lodgeAppeal: (i) => [`mutation($s: ID!, $c: ID!) { lodgeAppeal(input: { sessionId: $s, contestantId: $c, reason: "Ours now" }) { id } }`, { s: i.sessionA, c: i.contestantA }],
    decideAppeal: () => [`mutation($id: ID!) { decideAppeal(input: { id: $id, outcome: DISMISSED, decision: "Ours now" }) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
    requestRuling: (i) => [`mutation($s: ID!, $c: ID!) { requestRuling(input: { sessionId: $s, contestantId: $c, reason: "Ours now" }) { id } }`, { s: i.sessionA, c: i.contestantA }],
    giveRuling: () => [`mutation($id: ID!) { giveRuling(input: { id: $id, ruling: "Ours now" }) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
    recordMatchAward: (i) => [`mutation($s: ID!, $c: ID!) { recordMatchAward(input: { sessionId: $s, round: 1, kind: BYE, contestantId: $c, reason: "Ours now" }) { id } }`, { s: i.sessionA, c: i.contestantA }],
    revokeMatchAward: (i) => [`mutation($s: ID!) { revokeMatchAward(input: { sessionId: $s, id: "00000000-0000-4000-8000-000000000000", reason: "Ours now" }) { id } }`, { s: i.sessionA }],
    publishSession: (i) => [`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: i.sessionA }],
    importEvent: (i) => [`mutation($e: ID!) { importEvent(input: { format: PBN, content: "[Event \\"x\\"]", eventId: $e }) { eventId } }`, { e: i.eventA }],
    updateOrganization: (i) => [`mutation($id: ID!) { updateOrganization(id: $id, input: { name: "Ours" }) { id } }`, { id: i.clubA }],
    acceptMemberClub: (i) => [`mutation($id: ID!) { acceptMemberClub(clubId: $id) { id } }`, { id: i.clubA }],
    createOrganization: (i) => [`mutation($f: ID!) { createOrganization(input: { name: "Inside", federationId: $f }) { id } }`, { f: i.federation }],
    createApiKey: (i) => [`mutation($o: ID!) { createApiKey(input: { name: "Ours", role: ADMIN, organizationId: $o }) { key } }`, { o: i.clubA }],
    revokeApiKey: () => [`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
    importSectionResults: (i) => [`mutation($x: ID!) { importSectionResults(input: { sectionId: $x, format: CSV, content: "Session,Section,Board,NS,EW,Contract,Declarer,Tricks\\n1,A,2,3,4,3NT,N,9" }) { created } }`, { x: i.sectionA }],
    inviteHostClub: (i) => [`mutation($e: ID!, $c: ID!) { inviteHostClub(eventId: $e, clubId: $c) { eventId } }`, { e: i.eventA, c: i.clubB }],
    acceptHostInvitation: (i) => [`mutation($e: ID!, $c: ID!) { acceptHostInvitation(eventId: $e, clubId: $c) { eventId } }`, { e: i.eventB, c: i.clubA }],
    // Their own final carrying forward from this club's event: a read of this club's ranking the key may not make.
    setCarryForward: (i) => [`mutation($e: ID!, $f: ID!) { setCarryForward(input: { eventId: $e, fromEventId: $f, fraction: "1/2" }) { unmatched } }`, { e: i.eventB, f: i.eventA }],
    setAwardScale: (i) => [`mutation($f: ID!) { setAwardScale(input: { organizationId: $f, category: "CLUB", name: "Ours", tiers: [{ minContestants: 2, points: [1] }] }) { id } }`, { f: i.federation }],
  };

  it('covers every mutation of the schema (a new mutation must be added here)', async () => {
    const fields = dataOf(await t.gqlAs(null, `{ __schema { mutationType { fields { name } } } }`)).__schema.mutationType.fields.map((f: { name: string }) => f.name);
    expect(fields.filter((f: string) => !(f in MUTATIONS))).toEqual([]);
  });

  it('refuses every mutation made with another club’s key on this club’s objects', async () => {
    for (const [name, build] of Object.entries(MUTATIONS)) {
      const [query, variables] = build(w.ids);
      const res = await t.gqlAs(w.keys.B_ADMIN, query, variables);
      const code = res.errors?.[0]?.extensions?.code;
      table.record('another club’s ids in a mutation', `${name} → ${code ?? 'ALLOWED'}`, !res.data?.[name] && (code === 'FORBIDDEN' || code === 'NOT_FOUND'));
    }
    expect(table.wrong('another club’s ids in a mutation')).toEqual([]);
  });

  it('covers every REST route of the service (a new route must be added here)', async () => {
    const doc = (await t.as(null).get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.filter((r) => !(r in REST))).toEqual([]);
  });

  it('never takes scope from the query string: other clubs’ ids there are refused, named, and nothing is stored', async () => {
    const before = await linesIn(w.ids.sessionA);
    for (const [route, attack] of Object.entries(REST)) {
      for (const param of ['id', 'sessionId', 'eventId', 'organizationId', 'federationId']) {
        // Take an id of the attacker's own (so a guard reading the query would let it through).
        const own = { id: w.ids.sessionB, sessionId: w.ids.sessionB, eventId: w.ids.eventB, organizationId: w.ids.clubB, federationId: w.ids.otherFederation }[param];
        if (route.startsWith('POST /api/v1/imports') && param === 'eventId') continue; // the route documents eventId: its own test below
        if ((route.endsWith('/ranking') || route.endsWith('/traveller')) && param === 'organizationId') continue; // a documented filter of a public read: its own test below
        const { key, send } = attack(`${param}=${own}`);
        const res = await send(t, key && w.keys[key]);
        table.record('query-string tampering', `${route} ?${param}= → ${res.status}`, res.status === 400 && res.body.code === 'BAD_USER_INPUT' && res.body.fields?.includes(param));
      }
    }
    expect(table.wrong('query-string tampering')).toEqual([]);
    expect(await linesIn(w.ids.sessionA)).toBe(before);
  });

  it('refuses a director’s override of another club’s published result sent with their session in the query', async () => {
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: w.ids.sessionA2 }));
    const res = await t
      .as(w.keys.B_DIRECTOR)
      .post(`/api/v1/sessions/${w.ids.sessionA2}/results?id=${w.ids.sessionB}`)
      .send({ ...line(1, 1, 2, 3), correction: { reason: 'Taken over' } });
    table.record('query-string tampering', `override with ?id= → ${res.status}`, res.status === 400);
    expect(res.status).toBe(400);
    const stored = await sql(t.db.url, `SELECT tricks FROM "Result" WHERE "sessionId" = $1`, [w.ids.sessionA2]);
    expect(stored).toEqual([{ tricks: 9 }]);
    // The same request without the tampering is one the club's own director may make.
    await t.as(w.keys.A_DIRECTOR).post(`/api/v1/sessions/${w.ids.sessionA2}/results`).send({ ...line(1, 1, 2, 3), correction: { reason: 'Pad typo' } }).expect(201);
  });

  it('keeps each host club of a simultaneous event to its own sections, however the section is named', async () => {
    // The federation's event; club A hosts section A, a second member club hosts section B.
    const gql = async (query: string, variables: Record<string, unknown> = {}) => dataOf(await t.gql(query, variables));
    const clubA2 = (await gql(`mutation($f: ID!) { createOrganization(input: { name: "Club A2", kind: CLUB, federationId: $f }) { id } }`, { f: w.ids.federation })).createOrganization.id;
    const a2Director = (await gql(`mutation($o: ID!) { createApiKey(input: { name: "A2", role: DIRECTOR, organizationId: $o }) { key } }`, { o: clubA2 })).createApiKey.key;
    const eventId = (await gql(`mutation($o: ID!) { createEvent(input: { name: "Simultaneous", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION, organizationId: $o }) { id } }`, { o: w.ids.federation })).createEvent.id;
    const sessionId = (await gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const section = async (letter: string, host: string) =>
      (await gql(`mutation($s: ID!, $l: String!, $o: ID!) { createSection(input: { sessionId: $s, letter: $l, tables: 2, boards: [1, 2], organizationId: $o }) { id } }`, { s: sessionId, l: letter, o: host })).createSection.id;
    const sectionA = await section('A', w.ids.clubA);
    const sectionB = await section('B', clubA2);
    const pairs = (await gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "A", number: 1 }, { section: "A", number: 2 }, { section: "B", number: 1 }, { section: "B", number: 2 }] }) { id section } }`, { e: eventId })).addContestants;
    const pairA = pairs.find((p: { section: string }) => p.section === 'A').id;
    const lineIn = (letter: unknown) => ({ section: letter, board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', tricks: 10 });
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send(lineIn('A')).expect(201);
    const penaltyA = (await gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Late start" }) { id } }`, { s: sessionId, c: pairA })).addPenalty.id;
    const before = await sql(t.db.url, `SELECT count(*)::int AS n, sum("tricks")::int AS tricks FROM "Result" WHERE "sessionId" = $1`, [sessionId]);

    const kind = 'another host club’s section of a simultaneous';
    const graphql: [string, string, Record<string, unknown>][] = [
      ['submitResult into A', `mutation($in: SubmitResultInput!) { submitResult(input: $in) { created } }`, { in: { sessionId, ...lineIn('A'), tricks: 3, correction: { reason: 'Ours now' } } }],
      ['submitResult into " a " (spaces, lower case)', `mutation($in: SubmitResultInput!) { submitResult(input: $in) { created } }`, { in: { sessionId, ...lineIn(' a '), board: 2 } }],
      ['submitResult with no section in a two-section session', `mutation($in: SubmitResultInput!) { submitResult(input: $in) { created } }`, { in: { sessionId, ...lineIn(undefined), board: 2 } }],
      ['submitResults: own line B first, then A', `mutation($s: ID!, $l: [ResultLineInput!]!) { submitResults(input: { sessionId: $s, lines: $l }) { created } }`, { s: sessionId, l: [lineIn('B'), { ...lineIn('A'), board: 2 }] }],
      ['an alias of submitResult with A inline', `mutation { mine: submitResult(input: { sessionId: "${sessionId}", section: "A", board: 2, nsPair: 1, ewPair: 2, contract: "4S", declarer: N, tricks: 10 }) { created } }`, {}],
      ['adjustScore in A', `mutation($s: ID!) { adjustScore(input: { sessionId: $s, section: "A", board: 1, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Ours now" }) { id } }`, { s: sessionId }],
      ['markFouledBoard: input section B, a line of A', `mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, section: "B", board: 1, form: 2, lines: [{ section: "A", board: 1, nsPair: 1, ewPair: 2 }], reason: "Ours now" }) }`, { s: sessionId }],
      ['addPenalty on a pair of A', `mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Ours now" }) { id } }`, { s: sessionId, c: pairA }],
      ['addPenalty on a pair of A named with another event’s session', `mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Ours now" }) { id } }`, { s: w.ids.sessionA, c: pairA }],
      ['revokePenalty of a pair of A', `mutation($id: ID!) { revokePenalty(id: $id, reason: "Ours now") { id } }`, { id: penaltyA }],
      ['addContestants in A', `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "B", number: 7 }, { section: "a", number: 7 }] }) { id } }`, { e: eventId }],
      ['addContestants numbered across the event', `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 7 }] }) { id } }`, { e: eventId }],
      ['updateContestant of A', `mutation($id: ID!) { updateContestant(id: $id, input: { name: "Ours" }) { id } }`, { id: pairA }],
      ['updateSection A (tables)', `mutation($id: ID!) { updateSection(id: $id, input: { tables: 3 }) { id } }`, { id: sectionA }],
      ['updateSection A (finished)', `mutation($id: ID!) { updateSection(id: $id, input: { finished: true }) { id } }`, { id: sectionA }],
      ['updateSection B handed to itself by its host', `mutation($id: ID!, $o: ID!) { updateSection(id: $id, input: { organizationId: $o }) { id } }`, { id: sectionB, o: clubA2 }],
      ['createSection in the session', `mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "C", tables: 1, boards: [1], organizationId: $o }) { id } }`, { s: sessionId, o: clubA2 }],
      ['updateSession (show travellers)', `mutation($id: ID!) { updateSession(id: $id, input: { hideTravellers: false }) { id } }`, { id: sessionId }],
      ['publishSession', `mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: sessionId }],
      ['addBoards', `mutation($s: ID!) { addBoards(input: { sessionId: $s, boards: [{ number: 9 }] }) { id } }`, { s: sessionId }],
      ['updateEvent', `mutation($id: ID!) { updateEvent(id: $id, input: { venue: "Ours" }) { id } }`, { id: eventId }],
      ['importSectionResults into A', `mutation($x: ID!) { importSectionResults(input: { sectionId: $x, format: CSV, content: "Winners,Session,Section,Board,NS,EW,Contract,Declarer,Tricks\\n2,1,B,2,1,2,4S,N,3" }) { created } }`, { x: sectionA }],
      ['importEvent into the event', `mutation($e: ID!) { importEvent(input: { format: PBN, content: "[Event \\"x\\"]", eventId: $e }) { eventId } }`, { e: eventId }],
    ];
    for (const [what, query, variables] of graphql) {
      const res = await t.gqlAs(a2Director, query, variables);
      const codes = (res.errors ?? []).map((e) => e.extensions?.code);
      const stored = res.data && Object.values(res.data).some((v) => v !== null);
      table.record(kind, `${what} → ${codes.join(',') || 'ALLOWED'}`, !stored && codes.length > 0 && codes.every((c) => c === 'FORBIDDEN'));
    }
    const rest: [string, object][] = [
      ['REST line into A', lineIn('A')],
      ['REST line into "a"', lineIn('a')],
      ['REST batch: own line B, then A', { lines: [lineIn('B'), { ...lineIn('A'), board: 2 }] }],
      ['REST correction into A', { ...lineIn('A'), tricks: 3, correction: { reason: 'Ours now' } }],
    ];
    const file = await t.as(a2Director).post(`/api/v1/imports/csv/sections/${sectionA}`).set('content-type', 'text/plain').send('Winners,Session,Section,Board,NS,EW,Contract,Declarer,Tricks\n2,1,A,2,1,2,4S,N,3\n');
    table.record(kind, `REST file into section A → ${file.status}`, file.status === 403 && file.body.code === 'FORBIDDEN');
    for (const [what, body] of rest) {
      const res = await t.as(a2Director).post(`/api/v1/sessions/${sessionId}/results`).send(body);
      table.record(kind, `${what} → ${res.status}`, res.status === 403 && res.body.code === 'FORBIDDEN');
    }
    expect(table.wrong(kind)).toEqual([]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n, sum("tricks")::int AS tricks FROM "Result" WHERE "sessionId" = $1`, [sessionId])).toEqual(before);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Penalty" WHERE "sessionId" = $1 AND "revokedAt" IS NULL`, [sessionId])).toEqual([{ n: 1 }]);
    expect(await sql(t.db.url, `SELECT "tables", "finishedAt", "organizationId" FROM "Section" WHERE "sessionId" = $1 ORDER BY "letter"`, [sessionId])).toEqual([
      { tables: 2, finishedAt: null, organizationId: w.ids.clubA },
      { tables: 2, finishedAt: null, organizationId: clubA2 },
    ]);
    // The same kinds of write in its own section go through: the refusals above are about the section.
    await t.as(a2Director).post(`/api/v1/sessions/${sessionId}/results`).send(lineIn('B')).expect(201);
    dataOf(await t.gqlAs(a2Director, `mutation($id: ID!) { updateSection(id: $id, input: { finished: true }) { id } }`, { id: sectionB }));
    dataOf(await t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Second late start" }) { id } }`, { s: sessionId, c: pairA }));
    // Club B, outside the federation, cannot be handed a section.
    const outsider = await t.gql(`mutation($id: ID!, $o: ID!) { updateSection(id: $id, input: { organizationId: $o }) { id } }`, { id: sectionB, o: w.ids.clubB });
    table.record(kind, `a section handed to a club outside the federation → ${outsider.errors?.[0]?.extensions?.code}`, outsider.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT');
    expect(table.wrong(kind)).toEqual([]);
  });

  it('shows member numbers and histories only to the player’s club and federation, whatever the query looks like', async () => {
    const attempts: [string, string | null, string, Record<string, unknown>][] = [
      ['anonymous players(first: 100)', null, `{ players(first: 100) { nodes { memberNumber } } }`, {}],
      ['another club, aliases', w.keys.B_ADMIN, `query($p: ID!) { a: player(id: $p) { x: memberNumber } b: player(id: $p) { memberNumber } }`, { p: w.ids.playerA }],
      ['another federation, a fragment', w.keys.OTHER_FED_ADMIN, `query($p: ID!) { player(id: $p) { ...f } } fragment f on Player { memberNumber }`, { p: w.ids.playerA }],
      ['another club, through a ranking', w.keys.B_ADMIN, `query($s: ID!) { sessionRanking(sessionId: $s) { contestant { players { memberNumber } } } }`, { s: w.ids.sessionA }],
      ['another club, players(organizationId:)', w.keys.B_DIRECTOR, `query($o: ID!) { players(organizationId: $o) { nodes { memberNumber } } }`, { o: w.ids.clubA }],
    ];
    for (const [what, key, query, variables] of attempts) {
      const res = await t.gqlAs(key, query, variables);
      table.record('member numbers of another club', `${what} → ${JSON.stringify(res.data).includes('M-A night') ? 'LEAKED' : 'hidden'}`, !!res.data && !JSON.stringify(res.data).includes('M-A night'));
    }
    for (const key of [null, w.keys.B_ADMIN, w.keys.OTHER_FED_ADMIN]) {
      const res = await t.gqlAs(key, `query($p: ID!) { player(id: $p) { history { eventId } } }`, { p: w.ids.playerA });
      const code = res.errors?.[0]?.extensions?.code;
      table.record('history of another club’s player', `${key ? 'another organisation' : 'anonymous'} → ${code ?? 'ALLOWED'}`, code === 'FORBIDDEN' || code === 'UNAUTHENTICATED');
    }
    expect(table.wrong('member numbers of another club')).toEqual([]);
    expect(table.wrong('history of another club’s player')).toEqual([]);
    // The club's own key and its federation's see both.
    for (const key of [w.keys.A_SCORER, w.keys.FED_ADMIN]) {
      const seen = dataOf(await t.gqlAs(key, `query($p: ID!) { player(id: $p) { memberNumber history { eventId } } }`, { p: w.ids.playerA })).player;
      expect(seen).toEqual({ memberNumber: 'M-A night', history: [{ eventId: w.ids.eventA }] });
    }
  });

  it('refuses unknown query parameters on every REST route, naming them', async () => {
    for (const [route, attack] of Object.entries(REST)) {
      const { key, send } = attack('colour=blue&page=2');
      const res = await send(t, key && w.keys[key]);
      table.record('unknown query parameter', `${route} → ${res.status}`, res.status === 400 && JSON.stringify(res.body.fields) === '["colour","page"]' && /colour/.test(res.body.message));
    }
    expect(table.wrong('unknown query parameter')).toEqual([]);
  });

  it('still reads the query parameters a route documents, and checks their scope', async () => {
    const into = await t.as(w.keys.B_DIRECTOR).post(`/api/v1/imports/pbn?eventId=${w.ids.eventA}`).set('content-type', 'text/plain').send('[Event "x"]\n');
    table.record('documented query parameter of another club', `imports ?eventId=<club A event> → ${into.status}`, into.status === 403);
    expect(into.status).toBe(403);
    const awards = await t.as(w.keys.OTHER_FED_ADMIN).get(`/api/v1/organizations/${w.ids.federation}/awards.csv?from=2020-01-01`);
    table.record('documented query parameter of another club', `awards.csv of another federation → ${awards.status}`, awards.status === 403);
    expect(awards.status).toBe(403);
    await t.as(w.keys.FED_ADMIN).get(`/api/v1/organizations/${w.ids.federation}/awards.csv?from=2020-01-01&category=CLUB`).expect(200);
    // A ranking's club filter only narrows a public list: another club's id there shows nothing of it.
    const filtered = await t.as(w.keys.B_SCORER).get(`/api/v1/events/${w.ids.eventA}/ranking?organizationId=${w.ids.clubB}`);
    table.record('documented query parameter of another club', `ranking ?organizationId=<club B> on club A's event → ${filtered.status}, ${filtered.body.totalCount} rows`, filtered.status === 200 && filtered.body.totalCount === 0);
    expect(filtered.body.totalCount).toBe(0);
    const lines = await t.as(w.keys.B_SCORER).get(`/api/v1/sessions/${w.ids.sessionA}/boards/1/traveller?organizationId=${w.ids.clubB}`);
    table.record('documented query parameter of another club', `traveller ?organizationId=<club B> on club A's session → ${lines.status}, ${lines.body.totalCount} lines`, lines.status === 200 && lines.body.totalCount === 0);
    expect(lines.body.totalCount).toBe(0);
    expect((await t.as(w.keys.B_SCORER).get(`/api/v1/sessions/${w.ids.sessionA}/boards/1/traveller`).expect(200)).body.totalCount).toBeGreaterThan(0);
  });
});
