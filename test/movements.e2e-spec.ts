import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

describe('sections with movements', () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;
  let sectionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Mitchell night", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const pairs = [1, 2, 3, 4, 5].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
  });
  afterAll(() => t.close());

  it('generates the movement when the section is created, and the boards it needs', async () => {
    const section = dataOf(
      await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: MITCHELL, tables: 5, boardsPerRound: 3, arrowSwitchRounds: [5] } }) { id tables boards movementKind } }`, {
        s: sessionId,
      }),
    ).createSection;
    expect(section).toMatchObject({ tables: 5, movementKind: 'MITCHELL', boards: Array.from({ length: 15 }, (_, i) => i + 1) });
    sectionId = section.id;
    const movement = dataOf(await t.gql(`query($id: ID!) { movement(sectionId: $id) { numbering rounds { number tables { table ns ew boards arrowSwitch } } } }`, { id: sectionId })).movement;
    expect(movement.numbering).toBe('NS_EW');
    expect(movement.rounds).toHaveLength(5);
    expect(movement.rounds[1].tables[1]).toEqual({ table: 2, ns: 2, ew: 1, boards: [7, 8, 9], arrowSwitch: false });
    expect(movement.rounds[4].tables.every((x: any) => x.arrowSwitch)).toBe(true);
  });

  it('gives each pair its guide card', async () => {
    const card = dataOf(await t.gql(`query($id: ID!) { guideCard(sectionId: $id, number: 1, direction: EW) { round table direction opponent boards } }`, { id: sectionId })).guideCard;
    expect(card[0]).toEqual({ round: 1, table: 1, direction: 'EW', opponent: 1, boards: [1, 2, 3] });
    expect(card[1]).toEqual({ round: 2, table: 2, direction: 'EW', opponent: 2, boards: [7, 8, 9] });
    expect(card[4].direction).toBe('NS'); // arrow-switched last round
  });

  it('gives each table its card', async () => {
    const card = dataOf(await t.gql(`query($id: ID!) { tableCard(sectionId: $id, table: 3) { round ns ew boards } }`, { id: sectionId })).tableCard;
    expect(card[0]).toEqual({ round: 1, ns: 3, ew: 3, boards: [7, 8, 9] });
    expect(card).toHaveLength(5);
  });

  it('draws the next Swiss round over GraphQL', async () => {
    const draw = dataOf(
      await t.gql(`{ swissDraw(input: { standings: [{ number: 1, score: 30 }, { number: 2, score: 25 }, { number: 3, score: 20 }, { number: 4, score: 10 }, { number: 5, score: 5 }], history: [{ a: 1, b: 2 }], byes: [5] }) { matches { table home away } bye repeats } }`),
    ).swissDraw;
    expect(draw).toEqual({ matches: [{ table: 1, home: 1, away: 3 }, { table: 2, home: 2, away: 5 }], bye: 4, repeats: false });
  });

  it('lets teams meet again after the rounds the director sets, or refuses a draw that must repeat', async () => {
    const history = '[{ a: 1, b: 2, round: 1 }, { a: 3, b: 4, round: 1 }, { a: 1, b: 3, round: 2 }, { a: 2, b: 4, round: 2 }, { a: 1, b: 4, round: 3 }, { a: 2, b: 3, round: 3 }]';
    const standings = '[{ number: 1, score: 40 }, { number: 2, score: 30 }, { number: 3, score: 20 }, { number: 4, score: 10 }]';
    const draw = (options: string) => t.gql(`{ swissDraw(input: { standings: ${standings}, history: ${history}${options} }) { matches { table home away } repeats } }`);
    expect(dataOf(await draw(', repeatAfterRounds: 2')).swissDraw).toEqual({ matches: [{ table: 1, home: 1, away: 2 }, { table: 2, home: 3, away: 4 }], repeats: false });
    expect(dataOf(await draw('')).swissDraw.repeats).toBe(true);
    const refused = await draw(', allowRepeats: false');
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Every possible draw repeats a match/), extensions: { code: 'BAD_USER_INPUT' } });
    const early = await draw(', round: 2');
    expect(early.errors?.[0]).toMatchObject({ message: expect.stringMatching(/cannot be in the history of round 2/), extensions: { code: 'BAD_USER_INPUT', fields: ['history'] } });
  });

  it('draws Dutch-style when asked: each score group’s top half against its bottom half', async () => {
    const standings = '[{ number: 1, score: 30 }, { number: 2, score: 30 }, { number: 3, score: 30 }, { number: 4, score: 30 }, { number: 5, score: 10 }, { number: 6, score: 10 }]';
    const draw = async (pairing: string) =>
      dataOf(await t.gql(`{ swissDraw(input: { standings: ${standings}, history: [{ a: 1, b: 6, round: 1 }, { a: 2, b: 5, round: 1 }, { a: 3, b: 4, round: 1 }]${pairing} }) { matches { home away } } }`)).swissDraw.matches.map(
        (m: { home: number; away: number }) => [m.home, m.away],
      );
    expect(await draw('')).toEqual([[1, 2], [3, 5], [4, 6]]);
    expect(await draw(', pairing: DUTCH')).toEqual([[1, 3], [2, 4], [5, 6]]);
  });

  it('asks how many boards a round plays instead of choosing for the club', async () => {
    const res = await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "M", movement: { kind: MITCHELL, tables: 7 } }) { id } }`, { s: sessionId });
    expect(res.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['movement.boardsPerRound'] });
    expect(res.errors?.[0].message).toMatch(/7-table Mitchell of 3 a round plays 21 boards/);
  });

  it('refuses an impossible movement with the reason', async () => {
    const res = await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "B", movement: { kind: HOWELL, tables: 5, boardsPerRound: 2 } }) { id } }`, { s: sessionId });
    expect(res.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['movement.tables'] });
    expect(res.errors?.[0].message).toMatch(/No complete Howell exists for 10 pairs/);
    const custom = await t.gql(
      `mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "C", movement: { kind: CUSTOM, rows: [{ round: 1, table: 1, ns: 1, ew: 2, boards: [1] }, { round: 1, table: 2, ns: 1, ew: 3, boards: [2] }] } }) { id } }`,
      { s: sessionId },
    );
    expect(custom.errors?.[0].message).toMatch(/Pair 1 sits at tables 1 and 2/);
  });

  it('checks each posted line against the movement, and fills in round and table', async () => {
    const post = (body: object) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send(body);
    const ok = await post({ board: 7, nsPair: 2, ewPair: 1, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
    expect(ok.body.line).toMatchObject({ round: 2, table: 2 });
    const wrongBoard = await post({ round: 2, table: 2, board: 1, nsPair: 2, ewPair: 1, contract: '3NT', declarer: 'N', tricks: 9 }).expect(400);
    expect(wrongBoard.body.message).toMatch(/plays boards 7, 8, 9, not board 1 \(WRONG_BOARD\)/);
    const wrongPair = await post({ round: 2, table: 2, board: 8, nsPair: 2, ewPair: 3, contract: '3NT', declarer: 'N', tricks: 9 }).expect(400);
    expect(wrongPair.body.fields).toEqual(['ewPair']);
  });

  it('lists the lines of a round still to come (DOMAIN §6.6), a stored line gone from the list', async () => {
    const missing = async (round: number) => dataOf(await t.gql(`query($id: ID!) { section(id: $id) { missingLines(round: ${round}) { round table board ns ew } } }`, { id: sectionId })).section.missingLines;
    // Round 2 of the 5-table Mitchell: table 2 is NS 2 v EW 1 on boards 7–9, and board 7 is in.
    const round2 = await missing(2);
    expect(round2).toHaveLength(5 * 3 - 1);
    expect(round2.filter((l: { table: number }) => l.table === 2)).toEqual([{ round: 2, table: 2, board: 8, ns: 2, ew: 1 }, { round: 2, table: 2, board: 9, ns: 2, ew: 1 }]);
    // The arrow-switched last round lists the pairs as they sit: the EW pair North–South.
    const movement = dataOf(await t.gql(`query($id: ID!) { movement(sectionId: $id) { rounds { tables { table ns ew boards arrowSwitch } } } }`, { id: sectionId })).movement;
    const last = movement.rounds[4].tables[0];
    expect(last.arrowSwitch).toBe(true);
    expect((await missing(5))[0]).toEqual({ round: 5, table: 1, board: last.boards[0], ns: last.ew, ew: last.ns });
    const section = dataOf(await t.gql(`query($id: ID!) { section(id: $id) { missingLines { round } } }`, { id: sectionId })).section;
    expect(section.missingLines).toHaveLength(5 * 15 - 1);
  });

  it('shows on the results page, while play goes on, how many of the movement’s results are in', async () => {
    for (const [lang, text] of [['en', 'Section A: 1 of 75 results in.'], ['zh-CN', 'A 区：已收到 1/75 个结果。'], ['zh-Hant', 'A 區：已收到 1/75 個結果。']]) {
      const page = (await t.http().get(`/sessions/${sessionId}?lang=${lang}`).expect(200)).text;
      expect(page).toContain(`<span data-section="A">${text}</span>`);
    }
    // A finished section has nothing more to come.
    dataOf(await t.gql(`mutation($id: ID!) { updateSection(id: $id, input: { finished: true }) { id } }`, { id: sectionId }));
    expect((await t.http().get(`/sessions/${sessionId}`).expect(200)).text).not.toContain('data-section="A"');
    dataOf(await t.gql(`mutation($id: ID!) { updateSection(id: $id, input: { finished: false }) { id } }`, { id: sectionId }));
    // Thirteen sections read as one total.
    const big = dataOf(await t.gql(`mutation { createEvent(input: { name: "Thirteen sections", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    const bigSession = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: big })).createSession.id;
    for (const letter of 'ABCDEFGHIJKLM') {
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "${letter}", movement: { kind: MITCHELL, tables: 3, boardsPerRound: 2 } }) { id } }`, { s: bigSession }));
    }
    expect((await t.http().get(`/sessions/${bigSession}`).expect(200)).text).toContain(`<span data-section="">All sections: 0 of ${13 * 3 * 3 * 2} results in.</span>`);
  });

  it('keeps and flags a misfit line when the event accepts them (Law 15)', async () => {
    dataOf(await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { acceptOutOfMovement: true }) { acceptOutOfMovement } }`, { e: eventId }));
    const res = await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ round: 2, table: 2, board: 1, nsPair: 2, ewPair: 1, contract: '1NT', declarer: 'N', tricks: 7 }).expect(201);
    expect(res.body.line.movementIssue).toMatch(/^WRONG_BOARD: /);
  });

  it('refuses a new movement that a stored result does not fit', async () => {
    const res = await t.gql(`mutation($id: ID!) { updateSection(id: $id, input: { movement: { kind: MITCHELL, tables: 5, boardsPerRound: 1 } }) { id } }`, { id: sectionId });
    expect(res.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(res.errors?.[0].message).toMatch(/stored result\(s\) do not fit the new movement/);
  });
});

/**
 * A Swiss teams drawn from the event itself: five teams, round 1 played (1 v 3: team 1 by 18 IMPs;
 * 4 v 5: team 5 by 10) and team 2's bye recorded (worth 0 VPs in this event). The standings are
 * then 1, 5, 4, 3, 2.
 */
describe('a Swiss round drawn from the event’s own standings, matches and byes', () => {
  let t: TestApp;
  let eventId: string;
  let session: string;
  const teamId = new Map<number, string>();
  const line = (board: number, ns: number, ew: number, contract: string, declarer: string, result: string, round = 1) => ({ round, board, nsPair: ns, ewPair: ew, contract, declarer, result });
  const draw = (input: string) => t.gqlAs(null, `query($e: ID!) { swissDraw(input: { eventId: $e${input} }) { matches { table home away } bye repeats } }`, { e: eventId });
  const pairs = (d: { matches: { home: number; away: number }[]; bye: number | null }) => ({ matches: d.matches.map((m) => [m.home, m.away]), bye: d.bye });

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Swiss teams", kind: TEAMS, scoring: TEAMS_IMPS, vpScale: WBF_2013, byeAward: { rule: FIXED, vps: 0 } }) { id } }`)).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 4, boards: [1, 2, 3, 4] }) { id } }`, { s: sessionId }));
    session = sessionId;
    const teams = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${[1, 2, 3, 4, 5].map((n) => `{ number: ${n}, name: "Team ${n}" }`).join(',')}] }) { id number } }`, { e: eventId })).addContestants;
    await t
      .http()
      .post(`/api/v1/sessions/${sessionId}/results`)
      .send({
        lines: [
          line(1, 1, 3, '4S', 'N', '='), line(1, 3, 1, '2S', 'N', '+2'), line(2, 1, 3, '3NT', 'S', '='), line(2, 3, 1, '3NT', 'S', '-1'), // team 1 +6 +12
          line(1, 4, 5, '4S', 'N', '-1'), line(1, 5, 4, '4S', 'N', '='), line(2, 4, 5, '3NT', 'S', '='), line(2, 5, 4, '3NT', 'S', '='), // team 5 +10
        ],
      })
      .expect(201);
    for (const c of teams) teamId.set(c.number, c.id);
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { recordMatchAward(input: { sessionId: $s, round: 1, kind: BYE, contestantId: $c, reason: "Odd team out" }) { id } }`, { s: sessionId, c: teamId.get(2) }));
  });
  afterAll(() => t.close());

  it('reads the standings, the matches played and the byes off the event', async () => {
    // Team 2 had its bye: the lowest without one (3) sits out; 1 v 5 and 4 v 2 by the standings.
    expect(pairs(dataOf(await draw('')).swissDraw)).toEqual({ matches: [[1, 5], [4, 2]], bye: 3 });
    // The byes given replace the event's: team 2, last, sits out again.
    expect(pairs(dataOf(await draw(', byes: []')).swissDraw)).toEqual({ matches: [[1, 5], [4, 3]], bye: 2 });
    // Standings given replace the event's, its matches still count: 1 does not meet 3 again.
    const standings = '[{ number: 1, score: 9 }, { number: 3, score: 8 }, { number: 5, score: 7 }, { number: 4, score: 6 }, { number: 2, score: 5 }]';
    expect(pairs(dataOf(await draw(`, standings: ${standings}, pairing: DUTCH`)).swissDraw)).toEqual({ matches: [[1, 5], [3, 2]], bye: 4 });
  });

  it('draws a lagged Swiss from the standings of an earlier round, the later matches still not repeated', async () => {
    // Round 2 as drawn: 5 beats 1 by 18 IMPs (boards 3 and 4), 4 and 2 draw, 3 has the bye.
    await t
      .http()
      .post(`/api/v1/sessions/${session}/results`)
      .send({
        lines: [
          line(3, 5, 1, '4S', 'N', '=', 2), line(3, 1, 5, '2S', 'N', '+2', 2), line(4, 5, 1, '3NT', 'S', '=', 2), line(4, 1, 5, '3NT', 'S', '-1', 2),
          line(3, 4, 2, '3NT', 'S', '=', 2), line(3, 2, 4, '3NT', 'S', '=', 2), line(4, 4, 2, '3NT', 'S', '=', 2), line(4, 2, 4, '3NT', 'S', '=', 2),
        ],
      })
      .expect(201);
    dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { recordMatchAward(input: { sessionId: $s, round: 2, kind: BYE, contestantId: $c, reason: "Odd team out" }) { id } }`, { s: session, c: teamId.get(3) }));
    // After round 2 the order is 5, 1, 4, 2, 3: 4 (the lowest without a bye) sits out, the top match 5 v 3 (5 has met 1).
    expect(pairs(dataOf(await draw('')).swissDraw)).toEqual({ matches: [[5, 3], [1, 2]], bye: 4 });
    // After round 1 it was 1, 5, 4, 2, 3: the same byes and no repeat of round 2, so 1 v 2 is the top match.
    expect(pairs(dataOf(await draw(', standingsAfterRound: 1')).swissDraw)).toEqual({ matches: [[1, 2], [5, 3]], bye: 4 });
    const alone = await t.gqlAs(null, `{ swissDraw(input: { standingsAfterRound: 1, standings: [{ number: 1, score: 1 }, { number: 2, score: 0 }] }) { bye } }`);
    expect(alone.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['standingsAfterRound'] } });
  });

  it('says what it needs, and hides an event the reader may not see', async () => {
    const none = await t.gqlAs(null, `{ swissDraw(input: {}) { bye } }`);
    expect(none.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Give the standings, or the eventId/), extensions: { code: 'BAD_USER_INPUT', fields: ['standings'] } });
    const unknown = await t.gqlAs(null, `{ swissDraw(input: { eventId: "00000000-0000-4000-8000-000000000000" }) { bye } }`);
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // A field larger than a Swiss (a national simultaneous) is refused before any search, as 501 standings are.
    const big = dataOf(await t.gql(`mutation { createEvent(input: { name: "National", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    dataOf(await t.gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: big, c: Array.from({ length: 501 }, (_, i) => ({ number: i + 1 })) }));
    const tooMany = await t.gqlAs(null, `query($e: ID!) { swissDraw(input: { eventId: $e }) { bye } }`, { e: big });
    expect(tooMany.errors?.[0]).toMatchObject({ message: expect.stringMatching(/at most 500 contestants; this event has 501/), extensions: { code: 'BAD_USER_INPUT', fields: ['eventId'] } });
  });
});
