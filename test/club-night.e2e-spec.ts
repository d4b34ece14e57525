import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * A whole club session through the API, first traveller to official results: a 3-table Mitchell
 * (3 rounds of 2 boards), every line posted by the pads, a director's adjustment and a correction,
 * publication, and the official ranking with its audit trail.
 */
describe('a club night from the first traveller to official results', () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;
  let movement: { number: number; tables: { table: number; ns: number; ew: number; boards: number[] }[] }[];

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Thursday Pairs", kind: PAIRS, scoring: MATCHPOINTS, startsOn: "2026-11-26" }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const section = dataOf(
      await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: MITCHELL, tables: 3, boardsPerRound: 2 } }) { movement { rounds { number tables { table ns ew boards } } } } }`, { s: sessionId }),
    ).createSection;
    movement = section.movement.rounds;
    const pairs = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS, players: [{ name: "North ${n}" }, { name: "South ${n}" }] }`, `{ number: ${n}, direction: EW, players: [{ name: "East ${n}" }, { name: "West ${n}" }] }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
  });
  afterAll(() => t.close());

  const post = (body: object) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send(body);
  /** NS 1 makes 4S+1 (+450); the others make 4S= (+420) or go one down (−50), by table. */
  const contractAt = (table: number) => [{ contract: '4S', result: '+1' }, { contract: '4S', result: '=' }, { contract: '4S', result: '-1' }][table - 1];

  it('takes every traveller line from the pads, round by round', async () => {
    for (const round of movement) {
      const lines = round.tables.flatMap((tb) => tb.boards.map((board) => ({ board, round: round.number, table: tb.table, nsPair: tb.ns, ewPair: tb.ew, declarer: 'N', ...contractAt(tb.table) })));
      await post({ lines }).expect(201);
      const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { boardsPlayed standing } }`, { s: sessionId })).sessionRanking;
      expect(ranking.every((r: any) => r.boardsPlayed === round.number * 2 && r.standing === 'PROVISIONAL')).toBe(true);
    }
  });

  it('lets the director adjust a board and correct a line', async () => {
    const at = movement[2].tables.find((tb) => tb.table === 3)!;
    const board = at.boards[0];
    dataOf(await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: ${board}, nsPair: ${at.ns}, ewPair: ${at.ew}, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "Slow play: board not played in time" }) { status } }`, { s: sessionId }));
    const t2 = movement[0].tables.find((tb) => tb.table === 2)!;
    const fixed = await post({ board: t2.boards[0], round: 1, table: 2, nsPair: t2.ns, ewPair: t2.ew, contract: '4S', declarer: 'N', result: '+1', correction: { reason: 'Pad showed 4S=; both pairs agree 11 tricks' } }).expect(201);
    expect(fixed.body).toMatchObject({ corrected: true, line: { nsScore: 450, version: 2 } });
  });

  it('publishes: official results, the ranking and the audit trail of the night', async () => {
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { status } }`, { s: sessionId }));
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { place contestant { number players { name } } percentage official standing } }`, { s: sessionId })).sessionRanking;
    expect(ranking.every((r: any) => r.official && r.standing === 'OFFICIAL')).toBe(true);
    // NS 1 sits at table 1 all night (+450 every board): tops (4 of 4) on five boards. The sixth is
    // the board adjusted at table 3 and corrected to +450 at table 2: a tie with one comparison,
    // 1 of 2, Neuberg to a top of 4: (1 + 1)·3/2 − 1 = 2. 22 of 24 = 91.67 %.
    expect(ranking[0]).toMatchObject({ place: '1', contestant: { number: 1, players: [{ name: 'North 1' }, { name: 'South 1' }] }, percentage: 91.67 });
    const event = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { place official } }`, { e: eventId })).eventRanking;
    expect(event).toHaveLength(6);
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action law } }`, { s: sessionId })).auditTrail.map((a: any) => `${a.action}${a.law ? ` ${a.law}` : ''}`);
    expect(trail.filter((a: string) => a === 'RESULT_CREATED')).toHaveLength(18);
    expect(trail.slice(18)).toEqual(['SCORE_ADJUSTED 12C2', 'RESULT_CORRECTED 79C', 'SESSION_PUBLISHED 79C']);
  });
});
