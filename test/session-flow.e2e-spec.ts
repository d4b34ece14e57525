import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * A 3-table two-winner Mitchell, 3 boards, worked by hand:
 * board 1: +420, +450, −50 → NS 2, 4, 0; board 2: +90, +90, +50 → NS 3, 3, 0; board 3: 0, −110, +110 → NS 2, 0, 4.
 */
describe('a club session from first traveller to rankings', () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Flow", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 3, boards: [1, 2, 3] }) { id } }`, { s: sessionId }));
    const pairs = [1, 2, 3].flatMap((n) => [
      `{ number: ${n}, direction: NS, players: [{ name: "North ${n}", memberNumber: "N${n}" }, { name: "South ${n}" }] }`,
      `{ number: ${n}, direction: EW, players: [{ name: "East ${n}" }, { name: "West ${n}" }] }`,
    ]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
  });
  afterAll(() => t.close());

  const lines = [
    { round: 1, table: 1, board: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
    { round: 1, table: 2, board: 1, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', result: '+1' },
    { round: 1, table: 3, board: 1, nsPair: 3, ewPair: 3, contract: '3NT', declarer: 'S', result: '-1' },
    { round: 2, table: 1, board: 2, nsPair: 1, ewPair: 2, contract: '1NT', declarer: 'N', result: '=' },
    { round: 2, table: 2, board: 2, nsPair: 2, ewPair: 3, contract: '1NT', declarer: 'S', tricks: 7 },
    { round: 2, table: 3, board: 2, nsPair: 3, ewPair: 1, contract: '2H', declarer: 'E', result: '-1' },
    { round: 3, table: 1, board: 3, nsPair: 1, ewPair: 3, contract: 'PASS' },
    { round: 3, table: 2, board: 3, nsPair: 2, ewPair: 1, contract: '3C', declarer: 'W', result: '=' },
    { round: 3, table: 3, board: 3, nsPair: 3, ewPair: 2, contract: '2S', declarer: 'N', result: '=' },
  ];

  it('shows a posted line in the ranking as soon as the post returns', async () => {
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send(lines[0]).expect(201);
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { contestant { number } boardsPlayed } }`, { s: sessionId })).sessionRanking;
    expect(ranking).toEqual([{ contestant: { number: 1 }, boardsPlayed: 1 }]);
  });

  it('scores the traveller with matchpoints and percentages', async () => {
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines: lines.slice(1) }).expect(201);
    const traveller = dataOf(
      await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { board dealer vulnerability top lines { nsPair ewPair contract result nsScore nsMatchpoints ewMatchpoints nsPercentage } } }`, { s: sessionId }),
    ).traveller;
    expect(traveller).toEqual({
      board: 1,
      dealer: 'N',
      vulnerability: 'NONE',
      top: 4,
      lines: [
        { nsPair: 2, ewPair: 2, contract: '4S', result: '+1', nsScore: 450, nsMatchpoints: 4, ewMatchpoints: 0, nsPercentage: 100 },
        { nsPair: 1, ewPair: 1, contract: '4S', result: '=', nsScore: 420, nsMatchpoints: 2, ewMatchpoints: 2, nsPercentage: 50 },
        { nsPair: 3, ewPair: 3, contract: '3NT', result: '-1', nsScore: -50, nsMatchpoints: 0, ewMatchpoints: 4, nsPercentage: 0 },
      ],
    });
  });

  it('ranks each field of the two-winner Mitchell, North–South first, with ties as 1=', async () => {
    const q = `query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { number direction players { name memberNumber } } score percentage boardsPlayed official } }`;
    const ranking = dataOf(await t.gql(q, { s: sessionId })).sessionRanking;
    expect(ranking.map((e: any) => [e.contestant.direction, e.contestant.number, e.place, e.score, e.percentage, e.boardsPlayed])).toEqual([
      ['NS', 1, '1=', 7, 58.33, 3],
      ['NS', 2, '1=', 7, 58.33, 3],
      ['NS', 3, '3', 4, 33.33, 3],
      ['EW', 1, '1', 10, 83.33, 3],
      ['EW', 3, '2', 7, 58.33, 3],
      ['EW', 2, '3', 1, 8.33, 3],
    ]);
    expect(ranking[0].contestant.players).toEqual([{ name: 'North 1', memberNumber: 'N1' }, { name: 'South 1', memberNumber: null }]);
    expect(ranking.every((e: any) => e.official === false)).toBe(true);
  });

  it('gives each pair its scorecard', async () => {
    const contestants = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { id number direction } } }`, { e: eventId })).event.contestants;
    const ew1 = contestants.find((c: any) => c.number === 1 && c.direction === 'EW');
    const card = dataOf(
      await t.gql(`query($s: ID!, $c: ID!) { scorecard(sessionId: $s, contestantId: $c) { percentage score matchpoints lines { board direction opponent contract declarer result score matchpoints top } } }`, {
        s: sessionId,
        c: ew1.id,
      }),
    ).scorecard;
    expect(card).toEqual({
      percentage: 83.33,
      score: 10,
      matchpoints: 10, // the deprecated alias of score
      lines: [
        { board: 1, direction: 'EW', opponent: 1, contract: '4S', declarer: 'N', result: '=', score: -420, matchpoints: 2, top: 4 },
        { board: 2, direction: 'EW', opponent: 3, contract: '2H', declarer: 'E', result: '-1', score: -50, matchpoints: 4, top: 4 },
        { board: 3, direction: 'EW', opponent: 2, contract: '3C', declarer: 'W', result: '=', score: 110, matchpoints: 4, top: 4 },
      ],
    });
  });

  it('corrects a line and re-ranks at once', async () => {
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ ...lines[8], result: '+1', correction: { reason: 'Overtrick not entered' } }).expect(201);
    const ns = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { place contestant { number } score } }`, { s: sessionId })).sessionRanking;
    expect(ns.map((e: any) => [e.place, e.contestant.number, e.score])).toEqual([
      ['1=', 1, 7],
      ['1=', 2, 7],
      ['3', 3, 4],
    ]); // +140 instead of +110 is still the top on board 3
  });

  it('carries the session into the event ranking, official once published', async () => {
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { status } }`, { s: sessionId }));
    const ranking = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { place contestant { number direction } percentage official } }`, { e: eventId })).eventRanking;
    expect(ranking).toHaveLength(6);
    expect(ranking.find((r: any) => r.contestant.direction === 'EW' && r.place === '1')).toEqual({ place: '1', contestant: { number: 1, direction: 'EW' }, percentage: 83.33, official: true });
  });
});
