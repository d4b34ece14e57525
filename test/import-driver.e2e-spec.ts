import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { ADMIN_HEADERS, buildService, serviceProcess, type ServiceProcess } from './support/service-process.js';

/**
 * An import scores its event on its transaction's own connection while the transaction goes on
 * (ScoredEvents.scoreWithin): its reads are one query queued there, never several waiting at
 * once, which pg 8 warns of ("Calling client.query() when the client is already executing a
 * query is deprecated") and pg 9 will refuse. The service runs here with `--throw-deprecation`,
 * so a deprecated use of the driver fails the import instead of printing a line in its log.
 */
describe('an import’s reads on its transaction’s connection', () => {
  let db: TestDatabase;
  let service: ServiceProcess;
  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    service = await serviceProcess(db.url, {}, ['--throw-deprecation']);
    await service.start();
  });
  afterAll(async () => {
    await service?.kill('SIGKILL');
    await db?.drop();
  });

  it('use the driver as its next version will: a file of three clubs’ sections lands and ranks', async () => {
    const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Winners'];
    for (const section of ['A', 'B', 'C'])
      for (let board = 1; board <= 12; board++) for (let table = 1; table <= 8; table++) rows.push(`1,${section},${board},${table},${table},${((table + board) % 8) + 1},N${section}${table} & S${section}${table},E${section}${table} & W${section}${table},4S,N,${9 + ((table + board) % 3)},2`);
    const res = await fetch(`${service.url}/api/v1/imports/csv`, { method: 'POST', headers: { 'content-type': 'text/csv', ...ADMIN_HEADERS }, body: `${rows.join('\n')}\n` });
    const report = (await res.json()) as { eventId: string; lines: number };
    expect(res.status).toBe(201);
    expect(report.lines).toBe(3 * 12 * 8);
    const gql = async (query: string) => (await (await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify({ query }) })).json()) as { data?: any; errors?: unknown };
    const sessions = await gql(`{ event(id: "${report.eventId}") { sessions { id } } }`);
    const page = await gql(`{ sessionRankingPage(sessionId: "${sessions.data.event.sessions[0].id}", direction: NS, first: 5) { totalCount } }`);
    expect(page.errors).toBeUndefined();
    expect(page.data.sessionRankingPage.totalCount).toBe(3 * 8);
  });
});
