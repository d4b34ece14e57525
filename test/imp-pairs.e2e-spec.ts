import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * Board 1 (none vulnerable) at 4 tables: +420, +450, +170, −50.
 * Butler: drop the top and the bottom, mean of 420 and 170 = 295 → datum 300 → +3, +4, −4, −8.
 * Cross-IMPs: 420 → (−1 + 6 + 10)/3 = 5; 450 → 19/3; 170 → −7/3; −50 → −9.
 */
describe('IMP pairs over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function session(scoring: string): Promise<string> {
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "${scoring}", kind: PAIRS, scoring: ${scoring} }) { id } }`)).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 4, boards: [1] }) { id } }`, { s: sessionId }));
    const pairs = [1, 2, 3, 4].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({
      lines: [
        { board: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', result: '+1' },
        { board: 1, nsPair: 3, ewPair: 3, contract: '2S', declarer: 'N', result: '+2' },
        { board: 1, nsPair: 4, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
      ],
    }).expect(201);
    return sessionId;
  }

  const imps = async (sessionId: string) =>
    dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair nsScore nsImps ewImps nsMatchpoints } } }`, { s: sessionId })).traveller.lines;

  it('scores Butler against the trimmed, rounded datum', async () => {
    const s = await session('BUTLER');
    expect((await imps(s)).map((l: any) => [l.nsScore, l.nsImps, l.ewImps, l.nsMatchpoints])).toEqual([
      [450, 4, -4, null],
      [420, 3, -3, null],
      [170, -4, 4, null],
      [-50, -8, 8, null],
    ]);
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { place contestant { number } score percentage } }`, { s })).sessionRanking;
    expect(ranking).toEqual([
      { place: '1', contestant: { number: 2 }, score: 4, percentage: null },
      { place: '2', contestant: { number: 1 }, score: 3, percentage: null },
      { place: '3', contestant: { number: 3 }, score: -4, percentage: null },
      { place: '4', contestant: { number: 4 }, score: -8, percentage: null },
    ]);
  });

  it('scores cross-IMPs averaged over the comparisons', async () => {
    const s = await session('CROSS_IMPS');
    expect((await imps(s)).map((l: any) => [l.nsScore, l.nsImps, l.ewImps])).toEqual([
      [450, 6.33, -6.33],
      [420, 5, -5],
      [170, -2.33, 2.33],
      [-50, -9, 9],
    ]);
  });
});
