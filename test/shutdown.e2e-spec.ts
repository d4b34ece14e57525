import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';
import { ADMIN_HEADERS, buildService, serviceProcess, type ServiceProcess } from './support/service-process.js';

/**
 * SIGTERM as a container runtime sends it: the service stops accepting, tells subscribers to
 * reconnect with close code 1012 (Service Restart), finishes the requests in flight — here an
 * import, which must land whole — and exits 0.
 */
describe('graceful shutdown', () => {
  let db: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    service = await serviceProcess(db.url, {}, [], { captureOutput: true });
    await service.start();
  });
  afterAll(async () => {
    await service?.kill('SIGKILL');
    await db?.drop();
  });

  it('closes subscriptions with 1012, lets the import in flight finish, and exits cleanly', async () => {
    const gql = async (query: string) => {
      const res = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify({ query }) });
      return ((await res.json()) as { data: Record<string, any> }).data;
    };
    const eventId = (await gql('mutation { createEvent(input: { name: "Stop", kind: PAIRS, scoring: MATCHPOINTS }) { id } }')).createEvent.id;
    const sessionId = (await gql(`mutation { createSession(input: { eventId: "${eventId}" }) { id } }`)).createSession.id;

    const closed = new Promise<number>((resolve) => {
      const client = createClient({ url: `${service.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, onNonLazyError: () => {}, on: { closed: (event) => resolve((event as { code: number }).code) } });
      client.subscribe({ query: `subscription { rankingChanged(sessionId: "${sessionId}") { boards } }` }, { next: () => {}, error: () => {}, complete: () => {} });
    });
    await new Promise((r) => setTimeout(r, 300));

    // A travellers CSV of 40 sections × 10 tables × 24 boards: long enough to be in flight.
    const rows = ['Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks,Winners'];
    for (let s = 0; s < 40; s++) {
      const section = String.fromCharCode(65 + (s % 26)) + (s >= 26 ? 'Z' : '');
      for (let board = 1; board <= 24; board++) for (let t = 1; t <= 10; t++) rows.push(`1,${section},${board},${t},${t},${((t + board) % 10) + 1},4S,N,${9 + ((t + board) % 3)},2`);
    }
    const upload = fetch(`${service.url}/api/v1/imports/csv`, { method: 'POST', headers: { 'content-type': 'text/csv', ...ADMIN_HEADERS }, body: `${rows.join('\n')}\n` });
    await new Promise((r) => setTimeout(r, 150));
    const stopped = service.kill('SIGTERM');

    const answer = await upload;
    expect(answer.status).toBe(201);
    const report = (await answer.json()) as { eventId: string; lines: number };
    expect(report.lines).toBe(9_600);
    expect(await closed).toBe(1012);
    await stopped;
    const [{ count }] = await sql<{ count: string }>(db.url, 'SELECT count(*) FROM "Result" WHERE "sessionId" IN (SELECT "id" FROM "Session" WHERE "eventId" = $1)', [report.eventId]);
    expect(Number(count)).toBe(9_600);
    expect(service.output()).toMatch(/"msg":"stopping: finishing requests in flight"/);
    expect(service.output()).toMatch(/"msg":"stopped"/);
  });
});
