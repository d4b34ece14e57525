import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataOf, startTestApp, type TestApp } from '../support/app.js';
import { sql } from '../support/database.js';
import { AttackTable, buildWorld, line, type World } from './world.js';

/**
 * Attacks with hostile input and hostile timing: deep JSON, malformed text, prototype keys,
 * wildcards, concurrent director writes, other clubs' objects inside inputs, leaks, expired keys,
 * big unauthenticated bodies and slow bodies.
 */
describe('security: hostile input', () => {
  let t: TestApp;
  let w: World;
  const table = new AttackTable();

  beforeAll(async () => {
    t = await startTestApp(undefined, { listen: true, env: { TRAVELLER_BODY_TIMEOUT_MS: '300' } });
    w = await buildWorld(t);
  });
  afterAll(async () => {
    table.print('Attack suite: hostile input');
    await t.close();
  });

  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const results = (key: string) => t.as(key).post(`/api/v1/sessions/${w.ids.sessionA}/results`).set('content-type', 'application/json');
  const fieldsOf = (res: { body: any }) => (res.body.fields ?? res.body.errors?.[0]?.extensions?.fields ?? []) as string[];
  const refusedAs400 = (res: { status: number; body: any }, field: string) => res.status === 400 && fieldsOf(res).some((f) => f === field || f.endsWith(`.${field}`) || f.startsWith(`${field}.`));
  const gqlRaw = (key: string | null, body: string) => t.as(key).post('/graphql').set('content-type', 'application/json').send(body);

  /** A JSON body sent byte for byte (supertest would serialise a Buffer). */
  const rawPost = async (path: string, key: string, body: Buffer) => {
    const res = await fetch(t.wsUrl!.replace('ws:', 'http:').replace('/graphql', path), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: new Uint8Array(body) });
    return { status: res.status, body: await res.json() };
  };

  it('answers 400, not 500, to a 200,000-deep JSON array in any body field and in GraphQL variables', async () => {
    const tries: [string, () => Promise<{ status: number; body: any }>, string][] = [
      ['unknown field', () => results(w.keys.A_SCORER).send(`{"board":2,"nsPair":3,"ewPair":4,"contract":"3NT","declarer":"N","tricks":9,"junk":${deepArray(200_000)}}`), 'junk'],
      ['lines', () => results(w.keys.A_SCORER).send(`{"lines":${deepArray(200_000)}}`), 'lines'],
      ['GraphQL variables', () => gqlRaw(w.keys.A_SCORER, `{"query":"query($v: [Int]) { __typename }","variables":{"v":${deepArray(200_000)}}}`), 'variables.v'],
      ['GraphQL variables, 5,000 deep objects', () => gqlRaw(null, `{"query":"{ __typename }","variables":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`), 'a'],
    ];
    for (const [what, send, field] of tries) {
      const res = await send();
      table.record('deep JSON', `${what} → ${res.status}`, refusedAs400(res, field));
    }
    expect(table.wrong('deep JSON')).toEqual([]);
  });

  it('refuses a lone UTF-16 surrogate in any string with BAD_USER_INPUT naming the field, and stores nothing altered', async () => {
    const lone = '\ud800';
    const rest = await results(w.keys.A_SCORER).send({ ...line(2, 3, 4), idempotencyKey: `pad-${lone}` });
    table.record('lone surrogate', `REST idempotencyKey → ${rest.status}`, refusedAs400(rest, 'idempotencyKey'));
    const correction = await results(w.keys.A_DIRECTOR).send({ ...line(1, 1, 2, 8), correction: { reason: `Pad ${lone} typo` } });
    table.record('lone surrogate', `REST correction reason → ${correction.status}`, refusedAs400(correction, 'correction.reason'));
    const viaVariables = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($in: AdjustScoreInput!) { adjustScore(input: $in) { id } }`, { in: { sessionId: w.ids.sessionA, board: 4, nsPair: 1, ewPair: 2, kind: 'NOT_PLAYED', reason: `Fire ${lone} alarm` } });
    table.record('lone surrogate', 'adjustScore reason in variables', viaVariables.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && String(viaVariables.errors[0].extensions.fields).includes('reason'));
    const name = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($n: String!, $o: ID!) { createPlayer(input: { name: $n, organizationId: $o }) { id name } }`, { n: `Ann ${lone} Smith`, o: w.ids.clubA });
    table.record('lone surrogate', 'player name in variables', name.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && String(name.errors[0].extensions.fields).includes('n'));
    // In the query text itself, as a GraphQL string escape: the parser refuses it.
    const inText = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($o: ID!) { createPlayer(input: { name: "Ann \\ud800 Smith", organizationId: $o }) { id name } }`, { o: w.ids.clubA });
    table.record('lone surrogate', 'player name in the query text', inText.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && !inText.data);
    // The file name a re-import's audit entry carries: in the query string and in GraphQL.
    // (A URL cannot carry a lone surrogate; a control character is what it can carry.)
    const fileName = await t.as(w.keys.A_DIRECTOR).post('/api/v1/imports/csv?fileName=night%07.csv').set('content-type', 'text/csv').send('Event\r\n');
    // Refused at the edge, before the route (and its own check of fileName) runs.
    table.record('malformed text', `REST import ?fileName= with a control character → ${fileName.status}`, fileName.status === 400 && fileName.body.code === 'BAD_USER_INPUT');
    const gqlFileName = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($f: String!) { importEvent(input: { format: CSV, content: "Event", fileName: $f }) { eventId } }`, { f: `night${lone}.csv` });
    table.record('lone surrogate', 'importEvent fileName in variables', gqlFileName.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && String(gqlFileName.errors[0].extensions.fields).includes('f'));
    expect(table.wrong('lone surrogate')).toEqual([]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Player" WHERE name LIKE 'Ann %Smith'`)).toEqual([{ n: 0 }]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" WHERE "sessionId" = $1 AND "boardNumber" IN (2, 4)`, [w.ids.sessionA])).toEqual([{ n: 0 }]);
  });

  it('refuses bytes that are not UTF-8 rather than storing U+FFFD in their place', async () => {
    const body = Buffer.concat([Buffer.from('{"board":2,"nsPair":3,"ewPair":4,"contract":"3NT","declarer":"N","tricks":9,"idempotencyKey":"pad-'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await rawPost(`/api/v1/sessions/${w.ids.sessionA}/results`, w.keys.A_SCORER, body);
    table.record('malformed text', `invalid UTF-8 in idempotencyKey → ${res.status}`, refusedAs400(res, 'idempotencyKey'));
    const name = Buffer.concat([Buffer.from(`{"query":"mutation($n: String!) { createPlayer(input: { name: $n }) { id } }","variables":{"n":"Ann `), Buffer.from([0xff]), Buffer.from(' Smith"}}')]);
    const viaGraphql = await rawPost('/graphql', w.keys.A_DIRECTOR, name);
    table.record('malformed text', `invalid UTF-8 in a player name → ${viaGraphql.status}`, refusedAs400(viaGraphql, 'variables.n'));
    expect(table.wrong('malformed text')).toEqual([]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Player" WHERE name LIKE 'Ann %Smith'`)).toEqual([{ n: 0 }]);
  });

  it('refuses a __proto__ key in a REST line instead of dropping it', async () => {
    const res = await results(w.keys.A_SCORER).send(`{"board":2,"nsPair":3,"ewPair":4,"contract":"3NT","declarer":"N","tricks":9,"__proto__":{"correction":{"reason":"sneaked in"}}}`);
    table.record('prototype key', `__proto__ in a line → ${res.status}`, refusedAs400(res, '__proto__'));
    const inBatch = await results(w.keys.A_SCORER).send(`{"lines":[{"board":2,"nsPair":3,"ewPair":4,"contract":"3NT","declarer":"N","tricks":9,"__proto__":{}}]}`);
    table.record('prototype key', `__proto__ in a batch line → ${inBatch.status}`, refusedAs400(inBatch, 'lines.0.__proto__'));
    expect(table.wrong('prototype key')).toEqual([]);
  });

  it('refuses reasons of spaces only', async () => {
    const tries: [string, Promise<any>][] = [
      ['correction', results(w.keys.A_DIRECTOR).send({ ...line(1, 1, 2, 8), correction: { reason: '   ' } }).then((r) => ({ code: r.body.code, fields: r.body.fields }))],
      ['adjustScore', t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 4, nsPair: 1, ewPair: 2, kind: NOT_PLAYED, reason: "   " }) { id } }`, { s: w.ids.sessionA }).then((r) => r.errors?.[0]?.extensions)],
      ['addPenalty', t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "\\t\\n " }) { id } }`, { s: w.ids.sessionA, c: w.ids.contestantA }).then((r) => r.errors?.[0]?.extensions)],
      ['archiveEvent', t.gqlAs(w.keys.A_DIRECTOR, `mutation($e: ID!) { archiveEvent(id: $e, reason: "  \\n ") { id } }`, { e: w.ids.eventA }).then((r) => r.errors?.[0]?.extensions)],
      ['deleteEvent', t.gqlAs(w.keys.A_DIRECTOR, `mutation($e: ID!, $r: String!) { deleteEvent(id: $e, reason: $r) { id } }`, { e: w.ids.eventA, r: ' \t ' }).then((r) => r.errors?.[0]?.extensions)],
    ];
    for (const [what, attempt] of tries) {
      const got = await attempt;
      table.record('blank reason', what, got?.code === 'BAD_USER_INPUT' && String(got.fields).includes('reason'));
    }
    expect(table.wrong('blank reason')).toEqual([]);
  });

  it('takes % and _ literally in name filters', async () => {
    const events = dataOf(await t.gqlAs(null, `{ events(name: "%") { totalCount } }`)).events.totalCount;
    const players = dataOf(await t.gqlAs(null, `{ players(name: "_") { totalCount } }`)).players.totalCount;
    table.record('wildcard filter', 'events(name: "%")', events === 0);
    table.record('wildcard filter', 'players(name: "_")', players === 0);
    expect([events, players]).toEqual([0, 0]);
    expect(dataOf(await t.gqlAs(null, `{ events(name: "A night") { totalCount } }`)).events.totalCount).toBe(2);
  });

  it('keeps a marked fouled board against a correction racing it, and refuses a line listed twice', async () => {
    const mark = (form: number) =>
      t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 1, form: ${form}, lines: [{ board: 1, nsPair: 1, ewPair: 2 }], reason: "Cards swapped" }) }`, { s: w.ids.sessionA });
    for (let trial = 0; trial < 10; trial++) {
      const [marked, corrected] = await Promise.all([
        mark(2 + (trial % 2)),
        results(w.keys.A_DIRECTOR).send({ ...line(1, 1, 2, 7 + (trial % 3)), correction: { reason: `Trial ${trial}` } }),
      ]);
      expect(marked.errors).toBeUndefined();
      expect(corrected.status).toBeLessThan(300);
      const [row] = await sql(t.db.url, `SELECT "boardForm" FROM "Result" WHERE "sessionId" = $1 AND "boardNumber" = 1`, [w.ids.sessionA]);
      table.record('concurrent director writes', `fouled mark vs correction, trial ${trial}`, row.boardForm === 2 + (trial % 2));
    }
    const twice = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 1, form: 2, lines: [{ board: 1, nsPair: 1, ewPair: 2 }, { board: 1, nsPair: 1, ewPair: 2 }], reason: "Cards swapped" }) }`, { s: w.ids.sessionA });
    table.record('concurrent director writes', 'a line listed twice', twice.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && String(twice.errors[0].extensions.fields).includes('lines.1'));
    expect(table.wrong('concurrent director writes')).toEqual([]);
  });

  it('answers CONFLICT to a director write decided on a stale version', async () => {
    const version = async () => (await sql(t.db.url, `SELECT version FROM "Result" WHERE "sessionId" = $1 AND "boardNumber" = 1`, [w.ids.sessionA]))[0].version as number;
    const seen = await version();
    const adjust = (expected: number, reason: string) =>
      t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!, $v: Int) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "${reason}", expectedVersion: $v }) { version } }`, { s: w.ids.sessionA, v: expected });
    const [first, second] = [await adjust(seen, 'First director'), await adjust(seen, 'Second director')];
    expect(first.errors).toBeUndefined();
    table.record('stale director write', 'second adjustScore on the same version', second.errors?.[0]?.extensions?.code === 'CONFLICT');
    const staleCorrection = await results(w.keys.A_DIRECTOR).send({ ...line(1, 1, 2, 10), correction: { reason: 'Late fix', expectedVersion: seen } });
    table.record('stale director write', 'a correction on a stale version', staleCorrection.status === 409 && staleCorrection.body.fields.includes('correction.expectedVersion'));
    const staleMark = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($s: ID!, $v: Int) { markFouledBoard(input: { sessionId: $s, board: 1, form: 2, lines: [{ board: 1, nsPair: 1, ewPair: 2, expectedVersion: $v }], reason: "Cards swapped" }) }`, { s: w.ids.sessionA, v: seen });
    table.record('stale director write', 'a fouled mark on a stale version', staleMark.errors?.[0]?.extensions?.code === 'CONFLICT');
    expect(table.wrong('stale director write')).toEqual([]);
    await results(w.keys.A_DIRECTOR).send({ ...line(1, 1, 2, 10), correction: { reason: 'Fix on what I saw', expectedVersion: await version() } }).expect(201);
  });

  it('refuses another club’s player in addContestants', async () => {
    const res = await t.gqlAs(w.keys.A_DIRECTOR, `mutation($e: ID!, $p: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 90, players: [{ playerId: $p }] }] }) { id } }`, { e: w.ids.eventA, p: w.ids.playerB });
    table.record('other club’s object', 'addContestants with club B’s playerId', res.errors?.[0]?.extensions?.code === 'NOT_FOUND');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', fields: ['contestants.0.players.0.playerId'] });
  });

  it('lets no club join a federation without the federation’s consent, nor a federation take a club without the club’s', async () => {
    const update = (key: string, id: string, f: string | null) => t.gqlAs(key, `mutation($id: ID!, $f: ID) { updateOrganization(id: $id, input: { federationId: $f }) { federationId requestedFederationId } }`, { id, f });
    const accept = (key: string, id: string) => t.gqlAs(key, `mutation($id: ID!) { acceptMemberClub(clubId: $id) { federationId requestedFederationId } }`, { id });
    const grab = await update(w.keys.OTHER_FED_ADMIN, w.ids.clubB, w.ids.otherFederation);
    table.record('other club’s object', 'a federation attaching a club', grab.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    const unasked = await accept(w.keys.OTHER_FED_ADMIN, w.ids.clubB);
    table.record('other club’s object', 'a federation accepting a club that did not ask', unasked.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    // The club asks: nothing is joined yet.
    const asked = dataOf(await update(w.keys.B_ADMIN, w.ids.clubB, w.ids.federation)).updateOrganization;
    table.record('other club’s object', 'a club attaching itself to a federation', asked.federationId === null);
    expect(asked).toEqual({ federationId: null, requestedFederationId: w.ids.federation });
    const wrongFederation = await accept(w.keys.OTHER_FED_ADMIN, w.ids.clubB);
    table.record('other club’s object', 'another federation accepting the request', wrongFederation.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    const clubItself = await accept(w.keys.B_ADMIN, w.ids.clubB);
    table.record('other club’s object', 'the club accepting its own request', clubItself.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    expect(table.wrong('other club’s object')).toEqual([]);
    // The federation accepts; the club may leave on its own.
    expect(dataOf(await accept(w.keys.FED_ADMIN, w.ids.clubB)).acceptMemberClub).toEqual({ federationId: w.ids.federation, requestedFederationId: null });
    expect(dataOf(await update(w.keys.B_ADMIN, w.ids.clubB, null)).updateOrganization).toEqual({ federationId: null, requestedFederationId: null });
  });

  it('protects players(memberNumber:) like playersByMemberNumber, and another event’s audit trail from an event-limited key', async () => {
    const anonymous = await t.gqlAs(null, `{ players(memberNumber: "M-A night") { nodes { id } } }`);
    table.record('leak', 'anonymous players(memberNumber:)', anonymous.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED');
    const otherClub = await t.gqlAs(w.keys.B_SCORER, `query($o: ID!) { players(memberNumber: "M-A night", organizationId: $o) { nodes { id } } }`, { o: w.ids.clubA });
    table.record('leak', 'players(memberNumber:) of another club', otherClub.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    const ownClub = dataOf(await t.gqlAs(w.keys.FED_ADMIN, `query($o: ID!) { players(memberNumber: "M-A night", organizationId: $o) { totalCount } }`, { o: w.ids.clubA }));
    expect(ownClub.players.totalCount).toBe(1);
    const trail = await t.gqlAs(w.keys.A_EVENT2, `query($s: ID!) { auditTrail(sessionId: $s) { action } }`, { s: w.ids.sessionA });
    table.record('leak', 'auditTrail of another event with an event-limited key', trail.errors?.[0]?.extensions?.code === 'FORBIDDEN');
    expect(dataOf(await t.gqlAs(w.keys.A_EVENT2, `query($s: ID!) { auditTrail(sessionId: $s) { action } }`, { s: w.ids.sessionA2 })).auditTrail).toBeDefined();
    expect(table.wrong('leak')).toEqual([]);
  });

  it('refuses an expired key at its first use after expiry, even when it was verified a moment before', async () => {
    const key = dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key apiKey { expiresAt } } }`, { in: { name: 'brief', role: 'SCORER', organizationId: w.ids.clubA, expiresAt: new Date(Date.now() + 1_500).toISOString() } })).createApiKey;
    await t.as(key.key).get('/health/live').expect(200); // verified, and trusted for a while
    await sleep(Math.max(0, new Date(key.apiKey.expiresAt).getTime() - Date.now()) + 50);
    const res = await t.as(key.key).post(`/api/v1/sessions/${w.ids.sessionA}/results`).send(line(2, 3, 4));
    table.record('leak', `expired key used → ${res.status}`, res.status === 401);
    expect(res.body.message).toMatch(/expired on/);
  });

  /** A raw HTTP exchange: the request as given, the status line of the answer. */
  function exchange(head: string, body: Buffer | string, { endAfter = true } = {}): Promise<{ status: number; bodyBytesSent: number }> {
    const url = new URL(t.wsUrl!.replace('ws:', 'http:'));
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let answer = '';
      let sent = 0;
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        if (status) {
          resolve({ status: Number(status[1]), bodyBytesSent: sent });
          socket.destroy();
        }
      });
      socket.on('error', (e) => (answer ? undefined : reject(e)));
      socket.write(head);
      const chunk = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const step = 64 * 1024;
      const pump = () => {
        while (sent < chunk.length && socket.writable) {
          const ok = socket.write(chunk.subarray(sent, sent + step));
          sent += step;
          if (!ok) return socket.once('drain', pump);
        }
        if (endAfter && socket.writable) socket.end();
      };
      pump();
    });
  }

  it('answers 401 to an unauthenticated import before reading its 30 MB body', async () => {
    const size = 30 * 1024 * 1024;
    const head = `POST /api/v1/imports/pbn HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${size}\r\n\r\n`;
    // Only the first 64 KiB are sent: the answer must come without the rest.
    const res = await exchange(head, Buffer.alloc(64 * 1024, 65), { endAfter: false });
    table.record('big unauthenticated body', `30 MB import without a key → ${res.status}`, res.status === 401);
    expect(res.status).toBe(401);
  });

  it('cuts off a body that does not arrive in time with 408', async () => {
    const head = `POST /api/v1/sessions/${w.ids.sessionA}/results HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${w.keys.A_SCORER}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const res = await exchange(head, '{"board":', { endAfter: false });
    table.record('slow body', `body never completed → ${res.status}`, res.status === 408);
    expect(res.status).toBe(408);
  });
});
