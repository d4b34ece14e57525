import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent, eventRanking, postLines, row, type BuiltEvent } from './support/events.js';

/**
 * DOMAIN §7: pairs 2 and 5 tie on 6 of 12 matchpoints (top 4 a board), worked by hand:
 * board 1: 2 (NS) v 5 (EW) +980, the top: 2 gets 4, 5 gets 0 (their only meeting);
 * board 2: 2 NS −100 (with pair 1's): 1 each; 5 EW against pair 1's −100: 3;
 * board 3: 2 NS −50 (with pair 3's): 1; 5 EW against pair 3's −50: 3.
 * Head to head pair 2 wins; on the boards both played pair 5 scored better twice, pair 2 once.
 */
describe('splitting a pairs tie', () => {
  let t: TestApp;
  let e: BuiltEvent;
  let club: { id: string; director: string };
  let other: string;
  const SPLIT = `query($in: SplitTieInput!) { splitTie(input: $in) { entries { contestant { number } place figure } } }`;
  const split = async (input: Record<string, unknown>, key: string | null = club.director) => t.gqlAs(key, SPLIT, { in: { eventId: e.eventId, contestantIds: [e.id(5), e.id(2)], ...input } });
  const entries = async (input: Record<string, unknown>) => dataOf(await split(input)).splitTie.entries.map((x: { contestant: { number: number }; place: string; figure: number }) => [x.contestant.number, x.place, x.figure]);
  const org = async (name: string) => dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind: 'CLUB' } })).createOrganization.id as string;
  const key = async (organizationId: string) =>
    dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: 'Director', role: 'DIRECTOR', organizationId } })).createApiKey.key as string;

  beforeAll(async () => {
    t = await startTestApp();
    club = { id: await org('Tie BC'), director: '' };
    club.director = await key(club.id);
    other = await key(await org('Other BC'));
    e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, options: `organizationId: "${club.id}"`, sessions: [['letter: "A", tables: 3, boards: [1, 2, 3]']] });
    await postLines(t, e.sessionIds[0], [
      { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' }, // +420
      { board: 1, nsPair: 2, ewPair: 5, contract: '6S', declarer: 'N', result: '=' }, // +980
      { board: 1, nsPair: 3, ewPair: 6, contract: '4S', declarer: 'N', result: '+1' }, // +450
      { board: 2, nsPair: 1, ewPair: 5, contract: '2S', declarer: 'N', result: '-1' }, // −100 (NS vul)
      { board: 2, nsPair: 2, ewPair: 6, contract: '2S', declarer: 'N', result: '-1' }, // −100
      { board: 2, nsPair: 3, ewPair: 4, contract: '1NT', declarer: 'N', result: '=' }, // +90
      { board: 3, nsPair: 1, ewPair: 6, contract: '2H', declarer: 'N', result: '=' }, // +110
      { board: 3, nsPair: 2, ewPair: 4, contract: '2H', declarer: 'N', result: '-1' }, // −50
      { board: 3, nsPair: 3, ewPair: 5, contract: '2H', declarer: 'N', result: '-1' }, // −50
    ]);
  });
  afterAll(() => t.close());

  it('leaves the tie in the ranking', async () => {
    const ranking = await eventRanking(t, e.eventId);
    expect([row(ranking, 2), row(ranking, 5)].map((r) => [r.place, r.score])).toEqual([['3=', 6], ['3=', 6]]);
  });

  it('splits it by the method asked for, worked by hand', async () => {
    expect(await entries({ method: 'HEAD_TO_HEAD' })).toEqual([[2, '1', 100], [5, '2', 0]]);
    expect(await entries({ method: 'BETTER_BOARDS' })).toEqual([[5, '1', 2], [2, '2', 1]]);
    expect(await entries({ method: 'DESIGNATED_BOARDS', boards: [2, 3] })).toEqual([[5, '1', 150], [2, '2', 50]]);
    expect(await entries({ method: 'DESIGNATED_BOARDS', boards: [1], sessionId: e.sessionIds[0] })).toEqual([[2, '1', 100], [5, '2', 0]]);
    // A board neither played apart parts nobody: still tied, by number.
    expect(await entries({ method: 'DESIGNATED_BOARDS', boards: [9] })).toEqual([[2, '1=', 0], [5, '1=', 0]]);
  });

  it('says what is wrong with a request it cannot answer', async () => {
    const missing = await split({ method: 'DESIGNATED_BOARDS' });
    expect(missing.errors?.[0]).toMatchObject({ message: expect.stringMatching(/needs the boards/), extensions: { code: 'BAD_USER_INPUT', fields: ['boards'] } });
    const stranger = await t.gqlAs(club.director, SPLIT, { in: { eventId: e.eventId, contestantIds: [e.id(2), '00000000-0000-4000-8000-000000000000'], method: 'HEAD_TO_HEAD' } });
    expect(stranger.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', fields: ['contestantIds.1'] });
    const once = await split({ method: 'HEAD_TO_HEAD', contestantIds: [e.id(2)] });
    expect(once.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const teams = await buildEvent(t, { kind: 'TEAMS', scoring: 'TEAMS_IMPS', pairs: 2, options: `organizationId: "${club.id}"` });
    const refused = await t.gqlAs(club.director, SPLIT, { in: { eventId: teams.eventId, contestantIds: [teams.id(1), teams.id(2)], method: 'HEAD_TO_HEAD' } });
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(/tieBreaks/), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('is for the event’s keys: not the public, not another club, by id or alias', async () => {
    expect((await split({ method: 'HEAD_TO_HEAD' }, null)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await split({ method: 'HEAD_TO_HEAD' }, other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const aliased = await t.gqlAs(other, `{ mine: splitTie(input: { eventId: "${e.eventId}", contestantIds: ["${e.id(2)}", "${e.id(5)}"], method: BETTER_BOARDS }) { entries { figure } } }`);
    expect(aliased.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(aliased.data).toBeNull();
  });
});
