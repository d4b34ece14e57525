import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * The federation's view: players by member number across its clubs, a player's history, merging
 * duplicates, and awards from official rankings only, ties sharing the combined award.
 */
describe('the federation’s view of players and awards', () => {
  let t: TestApp;
  let federation: string;
  let clubA: string;
  let clubB: string;
  let federationKey: string;
  let clubKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    const org = async (name: string, kind: string, federationId?: string) =>
      dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id;
    federation = await org('National Federation', 'FEDERATION');
    clubA = await org('Hillside', 'CLUB', federation);
    clubB = await org('Lakeside', 'CLUB', federation);
    const key = async (organizationId: string, role: string) => dataOf(await t.gql(`mutation($o: ID!, $r: ApiRole!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { o: organizationId, r: role })).createApiKey.key;
    federationKey = await key(federation, 'ADMIN');
    clubKey = await key(clubA, 'DIRECTOR');
    // 4+ pairs earn 6, 4, 2.
    dataOf(await t.gqlAs(federationKey, `mutation($f: ID!) { setAwardScale(input: { organizationId: $f, category: "CLUB_PAIRS", name: "Club pairs", tiers: [{ minContestants: 4, points: [6, 4, 2] }] }) { id } }`, { f: federation }));
  });
  afterAll(() => t.close());

  /**
   * A one-field night of four pairs on one board, each pair at its own table against a fixed
   * opponent (not a real movement, just four scores): +420, +420, +170, −50 for pairs 1–4 sitting
   * NS against pairs 5–8 sitting EW. NS 1 and 2 tie for first.
   */
  async function night(org: string, name: string, members: string[][], publish: boolean, date: string): Promise<string> {
    const eventId = dataOf(await t.gql(`mutation($o: ID!, $n: String!, $d: LocalDate!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o, category: "CLUB_PAIRS", startsOn: $d }) { id } }`, { o: org, n: name, d: date })).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 4, boards: [1] }) { id } }`, { s: sessionId }));
    const pairs = members.map((players, i) => ({ number: i + 1, direction: i < 4 ? 'NS' : 'EW', players: players.map((p) => ({ name: p.split('#')[0], memberNumber: p.split('#')[1] })) }));
    dataOf(await t.gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: eventId, c: pairs }));
    const scores = [['4S', 10], ['4S', 10], ['2S', 10], ['4S', 9]] as const;
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines: scores.map(([contract, tricks], i) => ({ board: 1, nsPair: i + 1, ewPair: i + 5, contract, declarer: 'N', tricks })) }).expect(201);
    if (publish) dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: sessionId }));
    return eventId;
  }
  const members = (prefix: string, numbers: (string | null)[]) => numbers.map((n, i) => [`${prefix} ${i + 1}a${n ? `#${n}` : ''}`, `${prefix} ${i + 1}b`]);

  it('computes awards from official rankings only, ties sharing the combined award', async () => {
    await night(clubA, 'Hillside Tuesday', members('Hill', ['1001', '1002', '1003', '1004', null, null, null, null]), true, '2026-11-03');
    await night(clubB, 'Lakeside Friday', members('Lake', ['1001', null, null, null, null, null, null, null]), true, '2026-11-06');
    await night(clubA, 'Hillside unpublished', members('Open', ['1003', null, null, null, null, null, null, null]), false, '2026-11-10');
    const awards = dataOf(await t.gqlAs(federationKey, `query($f: ID!) { awards(federationId: $f) { memberNumber name total playerIds events { eventName startsOn place points } } }`, { f: federation })).awards;
    // NS 1 and NS 2 tie for first (420 each): they share 6 + 4 = 10, 5 each; NS 3 is third: 2.
    // Member 1001 played NS 1 at both clubs: 5 + 5 = 10, one person across two clubs.
    const person = (n: string) => awards.find((a: any) => a.memberNumber === n);
    expect(person('1001')).toMatchObject({ total: 10, events: [{ eventName: 'Hillside Tuesday', startsOn: '2026-11-03', place: '1=', points: 5 }, { eventName: 'Lakeside Friday', startsOn: '2026-11-06', place: '1=', points: 5 }] });
    expect(person('1001').playerIds).toHaveLength(2);
    expect(person('1002')).toMatchObject({ total: 5 });
    expect(person('1003')).toMatchObject({ total: 2 }); // the unpublished night counts for nothing
    expect(person('1004')).toBeUndefined();
    expect(awards[0].total).toBe(10);
  });

  it('exports the awards per player as CSV for the federation’s systems', async () => {
    const res = await t.as(federationKey).get(`/api/v1/organizations/${federation}/awards.csv?from=2026-11-01&to=2026-11-30`).expect(200);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Member number,Name,Events,Points');
    expect(lines).toContain('1001,Hill 1a,2,10.00');
    await t.as(federationKey).get(`/api/v1/organizations/${federation}/awards.csv?to=2026-11-04`).expect(200);
    await t.as(federationKey).get(`/api/v1/organizations/${federation}/awards.csv?from=yesterday`).expect(400);
  });

  it('keeps awards and member numbers to the federation’s keys', async () => {
    expect((await t.gqlAs(null, `query($f: ID!) { awards(federationId: $f) { total } }`, { f: federation })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gqlAs(clubKey, `query($f: ID!) { awards(federationId: $f) { total } }`, { f: federation })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const found = dataOf(await t.gqlAs(federationKey, `query($f: ID!) { playersByMemberNumber(memberNumber: "1001", federationId: $f) { name organizationId } }`, { f: federation })).playersByMemberNumber;
    expect(found.map((p: any) => p.organizationId).sort()).toEqual([clubA, clubB].sort());
  });

  it('shows a player’s history across events, with partners and results', async () => {
    const [player] = dataOf(await t.gqlAs(federationKey, `query($f: ID!) { playersByMemberNumber(memberNumber: "1003", federationId: $f) { id } }`, { f: federation })).playersByMemberNumber;
    const history = dataOf(await t.gql(`query($p: ID!) { player(id: $p) { history { eventName startsOn place official partners { name } } } }`, { p: player.id })).player.history;
    expect(history).toEqual([
      // Days are calendar days (LocalDate), the same in every time zone.
      { eventName: 'Hillside unpublished', startsOn: '2026-11-10', place: '1=', official: false, partners: [{ name: 'Open 1b' }] },
      { eventName: 'Hillside Tuesday', startsOn: '2026-11-03', place: '3', official: true, partners: [{ name: 'Hill 3b' }] },
    ]);
  });

  it('merges a duplicate player: its events move over, the duplicate is kept and the merge audited', async () => {
    const byNumber = async (n: string) => dataOf(await t.gqlAs(federationKey, `query($f: ID!, $n: String!) { playersByMemberNumber(memberNumber: $n, federationId: $f) { id name organizationId } }`, { f: federation, n })).playersByMemberNumber;
    const [hill, lake] = (await byNumber('1001')).sort((a: any) => (a.organizationId === clubA ? -1 : 1));
    // A club's director reaches only the club's players; the federation's reaches both clubs.
    const refused = await t.gqlAs(clubKey, `mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "Same member number" }) { id } }`, { k: hill.id, d: lake.id });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const kept = dataOf(await t.gqlAs(federationKey, `mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "Same member number" }) { id history { eventName } } }`, { k: hill.id, d: lake.id })).mergePlayers;
    expect(kept.history.map((h: any) => h.eventName).sort()).toEqual(['Hillside Tuesday', 'Lakeside Friday']);
    const duplicate = dataOf(await t.gql(`query($p: ID!) { player(id: $p) { mergedIntoId history { eventName } } }`, { p: lake.id })).player;
    expect(duplicate).toEqual({ mergedIntoId: hill.id, history: [] });
    expect((await byNumber('1001')).map((p: any) => p.id)).toEqual([hill.id]);
    const again = await t.gqlAs(federationKey, `mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "Again" }) { id } }`, { k: hill.id, d: lake.id });
    expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' }, message: expect.stringMatching(/already merged/) });
  });

  it('awards a one-winner Mitchell as the one field it is ranked in, not split by home direction (DOMAIN §7)', async () => {
    // Fewer than 6 pairs earn 3, 2, 1; 6 or more earn 12, 8, 4 (EBU-style tiers keyed on the field's size).
    dataOf(await t.gqlAs(federationKey, `mutation($f: ID!) { setAwardScale(input: { organizationId: $f, category: "ONE_WINNER", name: "One winner", tiers: [{ minContestants: 3, points: [3, 2, 1] }, { minContestants: 6, points: [12, 8, 4] }] }) { id } }`, { f: federation }));
    const eventId = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Hillside one winner", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o, category: "ONE_WINNER", startsOn: "2026-12-01" }) { id } }`, { o: clubA })).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    // Three tables, one board a round, the last round arrow-switched: all six pairs are one field.
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", boards: [1, 2, 3], movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, arrowSwitchRounds: [3] } }) { id } }`, { s: sessionId }));
    const pairs = ['NS', 'EW'].flatMap((direction, d) => [1, 2, 3].map((number) => ({ number, direction, players: [{ name: `One ${direction}${number}`, memberNumber: `${7000 + 10 * d + number}` }] })));
    dataOf(await t.gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: eventId, c: pairs }));
    // Round 3 is switched: the EW pair of the row sits NS (the line names pairs as seated).
    const lines = [
      [1, 1, 1, 1, 1, '4S', 10], [1, 2, 3, 3, 2, '2S', 9], [1, 3, 2, 3, 2, '4S', 9],
      [2, 1, 2, 2, 2, '4S', 10], [2, 2, 1, 1, 3, '4S', 11], [2, 3, 3, 1, 3, '2S', 8],
      [3, 1, 3, 3, 3, '3NT', 9], [3, 2, 2, 2, 1, '3NT', 10], [3, 3, 1, 2, 1, '3NT', 8],
    ].map(([board, round, table, nsPair, ewPair, contract, tricks]) => ({ board, round, table, nsPair, ewPair, contract, declarer: 'N', tricks }));
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines }).expect(201);
    dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: sessionId }));
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { number direction } } }`, { s: sessionId })).sessionRanking;
    expect(ranking.map((r: any) => r.place)).toEqual(['1', '2', '3', '4', '5', '6']);
    const awards = dataOf(await t.gqlAs(federationKey, `query($f: ID!) { awards(federationId: $f) { memberNumber events { eventName place points } } }`, { f: federation })).awards;
    const won = awards.flatMap((a: any) => a.events.filter((e: any) => e.eventName === 'Hillside one winner').map((e: any) => [e.place, e.points])).sort();
    // One field of six: the 6-pair tier, 12, 8, 4 to the first three places, whatever their home direction.
    expect(won).toEqual([['1', 12], ['2', 8], ['3', 4]]);
  });
});
