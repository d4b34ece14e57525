import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';
import { ADMIN_HEADERS, buildService, serviceProcess, type ServiceProcess } from './support/service-process.js';

/**
 * Reliability: the service is killed with SIGKILL in the middle of a stream of posts. After a
 * restart every post that got a success answer is stored, none twice, each with its one audit
 * entry; the pads then retry everything and end up with every line stored exactly once.
 */
describe('SIGKILL in the middle of a stream of posts', () => {
  let db: TestDatabase;
  let service: ServiceProcess;
  let sessionId: string;
  const lines: { board: number; nsPair: number; ewPair: number; contract: string; declarer: string; tricks: number }[] = [];

  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    service = await serviceProcess(db.url);
    await service.start();
    const gql = async (query: string) => {
      const res = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify({ query }) });
      return ((await res.json()) as { data: Record<string, { id: string }> }).data;
    };
    const eventId = (await gql(`mutation { createEvent(input: { name: "Crash", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = (await gql(`mutation { createSession(input: { eventId: "${eventId}" }) { id } }`)).createSession.id;
    await gql(`mutation { createSection(input: { sessionId: "${sessionId}", letter: "A", tables: 20, boards: [${Array.from({ length: 60 }, (_, i) => i + 1)}] }) { id } }`);
    const pairs = Array.from({ length: 20 }, (_, i) => `{ number: ${i + 1}, direction: NS }, { number: ${i + 1}, direction: EW }`);
    await gql(`mutation { addContestants(input: { eventId: "${eventId}", contestants: [${pairs}] }) { id } }`);
    for (let board = 1; board <= 60; board++) {
      for (let pair = 1; pair <= 20; pair++) lines.push({ board, nsPair: pair, ewPair: ((pair + board) % 20) + 1, contract: '4H', declarer: 'S', tricks: 8 + ((pair + board) % 4) });
    }
  });
  afterAll(async () => {
    await service?.kill();
    await db?.drop();
  });

  const post = (line: (typeof lines)[number]) =>
    fetch(`${service.url}/api/v1/sessions/${sessionId}/results`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN_HEADERS }, body: JSON.stringify(line) });

  it('keeps every answered post, none twice, and takes the retries', async () => {
    const answered = new Set<number>();
    let failed = 0;
    let next = 0;
    const pad = async () => {
      while (next < lines.length) {
        const i = next++;
        try {
          const res = await post(lines[i]);
          if (res.status === 201) answered.add(i);
          else throw new Error(`Unexpected answer ${res.status}`);
        } catch (error) {
          if ((error as Error).message.startsWith('Unexpected')) throw error;
          failed++; // the connection died with the service: the outcome is unknown to the pad
        }
      }
    };
    const pads = Array.from({ length: 16 }, pad);
    while (answered.size < 200) await sleep(5);
    await service.kill('SIGKILL');
    await Promise.all(pads);
    expect(failed).toBeGreaterThan(0); // the kill did land mid-stream

    await service.start();
    const stored = await sql<{ boardNumber: number; ns: number; ew: number; tricks: number; audits: string }>(
      db.url,
      `SELECT r."boardNumber", n."number" AS ns, e."number" AS ew, r."tricks",
              (SELECT count(*) FROM "AuditEntry" a WHERE a."entityId" = r."id") AS audits
       FROM "Result" r JOIN "Contestant" n ON n."id" = r."nsContestantId" JOIN "Contestant" e ON e."id" = r."ewContestantId"`,
    );
    const key = (l: { boardNumber?: number; board?: number; ns?: number; nsPair?: number; ew?: number; ewPair?: number }) => `${l.board ?? l.boardNumber}:${l.nsPair ?? l.ns}:${l.ewPair ?? l.ew}`;
    const storedKeys = new Map(stored.map((r) => [key(r), r]));
    expect(storedKeys.size).toBe(stored.length); // nothing twice
    for (const i of answered) expect(storedKeys.get(key(lines[i]))?.tricks).toBe(lines[i].tricks); // every success is there
    expect(stored.every((r) => Number(r.audits) === 1)).toBe(true);

    // The pads retry everything: stored lines answer 200, the others are stored now.
    const retries = await Promise.all(lines.map((l) => post(l).then((r) => r.status)));
    expect(retries.filter((s) => s === 200)).toHaveLength(stored.length);
    expect(retries.filter((s) => s === 201)).toHaveLength(lines.length - stored.length);
    expect((await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM "Result"'))[0].n).toBe(String(lines.length));
  });
});
