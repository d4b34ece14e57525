import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
});
