import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * A board's marking changed after results were posted (DOMAIN §1, §2.2: the vulnerability is
 * taken from the board; §2.3: the score is derived from contract, declarer and tricks, never kept
 * from before): the lines already on the board are scored again with the new marking.
 */
describe('a board marked again after play', () => {
  let t: TestApp;
  let sessionId: string;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Marking", kind: PAIRS, scoring: MATCHPOINTS, correctionMinutes: 0 }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 3, boards: [1] }) { id } }`, { s: sessionId }));
    const pairs = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
    boardId = dataOf(await t.gql(`query($s: ID!) { board(sessionId: $s, number: 1) { id } }`, { s: sessionId })).board.id;
  });
  afterAll(() => t.close());

  const traveller = async () =>
    dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair nsScore nsMatchpoints adjustment } } }`, { s: sessionId })).traveller.lines.sort((a: any, b: any) => a.nsPair - b.nsPair);

  it('scores the lines already posted again when the board’s vulnerability is changed', async () => {
    // Board 1 is unfavourable to nobody by Law 2: 4H+1 by North is +450.
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 1, ewPair: 1, contract: '4H', declarer: 'N', result: '+1' }).expect(201);
    dataOf(await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 3, ewPair: 3, kind: ASSIGNED, assigned: [{ contract: "4H", declarer: N, result: "=", weight: "3/5" }, { contract: "4H", declarer: N, result: "-1", weight: "2/5" }], reason: "Misinformation" }) { id } }`, { s: sessionId }));
    // The board was in fact marked both vulnerable, and the director says so.
    const updated = dataOf(await t.gql(`mutation($id: ID!) { updateBoard(id: $id, input: { vulnerability: BOTH }) { vulnerability overridden } }`, { id: boardId })).updateBoard;
    expect(updated).toEqual({ vulnerability: 'BOTH', overridden: true });
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 2, ewPair: 2, contract: '4H', declarer: 'N', result: '+1' }).expect(201);
    // Both tables made 4H+1 vulnerable: +650 each, a tie (1 MP each of the top 2 between them, Neubergged to 3 tables).
    const lines = await traveller();
    expect(lines.map((l: any) => [l.nsPair, l.nsScore])).toEqual([[1, 650], [2, 650], [3, null]]);
    expect(lines[0].nsMatchpoints).toBe(lines[1].nsMatchpoints);
    expect(lines[2].adjustment).toBe('Assigned 3/5 of 620 + 2/5 of -100 (Law 12C1(c))');
  });

  it('after the correction period (Law 79C), changes a marking that moves scores only with an override', async () => {
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: sessionId }));
    const refused = await t.gql(`mutation($id: ID!) { updateBoard(id: $id, input: { clearOverride: true }) { vulnerability } }`, { id: boardId });
    expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await traveller()).map((l: any) => l.nsScore)).toEqual([650, 650, null]);
    dataOf(await t.gql(`mutation($id: ID!) { updateBoard(id: $id, input: { clearOverride: true, override: true }) { vulnerability } }`, { id: boardId }));
    expect((await traveller()).map((l: any) => l.nsScore)).toEqual([450, 450, null]);
  });
});
