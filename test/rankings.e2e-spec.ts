import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { importLongField } from './support/long-field.js';

/** Rankings beyond one matchpointed session: total points (Law 78C), and carry-over across sessions (DOMAIN §7). */
describe('rankings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function event(scoring: string, sessions: number): Promise<{ eventId: string; sessionIds: string[] }> {
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "${scoring}", kind: PAIRS, scoring: ${scoring} }) { id } }`)).createEvent.id;
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: eventId }));
    const sessionIds: string[] = [];
    for (let n = 1; n <= sessions; n++) {
      const id = dataOf(await t.gql(`mutation($e: ID!, $n: Int!) { createSession(input: { eventId: $e, number: $n }) { id } }`, { e: eventId, n })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2, 3] }) { id } }`, { s: id }));
      sessionIds.push(id);
    }
    return { eventId, sessionIds };
  }
  const post = (sessionId: string, lines: object[]) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines }).expect(201);

  it('answers every traveller of a session at once up to 5,000 lines; a larger session is read a board and a page at a time', async () => {
    // 26 sections of 20 tables playing 20 boards: 10,400 lines.
    const sessionId = await importLongField(t, 'Congress', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', Array.from({ length: 20 }, (_, i) => i + 1));
    const whole = await t.gql(`query($s: ID!) { session(id: $s) { travellers { board lines { id } } } }`, { s: sessionId });
    expect(whole.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['travellers'] });
    expect(whole.errors?.[0]?.message).toMatch(/10,400 traveller lines.*travellerPage/);
    const board = dataOf(await t.gql(`query($s: ID!) { travellerPage(sessionId: $s, board: 20, first: 100) { totalCount nodes { board } } }`, { s: sessionId })).travellerPage;
    expect(board.totalCount).toBe(520);
    expect(board.nodes).toHaveLength(100);
    expect(dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 20) { lines { id } } }`, { s: sessionId })).traveller.lines).toHaveLength(520);
  });

  it('answers a board\'s whole traveller up to 2,000 lines; a larger one is read a page at a time', async () => {
    // 101 sections of 20 tables playing board 1: 2,020 lines.
    const sessionId = await importLongField(t, 'Big board', Array.from({ length: 101 }, (_, i) => `S${i + 1}`), [1]);
    const refused = await t.gqlAs(null, `query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { id } } }`, { s: sessionId });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['board'] });
    expect(refused.errors?.[0]?.message).toMatch(new RegExp(`Board 1 of this session has 2,020 traveller lines, more than 2,000 in one answer: .*travellerPage.*/api/v1/sessions/${sessionId}/boards/1/traveller`));
    const page = dataOf(await t.gqlAs(null, `query($s: ID!) { travellerPage(sessionId: $s, board: 1, first: 100) { totalCount nodes { id } } }`, { s: sessionId })).travellerPage;
    expect(page).toMatchObject({ totalCount: 2_020, nodes: expect.any(Array) });
    const rest = (await t.as(null).get(`/api/v1/sessions/${sessionId}/boards/1/traveller?first=100`).expect(200)).body;
    expect(rest.totalCount).toBe(2_020);
  });

  it('answers a whole ranking and contestant list up to 5,000; a larger one is read a page or a section at a time, or as ranking.csv', async () => {
    // 126 sections of 20 tables, one board, two winners: 5,040 pairs.
    const sessionId = await importLongField(t, 'Sim', Array.from({ length: 126 }, (_, i) => `S${i + 1}`), [1]);
    const eventId = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { eventId } }`, { s: sessionId })).session.eventId;
    for (const [query, page] of [
      [`query($id: ID!) { sessionRanking(sessionId: $id) { place } }`, 'sessionRankingPage'],
      [`query($id: ID!) { eventRanking(eventId: $id) { place } }`, 'eventRankingPage'],
      [`query($id: ID!) { session(id: $id) { ranking { place } } }`, 'sessionRankingPage'],
    ]) {
      const refused = await t.gqlAs(null, query, { id: query.includes('eventRanking') ? eventId : sessionId });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['ranking'] });
      expect(refused.errors?.[0]?.message).toMatch(new RegExp(`5,040 rows, more than 5,000 in one answer: read it a page at a time with ${page}.*/api/v1/events/${eventId}/ranking\\.csv`));
    }
    // One field of the two (2,520 pairs) is within the limit; the pages and the file carry the whole.
    expect(dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { place } }`, { s: sessionId })).sessionRanking).toHaveLength(2_520);
    expect(dataOf(await t.gql(`query($s: ID!) { sessionRankingPage(sessionId: $s, first: 100) { totalCount } }`, { s: sessionId })).sessionRankingPage.totalCount).toBe(5_040);
    const csv = await t.as(null).get(`/api/v1/events/${eventId}/ranking.csv`).expect(200);
    expect(csv.text.trim().split('\n')).toHaveLength(5_040 + 3); // title, blank, header
    // Its contestants likewise: all at once refused, a section's answered (its letter in any case).
    for (const [query, id] of [[`query($id: ID!) { event(id: $id) { contestants { id } } }`, eventId], [`query($id: ID!) { session(id: $id) { contestants { id } } }`, sessionId]]) {
      const whole = await t.gqlAs(null, query, { id });
      expect(whole.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['section'] });
      expect(whole.errors?.[0]?.message).toMatch(/5,040 contestants, more than 5,000 in one answer: name one section/);
    }
    const s7 = dataOf(await t.gqlAs(null, `query($id: ID!) { event(id: $id) { contestants(section: "s7") { section number direction } } }`, { id: eventId })).event.contestants;
    expect(s7).toHaveLength(40);
    expect(new Set(s7.map((c: { section: string }) => c.section))).toEqual(new Set(['S7']));
    const bad = await t.gqlAs(null, `query($id: ID!) { event(id: $id) { contestants(section: "no such!") { id } } }`, { id: eventId });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });

    // Aliases repeat a whole list: 10,000 rows a request in all, over POST and GET alike; another request starts afresh.
    const aliased = (n: number) => `query($s: ID!) { ${Array.from({ length: n }, (_, i) => `r${i}: sessionRanking(sessionId: $s, direction: NS) { place }`).join(' ')} }`;
    for (let round = 0; round < 2; round++) {
      const three = await t.gqlAs(null, aliased(3), { s: sessionId });
      expect(three.errors).toBeUndefined();
      expect(three.data?.r2).toHaveLength(2_520);
    }
    const four = await t.gqlAs(null, aliased(4), { s: sessionId });
    expect(four.data).toBeNull();
    expect(four.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['sessionRanking'] });
    expect(four.errors?.[0]?.message).toMatch(/more than 10,000 rows of whole lists .* in all/);
    const overGet = (await t.as(null).get('/graphql').query({ query: aliased(4), variables: JSON.stringify({ s: sessionId }) })).body;
    expect(overGet.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['sessionRanking'] });
    // Mixed lists count together: a ranking, the contestants of two sections and the session's travellers.
    const mixed = await t.gqlAs(null, `query($s: ID!) { a: sessionRanking(sessionId: $s, direction: NS) { place } b: sessionRanking(sessionId: $s, direction: EW) { place } session(id: $s) { ranking(direction: NS) { place } contestants(section: "S1") { id } travellers { board } } }`, { s: sessionId });
    expect(mixed.errors?.[0]?.message).toMatch(/more than 10,000 rows of whole lists/);
  });

  it('ranks total-points pairs by their own points', async () => {
    const { sessionIds } = await event('TOTAL_POINTS', 1);
    await post(sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }, // 1: +420, 2: −420
      { board: 1, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'E', result: '+1' }, // 3: −430, 4: +430
      { board: 2, nsPair: 2, ewPair: 1, contract: '2H', declarer: 'S', result: '-1' }, // 2: −100 (NS vul), 1: +100
      { board: 2, nsPair: 4, ewPair: 3, contract: '1NT', declarer: 'N', result: '=' }, // 4: +90, 3: −90
    ]);
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { number } score percentage } }`, { s: sessionIds[0] })).sessionRanking;
    expect(ranking).toEqual([
      { place: '1=', contestant: { number: 1 }, score: 520, percentage: null },
      { place: '1=', contestant: { number: 4 }, score: 520, percentage: null },
      { place: '3=', contestant: { number: 2 }, score: -520, percentage: null },
      { place: '3=', contestant: { number: 3 }, score: -520, percentage: null },
    ]);
    const artificial = await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 3, nsPair: 1, ewPair: 2, kind: ARTIFICIAL, ns: AVERAGE, ew: AVERAGE, reason: "Not played" }) { id } }`, { s: sessionIds[0] });
    expect(artificial.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: ['kind'] }, message: expect.stringMatching(/assign a score instead/) });
  });

  it('carries matchpoint sessions into the event by their tops, not their raw totals', async () => {
    const { eventId, sessionIds } = await event('MATCHPOINTS', 2);
    // Session 1: two tables, one board (top 2): pair 1 beats pair 3 sitting NS.
    await post(sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    // Session 2: three boards; pair 3 wins all three as NS, pair 1 loses them.
    await post(sessionIds[1], [1, 2, 3].flatMap((board) => [
      { board, nsPair: 3, ewPair: 2, contract: '3NT', declarer: 'N', result: '=' },
      { board, nsPair: 1, ewPair: 4, contract: '3NT', declarer: 'N', result: '-1' },
    ]));
    const ranking = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { contestant { number } score percentage boardsPlayed } }`, { e: eventId })).eventRanking;
    const pair = (n: number) => ranking.find((r: any) => r.contestant.number === n);
    // Pair 1: 2 of 2, then 0 of 6: 2 of 8 = 25 %. Pair 3: 0 of 2, then 6 of 6: 75 %. Pair 4 (EW)
    // beat pair 2 every time: 100 %. Raw totals would put pair 3 (6) far above pair 1 (2) anyway,
    // but percentages weigh session 1's single board as one board, not as its top.
    expect(pair(1)).toMatchObject({ score: 2, percentage: 25, boardsPlayed: 4 });
    expect(pair(3)).toMatchObject({ score: 6, percentage: 75, boardsPlayed: 4 });
    expect(ranking.map((r: any) => r.contestant.number)).toEqual([4, 3, 1, 2]);
  });

  it('ends consistent when a correction races the post it corrects', async () => {
    const { sessionIds } = await event('MATCHPOINTS', 1);
    const s = sessionIds[0];
    const line = (board: number, extra: object = {}) => ({ board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=', ...extra });
    const raced = await Promise.all(
      [1, 2, 3].flatMap((board) => [
        t.http().post(`/api/v1/sessions/${s}/results`).send(line(board)),
        t.http().post(`/api/v1/sessions/${s}/results`).send(line(board, { result: '+1', correction: { reason: 'Eleven tricks, agreed' } })),
      ]),
    );
    expect(raced.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action entityId } }`, { s })).auditTrail;
    for (const board of [1, 2, 3]) {
      const lines = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: ${board}) { lines { id version nsScore } } }`, { s })).traveller.lines;
      expect(lines).toHaveLength(1); // one line, whichever came first
      expect(trail.filter((a: any) => a.entityId === lines[0].id)).toHaveLength(lines[0].version); // and one audit entry per version
    }
  });
});
