import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { EventLifecycle, retentionDays } from '../src/events/event-lifecycle.service.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { sql } from './support/database.js';

/**
 * Archive, delete (soft) and restore an event, and the purge of events deleted longer ago than the
 * retention period (the clock is a parameter: no waiting).
 */
describe('archiving, deleting and restoring events', () => {
  let t: TestApp;
  let club: string;
  let keys: Record<'director' | 'scorer' | 'other', string>;

  beforeAll(async () => {
    t = await startTestApp(undefined, { listen: true });
    const org = async (name: string) => dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: name })).createOrganization.id as string;
    club = await org('Lakeside');
    const other = await org('Parkside');
    const key = async (role: string, organizationId: string) =>
      dataOf(await t.gql(`mutation($r: ApiRole!, $o: ID!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { r: role, o: organizationId })).createApiKey.key as string;
    keys = { director: await key('DIRECTOR', club), scorer: await key('SCORER', club), other: await key('ADMIN', other) };
  });
  afterAll(() => t.close());

  /** An event of the club with one result, as a club night leaves it. */
  async function clubNight(name: string) {
    const eventId = dataOf(await t.gql(`mutation($o: ID!, $n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: club, n: name })).createEvent.id as string;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id as string;
    const sectionId = dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId })).createSection.id as string;
    const contestants = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId })).addContestants;
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
    ids.set(eventId, { sectionId, contestantId: contestants[0].id });
    return { eventId, sessionId };
  }
  const listed = async (key: string | null, listing = 'CURRENT') =>
    dataOf(await t.gqlAs(key, `query($o: ID!, $l: EventListing) { events(organizationId: $o, listing: $l) { nodes { id } } }`, { o: club, l: listing })).events.nodes.map((e: { id: string }) => e.id);
  const ids = new Map<string, { sectionId: string; contestantId: string }>();
  /** The codes of eight reads of the event, each asked alone. */
  const readAs = async (key: string | null, eventId: string, sessionId: string) => {
    const { sectionId, contestantId } = ids.get(eventId)!;
    const queries: [string, string][] = [
      [`event(id: $id) { id }`, eventId],
      [`eventRanking(eventId: $id) { place }`, eventId],
      [`session(id: $id) { id }`, sessionId],
      [`traveller(sessionId: $id, board: 1) { lines { nsPair } }`, sessionId],
      [`travellerPage(sessionId: $id, board: 1) { nodes { nsPair } }`, sessionId],
      [`board(sessionId: $id, number: 1) { number }`, sessionId],
      [`section(id: $id) { letter }`, sectionId],
      [`contestant(id: $id) { number }`, contestantId],
    ];
    const answers = await Promise.all(queries.map(([q, id]) => t.gqlAs(key, `query($id: ID!) { ${q} }`, { id })));
    return answers.map((a) => a.errors?.[0]?.extensions?.code ?? 'OK');
  };
  const HIDDEN = Array(8).fill('NOT_FOUND');
  const SHOWN = Array(8).fill('OK');

  it('archives: out of lists, public pages and anonymous reads; still the owner’s; restored by the owner', async () => {
    const { eventId, sessionId } = await clubNight('Archived night');
    const archived = dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id archivedAt deletedAt } }`, { id: eventId })).archiveEvent;
    expect(archived.archivedAt).toEqual(expect.any(String));
    expect(await listed(null)).not.toContain(eventId);
    expect(await listed(keys.director, 'ARCHIVED')).toEqual([eventId]);
    // The public, and another club, get NOT_FOUND everywhere (as for an event that never was).
    for (const key of [null, keys.other]) {
      expect(await readAs(key, eventId, sessionId)).toEqual(HIDDEN);
    }
    await t.as(null).get(`/events/${eventId}`).set('Accept', 'text/html').expect(404);
    await t.as(null).get(`/sessions/${sessionId}`).set('Accept', 'text/html').expect(404);
    await t.as(null).get(`/api/v1/events/${eventId}/ranking.csv`).expect(404);
    expect((await t.gqlAs(keys.other, `query($o: ID!) { events(organizationId: $o, listing: ARCHIVED) { nodes { id } } }`, { o: club })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // The owner's keys still read it.
    expect(await readAs(keys.scorer, eventId, sessionId)).toEqual(SHOWN);
    await t.as(keys.scorer).get(`/api/v1/events/${eventId}/ranking.csv`).expect(200);
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Archived by mistake") { id } }`, { id: eventId }));
    expect(await listed(null)).toContain(eventId);
    await t.as(null).get(`/events/${eventId}`).set('Accept', 'text/html').expect(200);
  });

  it('refuses live subscriptions to an archived event’s session', async () => {
    const { eventId, sessionId } = await clubNight('Archived live night');
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id } }`, { id: eventId }));
    const client = createClient({ url: t.wsUrl!, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 });
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: `subscription($s: ID!) { resultPosted(sessionId: $s) { board } }`, variables: { s: sessionId } }, { next: (msg) => resolve(msg), error: resolve, complete: () => resolve('complete') });
      });
      expect(JSON.stringify(outcome)).toMatch(/NOT_FOUND/);
    } finally {
      await client.dispose();
    }
  });

  it('deletes softly: hidden from everyone, restorable, audited; only the club’s directors may', async () => {
    const { eventId, sessionId } = await clubNight('Deleted night');
    expect((await t.gqlAs(keys.scorer, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Test event") { id } }`, { id: eventId })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gqlAs(keys.other, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Test event") { id } }`, { id: eventId })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gqlAs(keys.director, `mutation($id: ID!) { deleteEvent(id: $id, reason: " ") { id } }`, { id: eventId })).errors?.[0].extensions?.fields).toEqual(['reason']);
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Test event") { deletedAt } }`, { id: eventId }));
    expect(await listed(keys.director)).not.toContain(eventId);
    expect(await listed(keys.director, 'DELETED')).toEqual([eventId]);
    // Even the owner reads it no more (only lists it as deleted, and restores it).
    expect(await readAs(keys.director, eventId, sessionId)).toEqual(HIDDEN);
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Wrong event deleted") { deletedAt } }`, { id: eventId }));
    expect(await readAs(null, eventId, sessionId)).toEqual(SHOWN);
    const trail = dataOf(await t.gqlAs(keys.scorer, `query($o: ID!) { organizationAuditTrail(organizationId: $o, last: 2) { action entityId reason actor before after } }`, { o: club })).organizationAuditTrail;
    expect(trail.map((e: any) => [e.action, e.entityId, e.reason])).toEqual([['EVENT_RESTORED', eventId, 'Wrong event deleted'], ['EVENT_DELETED', eventId, 'Test event']]);
    expect(trail[1]).toMatchObject({ actor: expect.stringMatching(/\(k\)$/), before: { deletedAt: null }, after: { deletedAt: expect.any(String) } });
    expect((await t.gqlAs(keys.other, `query($o: ID!) { organizationAuditTrail(organizationId: $o) { action } }`, { o: club })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gqlAs(null, `query($o: ID!) { organizationAuditTrail(organizationId: $o) { action } }`, { o: club })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses writes into an archived event (until restored) and a deleted one, at once, however the write comes', async () => {
    const { eventId, sessionId } = await clubNight('Closed night');
    const { sectionId } = ids.get(eventId)!;
    const line = { board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'S', tricks: 10 };
    // The keys have written here just before: no remembered scope may let the next write in.
    await t.as(keys.scorer).post(`/api/v1/sessions/${sessionId}/results`).send({ ...line, board: 1, nsPair: 3, ewPair: 4 }).expect(201);
    const writes = async () => [
      (await t.as(keys.scorer).post(`/api/v1/sessions/${sessionId}/results`).send(line)).body.code,
      (await t.gqlAs(keys.director, `mutation($s: ID!) { createSession(input: { eventId: $s, number: 2 }) { id } }`, { s: eventId })).errors?.[0].extensions?.code,
      (await t.gqlAs(keys.director, `mutation($id: ID!) { updateSection(id: $id, input: { tables: 3 }) { id } }`, { id: sectionId })).errors?.[0].extensions?.code,
      (await t.gqlAs(keys.director, `mutation($id: ID!) { updateEvent(id: $id, input: { name: "Renamed" }) { id } }`, { id: eventId })).errors?.[0].extensions?.code,
    ];
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id } }`, { id: eventId }));
    expect(await writes()).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT']);
    const refusal = await t.as(keys.scorer).post(`/api/v1/sessions/${sessionId}/results`).send(line);
    expect(refusal.body.message).toMatch(/archived \(restore it with restoreEvent first\)/);
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Duplicate") { id } }`, { id: eventId }));
    expect(await writes()).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Not a duplicate") { id } }`, { id: eventId }));
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Back in use") { id } }`, { id: eventId }));
    await t.as(keys.scorer).post(`/api/v1/sessions/${sessionId}/results`).send(line).expect(201);
    // Nothing got in while it was retired: the two lines posted while live.
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" r JOIN "Session" s ON s."id" = r."sessionId" WHERE s."eventId" = $1`, [eventId])).toEqual([{ n: 3 }]);
  });

  it('purges events deleted longer ago than the retention period, and only those', async () => {
    const old = await clubNight('Old deleted night');
    const recent = await clubNight('Recently deleted night');
    const lifecycle = t.app.get(EventLifecycle);
    const now = new Date();
    await lifecycle.delete(old.eventId, 'Duplicate', 'test', new Date(now.getTime() - 31 * 86_400_000));
    await lifecycle.delete(recent.eventId, 'Duplicate', 'test', new Date(now.getTime() - 29 * 86_400_000));
    expect(await lifecycle.purge(now, 30)).toEqual([old.eventId]);
    expect(await sql(t.db.url, `SELECT id FROM "Event" WHERE id = ANY($1::uuid[])`, [[old.eventId, recent.eventId]])).toEqual([{ id: recent.eventId }]);
    expect(await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" WHERE "sessionId" = $1`, [old.sessionId])).toEqual([{ n: 0 }]);
    expect((await sql(t.db.url, `SELECT action FROM "AuditEntry" WHERE "entityId" = $1 AND action = 'EVENT_PURGED'`, [old.eventId])).length).toBe(1);
    // A day later the other one goes too; a purged event cannot be restored.
    expect(await lifecycle.purge(new Date(now.getTime() + 2 * 86_400_000), 30)).toEqual([recent.eventId]);
    expect((await t.gqlAs(keys.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Too late") { id } }`, { id: old.eventId })).errors?.[0].extensions?.code).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
  });

  it('reads the retention period from TRAVELLER_DELETED_EVENT_DAYS', () => {
    expect(retentionDays(undefined)).toBe(30);
    expect(retentionDays('7')).toBe(7);
    expect(() => retentionDays('soon')).toThrow(/TRAVELLER_DELETED_EVENT_DAYS/);
  });

  it('re-importing the file of a deleted event makes a new event', async () => {
    const csv = ['Event,Date,Kind,Scoring,Winners,Session,Section,Board,NS,EW,Contract,Declarer,Tricks', 'Gone Pairs,2026-11-20,PAIRS,MATCHPOINTS,1,1,A,1,1,2,3NT,N,9'].join('\r\n') + '\r\n';
    const first = (await t.as(keys.director).post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv).expect(201)).body;
    dataOf(await t.gqlAs(keys.director, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Imported twice") { id } }`, { id: first.eventId }));
    const fixed = csv.replace('3NT,N,9', '3NT,N,10');
    const second = (await t.as(keys.director).post('/api/v1/imports/csv').set('content-type', 'text/csv').send(fixed).expect(201)).body;
    expect(second.eventId).not.toBe(first.eventId);
  });
});
