import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { discreteWbfVictoryPoints, victoryPoints } from '../src/bridge/victory-points.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { adjust, buildEvent, eventRanking, postLines, row, sessionRanking, traveller } from './support/events.js';

/** Every scoring rule an event can set (../shared/API.md): settable, read back, validated, honoured. */
describe('event scoring options', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const RULES = `factoring fouledSmallGroups matchpointScale sessionPercentageRule butlerDatumRounding impDifferenceRounding impCapPerRound crossImpComparisons scoreAcross sessionWeighting vpScale vpBoards vpFractionalMargin teamsTotalPoints boardAMatchTenIsTie tieBreaks knockout
    artificialScores { averagePlus average averageMinus imps } butlerTrim { perEnd percentPerEnd } byeAward { rule vps } forfeitAward { rule vps loserVps }
    customVpScale { name ranges { minBoards maxBoards steps { fromImps winner loser } } } carryOver { team opponent imps }`;

  it('reads back the defaults, takes every option, and keeps what an update leaves null', async () => {
    const plain = dataOf(await t.gql(`mutation { createEvent(input: { name: "Defaults", kind: PAIRS, scoring: MATCHPOINTS }) { id ${RULES} } }`)).createEvent;
    expect(plain).toMatchObject({
      factoring: 'NEUBERG',
      fouledSmallGroups: 'NEUBERG',
      matchpointScale: 'TWO_POINT',
      sessionPercentageRule: true,
      butlerTrim: null,
      butlerDatumRounding: 'NEAREST_10',
      impDifferenceRounding: 'HALF_OPEN',
      impCapPerRound: null,
      crossImpComparisons: null,
      scoreAcross: 'SECTION',
      sessionWeighting: 'BOARDS',
      artificialScores: { averagePlus: 60, average: 50, averageMinus: 40, imps: 3 },
      tieBreaks: ['HEAD_TO_HEAD_VP', 'HEAD_TO_HEAD_IMP', 'IMP_QUOTIENT', 'MATCHES_WON'],
      byeAward: { rule: 'FIXED', vps: null },
      forfeitAward: { rule: 'FIXED', vps: null, loserVps: 0 },
      knockout: false,
      carryOver: [],
      vpFractionalMargin: 'INTERPOLATE',
      teamsTotalPoints: 'AGGREGATE',
      boardAMatchTenIsTie: false,
    });
    const set = dataOf(
      await t.gql(`mutation { createEvent(input: { name: "Set", kind: TEAMS, scoring: TEAMS_IMPS, factoring: RATIO, matchpointScale: ONE_POINT, sessionPercentageRule: false,
        artificialScores: { averagePlus: 65, imps: 2 }, butlerTrim: { percentPerEnd: 10 }, butlerDatumRounding: TOWARD_ZERO_10, impCapPerRound: 12, scoreAcross: SESSION,
        sessionWeighting: EQUAL, vpScale: CUSTOM, customVpScale: { name: "Club", ranges: [{ minBoards: 1, maxBoards: 40, steps: [{ fromImps: 0, winner: 10, loser: 10 }, { fromImps: 1, winner: 12, loser: 8 }] }] },
        vpBoards: SCHEDULED, vpFractionalMargin: FORMULA, tieBreaks: [IMP_QUOTIENT, HEAD_TO_HEAD_VP], byeAward: { rule: OWN_AVERAGE }, forfeitAward: { rule: FIXED, vps: 15, loserVps: 2 }, knockout: true }) { id ${RULES} } }`),
    ).createEvent;
    expect(set).toMatchObject({
      factoring: 'RATIO',
      matchpointScale: 'ONE_POINT',
      sessionPercentageRule: false,
      artificialScores: { averagePlus: 65, average: 50, averageMinus: 40, imps: 2 },
      butlerTrim: { perEnd: null, percentPerEnd: 10 },
      butlerDatumRounding: 'TOWARD_ZERO_10',
      impCapPerRound: 12,
      scoreAcross: 'SESSION',
      sessionWeighting: 'EQUAL',
      vpScale: 'CUSTOM',
      customVpScale: { name: 'Club', ranges: [{ minBoards: 1, maxBoards: 40, steps: [{ fromImps: 0, winner: 10, loser: 10 }, { fromImps: 1, winner: 12, loser: 8 }] }] },
      vpBoards: 'SCHEDULED',
      vpFractionalMargin: 'FORMULA',
      tieBreaks: ['IMP_QUOTIENT', 'HEAD_TO_HEAD_VP'],
      byeAward: { rule: 'OWN_AVERAGE', vps: null },
      forfeitAward: { rule: 'FIXED', vps: 15, loserVps: 2 },
      knockout: true,
    });
    const updated = dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { artificialScores: { averageMinus: 35 }, factoring: null }) { ${RULES} } }`, { e: set.id })).updateEvent;
    expect(updated).toMatchObject({ factoring: 'RATIO', artificialScores: { averagePlus: 65, average: 50, averageMinus: 35, imps: 2 }, impCapPerRound: 12 });
  });

  it('refuses options that cannot be honoured, naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['kind: PAIRS, scoring: BUTLER, butlerTrim: { perEnd: 1, percentPerEnd: 10 }', 'butlerTrim', /one of perEnd or percentPerEnd/],
      ['kind: PAIRS, scoring: MATCHPOINTS, knockout: true', 'knockout', /kind TEAMS/],
      ['kind: TEAMS, scoring: TEAMS_IMPS, vpScale: CUSTOM', 'customVpScale', /needs the table/],
      ['kind: TEAMS, scoring: TEAMS_IMPS, vpScale: CUSTOM, customVpScale: { name: "x", ranges: [{ minBoards: 1, maxBoards: 8, steps: [{ fromImps: 2, winner: 11, loser: 9 }] }] }', 'customVpScale', /start at 0 IMPs/],
      ['kind: TEAMS, scoring: TEAMS_IMPS, tieBreaks: [IMP_QUOTIENT, IMP_QUOTIENT]', 'tieBreaks', /once/],
    ];
    for (const [input, field, message] of cases) {
      const res = await t.gql(`mutation { createEvent(input: { name: "Bad", ${input} }) { id } }`);
      expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: [field] } });
      expect(res.errors?.[0].message).toMatch(message);
    }
    const range = await t.gql(`mutation { createEvent(input: { name: "Bad", kind: PAIRS, scoring: MATCHPOINTS, artificialScores: { averagePlus: 160 } }) { id } }`);
    expect(range.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  /** Three tables, board 1 played at all three, board 2 at two of them: N = 3 for both. */
  async function shortBoard(options: string) {
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', options, pairs: 6, sessions: [['letter: "A", tables: 3, boards: [1, 2]']] });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '-1' },
      { board: 1, nsPair: 3, ewPair: 6, contract: '2S', declarer: 'N', result: '+2' },
      { board: 2, nsPair: 1, ewPair: 5, contract: '4S', declarer: 'N', result: '=' },
      { board: 2, nsPair: 2, ewPair: 6, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    return e;
  }

  it('factors a short board by Neuberg, or by straight ratio', async () => {
    const neuberg = await shortBoard('factoring: NEUBERG');
    // Two results of three: the top among two (2) becomes (2 + 1)·3/2 − 1 = 3.5; ratio: 2·2/1 = 4.
    expect((await traveller(t, neuberg.sessionIds[0], 2)).lines.map((l: any) => l.nsMatchpoints)).toEqual([3.5, 0.5]);
    const ratio = await shortBoard('factoring: RATIO');
    expect((await traveller(t, ratio.sessionIds[0], 2)).lines.map((l: any) => l.nsMatchpoints)).toEqual([4, 0]);
  });

  /** Board 1 at four tables, none vulnerable: +420, +150, −100, −200 (NS pairs 1–4 against 5–8). */
  async function fourTables(scoring: string, options: string) {
    const e = await buildEvent(t, { scoring, options, pairs: 8, sessions: [['letter: "A", tables: 4, boards: [1]']] });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 5, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 2, ewPair: 6, contract: '1NT', declarer: 'N', result: '+2' },
      { board: 1, nsPair: 3, ewPair: 7, contract: '4S', declarer: 'N', result: '-2' },
      { board: 1, nsPair: 4, ewPair: 8, contract: '6NT', declarer: 'N', result: '-4' },
    ]);
    return e;
  }

  it('factors a fouled board’s lone version by Neuberg, or gives it a fixed 60 % (Law 87, DOMAIN §3.2)', async () => {
    // Board 1 at four tables; the fourth played another version of it (form 2), alone: top 6.
    const fouled = async (options: string) => {
      const e = await fourTables('MATCHPOINTS', options);
      dataOf(await t.gql(`mutation($s: ID!) { markFouledBoard(input: { sessionId: $s, board: 1, form: 2, lines: [{ board: 1, nsPair: 4, ewPair: 8 }], reason: "Cards exchanged" }) }`, { s: e.sessionIds[0] }));
      return (await traveller(t, e.sessionIds[0], 1)).lines.find((l: any) => l.nsPair === 4);
    };
    expect(await fouled('')).toMatchObject({ nsMatchpoints: 3, ewMatchpoints: 3 });
    expect(await fouled('fouledSmallGroups: FIXED_PERCENTAGES')).toMatchObject({ nsMatchpoints: 3.6, ewMatchpoints: 3.6 });
  });

  it('values artificial scores as the event sets them', async () => {
    const e = await shortBoard('artificialScores: { averagePlus: 65, averageMinus: 30 }, sessionPercentageRule: false');
    await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 3, ewPair: 4, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Late arrival of EW"');
    const line = (await traveller(t, e.sessionIds[0], 2)).lines.find((l: any) => l.nsPair === 3);
    expect(line).toMatchObject({ nsMatchpoints: 2.6, ewMatchpoints: 1.2 });
  });

  it('varies a pair’s later artificial scores of a session as the event sets them (Law 12C2(d))', async () => {
    const e = await shortBoard('multipleArtificial: { from: 2, averagePlus: 50 }, sessionPercentageRule: false');
    const rules = `multipleArtificial { from averagePlus average averageMinus imps }`;
    const read = async () => dataOf(await t.gql(`query($e: ID!) { event(id: $e) { ${rules} } }`, { e: e.eventId })).event.multipleArtificial;
    // The values not given are the event's own.
    expect(await read()).toEqual({ from: 2, averagePlus: 50, average: 50, averageMinus: 40, imps: 3 });
    // Pair 3 (NS) has no result on either board: A+ on board 1 (its first, 60 % of 4) and board 2 (its second, 50 %).
    await adjust(t, e.sessionIds[0], 'board: 1, nsPair: 3, ewPair: 6, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Board fouled at the table"');
    await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 3, ewPair: 4, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Late arrival of EW"');
    const pair3 = async () => Promise.all([1, 2].map(async (board) => (await traveller(t, e.sessionIds[0], board)).lines.find((l: any) => l.nsPair === 3)));
    expect((await pair3()).map((l: any) => [l.nsMatchpoints, l.ewMatchpoints])).toEqual([
      [2.4, 1.6],
      [2, 1.6],
    ]);
    // An update keeps the values in force; from: 0 turns the rule off, and every A+ is 60 % again.
    const updated = dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { multipleArtificial: { from: 3 } }) { ${rules} } }`, { e: e.eventId })).updateEvent;
    expect(updated.multipleArtificial).toEqual({ from: 3, averagePlus: 50, average: 50, averageMinus: 40, imps: 3 });
    expect((await pair3()).map((l: any) => l.nsMatchpoints)).toEqual([2.4, 2.4]);
    await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { multipleArtificial: { from: 2 } }) { id } }`, { e: e.eventId });
    expect((await pair3()).map((l: any) => l.nsMatchpoints)).toEqual([2.4, 2]);
    expect(dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { multipleArtificial: { from: 0 } }) { ${rules} } }`, { e: e.eventId })).updateEvent.multipleArtificial).toBeNull();
    expect((await pair3()).map((l: any) => l.nsMatchpoints)).toEqual([2.4, 2.4]);
    // Refused where nothing would score it, and where it would vary every artificial score.
    for (const [input, message] of [
      ['kind: TEAMS, scoring: TOTAL_POINTS, multipleArtificial: { from: 2 }', /matchpoints or IMPs, not total points/],
      ['kind: PAIRS, scoring: TOTAL_POINTS, multipleArtificial: { from: 2 }', /matchpoints or IMPs, not total points/],
      ['kind: PAIRS, scoring: MATCHPOINTS, multipleArtificial: { from: 1 }', /set artificialScores instead/],
    ] as const) {
      const res = await t.gql(`mutation { createEvent(input: { name: "Bad", ${input} }) { id } }`);
      expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(res.errors?.[0].message).toMatch(message);
    }
    // Teams in IMPs take it too (a team's later boards with an artificial score).
    const teams = await t.gql(`mutation { createEvent(input: { name: "Teams", kind: TEAMS, scoring: TEAMS_IMPS, multipleArtificial: { from: 3, imps: 2 } }) { ${rules} } }`);
    expect(dataOf(teams).createEvent.multipleArtificial).toEqual({ from: 3, averagePlus: 60, average: 50, averageMinus: 40, imps: 2 });
    const over = await t.gql(`mutation { createEvent(input: { name: "Bad", kind: PAIRS, scoring: MATCHPOINTS, multipleArtificial: { from: 501 } }) { id } }`);
    expect(over.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('trims and rounds the Butler datum as the event sets it', async () => {
    // Board 1 at four tables, none vulnerable: +420, +150, −100, −200.
    const butler = async (options: string) => {
      const e = await fourTables('BUTLER', options);
      return (await traveller(t, e.sessionIds[0], 1)).lines.find((l: any) => l.nsPair === 2).nsImps;
    };
    // Default: one dropped at each end, datum (−100 + 150)/2 = 25 → 30; +150 is +120 = 3 IMPs.
    expect(await butler('butlerDatumRounding: NEAREST_10')).toBe(3);
    // All kept (perEnd 0): mean 67.5 → 70 to the nearest 10 (+80 = 2 IMPs), 60 toward zero (+90 = 3).
    expect(await butler('butlerTrim: { perEnd: 0 }, butlerDatumRounding: NEAREST_10')).toBe(2);
    expect(await butler('butlerTrim: { perEnd: 0 }, butlerDatumRounding: TOWARD_ZERO_10')).toBe(3);
    // Unrounded, the datum stays 25: +150 is +125, in the 90–129 step (3 IMPs), or 130 once rounded to 10 first (4 IMPs).
    expect(await butler('butlerDatumRounding: NONE')).toBe(3);
    expect(await butler('butlerDatumRounding: NONE, impDifferenceRounding: NEAREST_10')).toBe(4);
  });

  it('averages cross-IMPs over a board’s comparisons, or scales them to the event’s fixed number (DOMAIN §4.4)', async () => {
    // Board 1 at three tables: +420, +420, −50. A +420 line: 0 and +10 IMPs, average 5; the −50 line: −10 twice, −10.
    const cross = async (options: string) => {
      const e = await buildEvent(t, { scoring: 'CROSS_IMPS', options, pairs: 6, sessions: [['letter: "A", tables: 3, boards: [1]']] });
      await postLines(t, e.sessionIds[0], [
        { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 3, ewPair: 6, contract: '4S', declarer: 'N', result: '-1' },
      ]);
      return (await traveller(t, e.sessionIds[0], 1)).lines.map((l: any) => [l.nsPair, l.nsImps]);
    };
    expect(await cross('')).toEqual([[1, 5], [2, 5], [3, -10]]);
    expect(await cross('crossImpComparisons: 4')).toEqual([[1, 20], [2, 20], [3, -40]]);
  });

  it('caps the IMPs a pair wins in one round', async () => {
    const capped = async (options: string) => {
      const e = await buildEvent(t, { scoring: 'CROSS_IMPS', options, pairs: 6, sessions: [['letter: "A", tables: 3, boards: [1, 2]']] });
      await postLines(t, e.sessionIds[0], [
        { round: 1, board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
        { round: 1, board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '-1' },
        { round: 1, board: 1, nsPair: 3, ewPair: 6, contract: '2S', declarer: 'N', result: '+2' },
        { round: 1, board: 2, nsPair: 1, ewPair: 4, contract: '3NT', declarer: 'N', result: '=' },
        { round: 1, board: 2, nsPair: 2, ewPair: 5, contract: '3NT', declarer: 'N', result: '-1' },
        { round: 1, board: 2, nsPair: 3, ewPair: 6, contract: '2NT', declarer: 'N', result: '=' },
      ]);
      return sessionRanking(t, e.sessionIds[0]);
    };
    // Pair 1 wins 8 + 11 = 19 IMPs in round 1; pair 2 loses 8 + 9 = 17 (losses are not capped).
    expect(row(await capped(''), 1).score).toBe(19);
    const ranking = await capped('impCapPerRound: 12');
    expect(row(ranking, 1).score).toBe(12);
    expect(row(ranking, 2).score).toBe(-17);
  });

  it('scores sections of a session that play the same boards as one field when the event says SESSION', async () => {
    const across = async (scoreAcross: string) => {
      const e = await buildEvent(t, { scoring: 'MATCHPOINTS', options: `scoreAcross: ${scoreAcross}`, pairs: 8, sessions: [['letter: "A", tables: 2, boards: [1]', 'letter: "B", tables: 2, boards: [1]']] });
      await postLines(t, e.sessionIds[0], [
        { section: 'A', board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }, // +420
        { section: 'A', board: 1, nsPair: 3, ewPair: 4, contract: '2S', declarer: 'N', result: '+2' }, // +170
        { section: 'B', board: 1, nsPair: 5, ewPair: 6, contract: '4S', declarer: 'N', result: '-1' }, // −50
        { section: 'B', board: 1, nsPair: 7, ewPair: 8, contract: '4S', declarer: 'N', result: '+1' }, // +450
      ]);
      return { board: await traveller(t, e.sessionIds[0], 1), ranking: await sessionRanking(t, e.sessionIds[0]) };
    };
    const apart = await across('SECTION');
    expect(apart.board.lines.map((l: any) => [l.section, l.nsPair, l.nsMatchpoints])).toEqual([['A', 1, 2], ['A', 3, 0], ['B', 7, 2], ['B', 5, 0]]);
    expect(new Set(apart.ranking.map((r) => r.field))).toEqual(new Set(['A', 'B']));
    const together = await across('SESSION');
    expect(together.board.top).toBe(6);
    expect(together.board.lines.map((l: any) => [l.nsPair, l.nsMatchpoints])).toEqual([[1, 4], [3, 2], [7, 6], [5, 0]]);
    expect(new Set(together.ranking.map((r) => r.field))).toEqual(new Set(['']));
    expect(row(together.ranking, 7).place).toBe('1=');
  });

  it('leaves an absent pair’s line out of the comparisons (ABSENT_PAIR)', async () => {
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, sessions: [['letter: "A", tables: 3, boards: [1]']] });
    const s = e.sessionIds[0];
    await postLines(t, s, [
      { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 2, ewPair: 5, contract: '2S', declarer: 'N', result: '+2' },
    ]);
    const line = await adjust(t, s, 'board: 1, nsPair: 3, ewPair: 6, kind: ABSENT_PAIR, absentDirection: EW, reason: "EW 6 did not arrive"');
    expect(line.adjustment).toBe('EW absent: NS 60%, EW 0% (Law 12)');
    // The two tables that played are matchpointed between themselves: top 2, NS 3 gets 60 % of it.
    const board = await traveller(t, s, 1);
    expect(board.top).toBe(2);
    expect(board.lines.map((l: any) => [l.nsPair, l.nsMatchpoints, l.ewMatchpoints])).toEqual([[1, 2, 0], [2, 0, 2], [3, 1.2, 0]]);
    const imps = await buildEvent(t, { scoring: 'CROSS_IMPS', pairs: 2, sessions: [['letter: "A", tables: 1, boards: [1]']] });
    const refused = await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 1, ewPair: 2, kind: ABSENT_PAIR, absentDirection: EW, reason: "Absent" }) { id } }`, { s: imps.sessionIds[0] });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['kind'] } });
  });

  it('takes direct awards in the event’s own unit (Law 86D)', async () => {
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, sessions: [['letter: "A", tables: 3, boards: [1]']] });
    const s = e.sessionIds[0];
    await postLines(t, s, [
      { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 2, ewPair: 5, contract: '2S', declarer: 'N', result: '+2' },
    ]);
    await adjust(t, s, 'board: 1, nsPair: 3, ewPair: 6, kind: DIRECT, award: { unit: PERCENT, ns: "70", ew: "30" }, reason: "Director’s award"');
    const line = (await traveller(t, s, 1)).lines.find((l: any) => l.nsPair === 3);
    expect(line).toMatchObject({ nsMatchpoints: 2.8, ewMatchpoints: 1.2, adjustment: 'Direct award NS 70 / EW 30 % (Law 86D)' });
    const wrong = await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 3, ewPair: 6, kind: DIRECT, award: { unit: IMPS, ns: "3", ew: "-3" }, reason: "IMPs?" }) { id } }`, { s });
    expect(wrong.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['award.unit'] } });
  });

  describe('teams', () => {
    /** Two teams, one match of boards 1–2 (open: 1 NS), plus what the test adds. */
    async function match(options: string, lines: object[]) {
      const e = await buildEvent(t, { kind: 'TEAMS', scoring: 'TEAMS_IMPS', options, pairs: 2, sessions: [['letter: "A", tables: 2, boards: [1, 2]']] });
      await postLines(t, e.sessionIds[0], lines);
      return e;
    }
    // Board 1: +420 v −50 → 470 → 10 IMPs to team 1. Board 2: +120 v +120 → 0.
    const tenImps = [
      { round: 1, board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { round: 1, board: 1, nsPair: 2, ewPair: 1, contract: '4S', declarer: 'N', result: '-1' },
      { round: 1, board: 2, nsPair: 1, ewPair: 2, contract: '2NT', declarer: 'N', result: '=' },
      { round: 1, board: 2, nsPair: 2, ewPair: 1, contract: '2NT', declarer: 'N', result: '=' },
    ];
    const vps = async (e: { sessionIds: string[] }) => (await sessionRanking(t, e.sessionIds[0])).map((r) => [r.contestant.number, r.score]);

    it('converts margins on the scale the event chooses', async () => {
      const continuous = victoryPoints(10, 2);
      expect(await vps(await match('vpScale: WBF_2013', tenImps))).toEqual([[1, continuous.winner], [2, continuous.loser]]);
      const discrete = discreteWbfVictoryPoints(10, 2);
      expect(await vps(await match('vpScale: WBF_2013_DISCRETE', tenImps))).toEqual([[1, discrete.winner], [2, discrete.loser]]);
      const thirty = victoryPoints(10, 2, 'INTERPOLATE', 30);
      expect(await vps(await match('vpScale: VP_30', tenImps))).toEqual([[1, thirty.winner], [2, thirty.loser]]);
      const custom = 'vpScale: CUSTOM, customVpScale: { name: "Club", ranges: [{ minBoards: 1, maxBoards: 40, steps: [{ fromImps: 0, winner: 10, loser: 10 }, { fromImps: 5, winner: 14, loser: 6 }, { fromImps: 10, winner: 17, loser: 3 }] }] }';
      expect(await vps(await match(custom, tenImps))).toEqual([[1, 17], [2, 3]]);
    });

    it('reads the scale for the boards played, or for the boards scheduled', async () => {
      const lines = [
        ...tenImps.slice(0, 2),
        { round: 1, board: 2, nsPair: 1, ewPair: 2, contract: '2NT', declarer: 'N', result: '=' },
      ];
      const played = await match('vpScale: WBF_2013', lines);
      await adjust(t, played.sessionIds[0], 'board: 2, nsPair: 2, ewPair: 1, kind: NOT_PLAYED, reason: "Board cancelled"');
      expect((await vps(played))[0][1]).toBe(victoryPoints(10, 1).winner);
      dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { vpBoards: SCHEDULED }) { vpBoards } }`, { e: played.eventId }));
      expect((await vps(played))[0][1]).toBe(victoryPoints(10, 2).winner);
    });

    it('turns a fractional margin into VPs between the table’s neighbours, or by the formula, as the event says (DOMAIN §5.1)', async () => {
      // Board 1: 4S= in both rooms, 0. Board 2: +120 in the open room; the closed room assigned ½ of
      // 2NT= (+120, 0 IMPs) and ½ of 1NT= (+90, 1 IMP to team 1): team 1 wins by 0.5 IMPs.
      const weighted = async (options: string) => {
        const e = await match(options, [
          { round: 1, board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
          { round: 1, board: 1, nsPair: 2, ewPair: 1, contract: '4S', declarer: 'N', result: '=' },
          { round: 1, board: 2, nsPair: 1, ewPair: 2, contract: '2NT', declarer: 'N', result: '=' },
        ]);
        await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 2, ewPair: 1, kind: ASSIGNED, assigned: [{ contract: "2NT", declarer: N, result: "=", weight: "1/2" }, { contract: "1NT", declarer: N, result: "=", weight: "1/2" }], reason: "Misinformation"');
        return vps(e);
      };
      const between = victoryPoints(0.5, 2, 'INTERPOLATE');
      const formula = victoryPoints(0.5, 2, 'FORMULA');
      expect([between.winner, formula.winner]).toEqual([10.43, 10.44]);
      expect(await weighted('vpScale: WBF_2013')).toEqual([[1, between.winner], [2, between.loser]]);
      expect(await weighted('vpScale: WBF_2013, vpFractionalMargin: FORMULA')).toEqual([[1, formula.winner], [2, formula.loser]]);
    });

    it('scores total points board-a-match when the event says so, a 10-point difference a tie or a win (Law 78C)', async () => {
      // Board 1: +420 v −50, team 1 wins it. Board 2: 2NT= +120 (open) v 2S= +110 (closed): 10 points to team 1.
      const lines = [...tenImps.slice(0, 3), { round: 1, board: 2, nsPair: 2, ewPair: 1, contract: '2S', declarer: 'N', result: '=' }];
      const scored = async (options: string) => {
        const e = await buildEvent(t, { kind: 'TEAMS', scoring: 'TOTAL_POINTS', options, pairs: 2, sessions: [['letter: "A", tables: 2, boards: [1, 2]']] });
        await postLines(t, e.sessionIds[0], lines);
        return vps(e);
      };
      expect(await scored('teamsTotalPoints: AGGREGATE')).toEqual([[1, 480], [2, -480]]);
      expect(await scored('teamsTotalPoints: BOARD_A_MATCH')).toEqual([[1, 2], [2, 0]]);
      expect(await scored('teamsTotalPoints: BOARD_A_MATCH, boardAMatchTenIsTie: true')).toEqual([[1, 1.5], [2, 0.5]]);
      const imps = await t.gql(`mutation { createEvent(input: { name: "x", kind: TEAMS, scoring: TEAMS_IMPS, teamsTotalPoints: BOARD_A_MATCH }) { id } }`);
      expect(imps.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['teamsTotalPoints'] });
      const withVps = await t.gql(`mutation { createEvent(input: { name: "x", kind: TEAMS, scoring: TOTAL_POINTS, vpScale: WBF_2013, teamsTotalPoints: BOARD_A_MATCH }) { id } }`);
      expect(withVps.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    });

    it('gives a direct award in IMPs to both teams of the match', async () => {
      const e = await match('vpScale: WBF_2013', tenImps.slice(0, 3));
      await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 2, ewPair: 1, kind: DIRECT, award: { unit: IMPS, ns: "-4", ew: "4" }, reason: "Result at the other table: 4 IMPs"');
      const ranking = await sessionRanking(t, e.sessionIds[0]);
      // Team 1 (EW at the adjusted table) gets +4 on board 2: 14 IMPs in all.
      expect(row(ranking, 1).score).toBe(victoryPoints(14, 2).winner);
    });

    it('plays a knockout over its segments with carry-over, averaging non-balancing boards (Law 86)', async () => {
      const e = await buildEvent(t, { kind: 'TEAMS', scoring: 'TEAMS_IMPS', options: 'knockout: true', pairs: 2, sessions: [['letter: "A", tables: 2, boards: [1, 2]'], ['letter: "A", tables: 2, boards: [3]']] });
      await postLines(t, e.sessionIds[0], tenImps.slice(0, 2));
      // Board 2: both teams given average plus (+3 each): it does not balance, so each gets (3 − 3)/2 = 0.
      await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: A_PLUS, ew: A_PLUS, reason: "Board fouled by the director"');
      await adjust(t, e.sessionIds[0], 'board: 2, nsPair: 2, ewPair: 1, kind: ARTIFICIAL, ns: A_PLUS, ew: A_PLUS, reason: "Board fouled by the director"');
      // Segment 2, board 3 (EW vulnerable): −50 in the open room, +170 in the closed: 6 IMPs to team 2.
      await postLines(t, e.sessionIds[1], [
        { round: 1, board: 3, nsPair: 1, ewPair: 2, contract: '3S', declarer: 'N', result: '-1' },
        { round: 1, board: 3, nsPair: 2, ewPair: 1, contract: '3S', declarer: 'N', result: '+1' },
      ]);
      dataOf(await t.gql(`mutation($e: ID!, $a: ID!, $b: ID!) { updateEvent(id: $e, input: { carryOver: [{ team: $b, opponent: $a, imps: 3.5 }] }) { carryOver { imps } } }`, { e: e.eventId, a: e.id(1), b: e.id(2) }));
      // Team 1: +10 (board 1), 0 (board 2), −6 (board 3: −50 v +170) = 4. Team 2: −4 + 3.5 carried = −0.5.
      const ranking = await eventRanking(t, e.eventId);
      expect(ranking.map((r) => [r.field, r.contestant.number, r.place, r.score, r.boardsPlayed])).toEqual([
        ['1 v 2', 1, '1', 4, 3],
        ['1 v 2', 2, '2', -0.5, 3],
      ]);
    });
  });

  it('accepts a movement where several tables play the same boards in a round (duplicated sets)', async () => {
    const rows = [1, 2].flatMap((round) =>
      [1, 2, 3].map((table) => `{ round: ${round}, table: ${table}, ns: ${table}, ew: ${((table + round - 2) % 3) + 4}, boards: [${round}] }`),
    );
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, sessions: [[`letter: "A", movement: { kind: CUSTOM, rows: [${rows.join(',')}] }`]] });
    const s = e.sessionIds[0];
    await postLines(t, s, [
      { round: 1, table: 1, board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { round: 1, table: 2, board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    // Three tables play board 1: N = 3, so two results are Neuberg-factored to the top of 4.
    const board = await traveller(t, s, 1);
    expect(board.top).toBe(4);
    expect(board.lines.map((l: any) => l.nsMatchpoints)).toEqual([3.5, 0.5]);
    const wrong = await t.http().post(`/api/v1/sessions/${s}/results`).send({ round: 1, table: 3, board: 2, nsPair: 3, ewPair: 6, contract: '4S', declarer: 'N', result: '=' });
    expect(wrong.status).toBe(400);
  });

  it('ranks carried-over IMP pairs by IMPs per board', async () => {
    const e = await buildEvent(t, { scoring: 'CROSS_IMPS', pairs: 4, sessions: [['letter: "A", tables: 2, boards: [1]'], ['letter: "A", tables: 2, boards: [1, 2]']] });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    await postLines(t, e.sessionIds[1], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '-1' },
      { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
      { board: 2, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '-1' },
      { board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    // Pair 1: +10, then −10 and 0: 0 IMPs over 3 boards.
    expect(row(await eventRanking(t, e.eventId), 1)).toMatchObject({ score: 0, boardsPlayed: 3 });
  });
});
