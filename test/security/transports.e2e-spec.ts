import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import { getNamedType, isCompositeType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import WebSocket from 'ws';
import { dataOf, startTestApp, type TestApp } from '../support/app.js';
import { sql } from '../support/database.js';
import { AttackTable, buildWorld, line, type World } from './world.js';

/**
 * Attacks on the limits: every transport (HTTP and graphql-ws), alias, variable and introspection
 * tricks to escape the cost limit, and many mutation fields in one request against the rate limit.
 */
describe('security: limits on every transport', () => {
  let t: TestApp;
  let limited: TestApp;
  let w: World;
  let schema: GraphQLSchema;
  const clients: Client[] = [];
  const table = new AttackTable();

  beforeAll(async () => {
    t = await startTestApp(undefined, { listen: true });
    w = await buildWorld(t);
    schema = t.app.get(GraphQLSchemaHost).schema;
    limited = await startTestApp(undefined, { listen: true, env: { TRAVELLER_RATE_LIMIT_PER_KEY: '600', TRAVELLER_RATE_LIMIT_PER_ADDRESS: '600' } });
  });
  afterAll(async () => {
    table.print('Attack suite: limits on every transport');
    await Promise.all(clients.map((c) => c.dispose()));
    await limited.close();
    await t.close();
  });

  /** Runs an operation over graphql-ws: its data, or the errors it was refused with. */
  function overWebSocket(query: string, variables?: Record<string, unknown>): Promise<{ data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }> {
    const client = createClient({ url: t.wsUrl!, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    clients.push(client);
    return new Promise((resolve) => {
      client.subscribe(
        { query, variables },
        {
          next: (msg) => resolve(msg as never),
          error: (errors) => resolve({ errors: Array.isArray(errors) ? (errors as never) : [{ message: String((errors as Error).message ?? errors) }] }),
          complete: () => resolve({}),
        },
      );
    });
  }

  const deep = `{ events { nodes { organization { federation { federation { federation { federation { federation { federation { federation { federation { federation { federation { federation { name } } } } } } } } } } } } } } }`;
  const costly = `{ events(first: 100) { nodes { sessions { boards { number deal } sections { letter boards } contestants { name players { name } } } } } }`;

  it('serves only subscriptions over WebSocket, with the same depth, field and cost limits', async () => {
    const attempts: [string, string, RegExp][] = [
      ['a 15-level query', deep, /Only subscriptions|nests/],
      ['a query costing over 200,000', costly, /Only subscriptions|would cost/],
      ['an ordinary query', `{ events { totalCount } }`, /Only subscriptions are served over WebSocket/],
      ['a mutation', `mutation { createOrganization(input: { name: "Over the socket" }) { id } }`, /Only subscriptions are served over WebSocket/],
      ['a subscription with 1,200 aliased fields', `subscription($s: ID!) { resultPosted(sessionId: $s) { ${Array.from({ length: 1_200 }, (_, i) => `f${i}: board`).join(' ')} } }`, /more than 1,000 fields/],
    ];
    for (const [what, query, expected] of attempts) {
      const res = await overWebSocket(query, { s: w.ids.sessionA });
      table.record('WebSocket transport', what, !res.data && !!res.errors?.some((e) => expected.test(e.message)));
    }
    expect(table.wrong('WebSocket transport')).toEqual([]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Organization" WHERE name = 'Over the socket'`)).toEqual([{ n: 0 }]);
  });

  it('refuses every mutation of the schema over WebSocket (a new mutation is tried here by itself)', async () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    for (const field of mutations) {
      const res = await overWebSocket(operationFor('mutation', field));
      table.record('mutation over WebSocket', field.name, !res.data && !!res.errors?.some((e) => /Only subscriptions/.test(e.message)));
    }
    expect(mutations.length).toBeGreaterThan(25);
    expect(table.wrong('mutation over WebSocket')).toEqual([]);
  });

  it('closes a WebSocket that sends a message over 64 KiB before reading it', async () => {
    const socket = new WebSocket(t.wsUrl!, 'graphql-transport-ws');
    await new Promise((r) => socket.once('open', r));
    const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { resultPosted(sessionId: "${w.ids.sessionA}") { board } } # ${'x'.repeat(2 * 1024 * 1024)}` } }));
    const code = await closed;
    table.record('WebSocket transport', `a 2 MiB message → close ${code}`, code === 1009);
    expect(code).toBe(1009);
  });

  it('still delivers a subscription over WebSocket', async () => {
    const client = createClient({ url: t.wsUrl!, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
    clients.push(client);
    const connected = new Promise((r) => client.on('connected', r));
    const received = new Promise<any>((resolve, reject) => client.subscribe({ query: `subscription($s: ID!) { resultPosted(sessionId: $s) { board } }`, variables: { s: w.ids.sessionA } }, { next: resolve, error: reject, complete: () => {} }));
    await connected;
    await new Promise((r) => setTimeout(r, 100)); // the subscription reaches the server
    await t.http().post(`/api/v1/sessions/${w.ids.sessionA}/results`).send(line(3, 3, 4)).expect(201);
    expect((await received).data).toEqual({ resultPosted: { board: 3 } });
  });

  it('sees `first` given as a variable the way it sees a literal', async () => {
    const byVariable = costly.replace('{ events(first: 100)', 'query($n: Int) { events(first: $n)');
    const res = await t.gqlAs(null, byVariable, { n: 100 });
    table.record('cost evasion', 'first: $n = 100', res.errors?.[0]?.message.includes('would cost') === true && !res.data);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/would cost about/) });
    const withDefault = await t.gqlAs(null, costly.replace('{ events(first: 100)', 'query($n: Int = 100) { events(first: $n)'));
    table.record('cost evasion', 'first: $n with default 100', withDefault.errors?.[0]?.message.includes('would cost') === true);
    expect(dataOf(await t.gqlAs(null, byVariable, { n: 5 })).events).toBeDefined();
  });

  it('refuses 4,000 aliased __schema and 15,000 aliased event lookups before running any of them', async () => {
    const schemas = `{ ${Array.from({ length: 4_000 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`;
    const a = await t.as(null).post('/graphql').send({ query: schemas });
    table.record('alias flood', '4,000 aliased __schema', a.status === 400 && a.body.data === undefined && a.body.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT');
    expect(a.status).toBe(400);
    expect(a.body.data).toBeUndefined();
    const lookups = `{ ${Array.from({ length: 15_000 }, (_, i) => `e${i}: event(id: "${w.ids.eventA}") { id }`).join(' ')} }`;
    const b = await t.as(null).post('/graphql').send({ query: lookups });
    table.record('alias flood', '15,000 aliased event(id:)', b.status === 400 && b.body.data === undefined);
    expect(b.status).toBe(400);
    expect(b.body.data).toBeUndefined();
    // Below the token bound, the field cap names the problem.
    const fields = `{ ${Array.from({ length: 1_100 }, (_, i) => `e${i}: event(id: "${w.ids.eventA}") { id }`).join(' ')} }`;
    const c = await t.gqlAs(null, fields);
    table.record('alias flood', '1,100 aliased event(id:)', !c.data && /more than 1,000 fields/.test(c.errors?.[0]?.message ?? ''));
    expect(c.errors?.[0]?.message).toMatch(/more than 1,000 fields \(aliases count as fields\)/);
    // Introspection counts: 60 aliased __schema cost more than the limit.
    const sixty = await t.gqlAs(null, `{ ${Array.from({ length: 60 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ')} }`);
    table.record('alias flood', '60 aliased __schema', !sixty.data && /would cost/.test(sixty.errors?.[0]?.message ?? ''));
    expect(sixty.errors?.[0]?.message).toMatch(/would cost/);
    expect(table.wrong('alias flood')).toEqual([]);
  });

  it('refuses query texts nested past any use before the parser sees them, on HTTP and WebSocket', async () => {
    // Each text fits one WebSocket message (64 KiB), so it is the nesting that is refused there.
    const texts: [string, string][] = [
      ['a 12,000-deep list literal', `{ events(name: ${'['.repeat(12_000)}"x"${']'.repeat(12_000)}) { totalCount } }`],
      ['1,500 nested selections', `{ ${'events { nodes { organization { '.repeat(1_500)} name ${'} } } '.repeat(1_500)} }`],
      ['a 12,000-deep variable type', `query($a: ${'['.repeat(12_000)}Int${']'.repeat(12_000)}) { __typename }`],
      ['3,000 nested inline fragments', `{ ${'... on Query { '.repeat(3_000)} __typename ${'} '.repeat(3_000)} }`],
    ];
    for (const [what, query] of texts) {
      const http = await t.as(null).post('/graphql').send({ query });
      table.record('deep query text', `${what} over HTTP → ${http.status}`, http.status === 400 && /opens more than 64 brackets/.test(http.body.errors?.[0]?.message));
      const ws = await overWebSocket(query.replace(/^(query)?/, 'subscription'));
      table.record('deep query text', `${what} over WebSocket`, !ws.data && !!ws.errors?.some((e) => /opens more than 64 brackets/.test(e.message)));
    }
    expect(table.wrong('deep query text')).toEqual([]);
  });

  it('counts each field of a mutation against the rate limit', async () => {
    const key = dataOf(await limited.gql(`mutation { createApiKey(input: { name: "pads", role: ADMIN }) { key } }`)).createApiKey.key as string;
    const event = dataOf(await limited.gqlAs(key, `mutation { createEvent(input: { name: "Flood", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    // 600 a minute: a burst of 60. 270 aliased mutations are 270 requests.
    const many = `mutation { ${Array.from({ length: 270 }, (_, i) => `m${i}: createSession(input: { eventId: "${event}", number: ${i + 1} }) { id }`).join(' ')} }`;
    const res = await limited.as(key).post('/graphql').send({ query: many });
    table.record('rate limit', '270 aliased mutations in one request', res.status === 429 && res.body.errors?.[0]?.extensions?.code === 'TOO_MANY_REQUESTS');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.errors[0].message).toMatch(/each field of a mutation counts as a request/);
    expect(await sql(limited.db.url, `SELECT count(*)::int AS n FROM "Session" WHERE "eventId" = $1`, [event])).toEqual([{ n: 0 }]);
  });

  it('counts each WebSocket connection against the rate limit of its address', async () => {
    // 600 a minute: a burst of 60, then 10 a second. However slowly a busy machine opens them,
    // no more than the burst and the refill of the time taken are let in, and the rest get 4429.
    const started = Date.now();
    const outcomes = await Promise.all(Array.from({ length: 150 }, () => connectOnce(limited.wsUrl!)));
    const allowed = 60 + Math.ceil(((Date.now() - started) / 1000) * 10);
    const refused = outcomes.filter((o) => o !== 'ack');
    const accepted = outcomes.length - refused.length;
    table.record('rate limit', `150 WebSocket connections from one address: ${refused.length} refused`, refused.length > 0 && accepted <= allowed && refused.every((code) => code === 4429));
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(allowed);
    expect(new Set(refused)).toEqual(new Set([4429]));
  });
});

/** Opens a graphql-ws connection and says how it ended: acknowledged, or closed with a code. */
function connectOnce(url: string): Promise<number | 'ack'> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') {
        resolve('ack');
        socket.close();
      }
    });
    socket.once('close', (code) => resolve(code));
  });
}

/** A valid operation calling one root field with variables for its arguments. */
function operationFor(kind: 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}
