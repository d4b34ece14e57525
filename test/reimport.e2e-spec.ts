import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { sql } from './support/database.js';

/**
 * A corrected file of an event already imported corrects that event (one event, audited
 * corrections, a per-line report) instead of making a second one; `?dryRun=true` answers the same
 * report and writes nothing; the correction period is respected.
 */
describe('re-import of a corrected file', () => {
  let t: TestApp;
  let club: string;
  let director: string;
  let otherDirector: string;

  beforeAll(async () => {
    t = await startTestApp();
    const org = async (name: string) => dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: name })).createOrganization.id as string;
    club = await org('Riverside');
    const other = await org('Hillside');
    const key = async (organizationId: string) =>
      dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "Director", role: DIRECTOR, organizationId: $o }) { key } }`, { o: organizationId })).createApiKey.key as string;
    director = await key(club);
    otherDirector = await key(other);
  });
  afterAll(() => t.close());

  const HEADER = 'Event,Date,Kind,Scoring,Winners,Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks';
  const row = (board: number, ns: number, ew: number, contract: string, declarer: string, tricks: number, event = 'Monday Pairs') =>
    `${event},2026-11-23,PAIRS,MATCHPOINTS,1,1,A,${board},${ns},${ew},Pair ${ns} N & Pair ${ns} S,Pair ${ew} E & Pair ${ew} W,${contract},${declarer},${tricks}`;
  const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
  const original = csv(row(1, 1, 2, '4S', 'N', 10), row(1, 3, 4, '3NT', 'S', 9), row(2, 1, 4, '2H', 'E', 8), row(2, 3, 2, '1NT', 'N', 7));
  const post = (body: string, query = '', key = director) => t.as(key).post(`/api/v1/imports/csv${query}`).set('content-type', 'text/csv').send(body);
  const eventsNamed = async (name: string) => (await sql(t.db.url, `SELECT id FROM "Event" WHERE name = $1`, [name])).length;

  it('applies a corrected file to the event it identifies: changed lines corrected, new lines added, missing lines reported', async () => {
    const first = (await post(original, '?fileName=monday.csv').expect(201)).body;
    expect(first).toMatchObject({ lines: 4, reimport: null, dryRun: false });
    // Board 1 NS 1 made eleven tricks; board 2 NS 3 v EW 2 is gone from the new file; board 3 is new.
    const corrected = csv(row(1, 1, 2, '4S', 'N', 11), row(1, 3, 4, '3NT', 'S', 9), row(2, 1, 4, '2H', 'E', 8), row(3, 1, 2, '3C', 'W', 9));
    const res = await post(corrected, '?fileName=monday-fixed.csv').expect(200);
    expect(res.body.eventId).toBe(first.eventId);
    expect(res.body.reimport).toMatchObject({ corrected: 1, added: 1, unchanged: 2, missing: 1 });
    expect(res.body.reimport.changes).toEqual([
      { change: 'CORRECTED', session: 1, section: 'A', board: 1, nsPair: 1, ewPair: 2, before: '4S by N, 10 tricks (NS 420)', after: '4S by N, 11 tricks (NS 450)' },
      { change: 'ADDED', session: 1, section: 'A', board: 3, nsPair: 1, ewPair: 2, before: null, after: '3C by W, 9 tricks (NS -110)' },
      { change: 'MISSING', session: 1, section: 'A', board: 2, nsPair: 3, ewPair: 2, before: '1NT by N, 7 tricks (NS 90)', after: null },
    ]);
    expect(await eventsNamed('Monday Pairs')).toBe(1);
    // The corrected line changed in place: version 2, audited with before, after and the file's name.
    const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: first.eventId })).event.sessions[0].id;
    const lines = await sql(t.db.url, `SELECT "boardNumber", tricks, version FROM "Result" WHERE "sessionId" = $1 ORDER BY "boardNumber", "nsScore"`, [session]);
    expect(lines).toHaveLength(5);
    expect(lines.find((l: any) => l.boardNumber === 1 && l.tricks === 11)).toMatchObject({ version: 2 });
    const trail = dataOf(await t.gqlAs(director, `query($s: ID!) { auditTrail(sessionId: $s) { action reason law before after } }`, { s: session })).auditTrail;
    const correction = trail.find((e: any) => e.action === 'RESULT_CORRECTED');
    expect(correction).toMatchObject({ reason: 'Re-import of monday-fixed.csv', law: '79C', before: expect.objectContaining({ tricks: 10, version: 1 }), after: expect.objectContaining({ tricks: 11, version: 2 }) });
    // The ranking is Traveller's from the corrected lines.
    const traveller = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair tricks } } }`, { s: session })).traveller;
    expect(traveller.lines.find((l: any) => l.nsPair === 1).tricks).toBe(11);
    // The same corrected file again is a repeat: nothing written.
    const again = await post(corrected).expect(200);
    expect(again.body.alreadyImported).toBe(true);
    expect((await sql(t.db.url, `SELECT count(*)::int AS n FROM "AuditEntry" WHERE "sessionId" = $1`, [session]))[0].n).toBe(trail.length);
  });

  it('answers a dry run with the same report and writes nothing, not even the file', async () => {
    const base = csv(row(1, 1, 2, '4H', 'N', 10, 'Tuesday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Tuesday Pairs'));
    const dryNew = (await post(base, '?dryRun=true').expect(200)).body;
    expect(dryNew).toMatchObject({ dryRun: true, lines: 2, reimport: null });
    expect(await eventsNamed('Tuesday Pairs')).toBe(0);
    const first = (await post(base).expect(201)).body;
    const before = await sql(t.db.url, `SELECT count(*)::int AS n FROM "AuditEntry"`);
    const fixed = csv(row(1, 1, 2, '4H', 'N', 9, 'Tuesday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Tuesday Pairs'));
    const dry = (await post(fixed, '?dryRun=true').expect(200)).body;
    expect(dry).toMatchObject({ eventId: first.eventId, dryRun: true, reimport: { corrected: 1, added: 0, unchanged: 1, missing: 0 } });
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "AuditEntry"`)).toEqual(before);
    expect(await sql(t.db.url, `SELECT tricks FROM "Result" r JOIN "Session" s ON s.id = r."sessionId" WHERE s."eventId" = $1 AND r."nsScore" > 400`, [first.eventId])).toEqual([{ tricks: 10 }]);
    // Not recorded as an import: the real run afterwards applies it.
    const real = (await post(fixed).expect(200)).body;
    expect(real).toMatchObject({ dryRun: false, alreadyImported: false, reimport: { corrected: 1 } });
    // GraphQL has the same argument.
    const twelve = csv(row(1, 1, 2, '4H', 'N', 12, 'Tuesday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Tuesday Pairs'));
    const gql = dataOf(await t.gqlAs(director, `mutation($c: String!) { importEvent(input: { format: CSV, content: $c, dryRun: true }) { dryRun reimport { corrected unchanged } } }`, { c: twelve })).importEvent;
    expect(gql).toEqual({ dryRun: true, reimport: { corrected: 1, unchanged: 1 } });
  });

  it('after the correction period refuses a corrected file unless the director overrides (Law 79C2)', async () => {
    const base = csv(row(1, 1, 2, '4H', 'N', 10, 'Wednesday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Wednesday Pairs'));
    const first = (await post(base).expect(201)).body;
    const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: first.eventId })).event.sessions[0].id;
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: session }));
    await sql(t.db.url, `UPDATE "Session" SET "correctionDeadline" = now() - interval '1 minute' WHERE id = $1`, [session]);
    const fixed = csv(row(1, 1, 2, '4H', 'N', 11, 'Wednesday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Wednesday Pairs'));
    const refused = await post(fixed).expect(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', fields: ['override'], message: expect.stringMatching(/Law 79C2/) });
    expect(await eventsNamed('Wednesday Pairs')).toBe(1);
    const done = (await post(fixed, '?override=true').expect(200)).body;
    expect(done.reimport.corrected).toBe(1);
    const trail = dataOf(await t.gqlAs(director, `query($s: ID!) { auditTrail(sessionId: $s) { action law } }`, { s: session })).auditTrail;
    expect(trail.filter((e: any) => e.action === 'RESULT_CORRECTED')).toEqual([{ action: 'RESULT_CORRECTED', law: '79C2' }]);
  });

  it('keeps other organisations’ events apart: the same file from another club makes its own event', async () => {
    const base = csv(row(1, 1, 2, '4H', 'N', 10, 'Shared Name'));
    const mine = (await post(base).expect(201)).body;
    const theirs = (await post(csv(row(1, 1, 2, '4H', 'N', 11, 'Shared Name')), '', otherDirector).expect(201)).body;
    expect(theirs.eventId).not.toBe(mine.eventId);
    expect(theirs.reimport).toBeNull();
  });

  it('corrects the session a file added to a named event, instead of adding another', async () => {
    const eventId = dataOf(await t.gqlAs(director, `mutation { createEvent(input: { name: "Club championship", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    const day = (tricks: number) => csv(row(1, 1, 2, '4S', 'N', tricks, 'Championship day 1'), row(1, 3, 4, '3NT', 'S', 9, 'Championship day 1'));
    await post(day(10), `?eventId=${eventId}`).expect(201);
    const fixed = (await post(day(11), `?eventId=${eventId}`).expect(200)).body;
    expect(fixed).toMatchObject({ eventId, reimport: { corrected: 1, unchanged: 1, added: 0, missing: 0 } });
    const sessions = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { number } } }`, { e: eventId })).event.sessions;
    expect(sessions).toEqual([{ number: 1 }]);
  });

  it('takes a line whose pair number was corrected as a correction of the line it replaces', async () => {
    const base = csv(row(1, 1, 2, '4H', 'N', 10, 'Thursday Pairs'), row(1, 3, 4, '3NT', 'S', 9, 'Thursday Pairs'));
    const first = (await post(base).expect(201)).body;
    // The scorer typed EW 4 for EW 5.
    const fixed = (await post(csv(row(1, 1, 2, '4H', 'N', 10, 'Thursday Pairs'), row(1, 3, 5, '3NT', 'S', 9, 'Thursday Pairs'))).expect(200)).body;
    expect(fixed.reimport).toMatchObject({ corrected: 1, added: 0, unchanged: 1, missing: 0 });
    expect(fixed.reimport.changes).toEqual([{ change: 'CORRECTED', session: 1, section: 'A', board: 1, nsPair: 3, ewPair: 5, before: 'NS 3 v EW 4: 3NT by S, 9 tricks (NS 400)', after: '3NT by S, 9 tricks (NS 400)' }]);
    const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: first.eventId })).event.sessions[0].id;
    const lines = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair ewPair } } }`, { s: session })).traveller.lines;
    expect(lines.map((l: any) => [l.nsPair, l.ewPair]).sort()).toEqual([[1, 2], [3, 5]]);
  });

  it('never takes a file without an event name for a correction of another', async () => {
    const unnamed = (tricks: number) => csv(row(1, 1, 2, '4S', 'N', tricks, ''), row(1, 3, 4, '3NT', 'S', 9, ''));
    const first = (await post(unnamed(10)).expect(201)).body;
    const second = (await post(unnamed(11)).expect(201)).body;
    expect(second.eventId).not.toBe(first.eventId);
    expect(second.reimport).toBeNull();
  });

  it('refuses bad flags, naming them', async () => {
    const res = await post(original, '?dryRun=yes').expect(400);
    expect(res.body.fields).toEqual(['dryRun']);
  });
});
