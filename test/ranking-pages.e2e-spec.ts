import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent, postLines, sessionRanking } from './support/events.js';

/** Rankings a page at a time, one section's contestants in the whole field, one contestant's line: what a large field needs. */
describe('ranking pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PAGE = `totalCount pageInfo { hasNextPage endCursor } edges { cursor } nodes { place rank score percentage field contestant { id section number direction } }`;

  /** Two sections scored as one field: A has 3 tables, B has 2; two boards. */
  async function field() {
    const pairs = [1, 2, 3, 4, 5, 6].map((n) => `{ number: ${n}, section: "A" }`).concat([1, 2, 3, 4].map((n) => `{ number: ${n}, section: "B" }`));
    const e = await buildEvent(t, {
      scoring: 'MATCHPOINTS',
      options: 'scoreAcross: SESSION',
      contestants: pairs,
      sessions: [['letter: "A", tables: 3, boards: [1, 2]', 'letter: "B", tables: 2, boards: [1, 2]']],
    });
    const results = ['=', '-1', '+1', '-2', '='];
    await postLines(t, e.sessionIds[0], [1, 2].flatMap((board) => [
      { section: 'A', board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: results[0] },
      { section: 'A', board, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: results[1] },
      { section: 'A', board, nsPair: 5, ewPair: 6, contract: '4S', declarer: 'N', result: results[2] },
      { section: 'B', board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: results[3] },
      { section: 'B', board, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: results[4] },
    ]));
    return e;
  }

  const page = async (sessionId: string, args: string) =>
    dataOf(await t.gql(`query($s: ID!) { sessionRankingPage(sessionId: $s, ${args}) { ${PAGE} } }`, { s: sessionId })).sessionRankingPage;

  it('walks the whole ranking page by page, in ranking order, ties kept', async () => {
    const e = await field();
    const s = e.sessionIds[0];
    const whole = await sessionRanking(t, s);
    expect(whole).toHaveLength(10);
    const seen: any[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const p: any = await page(s, `first: 3${after ? `, after: "${after}"` : ''}`);
      expect(p.totalCount).toBe(10);
      seen.push(...p.nodes);
      after = p.pageInfo.endCursor;
      if (!p.pageInfo.hasNextPage) break;
    }
    expect(seen.map((r) => [r.contestant.id, r.place, r.score])).toEqual(whole.map((r: any) => [r.contestant.id, r.place, r.score]));
    // NS A 5 (+450 twice) tops both boards of the 5-table field, as EW B 2 (+200 against) does: both 100 %.
    expect(seen.slice(0, 2).map((r) => [r.place, r.percentage, r.contestant.section, r.contestant.number])).toEqual([['1=', 100, 'A', 5], ['1=', 100, 'B', 2]]);
    // Two pairs made 4S = at the same tables of A and B: tied.
    expect(whole.filter((r: any) => r.place.endsWith('='))).not.toHaveLength(0);
  });

  it('filters one section, keeping the places of the whole field', async () => {
    const e = await field();
    const whole = (await page(e.sessionIds[0], 'first: 100')).nodes;
    const b = await page(e.sessionIds[0], 'first: 100, section: "b"');
    expect(b.totalCount).toBe(4);
    expect(b.nodes.every((r: any) => r.contestant.section === 'B')).toBe(true);
    expect(b.nodes.map((r: any) => r.place)).toEqual(whole.filter((r: any) => r.contestant.section === 'B').map((r: any) => r.place));
  });

  it('answers one contestant’s line without the rest', async () => {
    const e = await field();
    const s = e.sessionIds[0];
    const whole = await sessionRanking(t, s);
    const target = whole[6];
    const entry = dataOf(await t.gql(`query($s: ID!, $c: ID!) { sessionRankingEntry(sessionId: $s, contestantId: $c) { place score contestant { id } } }`, { s, c: target.contestant.id })).sessionRankingEntry;
    expect(entry).toEqual({ place: target.place, score: target.score, contestant: { id: target.contestant.id } });
  });

  it('answers a whole results page in one query: the session, its ranking and every traveller with names', async () => {
    const e = await field();
    const s = e.sessionIds[0];
    const page = dataOf(
      await t.gqlAs(null, `query($s: ID!) { session(id: $s) { number ranking { place contestant { id } score } travellers { board top lines { section nsPair ewPair nsName ewName nsScore nsMatchpoints } } } }`, { s }),
    ).session;
    const whole = await sessionRanking(t, s);
    expect(page.ranking.map((r: any) => [r.contestant.id, r.place, r.score])).toEqual(whole.map((r: any) => [r.contestant.id, r.place, r.score]));
    expect(page.travellers.map((tr: any) => tr.board)).toEqual([1, 2]);
    const one = dataOf(await t.gqlAs(null, `query($s: ID!) { traveller(sessionId: $s, board: 2) { top lines { section nsPair ewPair nsScore nsMatchpoints } } }`, { s })).traveller;
    expect(page.travellers[1].lines.map(({ nsName: _n, ewName: _e, ...rest }: any) => rest)).toEqual(one.lines);
    // Contestants were entered without names: the service names them Pair A 1 …, and the traveller says so.
    expect(page.travellers[0].lines.every((l: any) => typeof l.nsName === 'string' && typeof l.ewName === 'string')).toBe(true);
  });

  it('refuses cursors it did not give out and page sizes out of range', async () => {
    const e = await field();
    const s = e.sessionIds[0];
    const foreign = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url');
    for (const args of [`first: 3, after: "${foreign}"`, 'first: 3, after: "bm90IGEgY3Vyc29y"', 'first: 0', 'first: 101', 'section: "A; DROP"']) {
      const answer = await t.gql(`query($s: ID!) { sessionRankingPage(sessionId: $s, ${args}) { totalCount } }`, { s });
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
