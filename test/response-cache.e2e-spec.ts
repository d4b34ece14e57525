import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Cached answers of the public results queries: served again only while nothing they read has changed. */
describe('the results response cache', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let sessionId: string;
  const ranking = { query: `query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { number } boardsPlayed } }` };

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp(db, { keepDatabase: true });
    b = await startTestApp(db, { keepDatabase: true });
    const eventId = dataOf(await a.gql(`mutation { createEvent(input: { name: "Cache", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await a.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await a.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
    dataOf(await a.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId }));
    await a.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
  });

  /** A club website: no key. */
  const read = (app: TestApp, headers: Record<string, string> = {}) => app.as(null).post('/graphql').set(headers).send({ ...ranking, variables: { s: sessionId } });
  const boardsOf = (res: { body: any }) => res.body.data.sessionRanking.map((r: any) => r.boardsPlayed);

  it('answers the same question again from the cache', async () => {
    const first = await read(a).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await read(a).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
  });

  it('gives the first answer its ETag and lets public caches keep it if they check again', async () => {
    // A new question (another selection): computed now, and already tagged.
    const fresh = () => a.as(null).post('/graphql').send({ query: `query($s: ID!) { sessionRanking(sessionId: $s) { place boardsPlayed } }`, variables: { s: sessionId } });
    const first = await fresh().expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await fresh().set('If-None-Match', first.headers.etag).expect(304);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers a plain GET as it answers the POST, from the same cache, with the same ETag', async () => {
    const query = `query($s: ID!) { sessionRanking(sessionId: $s) { place } }`;
    const get = () => a.as(null).get('/graphql').query({ query, variables: JSON.stringify({ s: sessionId }) });
    const first = await get().expect(200);
    expect(first.body.data.sessionRanking.length).toBeGreaterThan(0);
    const post = await a.as(null).post('/graphql').send({ query, variables: { s: sessionId } }).expect(200);
    expect(post.headers['x-cache']).toBe('HIT');
    expect(post.headers.etag).toBe(first.headers.etag);
    await get().set('If-None-Match', first.headers.etag).expect(304);
    // A mutation never runs over GET.
    const mutation = await a.as(null).get('/graphql').query({ query: 'mutation { createOrganization(input: { name: "X" }) { id } }' });
    expect(mutation.status).toBeGreaterThanOrEqual(400);
  });

  it('never serves an answer older than a post that has returned, on this instance or another', async () => {
    await read(a);
    await b.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'N', tricks: 8 }).expect(201);
    const after = await read(a).expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(boardsOf(after)).toEqual([1, 1, 1, 1]);
  });

  it('is never used for requests with credentials, mutations or failed queries', async () => {
    await read(a);
    expect((await a.http().post('/graphql').send({ ...ranking, variables: { s: sessionId } })).headers['x-cache']).toBeUndefined(); // a request with a key
    const bad = { query: `query { sessionRanking(sessionId: "00000000-0000-4000-8000-000000000000") { place } }` };
    await a.as(null).post('/graphql').send(bad);
    const again = await a.as(null).post('/graphql').send(bad);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(again.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('leaves other queries alone', async () => {
    const q = { query: `query($s: ID!) { session(id: $s) { number } sessionRanking(sessionId: $s) { place } }`, variables: { s: sessionId } };
    await a.as(null).post('/graphql').send(q);
    expect((await a.as(null).post('/graphql').send(q)).headers['x-cache']).toBeUndefined();
  });
});
