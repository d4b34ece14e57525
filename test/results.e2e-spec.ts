import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Travellers in: validation, idempotent retries, conflicts, corrections with audit, concurrency. */
describe('results in', () => {
  let t: TestApp;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Results", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 4, boards: [1,2,3,4,5,6,7,8] }) { id } }`, { s: sessionId }));
    const contestants = [1, 2, 3, 4].flatMap((n) => [`{ number: ${n}, direction: NS, name: "NS ${n}" }`, `{ number: ${n}, direction: EW, name: "EW ${n}" }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${contestants.join(',')}] }) { id } }`, { e: eventId }));
  });
  afterAll(() => t.close());

  const post = (body: object) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send(body);

  it('stores a line over REST with the score computed, 201', async () => {
    const res = await post({ board: 1, nsPair: 1, ewPair: 1, contract: '4hx', declarer: 'S', result: '-2', lead: 'sa', nsScore: 9999 }).expect(400);
    expect(res.body.fields).toEqual(['nsScore']); // a client's own score is refused, not trusted
    const ok = await post({ board: 1, round: 1, table: 1, nsPair: 1, ewPair: 1, contract: '4hx', declarer: 'S', result: '-2', lead: 'sa' }).expect(201);
    expect(ok.body).toMatchObject({
      created: true,
      corrected: false,
      line: { section: 'A', board: 1, nsPair: 1, ewPair: 1, contract: '4HX', declarer: 'S', tricks: 8, result: '-2', lead: 'SA', nsScore: -300, status: 'PLAYED', version: 1 },
    });
  });

  it('answers 200 and changes nothing when the same line is posted again', async () => {
    const again = await post({ board: 1, nsPair: 1, ewPair: 1, contract: '4HX', declarer: 'S', tricks: 8, lead: 'SA' }).expect(200);
    expect(again.body).toMatchObject({ created: false, corrected: false, line: { version: 1 } });
  });

  it('answers 409 for a different line on the same board and pairs', async () => {
    const res = await post({ board: 1, nsPair: 1, ewPair: 1, contract: '4H', declarer: 'S', result: '=' }).expect(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', fields: ['contract'] });
    // Said once, not twice: the board, what is stored there and between whom, then what to do.
    expect(res.body.message).toBe('Board 1 already has 4HX-2 by S (NS -300), NS 1 v EW 1; send the new line as a correction with a reason to change it');
  });

  it('answers 409 when a pair already has a result on the board', async () => {
    const res = await post({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', result: '=' }).expect(409);
    expect(res.body.message).toMatch(/NS pair 1 already has a result on board 1/);
  });

  it('takes a director’s correction with a reason, and keeps the old line in the audit trail', async () => {
    const res = await post({ board: 1, nsPair: 1, ewPair: 1, contract: '4H', declarer: 'S', result: '=', correction: { reason: 'Pad entered 4HX-2; table agreed 4H=' } }).expect(201);
    expect(res.body).toMatchObject({ corrected: true, line: { contract: '4H', nsScore: 420, version: 2 } });
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action reason law before after } }`, { s: sessionId })).auditTrail;
    expect(trail.map((a: any) => a.action)).toEqual(['RESULT_CREATED', 'RESULT_CORRECTED']);
    expect(trail[1]).toMatchObject({ reason: 'Pad entered 4HX-2; table agreed 4H=', law: '79C', before: { contract: '4HX', nsScore: -300 }, after: { contract: '4H', nsScore: 420 } });
  });

  it.each([
    [{ board: 9, nsPair: 1, ewPair: 2, contract: '1NT', declarer: 'N', tricks: 7 }, 'board', /Board 9 is not played in section A \(boards 1–8\)/],
    [{ board: 2, nsPair: 9, ewPair: 2, contract: '1NT', declarer: 'N', tricks: 7 }, 'nsPair', /no NS pair 9/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: '8NT', declarer: 'N', tricks: 7 }, 'contract', /Level must be 1–7/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: '1C', declarer: 'N', result: '-8' }, 'result', /at most 7 undertricks/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N' }, 'tricks', /Give the tricks taken/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', tricks: null }, 'tricks', /Give the tricks taken/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: '4S', tricks: 10 }, 'declarer', /Say who declared 4S/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: 'PASS', result: '=' }, 'result', /passed-out board has no tricks/],
    [{ board: 2, nsPair: 1, ewPair: 2, contract: "4S'; DROP TABLE \"Result\"; --", declarer: 'N', tricks: 10 }, 'contract', /not a contract|Length|contract must be/],
    [{ board: '2', nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', tricks: 10 }, 'board', /board must be an integer/],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const res = await post(body).expect(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect(res.body.fields).toEqual([field]);
    expect(res.body.message).toMatch(message);
  });

  it('stores a batch all or nothing', async () => {
    const bad = await post({
      lines: [
        { board: 2, nsPair: 1, ewPair: 2, contract: 'PASS' },
        { board: 2, nsPair: 2, ewPair: 3, contract: '9H', declarer: 'E', tricks: 9 },
      ],
    }).expect(400);
    expect(bad.body.fields).toEqual(['lines.1.contract']);
    const traveller = await t.gql(`mutation($s: ID!) { submitResult(input: { sessionId: $s, board: 2, nsPair: 1, ewPair: 2, contract: "PASS" }) { created line { status nsScore } } }`, { s: sessionId });
    expect(dataOf(traveller).submitResult).toEqual({ created: true, line: { status: 'PASSED_OUT', nsScore: 0 } }); // nothing of the failed batch was kept
    const ok = await post({ lines: [{ board: 2, nsPair: 2, ewPair: 3, contract: '3NT', declarer: 'E', tricks: 9 }, { board: 2, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'E', tricks: 10 }] }).expect(201);
    expect(ok.body.lines.map((l: any) => l.line.nsScore)).toEqual([-400, -430]);
  });

  it('stores one line when the same post arrives many times at once', async () => {
    const body = { board: 3, nsPair: 4, ewPair: 1, contract: '2S', declarer: 'W', tricks: 8, idempotencyKey: 'pad-4-r1-b3' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action entityId } }`, { s: sessionId })).auditTrail;
    expect(trail.filter((a: any) => a.entityId === answers[0].body.line.id)).toHaveLength(1);
  });

  it('lets exactly one of two different lines for the same table win when they race', async () => {
    const a = post({ board: 4, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', tricks: 10 });
    const b = post({ board: 4, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', tricks: 9 });
    const statuses = (await Promise.all([a, b])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it('refuses an idempotency key reused for another line', async () => {
    const res = await post({ board: 5, nsPair: 4, ewPair: 1, contract: '1C', declarer: 'N', tricks: 7, idempotencyKey: 'pad-4-r1-b3' }).expect(409);
    expect(res.body.fields).toEqual(['idempotencyKey']);
  });

  it('publishes a session: official, with a Law 79C deadline; later corrections are refused', async () => {
    const published = dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { status publishedAt correctionDeadline } }`, { s: sessionId })).publishSession;
    expect(published.status).toBe('OFFICIAL');
    expect(new Date(published.correctionDeadline).getTime() - new Date(published.publishedAt).getTime()).toBe(30 * 60_000);
    // Inside the period a correction is still taken.
    await post({ board: 1, nsPair: 1, ewPair: 1, contract: '4H', declarer: 'S', result: '+1', correction: { reason: 'Overtrick missed' } }).expect(201);
  });
});
