import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Subscriptions over graphql-ws; with REDIS_URL, an event posted to one instance reaches the other. */
describe('live results', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let sessionId: string;
  const clients: Client[] = [];
  const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.REDIS_URL = redis;
    a = await startTestApp(db, { listen: true, keepDatabase: true });
    b = await startTestApp(db, { listen: true, keepDatabase: true });
    delete process.env.REDIS_URL;
    const eventId = dataOf(await a.gql(`mutation { createEvent(input: { name: "Live", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await a.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await a.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
    dataOf(await a.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId }));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await a.close();
    await b.close();
    await db.drop();
  });

  /** Subscribes and resolves with the first event. */
  function first<T>(url: string, query: string): { received: Promise<T>; ready: Promise<void> } {
    const client = createClient({ url, webSocketImpl: WebSocket, lazy: false });
    clients.push(client);
    let ready!: () => void;
    const readyPromise = new Promise<void>((r) => (ready = r));
    client.on('connected', () => setTimeout(ready, 200)); // let the subscription reach Redis
    const received = new Promise<T>((resolve, reject) => {
      client.subscribe<T>({ query }, { next: (msg) => (msg.errors ? reject(new Error(JSON.stringify(msg.errors))) : resolve(msg.data as T)), error: reject, complete: () => {} });
    });
    return { received, ready: readyPromise };
  }

  it('delivers resultPosted on the instance that took the post', async () => {
    const sub = first<{ resultPosted: { board: number; nsScore: number } }>(a.wsUrl!, `subscription { resultPosted(sessionId: "${sessionId}") { board nsScore } }`);
    await sub.ready;
    await a.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
    expect((await sub.received).resultPosted).toEqual({ board: 1, nsScore: 400 });
  });

  it('delivers rankingChanged on another instance through Redis', async () => {
    const sub = first<{ rankingChanged: { sessionId: string; boards: number[] } }>(b.wsUrl!, `subscription { rankingChanged(sessionId: "${sessionId}") { sessionId boards } }`);
    await sub.ready;
    await a.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'S', tricks: 10 }).expect(201);
    expect((await sub.received).rankingChanged).toEqual({ sessionId, boards: [2] });
  });

  it('keeps resultPosted from subscribers while the director hides travellers', async () => {
    const eventId = dataOf(await a.gql(`mutation { createEvent(input: { name: "Hidden", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    const hidden = dataOf(await a.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await a.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: hidden }));
    dataOf(await a.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId }));
    dataOf(await a.gql(`mutation($s: ID!) { updateSession(id: $s, input: { hideTravellers: true, status: IN_PROGRESS }) { id } }`, { s: hidden }));
    const sub = first<{ resultPosted: { board: number } }>(a.wsUrl!, `subscription { resultPosted(sessionId: "${hidden}") { board } }`);
    await sub.ready;
    await a.http().post(`/api/v1/sessions/${hidden}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
    dataOf(await a.gql(`mutation($s: ID!) { updateSession(id: $s, input: { status: COMPLETED }) { id } }`, { s: hidden }));
    await a.http().post(`/api/v1/sessions/${hidden}/results`).send({ board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'S', tricks: 10 }).expect(201);
    // The line posted while hidden is never announced; the first the public hears of came after the session ended.
    expect((await sub.received).resultPosted).toEqual({ board: 2 });
  });

  describe('rankingChanged after a settings change', () => {
    let eventId: string;
    let sessions: string[];
    let sectionId: string;

    beforeAll(async () => {
      eventId = dataOf(await a.gql(`mutation { createEvent(input: { name: "Rescored", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
      dataOf(await a.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId }));
      sessions = [];
      for (const number of [1, 2]) {
        const id = dataOf(await a.gql(`mutation($e: ID!, $n: Int!) { createSession(input: { eventId: $e, number: $n }) { id } }`, { e: eventId, n: number })).createSession.id as string;
        sectionId = dataOf(await a.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2, 3] }) { id } }`, { s: id })).createSection.id;
        await a.http().post(`/api/v1/sessions/${id}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
        sessions.push(id);
      }
    });

    const listen = (sessionId: string) => first<{ rankingChanged: { sessionId: string; boards: number[] } }>(a.wsUrl!, `subscription { rankingChanged(sessionId: "${sessionId}") { sessionId boards } }`);

    it('tells each session of the event when updateEvent rescores it', async () => {
      const subs = sessions.map(listen);
      await Promise.all(subs.map((s) => s.ready));
      dataOf(await a.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { scoring: IMPS_ACROSS_FIELD }) { id } }`, { e: eventId }));
      expect(await Promise.all(subs.map(async (s) => (await s.received).rankingChanged))).toEqual(sessions.map((sessionId) => ({ sessionId, boards: [] })));
    });

    it('tells the section’s session when updateSection gives it other boards', async () => {
      const sub = listen(sessions[1]);
      await sub.ready;
      dataOf(await a.gql(`mutation($s: ID!) { updateSection(id: $s, input: { boards: [1, 2, 3, 4] }) { id } }`, { s: sectionId }));
      expect((await sub.received).rankingChanged).toEqual({ sessionId: sessions[1], boards: [] });
    });

    it('says nothing when no setting that scores changed', async () => {
      const sub = listen(sessions[0]);
      await sub.ready;
      dataOf(await a.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { name: "Renamed", scoring: IMPS_ACROSS_FIELD }) { id } }`, { e: eventId }));
      // The first event heard is the next line's, not one for the rename or the rule sent again unchanged.
      await a.http().post(`/api/v1/sessions/${sessions[0]}/results`).send({ board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'S', tricks: 10 }).expect(201);
      expect((await sub.received).rankingChanged).toEqual({ sessionId: sessions[0], boards: [2] });
    });
  });
});
