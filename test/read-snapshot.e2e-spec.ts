import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent, postLines, type BuiltEvent } from './support/events.js';
import { statementsWith } from './support/statements.js';

/**
 * A read-only request asks the database for an event's revision once, whatever it reads (its
 * access check, then its ranking); a mutation reads its own write; a request that comes after a
 * write sees it.
 */
describe('one revision a read', () => {
  let t: TestApp;
  let e: BuiltEvent;
  let probes: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 4, sessions: [['letter: "A", tables: 2, boards: [1, 2]']] });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
      { board: 1, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
    ]);
    probes = statementsWith(t, '"revision"::text');
  });
  afterAll(() => t.close());

  /** The revision probes `request` made (after one untimed run, so every cache along its way is filled). */
  async function probesOf<T>(request: () => Promise<T>): Promise<{ answer: T; probes: number }> {
    await request();
    probes.length = 0;
    const answer = await request();
    return { answer, probes: probes.length };
  }

  const RANKING_PAGE = `query($s: ID!) { sessionRankingPage(sessionId: $s, first: 10) { totalCount nodes { place contestant { number } } } }`;

  it('a ranking page over GraphQL (its access check, then its ranking) probes once', async () => {
    const { answer, probes } = await probesOf(() => t.gql(RANKING_PAGE, { s: e.sessionIds[0] }));
    expect(dataOf(answer).sessionRankingPage.totalCount).toBe(4);
    expect(probes).toBe(1);
  });

  it('so does a ranking read over REST, and a query sent as a GET', async () => {
    const rest = await probesOf(() => t.http().get(`/api/v1/sessions/${e.sessionIds[0]}/ranking`).expect(200));
    expect(rest.probes).toBe(1);
    const get = await probesOf(() => t.http().get('/graphql').query({ query: RANKING_PAGE, variables: JSON.stringify({ s: e.sessionIds[0] }) }).set('apollo-require-preflight', '1').expect(200));
    expect(get.probes).toBe(1);
  });

  it('a public read whose kept answer went stale (another request wrote) probes once to check it and compute it again', async () => {
    const read = () => t.gqlAs(null, RANKING_PAGE, { s: e.sessionIds[0] });
    await read(); // kept
    await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { directorName: "A. Director" }) { id } }`, { e: e.eventId });
    probes.length = 0;
    const answer = await read();
    expect(dataOf(answer).sessionRankingPage.totalCount).toBe(4);
    expect(probes).toHaveLength(1);
  });

  it('a mutation that rescores the event answers the ranking its own write made', async () => {
    const ranking = (query: string) => t.gql(query, { e: e.eventId, s: e.sessionIds[0] });
    const READ = `query($s: ID!) { sessionRanking(sessionId: $s) { score contestant { number } } }`;
    await ranking(READ); // the read's scope known: the mutation's access check then probes before its write
    probes.length = 0;
    const changed = dataOf(await ranking(`mutation($e: ID!) { updateEvent(id: $e, input: { scoring: CROSS_IMPS }) { scoring sessions { ranking { score contestant { number } } } } }`)).updateEvent;
    expect(probes.length).toBeGreaterThanOrEqual(2); // once before the write, once after: nothing kept across it
    const after = dataOf(await ranking(READ)).sessionRanking;
    expect(changed.scoring).toBe('CROSS_IMPS');
    expect(changed.sessions[0].ranking).toEqual(after);
    dataOf(await ranking(`mutation($e: ID!) { updateEvent(id: $e, input: { scoring: MATCHPOINTS }) { id } }`));
  });

  it('a read after another request’s write sees it', async () => {
    const before = dataOf(await t.gql(RANKING_PAGE, { s: e.sessionIds[0] })).sessionRankingPage.nodes;
    await postLines(t, e.sessionIds[0], [
      { board: 2, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'S', result: '=' },
      { board: 2, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'S', result: '+2' },
    ]);
    const after = dataOf(await t.gql(RANKING_PAGE, { s: e.sessionIds[0] })).sessionRankingPage.nodes;
    // Pairs 1 and 4 topped board 1; pairs 3 and 2 top board 2 (NS 460 against 400): all four level.
    expect(before.map((r: any) => [r.place, r.contestant.number])).toEqual([['1=', 1], ['1=', 4], ['3=', 2], ['3=', 3]]);
    expect(after.map((r: any) => r.place)).toEqual(['1=', '1=', '1=', '1=']);
  });
});
