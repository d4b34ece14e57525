import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { postLines } from './support/events.js';

/**
 * DOMAIN §7: a final carries forward part of its contestants' qualifying results. The director
 * sets it once the qualifying ranking stands; the final's event ranking counts it, the qualifying
 * pairs found again as the same players (member numbers), or paired by hand.
 */
describe('a final’s carry-forward from its qualifying event', () => {
  let t: TestApp;
  let club: { id: string; director: string };
  let other: { id: string; director: string };
  let qualifying: { eventId: string; sessionId: string; pairs: Map<number, string> };
  let final: { eventId: string; sessionId: string; pairs: Map<number, string> };

  const org = async (name: string) => dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind: 'CLUB' } })).createOrganization.id as string;
  const key = async (organizationId: string) =>
    dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: 'Director', role: 'DIRECTOR', organizationId } })).createApiKey.key as string;
  const players = (...members: string[]) => members.map((m) => ({ name: `Player ${m}`, memberNumber: m }));

  /** A one-section event of the club's, its pairs with the players given (by pair number), its lines posted. */
  async function playedEvent(name: string, scoring: string, seated: Record<number, { name?: string; players: { name: string; memberNumber: string }[] }>, lines: object[], options = '') {
    const gql = async (query: string, variables: Record<string, unknown>) => dataOf(await t.gqlAs(club.director, query, variables));
    const eventId = (await gql(`mutation($o: ID!, $n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: ${scoring}, organizationId: $o ${options} }) { id } }`, { o: club.id, n: name })).createEvent.id as string;
    const contestants = Object.entries(seated).map(([number, c]) => ({ number: Number(number), ...c }));
    const added = (await gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id number } }`, { e: eventId, c: contestants })).addContestants as { id: string; number: number }[];
    const sessionId = (await gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id as string;
    await gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId });
    await postLines(t, sessionId, lines);
    return { eventId, sessionId, pairs: new Map(added.map((c) => [c.number, c.id])) };
  }

  const SET = `mutation($in: SetCarryForwardInput!) { setCarryForward(input: $in) { unmatched event { id carryForward { fromEventId fraction entries { contestantId fromContestantId qualifyingFigure boards qualifyingScore } } } } }`;
  const ranking = async (eventId: string) =>
    (dataOf(await t.gqlAs(null, `query($e: ID!) { eventRanking(eventId: $e) { place contestant { id } score percentage carriedForward boardsPlayed } }`, { e: eventId })).eventRanking as { place: string; contestant: { id: string }; score: number; percentage: number; carriedForward: number | null; boardsPlayed: number }[]).map(
      (r) => ({ place: r.place, id: r.contestant.id, score: r.score, percentage: r.percentage, carried: r.carriedForward, boards: r.boardsPlayed }),
    );

  beforeAll(async () => {
    t = await startTestApp();
    club = { id: await org('County BC'), director: '' };
    club.director = await key(club.id);
    other = { id: await org('Other BC'), director: '' };
    other.director = await key(other.id);
    // Qualifying: pairs 1 and 3 NS, 2 and 4 EW; pairs 1 (NS) and 4 (EW) win both boards: 100 %, the others 0 %.
    qualifying = await playedEvent(
      'County Pairs qualifying',
      'MATCHPOINTS',
      { 1: { players: players('A1', 'A2') }, 2: { players: players('B1', 'B2') }, 3: { players: players('C1', 'C2') }, 4: { players: players('D1', 'D2') } },
      [1, 2].flatMap((board) => [
        { board, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '-1' },
      ]),
    );
    // The final: pair 1 is qualifying pair 4 (its players in the other order), pair 2 qualifying
    // pair 1 under a new member number (paired by hand), pair 3 newcomers, pair 4 qualifying pair 3.
    // Every result is the same: in the final alone each pair has 50 %.
    final = await playedEvent(
      'County Pairs final',
      'MATCHPOINTS',
      { 1: { players: players('D2', 'D1') }, 2: { players: players('A1', 'A9') }, 3: { name: 'Newcomers', players: players('N1', 'N2') }, 4: { players: players('C1', 'C2') } },
      [1, 2].flatMap((board) => [
        { board, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', result: '=' },
        { board, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'N', result: '=' },
      ]),
      ', correctionMinutes: 0',
    );
  });
  afterAll(() => t.close());

  it('finds the same players, reports who carries nothing, and pairs the rest by hand', async () => {
    const found = dataOf(await t.gqlAs(club.director, SET, { in: { eventId: final.eventId, fromEventId: qualifying.eventId, fraction: '1/2' } })).setCarryForward;
    expect(found.unmatched.sort()).toEqual([final.pairs.get(2), final.pairs.get(3)].sort());

    const set = dataOf(
      await t.gqlAs(club.director, SET, { in: { eventId: final.eventId, fromEventId: qualifying.eventId, fraction: '1/2', pairs: [{ contestantId: final.pairs.get(2), fromContestantId: qualifying.pairs.get(1) }] } }),
    ).setCarryForward;
    expect(set.unmatched).toEqual([final.pairs.get(3)]);
    const byContestant = new Map(set.event.carryForward.entries.map((e: { contestantId: string }) => [e.contestantId, e]));
    expect(set.event.carryForward).toMatchObject({ fromEventId: qualifying.eventId, fraction: '1/2' });
    expect(byContestant.get(final.pairs.get(1)!)).toEqual({ contestantId: final.pairs.get(1), fromContestantId: qualifying.pairs.get(4), qualifyingFigure: 100, boards: 2, qualifyingScore: 4 });
    expect(byContestant.get(final.pairs.get(2)!)).toMatchObject({ fromContestantId: qualifying.pairs.get(1), qualifyingFigure: 100 });
    expect(byContestant.get(final.pairs.get(4)!)).toMatchObject({ fromContestantId: qualifying.pairs.get(3), qualifyingFigure: 0, qualifyingScore: 0 });
  });

  it('counts it in the final’s ranking, worked by hand', async () => {
    // Half of 2 qualifying boards = 1 board at the qualifying percentage, beside the final's 2 boards (top 2):
    // pairs 1 and 2: (2 + 1 × 2) of (2 + 1) × 2 = 4 of 6, 66.67 %, 2 MPs carried; pair 4: 2 of 6, 33.33 %; pair 3: its own 2 of 4.
    const [p1, p2, p3, p4] = [1, 2, 3, 4].map((n) => final.pairs.get(n)!);
    const rows = await ranking(final.eventId);
    expect(rows.slice(0, 2).map((r) => r.id).sort()).toEqual([p1, p2].sort());
    expect(rows).toEqual([
      expect.objectContaining({ place: '1=', score: 4, percentage: 66.67, carried: 2, boards: 2 }),
      expect.objectContaining({ place: '1=', score: 4, percentage: 66.67, carried: 2, boards: 2 }),
      { place: '3', id: p3, score: 2, percentage: 50, carried: null, boards: 2 },
      { place: '4', id: p4, score: 2, percentage: 33.33, carried: 0, boards: 2 },
    ]);
    // The results page shows it beside the score, in each language.
    for (const [lang, heading] of [['en', 'Carried forward'], ['zh-CN', '带入分'], ['zh-Hant', '帶入分']]) {
      const page = (await t.http().get(`/events/${final.eventId}?lang=${lang}`).expect(200)).text;
      expect(page).toContain(`>${heading}</th>`);
      expect(page).toMatch(new RegExp(`data-contestant="${p4}">[\\s\\S]*?<td class="n carried hide-narrow">0</td>`));
    }
    // Scoring software reading the REST ranking sees it too.
    const rest = (await t.http().get(`/api/v1/events/${final.eventId}/ranking`).expect(200)).body;
    expect((rest.entries as { contestant: { id: string }; carriedForward: number | null }[]).map((e) => e.carriedForward)).toEqual([2, 2, null, 0]);
    // The ranking file carries it in a column of its own.
    const csv = (await t.http().get(`/api/v1/events/${final.eventId}/ranking.csv`).expect(200)).text.split(/\r?\n/);
    expect(csv[2]).toMatch(/,Penalty,Carried forward$/);
    expect(csv.slice(3, 5).every((l) => l.endsWith(',4,66.67,2,,2'))).toBe(true);
    // The qualifying event's own ranking is as it was.
    expect((await ranking(qualifying.eventId)).map((r) => [r.percentage, r.carried])).toEqual([[100, null], [100, null], [0, null], [0, null]]);
  });

  it('says when the qualifying ranking has moved since it was set, until it is set again', async () => {
    const stale = async () => dataOf(await t.gqlAs(null, `query($e: ID!) { event(id: $e) { carryForward { stale } } }`, { e: final.eventId })).event.carryForward.stale;
    expect(await stale()).toBe(false);
    // A correction in the qualifying event: pair 3 made its 4S on board 2 after all.
    await t
      .http()
      .post(`/api/v1/sessions/${qualifying.sessionId}/results`)
      .send({ board: 2, nsPair: 3, ewPair: 4, contract: '4S', declarer: 'N', result: '=', correction: { reason: 'Scorer entered one trick short' } })
      .expect(201);
    expect(await stale()).toBe(true);
    const before = await ranking(final.eventId);
    const again = { eventId: final.eventId, fromEventId: qualifying.eventId, fraction: '1/2', pairs: [{ contestantId: final.pairs.get(2), fromContestantId: qualifying.pairs.get(1) }] };
    dataOf(await t.gqlAs(club.director, SET, { in: again }));
    expect(await stale()).toBe(false);
    // Qualifying pair 3 now has 1 of 4 (25 %): pair 4 of the final carries 1 board (half of 2) at 25 % of the top 2.
    expect((await ranking(final.eventId)).find((r) => r.id === final.pairs.get(4))).toMatchObject({ carried: 0.5 });
    expect(before.find((r) => r.id === final.pairs.get(4))).toMatchObject({ carried: 0 });
  });

  it('teams: half the qualifying VPs added to the final’s', async () => {
    const gql = async (query: string, variables: Record<string, unknown>) => dataOf(await t.gqlAs(club.director, query, variables));
    // Qualifying: a 4-team round robin, round 1 (1 v 4: team 1 by 18 IMPs; 2 v 3: team 3 by 10). Final: teams 1 and 3, one board, flat.
    const teamsEvent = async (name: string, numbers: number[], section: string, lines: object[]) => {
      const eventId = (await gql(`mutation($o: ID!, $n: String!) { createEvent(input: { name: $n, kind: TEAMS, scoring: TEAMS_IMPS, vpScale: WBF_2013, organizationId: $o }) { id } }`, { o: club.id, n: name })).createEvent.id as string;
      await gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: eventId, c: numbers.map((n) => ({ number: n, name: `Team ${n}` })) });
      const sessionId = (await gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id as string;
      await gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", ${section} }) { id } }`, { s: sessionId });
      await postLines(t, sessionId, lines);
      return eventId;
    };
    const line = (board: number, ns: number, ew: number, contract: string, declarer: string, result: string) => ({ board, nsPair: ns, ewPair: ew, contract, declarer, result });
    const qualifyingTeams = await teamsEvent('Teams qualifying', [1, 2, 3, 4], 'movement: { kind: ROUND_ROBIN, tables: 4, boardsPerRound: 2 }', [
      line(1, 1, 4, '4S', 'N', '='), line(1, 4, 1, '2S', 'N', '+2'), line(2, 1, 4, '3NT', 'S', '='), line(2, 4, 1, '3NT', 'S', '-1'),
      line(1, 2, 3, '4S', 'N', '-1'), line(1, 3, 2, '4S', 'N', '='), line(2, 2, 3, '3NT', 'S', '='), line(2, 3, 2, '3NT', 'S', '='),
    ]);
    const finalTeams = await teamsEvent('Teams final', [1, 3], 'tables: 2, boards: [1]', [line(1, 1, 3, '3NT', 'N', '='), line(1, 3, 1, '3NT', 'N', '=')]);
    const qualifyingVps = new Map((await ranking(qualifyingTeams)).map((r) => [r.id, r.score]));
    const set = dataOf(await t.gqlAs(club.director, SET, { in: { eventId: finalTeams, fromEventId: qualifyingTeams, fraction: '1/2' } })).setCarryForward;
    expect(set.unmatched).toEqual([]);
    const rows = await ranking(finalTeams);
    // A flat match is 10 VPs each; team 1 carries half its qualifying VPs, team 3 half of its.
    const carriedOf = (id: string) => set.event.carryForward.entries.find((e: { contestantId: string }) => e.contestantId === id);
    for (const r of rows) {
      const entry = carriedOf(r.id);
      expect(entry.qualifyingScore).toBe(qualifyingVps.get(entry.fromContestantId));
      expect(r.carried).toBeCloseTo(entry.qualifyingScore / 2, 2);
      expect(r.score).toBeCloseTo(10 + entry.qualifyingScore / 2, 2);
    }
    expect(rows[0].score).toBeGreaterThan(rows[1].score);
  });

  it('refuses what it cannot count, naming the field, and stores nothing', async () => {
    const imps = await playedEvent('IMP qualifying', 'CROSS_IMPS', { 1: { players: players('A1', 'A2') }, 2: { players: players('B1', 'B2') } }, [{ board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }]);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ fromEventId: imps.eventId, fraction: '1/2' }, 'fromEventId', /scored CROSS_IMPS, the final PAIRS scored MATCHPOINTS/],
      [{ fromEventId: final.eventId, fraction: '1/2' }, 'fromEventId', /does not carry forward from itself/],
      [{ fromEventId: qualifying.eventId, fraction: '3/2' }, 'fraction', /0 \(no carry-forward\) to 1/],
      [{ fromEventId: qualifying.eventId, fraction: 'half' }, 'fraction', /1\/2 or 0.5/],
      [{ fromEventId: qualifying.eventId, fraction: '1/2', pairs: [{ contestantId: qualifying.pairs.get(1), fromContestantId: qualifying.pairs.get(1) }] }, 'pairs.0.contestantId', /not a contestant of the final/],
    ];
    const before = await ranking(final.eventId);
    for (const [input, field, message] of cases) {
      const res = await t.gqlAs(club.director, SET, { in: { eventId: final.eventId, ...input } });
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.fields).toEqual([field]);
      expect(res.errors?.[0].message).toMatch(message);
    }
    expect(await ranking(final.eventId)).toEqual(before);
  });

  it('keeps another club out of both events, by id and through variables, and stores nothing', async () => {
    const theirs = await (async () => {
      const eventId = dataOf(await t.gqlAs(other.director, `mutation($o: ID!) { createEvent(input: { name: "Their final", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: other.id })).createEvent.id as string;
      return eventId;
    })();
    const before = await ranking(final.eventId);
    const attempts: [string, Record<string, unknown>][] = [
      // Writing this club's final from its own event, and its own final from this club's qualifying ranking.
      [SET, { in: { eventId: final.eventId, fromEventId: theirs, fraction: '1' } }],
      [SET, { in: { eventId: theirs, fromEventId: qualifying.eventId, fraction: '1' } }],
      [`mutation { a: setCarryForward(input: { eventId: "${final.eventId}", fromEventId: "${qualifying.eventId}", fraction: "0" }) { unmatched } }`, {}],
    ];
    for (const [query, variables] of attempts) {
      const res = await t.gqlAs(other.director, query, variables);
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await ranking(final.eventId)).toEqual(before);
    expect(dataOf(await t.gqlAs(null, `query($e: ID!) { event(id: $e) { carryForward { fraction } } }`, { e: theirs })).event.carryForward).toBeNull();
  });

  it('after the final’s correction period changes only with override, audited; fraction 0 takes it off', async () => {
    dataOf(await t.gqlAs(club.director, `mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: final.sessionId }));
    const off = { eventId: final.eventId, fromEventId: qualifying.eventId, fraction: '0' };
    const refused = await t.gqlAs(club.director, SET, { in: off });
    expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(refused.errors?.[0].message).toMatch(/Law 79C.*override: true/s);
    expect((await ranking(final.eventId))[0].carried).toBe(1.5); // 75 % since the qualifying correction

    const removed = dataOf(await t.gqlAs(club.director, SET, { in: { ...off, override: true } })).setCarryForward;
    expect(removed).toMatchObject({ unmatched: [], event: { carryForward: null } });
    expect((await ranking(final.eventId)).map((r) => [r.place, r.percentage, r.carried])).toEqual([['1=', 50, null], ['1=', 50, null], ['1=', 50, null], ['1=', 50, null]]);
    const trail = dataOf(await t.gqlAs(club.director, `query($s: ID!) { auditTrail(sessionId: $s) { action after } }`, { s: final.sessionId })).auditTrail as { action: string; after: string }[];
    expect(trail.some((e) => e.action === 'SCORING_RULES_CHANGED' && JSON.stringify(e.after).includes('carryForward'))).toBe(true);
  });
});
