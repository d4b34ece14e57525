import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Malformed and hostile input gets a 4xx / BAD_USER_INPUT with a message a person can act on; never a 500, never a write. */
describe('malformed and hostile input', () => {
  let t: TestApp;
  let sessionId: string;
  const line = { board: 1, nsPair: 1, ewPair: 2, contract: '4H', declarer: 'S', tricks: 10 };

  beforeAll(async () => {
    t = await startTestApp();
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Hostile", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }] }) { id } }`, { e: eventId }));
  });
  afterAll(() => t.close());

  const results = () => t.http().post(`/api/v1/sessions/${sessionId}/results`);
  const stored = async () => dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { id } } }`, { s: sessionId })).traveller.lines.length;

  it.each([
    ['a body that is not JSON', (r: ReturnType<typeof results>) => r.set('content-type', 'text/plain').send('4H by South, ten tricks'), 400, /Send one traveller line as a JSON object/],
    ['broken JSON', (r: ReturnType<typeof results>) => r.set('content-type', 'application/json').send('{"board": 1,'), 400, /not valid JSON/],
    ['a JSON array', (r: ReturnType<typeof results>) => r.send([line]), 400, /JSON object/],
    ['a batch over 500 lines', (r: ReturnType<typeof results>) => r.send({ lines: Array.from({ length: 501 }, () => line) }), 400, /no more than 500/],
    ['a body over 1 MiB', (r: ReturnType<typeof results>) => r.send({ lines: [{ ...line, lead: 'x'.repeat(1_100_000) }] }), 413, /larger than the 1024 KiB/],
    ['a NUL in a string', (r: ReturnType<typeof results>) => r.send({ ...line, idempotencyKey: 'pad\u00001' }), 400, /idempotencyKey contains a control character/],
    ['an operator object for a number', (r: ReturnType<typeof results>) => r.send({ ...line, board: { $gt: 0 } }), 400, /board must be an integer/],
    ['SQL in the contract', (r: ReturnType<typeof results>) => r.send({ ...line, contract: "4H'; DROP TABLE \"Result\"--" }), 400, /contract/],
    ['SQL in the idempotency key (stored as text, harmlessly)', (r: ReturnType<typeof results>) => r.send({ ...line, board: 2, idempotencyKey: "x'); DELETE FROM \"Result\"; --" }), 201, null],
    ['an unknown board', (r: ReturnType<typeof results>) => r.send({ ...line, board: 3 }), 400, /Board 3 is not played in section A/],
    ['an impossible contract', (r: ReturnType<typeof results>) => r.send({ ...line, contract: '8NT' }), 400, /Level must be 1–7/],
    ['an impossible result', (r: ReturnType<typeof results>) => r.send({ ...line, tricks: undefined, result: '+7' }), 400, /only 13/],
  ])('%s', async (_, send, status, message) => {
    const res = await send(results());
    expect(res.status).toBe(status);
    if (message) expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(message) });
  });

  it('answers NOT_FOUND for a session that does not exist, BAD_USER_INPUT for an id that cannot be one', async () => {
    await t.http().post('/api/v1/sessions/00000000-0000-4000-8000-000000000000/results').send(line).expect(404);
    await t.http().post("/api/v1/sessions/1' OR '1'='1/results").send(line).expect(400);
  });

  it('never answers 5xx and never stores anything for arbitrary JSON', async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.record({ board: fc.jsonValue(), nsPair: fc.jsonValue(), contract: fc.jsonValue(), lines: fc.jsonValue() })), async (body) => {
        const res = await results().set('content-type', 'application/json').send(JSON.stringify(body));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect(await stored()).toBe(before);
  });

  it('gives GraphQL clients the same answers', async () => {
    const res = await t.gql(`mutation($s: ID!) { submitResult(input: { sessionId: $s, board: 1, nsPair: 1, ewPair: 2, contract: "4H", declarer: S, tricks: 10, lead: "S\\u0000A" }) { created } }`, { s: sessionId });
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['lead'] } });
    const wrongType = await t.gql(`mutation($s: ID!) { submitResult(input: { sessionId: $s, board: "one", nsPair: 1, ewPair: 2, contract: "4H" }) { created } }`, { s: sessionId });
    expect(wrongType.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const broken = await t.http().post('/graphql').set('content-type', 'application/json').send('{"query": "{ events { totalCount }"');
    expect(broken.status).toBe(400);
  });
});
