import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { adjust, buildEvent, eventRanking, postLines, row, sessionRanking, traveller } from './support/events.js';

/**
 * Laws and conventions a director would try, each through the API, each worked by hand. Every
 * case here was scored wrongly before the scoring moved into one pure core (issue 12).
 */
describe('scoring fidelity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Pairs 1–3 sit NS, 4–6 EW; all in one field. Boards 1 and 2 played, board 3 as given. */
  const twoBoards = [
    { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' }, // +420
    { board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '-1' }, // −50
    { board: 1, nsPair: 3, ewPair: 6, contract: '2S', declarer: 'N', result: '+2' }, // +170
    { board: 2, nsPair: 1, ewPair: 5, contract: '3NT', declarer: 'N', result: '=' }, // +600 (NS vul)
    { board: 2, nsPair: 2, ewPair: 6, contract: '3NT', declarer: 'N', result: '-1' }, // −100
    { board: 2, nsPair: 3, ewPair: 4, contract: '2NT', declarer: 'N', result: '=' }, // +120
  ];
  const session3x3 = [['letter: "A", tables: 3, boards: [1, 2, 3]']];

  describe('Law 12C2(c): the session percentage replaces average plus or minus', () => {
    it('gives a non-offending pair that topped its other boards 100 % on its A+ board, and 1st', async () => {
      const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, sessions: session3x3 });
      const s = e.sessionIds[0];
      await postLines(t, s, [
        ...twoBoards,
        { board: 3, nsPair: 2, ewPair: 4, contract: '4H', declarer: 'N', result: '=' }, // +420
        { board: 3, nsPair: 3, ewPair: 5, contract: '4H', declarer: 'N', result: '-1' }, // −50
      ]);
      await adjust(t, s, 'board: 3, nsPair: 1, ewPair: 6, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Fouled by EW"');
      // Pair 1: 4 + 4 of 8 on boards 1–2 = 100 %, so board 3 is 100 % of the top 4, not 60 % (2.4).
      const line = (await traveller(t, s, 3)).lines.find((l: any) => l.nsPair === 1);
      expect(line).toMatchObject({ nsMatchpoints: 4, ewMatchpoints: 1.6, nsPercentage: 100 });
      const ranking = await sessionRanking(t, s);
      expect(row(ranking, 1)).toMatchObject({ place: '1', percentage: 100, score: 12 });
      // With the rule switched off (an event option) the old figure comes back: 10.4 of 12.
      dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { sessionPercentageRule: false }) { sessionPercentageRule } }`, { e: e.eventId }));
      expect(row(await sessionRanking(t, s), 1)).toMatchObject({ percentage: 86.67, score: 10.4 });
    });

    it('lets an offender below 40 % keep its own lower percentage', async () => {
      const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, sessions: session3x3 });
      const s = e.sessionIds[0];
      await postLines(t, s, [
        ...twoBoards,
        { board: 3, nsPair: 1, ewPair: 6, contract: '4H', declarer: 'N', result: '=' },
        { board: 3, nsPair: 3, ewPair: 5, contract: '4H', declarer: 'N', result: '-1' },
      ]);
      await adjust(t, s, 'board: 3, nsPair: 2, ewPair: 4, kind: ARTIFICIAL, ns: A_MINUS, ew: A_PLUS, reason: "Slow play by NS"');
      // Pair 2 scored 0 of 8 on boards 1–2: its A− is 0 %, not 40 %. Pair 4 (25 % elsewhere) keeps 60 %.
      const line = (await traveller(t, s, 3)).lines.find((l: any) => l.nsPair === 2);
      expect(line).toMatchObject({ nsMatchpoints: 0, ewMatchpoints: 2.4 });
      expect(row(await sessionRanking(t, s), 2)).toMatchObject({ percentage: 0, score: 0 });
    });

    it('uses the pair’s IMPs per board on its other boards in IMP pairs', async () => {
      const e = await buildEvent(t, { scoring: 'CROSS_IMPS', pairs: 6, sessions: session3x3 });
      const s = e.sessionIds[0];
      await postLines(t, s, [
        ...twoBoards,
        { board: 3, nsPair: 2, ewPair: 4, contract: '4H', declarer: 'N', result: '=' },
        { board: 3, nsPair: 3, ewPair: 5, contract: '4H', declarer: 'N', result: '-1' },
      ]);
      await adjust(t, s, 'board: 3, nsPair: 1, ewPair: 6, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Fouled by EW"');
      // Pair 1: +420 v −50, +170 → (10 + 6)/2 = 8; +600 v −100, +120 → (12 + 10)/2 = 11. Its A+ is
      // its average 9.5, not +3. Pair 6 (0 and +9 elsewhere, 4.5 a board) stays at −3.
      const line = (await traveller(t, s, 3)).lines.find((l: any) => l.nsPair === 1);
      expect(line).toMatchObject({ nsImps: 9.5, ewImps: -3 });
      expect(row(await sessionRanking(t, s), 1)).toMatchObject({ score: 28.5 });
    });
  });

  it('credits an arrow-switched round to the pairs that sat there, and ranks one field', async () => {
    const contestants = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
    const e = await buildEvent(t, {
      scoring: 'MATCHPOINTS',
      contestants,
      sessions: [['letter: "A", movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, arrowSwitchRounds: [3] }']],
    });
    const s = e.sessionIds[0];
    // Round r, table t: NS t v EW ((t − r) mod 3) + 1 on board ((t + r − 2) mod 3) + 1; round 3 switched.
    await postLines(t, s, [
      { round: 1, table: 1, board: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
      { round: 2, table: 3, board: 1, nsPair: 3, ewPair: 2, contract: '2S', declarer: 'N', result: '+2' },
      { round: 3, table: 2, board: 1, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '-1' }, // EW 3 sits NS v NS 2
      { round: 1, table: 2, board: 2, nsPair: 2, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { round: 2, table: 1, board: 2, nsPair: 1, ewPair: 3, contract: '2S', declarer: 'N', result: '+1' },
      { round: 3, table: 3, board: 2, nsPair: 1, ewPair: 3, contract: '4S', declarer: 'N', result: '-1' }, // EW 1 v NS 3
      { round: 1, table: 3, board: 3, nsPair: 3, ewPair: 3, contract: '4H', declarer: 'N', result: '=' },
      { round: 2, table: 2, board: 3, nsPair: 2, ewPair: 1, contract: '3H', declarer: 'N', result: '=' },
    ]);
    // The line the issue named: round 3, table 1, EW 2 sitting NS v NS 1 on board 3. "NS 2 v EW 1"
    // on board 3 also happened in round 2, a different line: neither is a conflict.
    const switched = await t.http().post(`/api/v1/sessions/${s}/results`).send({ round: 3, table: 1, board: 3, nsPair: 2, ewPair: 1, contract: '4H', declarer: 'N', result: '-1' });
    expect(switched.status).toBe(201);
    const card = dataOf(await t.gql(`query($s: ID!, $c: ID!) { scorecard(sessionId: $s, contestantId: $c) { lines { board direction opponent } } }`, { s, c: e.id(2, 'EW') })).scorecard;
    expect(card.lines.find((l: any) => l.board === 3)).toEqual({ board: 3, direction: 'NS', opponent: 1 });
    const ranking = await sessionRanking(t, s);
    expect(ranking).toHaveLength(6);
    expect(new Set(ranking.map((r) => r.field))).toEqual(new Set(['']));
    // NS-seat MPs per board 4, 2, 0 in the order posted: every home-NS pair made 10 of 12.
    expect(ranking.filter((r) => r.place === '1=').map((r) => r.contestant.direction)).toEqual(['NS', 'NS', 'NS']);
    expect(row(ranking, 1, 'NS').percentage).toBe(83.33);
    expect(row(ranking, 2, 'EW')).toMatchObject({ place: '4=', percentage: 16.67 });
  });

  describe('carry-over combines session percentages, never raw matchpoints', () => {
    it('weights sessions by boards, or equally when the event says so', async () => {
      const e = await buildEvent(t, {
        scoring: 'MATCHPOINTS',
        pairs: 6,
        sessions: [['letter: "A", tables: 3, boards: [1, 2]'], ['letter: "A", tables: 2, boards: [1, 2, 3, 4]']],
      });
      // Session 1 (top 4): pair 1 scores 4 and 2 of 8 = 75 %.
      await postLines(t, e.sessionIds[0], [
        { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 3, ewPair: 4, contract: '2S', declarer: 'N', result: '+2' },
        { board: 1, nsPair: 5, ewPair: 6, contract: '4S', declarer: 'N', result: '-1' },
        { board: 2, nsPair: 5, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board: 2, nsPair: 1, ewPair: 4, contract: '2S', declarer: 'N', result: '+1' },
        { board: 2, nsPair: 3, ewPair: 6, contract: '4S', declarer: 'N', result: '-1' },
      ]);
      // Session 2 (top 2): pair 1 scores 1, 0, 1, 0 of 8 = 25 %.
      await postLines(t, e.sessionIds[1], [
        { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
        { board: 2, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
        { board: 2, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board: 3, nsPair: 1, ewPair: 2, contract: '2S', declarer: 'N', result: '=' },
        { board: 3, nsPair: 3, ewPair: 4, contract: '2S', declarer: 'N', result: '=' },
        { board: 4, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
        { board: 4, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      ]);
      // By boards: (2 × 75 + 4 × 25) / 6 = 41.67 %, shown as 41.67 % of 6 boards' common top 4 = 10.
      expect(row(await eventRanking(t, e.eventId), 1)).toMatchObject({ percentage: 41.67, score: 10, boardsPlayed: 6 });
      dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { sessionWeighting: EQUAL }) { sessionWeighting } }`, { e: e.eventId }));
      expect(row(await eventRanking(t, e.eventId), 1)).toMatchObject({ percentage: 50, score: 12 });
    });
  });

  it('takes a Law 90 percentage of the pair’s own top, not the session’s largest', async () => {
    const pairs = [1, 2, 3, 4].map((n) => `{ number: ${n}, section: "A" }`).concat([1, 2, 3, 4, 5, 6].map((n) => `{ number: ${n}, section: "B" }`));
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', contestants: pairs, sessions: [['letter: "A", tables: 2, boards: [1, 2, 3]', 'letter: "B", tables: 3, boards: [1, 2, 3]']] });
    const s = e.sessionIds[0];
    const lines = [1, 2, 3].flatMap((board) => [
      { section: 'A', board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { section: 'A', board, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
      { section: 'B', board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { section: 'B', board, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
      { section: 'B', board, nsPair: 5, ewPair: 6, contract: '2S', declarer: 'N', result: '=' },
    ]);
    await postLines(t, s, lines);
    const a1 = e.contestants.find((c) => c.number === 1)!.id;
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: PERCENT_OF_TOP, amount: "25", reason: "Slow play" }) { id } }`, { s, c: a1 }));
    // A 1 topped its three boards (top 2): 6 of 6. 25 % of its own top 2 is 0.5: 5.5 of 6. (A 4,
    // EW against −50 every time, is 1st of section A's one field with 100 %.)
    const ranking = await sessionRanking(t, s);
    expect(ranking.find((r) => r.contestant.id === a1)).toMatchObject({ field: 'A', place: '2', percentage: 91.67, penalty: 0.5, score: 5.5 });
    expect(ranking.filter((r) => r.field === 'B')).toHaveLength(6);
  });

  describe('teams', () => {
    /** Four teams, a Berger round robin of one board a round; round 1 is 1 v 4 and 2 v 3. */
    async function league(options = 'vpScale: WBF_2013', teams = 4) {
      const e = await buildEvent(t, { kind: 'TEAMS', scoring: 'TEAMS_IMPS', options, pairs: teams, sessions: [[`letter: "A", movement: { kind: ROUND_ROBIN, tables: ${teams}, boardsPerRound: 1 }`]] });
      return e;
    }

    it('removes a disqualified team before places are given (Law 91)', async () => {
      const e = await league();
      const s = e.sessionIds[0];
      await postLines(t, s, [
        { round: 1, table: 1, board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' }, // +420
        { round: 1, table: 3, board: 1, nsPair: 4, ewPair: 1, contract: '2S', declarer: 'N', result: '+2' }, // +170: 6 IMPs to 1
        { round: 1, table: 2, board: 1, nsPair: 2, ewPair: 3, contract: '4S', declarer: 'N', result: '=' }, // +420
        { round: 1, table: 4, board: 1, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '-1' }, // −50: 10 IMPs to 2
      ]);
      expect((await sessionRanking(t, s)).map((r) => [r.contestant.number, r.place])).toEqual([[2, '1'], [1, '2'], [4, '3'], [3, '4']]);
      dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: DISQUALIFIED, reason: "Collusion" }) { id } }`, { s, c: e.id(2) }));
      expect((await sessionRanking(t, s)).map((r) => [r.contestant.number, r.place])).toEqual([[1, '1'], [4, '2'], [3, '3']]);
    });

    it('awards a round robin’s bye its VPs: 12 of 20 unless the event says otherwise', async () => {
      const e = await league('vpScale: WBF_2013', 3);
      const s = e.sessionIds[0];
      // Three teams: round 1 is 2 v 3 (tables 2 and 4), and team 1 meets the bye (tables 1 and 3).
      await postLines(t, s, [
        { round: 1, table: 2, board: 1, nsPair: 2, ewPair: 3, contract: '4S', declarer: 'N', result: '=' },
        { round: 1, table: 4, board: 1, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      ]);
      const ranking = await sessionRanking(t, s);
      expect(row(ranking, 1)).toMatchObject({ score: 12, place: '1' });
      expect(row(ranking, 2).score).toBe(10);
      dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { byeAward: { rule: FIXED, vps: 9 } }) { byeAward { rule vps } } }`, { e: e.eventId }));
      expect(row(await sessionRanking(t, s), 1).score).toBe(9);
    });

    it('awards a Swiss bye and a forfeit the director records', async () => {
      const e = await buildEvent(t, { kind: 'TEAMS', scoring: 'TEAMS_IMPS', options: 'vpScale: WBF_2013', pairs: 5, sessions: [['letter: "A", tables: 2, boards: [1]']] });
      const s = e.sessionIds[0];
      await postLines(t, s, [
        { round: 1, board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { round: 1, board: 1, nsPair: 2, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
      ]);
      const record = (input: string) => t.gql(`mutation($s: ID!) { recordMatchAward(input: { sessionId: $s, round: 1, ${input} }) { id kind } }`, { s });
      dataOf(await record(`kind: BYE, contestantId: "${e.id(3)}", reason: "Odd number of teams"`));
      dataOf(await record(`kind: FORFEIT, contestantId: "${e.id(4)}", opponentId: "${e.id(5)}", reason: "Team 4 did not turn up"`));
      const ranking = await sessionRanking(t, s);
      expect([3, 5, 1, 4].map((n) => row(ranking, n).score)).toEqual([12, 12, 10, 0]);
      // A team that played the round cannot also have a bye in it.
      const twice = await record(`kind: BYE, contestantId: "${e.id(1)}", reason: "By mistake"`);
      expect(twice.errors?.[0].extensions?.code).toBe('CONFLICT');
    });
  });

  describe('weighted assigned scores in Butler and cross-IMPs (DOMAIN §4.5)', () => {
    /** Four tables on board 1: +420, +170, −50, and table 4 assigned ½ of 4S+1 (+450) and ½ of 4S−1 (−50). */
    async function weightedBoard(scoring: string) {
      const e = await buildEvent(t, { scoring, pairs: 8, sessions: [['letter: "A", tables: 4, boards: [1]']] });
      const s = e.sessionIds[0];
      await postLines(t, s, [
        { board: 1, nsPair: 1, ewPair: 5, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 2, ewPair: 6, contract: '2S', declarer: 'N', result: '+2' },
        { board: 1, nsPair: 3, ewPair: 7, contract: '4S', declarer: 'N', result: '-1' },
      ]);
      await adjust(t, s, 'board: 1, nsPair: 4, ewPair: 8, kind: ASSIGNED, assigned: [{ contract: "4S", declarer: N, result: "+1", weight: "1/2" }, { contract: "4S", declarer: N, result: "-1", weight: "1/2" }], reason: "Misinformation"');
      return (await traveller(t, s, 1)).lines as { nsPair: number; nsImps: number; ewImps: number }[];
    }

    it('compares the field with each version of the weighted line in cross-IMPs: the board balances', async () => {
      const lines = await weightedBoard('CROSS_IMPS');
      // +420 against 170, −50 and 450: (6 + 10 − 1)/3 = 5; against 170, −50, −50: 26/3; weighted: 41/6.
      expect(lines.find((l) => l.nsPair === 1)!.nsImps).toBe(6.83);
      const total = lines.reduce((sum, l) => sum + l.nsImps, 0);
      expect(Math.abs(total)).toBeLessThan(0.03);
      expect(lines.find((l) => l.nsPair === 2)!.nsImps).not.toBe(0);
    });

    it('gives each version of the board its own Butler datum', async () => {
      const lines = await weightedBoard('BUTLER');
      // With +450: drop −50 and 450, datum 295 → 300, +420 is +120 = 3 IMPs. With −50: drop one −50
      // and 420, datum 60, +420 is +360 = 8 IMPs. Weighted: 5.5.
      expect(lines.find((l) => l.nsPair === 1)!.nsImps).toBe(5.5);
      expect(lines.find((l) => l.nsPair === 4)!.nsImps).not.toBe(0);
    });
  });
});
