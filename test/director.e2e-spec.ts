import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Laws 12, 87, 90, 91 over the API, on a 3-table session worked by hand. */
describe("the director's tools", () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Director", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 3, boards: [1, 2, 3] }) { id } }`, { s: sessionId }));
    const pairs = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
    const added = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id number direction } }`, { e: eventId })).addContestants;
    for (const c of added) ids.set(`${c.direction}${c.number}`, c.id);
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({
      lines: [
        { board: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', result: '+1' },
        { board: 3, nsPair: 1, ewPair: 3, contract: 'PASS' },
        { board: 3, nsPair: 2, ewPair: 1, contract: '3C', declarer: 'W', result: '=' },
        { board: 3, nsPair: 3, ewPair: 2, contract: '2S', declarer: 'N', result: '=' },
      ],
    }).expect(201);
  });
  afterAll(() => t.close());

  const traveller = async (board: number) =>
    dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: ${board}) { top lines { nsPair status nsMatchpoints ewMatchpoints adjustment } } }`, { s: sessionId })).traveller;

  it('gives an artificial score per side (Law 12C2): out of the comparisons, 60 % / 40 % of the top, or the side’s own session % (12C2(c))', async () => {
    const line = dataOf(
      await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 3, ewPair: 3, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Board fouled at the table by EW" }) { status adjustment } }`, { s: sessionId }),
    ).adjustScore;
    expect(line).toEqual({ status: 'ARTIFICIAL', adjustment: 'A+/A- (Law 12C2)' });
    const board = await traveller(1);
    // Two real scores Neubergged to a top of 4: +450 → (2 + 1)·3/2 − 1 = 3.5, +420 → 0.5.
    // NS 3 (not at fault) topped its only other board (2S= on board 3), so Law 12C2(c) gives it
    // its session 100 % instead of 60 %; EW 3 (at fault) has 50 % elsewhere, above 40 %: 1.6.
    expect(board.top).toBe(4);
    expect(board.lines.map((l: any) => [l.nsPair, l.nsMatchpoints, l.ewMatchpoints])).toEqual([
      [2, 3.5, 0.5],
      [1, 0.5, 3.5],
      [3, 4, 1.6],
    ]);
  });

  it('assigns a weighted score (Law 12C1(c)) and checks the weights', async () => {
    const bad = await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 2, nsPair: 1, ewPair: 2, kind: ASSIGNED, assigned: [{ contract: "4H", declarer: S, result: "=", weight: "1/2" }, { contract: "4H", declarer: S, result: "-1", weight: "1/3" }], reason: "Misinformation" }) { id } }`, { s: sessionId });
    expect(bad.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['assigned'] });
    expect(bad.errors?.[0].message).toMatch(/add up to 1, not 5\/6/);
    const line = dataOf(
      await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 2, nsPair: 1, ewPair: 2, kind: ASSIGNED, assigned: [{ contract: "4H", declarer: S, result: "=", weight: "3/5" }, { contract: "4H", declarer: S, result: "-1", weight: "0.4" }], reason: "Misinformation" }) { status adjustment } }`, { s: sessionId }),
    ).adjustScore;
    expect(line).toEqual({ status: 'ASSIGNED', adjustment: 'Assigned 3/5 of 620 + 2/5 of -100 (Law 12C1(c))' });
  });

  it('scores each version of a fouled board apart (Law 87)', async () => {
    const changed = dataOf(await t.gql(`mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 3, form: 2, lines: [{ board: 3, nsPair: 3, ewPair: 2 }], reason: "Two cards exchanged after round 2" }) }`, { s: sessionId })).markFouledBoard;
    expect(changed).toBe(1);
    const board = await traveller(3);
    // Version 1: PASS (0) beats −110 → 2 → Neuberg (2 + 1)·3/2 − 1 = 3.5 and 0.5; version 2 alone: 50 %.
    expect(board.lines.map((l: any) => [l.nsPair, l.nsMatchpoints])).toEqual([[3, 2], [1, 3.5], [2, 0.5]]);
  });

  it('deducts a procedural penalty after scoring and shows it apart (Law 90)', async () => {
    const before = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { contestant { number } score penalty } }`, { s: sessionId })).sessionRanking;
    const ns1 = before.find((e: any) => e.contestant.number === 1);
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: PERCENT_OF_TOP, amount: "25", reason: "Slow play" }) { id law } }`, { s: sessionId, c: ids.get('NS1') }));
    const after = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { contestant { number } score penalty } }`, { s: sessionId })).sessionRanking;
    expect(after.find((e: any) => e.contestant.number === 1)).toEqual({ contestant: { number: 1 }, score: ns1.score - 1, penalty: 1 });
  });

  it('withdraws a penalty given in error: kept, marked revoked, no longer deducted', async () => {
    const ranking = async () => dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { contestant { number } score penalty } }`, { s: sessionId })).sessionRanking.find((e: any) => e.contestant.number === 2);
    const before = await ranking();
    const id = dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1/2", reason: "Wrong seat" }) { id } }`, { s: sessionId, c: ids.get('NS2') })).addPenalty.id;
    expect((await ranking()).penalty).toBe(0.5);
    const revoked = dataOf(await t.gql(`mutation($id: ID!) { revokePenalty(id: $id, reason: "The pair was seated by the director") { revokedAt } }`, { id })).revokePenalty;
    expect(revoked.revokedAt).toBeTruthy();
    expect(await ranking()).toEqual(before);
  });

  it('leaves a disqualified pair out of the ranking (Law 91), its results standing for the others', async () => {
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: DISQUALIFIED, reason: "Unauthorised information, repeatedly" }) { id } }`, { s: sessionId, c: ids.get('EW2') }));
    const ew = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: EW) { contestant { number } } }`, { s: sessionId })).sessionRanking;
    expect(ew.map((e: any) => e.contestant.number)).not.toContain(2);
    expect((await traveller(1)).lines).toHaveLength(3);
  });

  it('keeps every change in the audit trail with its Law', async () => {
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action law reason } }`, { s: sessionId })).auditTrail;
    expect(trail.filter((a: any) => a.action !== 'RESULT_CREATED').map((a: any) => `${a.action} ${a.law}`)).toEqual([
      'SCORE_ADJUSTED 12C2',
      'SCORE_ADJUSTED 12C1(c)',
      'SCORE_ADJUSTED 87',
      'PENALTY_ADDED 90',
      'PENALTY_ADDED 90',
      'PENALTY_REVOKED 90',
      'PENALTY_ADDED 91',
    ]);
  });

  it('refuses an assigned result (Law 12C1(c)) whose tricks are left out, naming the part, and stores nothing; a pass-out needs none', async () => {
    const adjust = (assigned: string, assignedEw = '') =>
      t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 2, nsPair: 3, ewPair: 3, kind: ASSIGNED, assigned: [${assigned}]${assignedEw && `, assignedEw: [${assignedEw}]`}, reason: "Misinformation" }) { status adjustment } }`, { s: sessionId });
    const cases = [
      { sent: await adjust('{ contract: "4H", declarer: S, weight: "3/5" }, { contract: "4H", declarer: S, result: "-1", weight: "2/5" }'), field: 'assigned.0.tricks' },
      { sent: await adjust('{ contract: "4H", declarer: S, tricks: null, result: null, weight: "1" }'), field: 'assigned.0.tricks' },
      { sent: await adjust('{ contract: "4H", declarer: S, result: "=", weight: "1" }', '{ contract: "4H", declarer: S, result: "=", weight: "1/2" }, { contract: "4H", declarer: S, weight: "1/2" }'), field: 'assignedEw.1.tricks' },
    ];
    for (const { sent, field } of cases) {
      expect(sent.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [field] });
      expect(sent.errors?.[0].message).toMatch(/tricks.*or the result/);
    }
    expect((await traveller(2)).lines.map((l: any) => l.nsPair)).not.toContain(3);
    const passed = dataOf(await adjust('{ contract: "PASS", weight: "1/2" }, { contract: "4H", declarer: S, result: "=", weight: "1/2" }')).adjustScore;
    expect(passed).toEqual({ status: 'ASSIGNED', adjustment: 'Assigned 1/2 of 0 + 1/2 of 620 (Law 12C1(c))' });
  });
});
