import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { victoryPoints } from '../src/bridge/victory-points.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * A 4-team round robin (Berger: round 1 is 1 v 4 and 2 v 3, two boards), worked by hand:
 * 1 v 4, board 1: +420 (open, 1 NS) v +170 (closed, 4 NS) → 250 → 6 IMPs to team 1;
 *        board 2 (NS vul): +600 v −100 → 700 → 12 IMPs to team 1. Team 1 wins by 18.
 * 2 v 3, board 1: −50 (open, 2 NS) v +420 (closed, 3 NS) → −470 → 10 IMPs to team 3;
 *        board 2: +600 v +600 → 0. Team 3 wins by 10.
 */
describe('teams over the API: match IMPs, VPs, standings', () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;
  const teamIds = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "League", kind: TEAMS, scoring: TEAMS_IMPS, vpScale: WBF_2013 }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: ROUND_ROBIN, tables: 4, boardsPerRound: 2 } }) { id } }`, { s: sessionId }));
    const teams = [1, 2, 3, 4].map((n) => `{ number: ${n}, name: "Team ${n}" }`);
    for (const c of dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${teams.join(',')}] }) { id number } }`, { e: eventId })).addContestants) {
      teamIds.set(c.number, c.id);
    }
    await post([
      { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 4, ewPair: 1, contract: '2S', declarer: 'N', result: '+2' },
      { board: 2, nsPair: 1, ewPair: 4, contract: '3NT', declarer: 'S', result: '=' },
      { board: 2, nsPair: 4, ewPair: 1, contract: '3NT', declarer: 'S', result: '-1' },
      { board: 1, nsPair: 2, ewPair: 3, contract: '4S', declarer: 'N', result: '-1' },
      { board: 1, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { board: 2, nsPair: 2, ewPair: 3, contract: '3NT', declarer: 'S', result: '=' },
      { board: 2, nsPair: 3, ewPair: 2, contract: '3NT', declarer: 'S', result: '=' },
    ]).expect(201);
  });
  afterAll(() => t.close());

  const post = (lines: object[]) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines });
  const ranking = async () =>
    dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { number } score boardsPlayed penalty percentage } }`, { s: sessionId })).sessionRanking;
  const vp = (margin: number) => victoryPoints(margin, 2);

  it('lets a team sit NS in one room and EW in the other on the same board', async () => {
    const board = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair ewPair nsScore nsImps ewImps } } }`, { s: sessionId })).traveller;
    expect(board.lines).toEqual([
      { nsPair: 1, ewPair: 4, nsScore: 420, nsImps: 6, ewImps: -6 },
      { nsPair: 3, ewPair: 2, nsScore: 420, nsImps: 10, ewImps: -10 },
      { nsPair: 4, ewPair: 1, nsScore: 170, nsImps: -6, ewImps: 6 },
      { nsPair: 2, ewPair: 3, nsScore: -50, nsImps: -10, ewImps: 10 },
    ]);
  });

  it('converts each match to WBF 2013 VPs and ranks by VPs', async () => {
    expect(await ranking()).toEqual([
      { place: '1', contestant: { number: 1 }, score: vp(18).winner, boardsPlayed: 2, penalty: null, percentage: null },
      { place: '2', contestant: { number: 3 }, score: vp(10).winner, boardsPlayed: 2, penalty: null, percentage: null },
      { place: '3', contestant: { number: 2 }, score: vp(10).loser, boardsPlayed: 2, penalty: null, percentage: null },
      { place: '4', contestant: { number: 4 }, score: vp(18).loser, boardsPlayed: 2, penalty: null, percentage: null },
    ]);
  });

  it('shows a team its boards with the board’s IMPs on the line where it sat NS', async () => {
    const card = dataOf(await t.gql(`query($s: ID!, $c: ID!) { scorecard(sessionId: $s, contestantId: $c) { matchpoints lines { board direction opponent score imps } } }`, { s: sessionId, c: teamIds.get(1) })).scorecard;
    expect(card.lines).toEqual([
      { board: 1, direction: 'NS', opponent: 4, score: 420, imps: 6 },
      { board: 1, direction: 'EW', opponent: 4, score: -170, imps: null },
      { board: 2, direction: 'NS', opponent: 4, score: 600, imps: 12 },
      { board: 2, direction: 'EW', opponent: 4, score: 100, imps: null },
    ]);
    expect(card.matchpoints).toBe(vp(18).winner);
  });

  it('scores a board only when both rooms have played it', async () => {
    await post([{ board: 3, nsPair: 4, ewPair: 3, contract: '1NT', declarer: 'N', result: '=' }]).expect(201); // round 2: 2 v 1 and 4 v 3, home first
    expect((await ranking()).map((r: any) => r.boardsPlayed)).toEqual([2, 2, 2, 2]);
  });

  it('takes an IMP penalty off the match before the VP conversion, and a VP penalty off the total (Law 90)', async () => {
    const wrong = await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "1", reason: "Slow play" }) { id } }`, { s: sessionId, c: teamIds.get(3) });
    expect(wrong.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['unit'] }, message: expect.stringMatching(/takes penalties in IMP, VP, DISQUALIFIED, not MP/) });
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: IMP, amount: "3", board: 1, reason: "Slow play" }) { id } }`, { s: sessionId, c: teamIds.get(3) }));
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: VP, amount: "1", reason: "Late arrival" }) { id } }`, { s: sessionId, c: teamIds.get(1) }));
    const byTeam = new Map((await ranking()).map((r: any) => [r.contestant.number, r]));
    expect(byTeam.get(3)).toMatchObject({ score: vp(7).winner, penalty: Number((vp(10).winner - vp(7).winner).toFixed(2)) });
    expect(byTeam.get(2)).toMatchObject({ score: vp(10).loser, penalty: null }); // the opponents keep their own result
    expect(byTeam.get(1)).toMatchObject({ score: Number((vp(18).winner - 1).toFixed(2)), penalty: 1 });
  });

  it('carries the session into the event ranking', async () => {
    const event = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { contestant { number } score standing official } }`, { e: eventId })).eventRanking;
    expect(event.map((r: any) => r.contestant.number)).toEqual([1, 3, 2, 4]);
    expect(event[0]).toMatchObject({ standing: 'PROVISIONAL', official: false });
  });
});
