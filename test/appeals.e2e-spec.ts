import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, TEST_ADMIN_KEY, type TestApp } from './support/app.js';

/**
 * Law 92 appeals over the API (DOMAIN §8.2): lodged in the Law 92B period (or late with the
 * organiser's override), decided once (Law 93); while one is pending the session's results stay
 * OFFICIAL. Played by a club's own keys, another club's keys (the attacker) and, in a simultaneous,
 * by two host clubs that each see and decide only their own sections' appeals.
 */
describe('appeals (Law 92)', () => {
  let t: TestApp;
  let fed: string;
  const clubs: Record<'north' | 'south' | 'other', { id: string; director: string }> = {} as never;
  let eventId: string;
  let sessionId: string;
  const pair = new Map<string, string>();

  const org = async (input: Record<string, unknown>) =>
    dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: input })).createOrganization.id as string;
  const key = async (organizationId: string, role = 'DIRECTOR') =>
    dataOf(await t.gql(`mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: `${role} key`, role, organizationId } })).createApiKey.key as string;
  const LODGE = `mutation($in: LodgeAppealInput!) { lodgeAppeal(input: $in) { id outcome boardNumber reason } }`;
  const DECIDE = `mutation($in: DecideAppealInput!) { decideAppeal(input: $in) { id outcome decision withoutMerit decidedAt } }`;
  const sessionState = async (id: string) => dataOf(await t.gqlAs(null, `query($s: ID!) { session(id: $s) { standing pendingAppeals } }`, { s: id })).session;

  beforeAll(async () => {
    t = await startTestApp();
    const federationId = await org({ name: 'Federation', kind: 'FEDERATION' });
    fed = await key(federationId);
    for (const name of ['north', 'south'] as const) {
      const id = await org({ name: `${name} BC`, kind: 'CLUB', federationId });
      clubs[name] = { id, director: await key(id) };
    }
    const other = await org({ name: 'Other BC', kind: 'CLUB' });
    clubs.other = { id: other, director: await key(other) };
    // A simultaneous of the federation: North hosts section A, South section B; one board each.
    eventId = dataOf(await t.gqlAs(fed, `mutation($o: ID!) { createEvent(input: { name: "Sim", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION, organizationId: $o, correctionMinutes: 0, appealMinutes: 60 }) { id } }`, { o: federationId })).createEvent.id;
    sessionId = dataOf(await t.gqlAs(fed, `mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    for (const [letter, club] of [['A', 'north'], ['B', 'south']] as const) {
      dataOf(await t.gqlAs(fed, `mutation($s: ID!, $l: String!, $o: ID!) { createSection(input: { sessionId: $s, letter: $l, tables: 1, boards: [1, 2], organizationId: $o }) { id } }`, { s: sessionId, l: letter, o: clubs[club].id }));
      const added = dataOf(await t.gqlAs(clubs[club].director, `mutation($in: AddContestantsInput!) { addContestants(input: $in) { id section direction } }`, {
        in: { eventId, contestants: [{ section: letter, number: 1, direction: 'NS' }, { section: letter, number: 1, direction: 'EW' }] },
      })).addContestants;
      for (const c of added) pair.set(`${c.section}${c.direction}`, c.id);
    }
  });
  afterAll(() => t.close());

  it('records an appeal lodged during play, keeps it pending, and takes the same appeal sent again as the one lodged', async () => {
    const input = { sessionId, contestantId: pair.get('AEW'), board: 2, reason: 'Ruling on an unauthorised-information hesitation' };
    const lodged = dataOf(await t.gqlAs(clubs.north.director, LODGE, { in: input })).lodgeAppeal;
    expect(lodged).toMatchObject({ outcome: null, boardNumber: 2, reason: input.reason });
    const again = dataOf(await t.gqlAs(clubs.north.director, LODGE, { in: input })).lodgeAppeal;
    expect(again.id).toBe(lodged.id);
    expect(await sessionState(sessionId)).toEqual({ standing: 'PROVISIONAL', pendingAppeals: 1 });
  });

  it('refuses what a director would get wrong: no reason, a board the session has not, a pair of another event', async () => {
    const noReason = await t.gqlAs(fed, LODGE, { in: { sessionId, contestantId: pair.get('ANS'), reason: '  ' } });
    expect(noReason.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['reason'] });
    const noBoard = await t.gqlAs(fed, LODGE, { in: { sessionId, contestantId: pair.get('ANS'), board: 9, reason: 'Board nine' } });
    expect(noBoard.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', fields: ['board'] });
    const elsewhere = dataOf(await t.gqlAs(clubs.other.director, `mutation { createEvent(input: { name: "Other", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    const stranger = dataOf(await t.gqlAs(clubs.other.director, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }] }) { id } }`, { e: elsewhere })).addContestants[0].id;
    const foreign = await t.gqlAs(fed, LODGE, { in: { sessionId, contestantId: stranger, reason: 'Not our pair' } });
    expect(foreign.errors?.[0]?.extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect(await sessionState(sessionId)).toMatchObject({ pendingAppeals: 1 });
  });

  it("keeps each club to its own: another club's key, a host for the other host's pair, the public", async () => {
    const outsider = await t.gqlAs(clubs.other.director, LODGE, { in: { sessionId, contestantId: pair.get('ANS'), reason: 'Not my club' } });
    expect(outsider.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const southForNorth = await t.gqlAs(clubs.south.director, LODGE, { in: { sessionId, contestantId: pair.get('ANS'), reason: 'Not my section' } });
    expect(southForNorth.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // South lodges for its own pair; each host lists only its own sections' appeals, the organiser all.
    dataOf(await t.gqlAs(clubs.south.director, LODGE, { in: { sessionId, contestantId: pair.get('BNS'), reason: 'Misinformation about a 2NT opening' } }));
    const list = async (as: string | null) => t.gqlAs(as, `query($s: ID!) { a: appeals(sessionId: $s) { contestantId } }`, { s: sessionId });
    expect(dataOf(await list(clubs.north.director)).a).toEqual([{ contestantId: pair.get('AEW') }]);
    expect(dataOf(await list(clubs.south.director)).a).toEqual([{ contestantId: pair.get('BNS') }]);
    expect(dataOf(await list(fed)).a).toHaveLength(2);
    expect((await list(clubs.other.director)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await list(null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Deciding the other host's appeal, by id, by alias or through variables, is refused alike.
    const norths = dataOf(await list(clubs.north.director)).a;
    const norths_id = dataOf(await t.gqlAs(fed, `query($s: ID!) { appeals(sessionId: $s) { id contestantId } }`, { s: sessionId })).appeals.find((a: any) => a.contestantId === norths[0].contestantId).id;
    const bySouth = await t.gqlAs(clubs.south.director, `mutation($id: ID!) { x: decideAppeal(input: { id: $id, outcome: DISMISSED, decision: "Not yours to decide" }) { id } }`, { id: norths_id });
    expect(bySouth.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await sessionState(sessionId)).toMatchObject({ pendingAppeals: 2 });
  });

  it('keeps published results OFFICIAL past both periods while an appeal waits, and FINAL once the last is decided', async () => {
    // The appeal period here ends at publication: results would be FINAL at once but for the appeals.
    await t.gql(`mutation($e: ID!) { updateEvent(id: $e, input: { appealMinutes: 0 }) { id } }`, { e: eventId });
    dataOf(await t.gqlAs(fed, `mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: sessionId }));
    await new Promise((r) => setTimeout(r, 20));
    expect(await sessionState(sessionId)).toEqual({ standing: 'OFFICIAL', pendingAppeals: 2 });
    // The results page says why the results are not yet final.
    const page = (await t.as(null).get(`/sessions/${sessionId}`).expect(200)).text;
    expect(page).toContain('Appeals awaiting a decision: 2 (Law 92).');
    const ranking = async () => dataOf(await t.gqlAs(null, `query($s: ID!) { sessionRanking(sessionId: $s) { standing } }`, { s: sessionId })).sessionRanking;
    const appeals = dataOf(await t.gqlAs(fed, `query($s: ID!) { appeals(sessionId: $s) { id contestantId } }`, { s: sessionId })).appeals;
    const [north, south] = [pair.get('AEW'), pair.get('BNS')].map((c) => appeals.find((a: any) => a.contestantId === c).id);

    const merit = await t.gqlAs(clubs.north.director, DECIDE, { in: { id: north, outcome: 'UPHELD', decision: 'Score adjusted to 3NT=', withoutMerit: true } });
    expect(merit.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['withoutMerit'] });
    const upheld = dataOf(await t.gqlAs(clubs.north.director, DECIDE, { in: { id: north, outcome: 'UPHELD', decision: 'Score adjusted to 3NT=' } })).decideAppeal;
    expect(upheld).toMatchObject({ outcome: 'UPHELD', decision: 'Score adjusted to 3NT=', withoutMerit: false });
    // A retry of the same decision changes nothing; another decision is refused.
    expect(dataOf(await t.gqlAs(clubs.north.director, DECIDE, { in: { id: north, outcome: 'UPHELD', decision: 'Score adjusted to 3NT=' } })).decideAppeal.decidedAt).toBe(upheld.decidedAt);
    const changed = await t.gqlAs(fed, DECIDE, { in: { id: north, outcome: 'DISMISSED', decision: 'On reflection' } });
    expect(changed.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await sessionState(sessionId)).toEqual({ standing: 'OFFICIAL', pendingAppeals: 1 });
    expect((await ranking()).every((e: any) => e.standing === 'OFFICIAL')).toBe(true);

    dataOf(await t.gqlAs(clubs.south.director, DECIDE, { in: { id: south, outcome: 'DISMISSED', decision: 'The explanation given was the agreement', withoutMerit: true } }));
    expect(await sessionState(sessionId)).toEqual({ standing: 'FINAL', pendingAppeals: 0 });
    expect((await ranking()).every((e: any) => e.standing === 'FINAL')).toBe(true);
    expect((await t.as(null).get(`/sessions/${sessionId}`).expect(200)).text).not.toContain('Appeals awaiting');
  });

  it('refuses an appeal after the Law 92B period unless the organiser accepts it late, and audits both', async () => {
    const late = { sessionId, contestantId: pair.get('ANS'), reason: 'Lodged the next morning' };
    const refused = await t.gqlAs(clubs.north.director, LODGE, { in: late });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', fields: ['override'] });
    expect(refused.errors?.[0]?.message).toMatch(/appeal period \(Law 92B\).*override: true/);
    expect(await sessionState(sessionId)).toEqual({ standing: 'FINAL', pendingAppeals: 0 });
    dataOf(await t.gqlAs(clubs.north.director, LODGE, { in: { ...late, override: true } }));
    expect(await sessionState(sessionId)).toEqual({ standing: 'OFFICIAL', pendingAppeals: 1 });
    const trail = dataOf(await t.gqlAs(TEST_ADMIN_KEY, `query($s: ID!) { auditTrail(sessionId: $s) { action law } }`, { s: sessionId })).auditTrail;
    expect(trail.filter((e: any) => e.action.startsWith('APPEAL_')).map((e: any) => `${e.action} ${e.law}`)).toEqual([
      'APPEAL_LODGED 92', 'APPEAL_LODGED 92', 'APPEAL_DECIDED 93', 'APPEAL_DECIDED 93', 'APPEAL_LODGED 92B',
    ]);
  });

  describe('ruling requests (Law 92B, DOMAIN §8.2)', () => {
    const REQUEST = `mutation($in: RequestRulingInput!) { requestRuling(input: $in) { id boardNumber reason requestedAt ruling law ruledAt } }`;
    const RULE = `mutation($in: GiveRulingInput!) { giveRuling(input: $in) { id ruling law ruledAt } }`;
    const state = async () => dataOf(await t.gqlAs(null, `query($s: ID!) { session(id: $s) { standing pendingAppeals pendingRulings } }`, { s: sessionId })).session;
    let requestId: string;

    it('records a request with its time, after the period only when the organiser accepts it, and the same request again as the one made', async () => {
      const input = { sessionId, contestantId: pair.get('ANS'), board: 1, reason: 'Claim disputed at the end of play' };
      const refused = await t.gqlAs(clubs.north.director, REQUEST, { in: input });
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', fields: ['override'] }, message: expect.stringMatching(/ruling request period \(Law 92B\).*override: true/) });
      const made = dataOf(await t.gqlAs(clubs.north.director, REQUEST, { in: { ...input, override: true } })).requestRuling;
      expect(made).toMatchObject({ boardNumber: 1, reason: input.reason, ruling: null, law: null, ruledAt: null });
      expect(Date.now() - Date.parse(made.requestedAt)).toBeLessThan(60_000);
      expect(dataOf(await t.gqlAs(clubs.north.director, REQUEST, { in: { ...input, override: true } })).requestRuling.id).toBe(made.id);
      requestId = made.id;
      expect(await state()).toEqual({ standing: 'OFFICIAL', pendingAppeals: 1, pendingRulings: 1 });
    });

    it("keeps each club to its own requests: another club's key, the other host, the public", async () => {
      const input = { sessionId, contestantId: pair.get('ANS'), reason: 'Not my club', override: true };
      expect((await t.gqlAs(clubs.other.director, REQUEST, { in: input })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await t.gqlAs(clubs.south.director, REQUEST, { in: input })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const list = async (as: string | null) => t.gqlAs(as, `query($s: ID!) { r: rulingRequests(sessionId: $s) { id contestantId } }`, { s: sessionId });
      expect(dataOf(await list(clubs.north.director)).r).toEqual([{ id: requestId, contestantId: pair.get('ANS') }]);
      expect(dataOf(await list(clubs.south.director)).r).toEqual([]);
      expect(dataOf(await list(fed)).r).toHaveLength(1);
      expect((await list(clubs.other.director)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await list(null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const bySouth = await t.gqlAs(clubs.south.director, `mutation($id: ID!) { x: giveRuling(input: { id: $id, ruling: "Not yours to give" }) { id } }`, { id: requestId });
      expect(bySouth.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('keeps the results OFFICIAL until the ruling is given, once, and audits both', async () => {
      const appeal = dataOf(await t.gqlAs(fed, `query($s: ID!) { appeals(sessionId: $s) { id outcome } }`, { s: sessionId })).appeals.find((a: any) => a.outcome === null).id;
      dataOf(await t.gqlAs(fed, DECIDE, { in: { id: appeal, outcome: 'WITHDRAWN', decision: 'Withdrawn by the appellants' } }));
      expect(await state()).toEqual({ standing: 'OFFICIAL', pendingAppeals: 0, pendingRulings: 1 });
      expect((await t.as(null).get(`/sessions/${sessionId}`).expect(200)).text).toContain('Ruling requests awaiting the director: 1 (Law 92B).');
      expect((await t.gqlAs(clubs.north.director, RULE, { in: { id: requestId, ruling: 'Claim', law: 'seventy' } })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['law'] });
      const given = dataOf(await t.gqlAs(clubs.north.director, RULE, { in: { id: requestId, ruling: 'The claim stands: declarer takes 10 tricks', law: '70d1' } })).giveRuling;
      expect(given).toMatchObject({ ruling: 'The claim stands: declarer takes 10 tricks', law: '70D1' });
      expect(dataOf(await t.gqlAs(clubs.north.director, RULE, { in: { id: requestId, ruling: 'The claim stands: declarer takes 10 tricks', law: '70D1' } })).giveRuling.ruledAt).toBe(given.ruledAt);
      const again = await t.gqlAs(fed, RULE, { in: { id: requestId, ruling: 'On reflection, 9 tricks' } });
      expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' }, message: expect.stringMatching(/changed on appeal/) });
      expect(await state()).toEqual({ standing: 'FINAL', pendingAppeals: 0, pendingRulings: 0 });
      const trail = dataOf(await t.gqlAs(TEST_ADMIN_KEY, `query($s: ID!) { auditTrail(sessionId: $s) { action law } }`, { s: sessionId })).auditTrail;
      expect(trail.filter((e: any) => e.action.startsWith('RULING_')).map((e: any) => `${e.action} ${e.law}`)).toEqual(['RULING_REQUESTED 92B', 'RULING_GIVEN 70D1']);
    });
  });
});
