import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { sql } from './support/database.js';
import { startTestApp, type TestApp } from './support/app.js';

/**
 * An import writes its contestants, players and lines by COPY (database/copy-rows.ts): whatever a
 * file's names and leads hold — tabs, line breaks, backslashes, COPY's own `\N` and `\.` — is
 * stored as the file gave it, read in the request's thread or in a worker.
 */
describe('an import’s rows by COPY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // Inner characters only: the plan trims names.
  const hostile = ['Tab\there', 'Back\\slash', '\\N', '\\.', 'Line\nbreak', 'Carriage\rreturn', 'Both\r\nends', 'Quote "x" O’Brien', 'Comma, semicolon; \\t literally', '𝄞 Ünïcødé'];
  const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

  function hostileCsv(event: string): { csv: Buffer; players: string[]; leads: string[] } {
    const rows = ['Event,Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Lead,Winners'];
    const players: string[] = [];
    const leads: string[] = [];
    for (let pair = 1; pair <= 5; pair++) {
      const [ns1, ns2, ew1, ew2] = [0, 1, 2, 3].map((k) => `${hostile[(pair * 4 + k) % hostile.length]} ${pair}${k}`);
      players.push(ns1, ns2, ew1, ew2);
      for (let board = 1; board <= 2; board++) {
        const lead = `${hostile[(pair + board) % hostile.length]}${board}`;
        leads.push(lead);
        rows.push([quoted(event), 1, 'A', board, pair, pair, pair, quoted(`${ns1} & ${ns2}`), quoted(`${ew1} & ${ew2}`), '4S', 'N', 10, quoted(lead), 2].join(','));
      }
    }
    return { csv: Buffer.from(`${rows.join('\r\n')}\r\n`), players, leads };
  }

  it.each([
    ['in the request’s thread', undefined],
    ['in a worker', '0'],
  ])('stores hostile names and leads exactly, read %s', async (_, workerBytes) => {
    if (workerBytes) process.env.TRAVELLER_IMPORT_WORKER_BYTES = workerBytes;
    try {
      const { csv, players, leads } = hostileCsv(`Hostile names ${workerBytes ?? 'here'}`);
      const report = (await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv).expect(201)).body;
      expect(report).toMatchObject({ lines: 10, rejected: [] });
      const storedPlayers = await sql<{ name: string }>(t.db.url, 'SELECT p."name" FROM "Player" p JOIN "ContestantPlayer" cp ON cp."playerId" = p."id" JOIN "Contestant" c ON c."id" = cp."contestantId" WHERE c."eventId" = $1', [report.eventId]);
      expect(storedPlayers.map((p) => p.name).sort()).toEqual([...players].sort());
      const storedLeads = await sql<{ lead: string }>(t.db.url, 'SELECT r."lead" FROM "Result" r JOIN "Session" s ON s."id" = r."sessionId" WHERE s."eventId" = $1', [report.eventId]);
      expect(storedLeads.map((r) => r.lead).sort()).toEqual([...leads].sort());
      const names = await sql<{ name: string }>(t.db.url, 'SELECT "name" FROM "Contestant" WHERE "eventId" = $1', [report.eventId]);
      expect(names.map((c) => c.name)).toContain(`${players[0]} & ${players[1]}`);
    } finally {
      delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
    }
  });

  it('makes a member number already known one player, in the request’s thread and in a worker', async () => {
    const usebio = readFileSync(new URL('../src/bridge/formats/fixtures/usebio-two-sections.xml', import.meta.url), 'utf8');
    const players = async (eventId: string) => sql<{ id: string; memberNumber: string }>(t.db.url, 'SELECT p."id", p."memberNumber" FROM "Player" p JOIN "ContestantPlayer" cp ON cp."playerId" = p."id" JOIN "Contestant" c ON c."id" = cp."contestantId" WHERE c."eventId" = $1 AND p."memberNumber" IS NOT NULL ORDER BY 2', [eventId]);
    const events: string[] = [];
    for (const [name, workerBytes] of [['Known Pairs One', undefined], ['Known Pairs Two', '0']] as const) {
      if (workerBytes) process.env.TRAVELLER_IMPORT_WORKER_BYTES = workerBytes;
      try {
        const body = Buffer.from(usebio.replace('Tuesday Pairs', name));
        events.push((await t.http().post('/api/v1/imports/usebio').set('content-type', 'application/xml').send(body).expect(201)).body.eventId);
      } finally {
        delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
      }
    }
    const [first, second] = await Promise.all(events.map(players));
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    const [{ n }] = await sql<{ n: number }>(t.db.url, 'SELECT count(*)::int AS "n" FROM "Player" WHERE "memberNumber" = $1', [first[0].memberNumber]);
    expect(n).toBe(1);
  });
});
