import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Laws 79C and 92B: provisional, official, final; changes after the correction period need an override. */
describe('publication and the periods after it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function session(periods: string): Promise<{ eventId: string; sessionId: string; pairs: Map<string, string> }> {
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Periods", kind: PAIRS, scoring: MATCHPOINTS ${periods} }) { id } }`)).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
    const added = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id number } }`, { e: eventId })).addContestants;
    await post(sessionId, { lines: [{ board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }, { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' }] }).expect(201);
    return { eventId, sessionId, pairs: new Map(added.map((c: any) => [String(c.number), c.id])) };
  }
  const post = (sessionId: string, body: object) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send(body);
  const publish = async (sessionId: string) =>
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { status standing publishedAt correctionDeadline appealDeadline } }`, { s: sessionId })).publishSession;
  const standing = async (sessionId: string) => dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { official standing } }`, { s: sessionId })).sessionRanking[0];

  it('is provisional until published, then official while the correction and appeal periods run', async () => {
    const { sessionId } = await session('appealMinutes: 45');
    expect(await standing(sessionId)).toEqual({ official: false, standing: 'PROVISIONAL' });
    const published = await publish(sessionId);
    const from = new Date(published.publishedAt).getTime();
    expect(new Date(published.correctionDeadline).getTime() - from).toBe(30 * 60_000);
    expect(new Date(published.appealDeadline).getTime() - from).toBe(45 * 60_000);
    expect(published).toMatchObject({ status: 'OFFICIAL', standing: 'OFFICIAL' });
    expect(await standing(sessionId)).toEqual({ official: true, standing: 'OFFICIAL' });
  });

  it('moves the event on: under way once a session is published, completed when all are', async () => {
    const { eventId, sessionId } = await session('');
    const second = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const status = async () => dataOf(await t.gql(`query($e: ID!) { event(id: $e) { status } }`, { e: eventId })).event.status;
    expect(await status()).toBe('PLANNED');
    await publish(sessionId);
    expect(await status()).toBe('IN_PROGRESS');
    await publish(second);
    expect(await status()).toBe('COMPLETED');
  });

  it('keeps the first deadlines when a session is published again after a correction, unless the event restarts them (DOMAIN §8.1)', async () => {
    const correct = (sessionId: string, result: string) =>
      post(sessionId, { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result, correction: { reason: 'Scorer error found' } }).expect(201);
    const kept = await session('correctionMinutes: 1');
    const first = await publish(kept.sessionId);
    await sleep(20);
    await correct(kept.sessionId, '+1');
    expect(await publish(kept.sessionId)).toEqual(first);

    const restarting = await session('correctionMinutes: 1, appealMinutes: 1, republishRestartsPeriods: true');
    expect(dataOf(await t.gql(`query($e: ID!) { event(id: $e) { republishRestartsPeriods } }`, { e: restarting.eventId })).event.republishRestartsPeriods).toBe(true);
    const before = await publish(restarting.sessionId);
    await sleep(20);
    // Nothing changed since publication: publishing again (a retry) changes nothing.
    expect(await publish(restarting.sessionId)).toEqual(before);
    await correct(restarting.sessionId, '+1');
    const again = await publish(restarting.sessionId);
    expect(again.publishedAt).toBe(before.publishedAt);
    expect(new Date(again.correctionDeadline).getTime()).toBeGreaterThan(new Date(before.correctionDeadline).getTime());
    expect(new Date(again.appealDeadline).getTime()).toBeGreaterThan(new Date(before.appealDeadline).getTime());
    expect(await publish(restarting.sessionId)).toEqual(again);
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action law before after } }`, { s: restarting.sessionId })).auditTrail;
    expect(trail.filter((e: any) => e.action.startsWith('SESSION_')).map((e: any) => e.action)).toEqual(['SESSION_PUBLISHED', 'SESSION_REPUBLISHED']);
    expect(trail.at(-1)).toMatchObject({ law: '79C', before: { correctionDeadline: before.correctionDeadline }, after: { correctionDeadline: again.correctionDeadline } });
  });

  describe('after the correction period', () => {
    let s: Awaited<ReturnType<typeof session>>;
    beforeAll(async () => {
      s = await session('correctionMinutes: 0, appealMinutes: 0');
      await publish(s.sessionId);
      await sleep(20);
    });

    it('is final', async () => {
      expect(await standing(s.sessionId)).toEqual({ official: true, standing: 'FINAL' });
    });

    it('still answers a retry of a stored line with 200', async () => {
      await post(s.sessionId, { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }).expect(200);
    });

    it('refuses a correction or a late line without an override, naming Law 79C2', async () => {
      const correction = await post(s.sessionId, { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '+1', correction: { reason: 'Overtrick missed' } }).expect(409);
      expect(correction.body).toMatchObject({ code: 'CONFLICT', fields: ['correction'], message: expect.stringMatching(/correction period \(Law 79C\).*override: true.*79C2/) });
      await post(s.sessionId, { board: 2, nsPair: 1, ewPair: 2, contract: '1NT', declarer: 'N', result: '=' }).expect(409);
    });

    it('takes a director’s override with a reason, and audits it under Law 79C2', async () => {
      const res = await post(s.sessionId, { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '+1', correction: { reason: 'Scorer and both pairs agree: 11 tricks', override: true } }).expect(201);
      expect(res.body).toMatchObject({ corrected: true, line: { nsScore: 450, version: 2 } });
      const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action law reason } }`, { s: s.sessionId })).auditTrail;
      expect(trail.at(-1)).toEqual({ action: 'RESULT_CORRECTED', law: '79C2', reason: 'Scorer and both pairs agree: 11 tricks' });
    });

    it('holds the director’s tools to the same rule', async () => {
      const adjust = (override: boolean) =>
        t.gql(`mutation($s: ID!, $o: Boolean) { adjustScore(input: { sessionId: $s, board: 2, nsPair: 3, ewPair: 4, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "Board not played in time", override: $o }) { status } }`, { s: s.sessionId, o: override });
      expect((await adjust(false)).errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', fields: ['override'] } });
      expect(dataOf(await adjust(true)).adjustScore).toEqual({ status: 'ARTIFICIAL' });
      const penalty = await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: PERCENT_OF_TOP, amount: "25", reason: "Slow play" }) { id } }`, { s: s.sessionId, c: s.pairs.get('1') });
      expect(penalty.errors?.[0].extensions).toEqual({ code: 'CONFLICT', fields: ['override'] });
    });
  });
});
