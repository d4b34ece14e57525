import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * Players' privacy: member numbers and histories for the player's club, its federation and global
 * admins only; names as the club's namePolicy publishes them for everyone else, wherever names show
 * (GraphQL, pages, exports), whatever the attacker tries (other clubs' keys, aliases, variables,
 * name searches).
 */
describe('players’ privacy', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const keys: Record<'A_ADMIN' | 'A_SCORER' | 'B_ADMIN' | 'FED_ADMIN' | 'OTHER_FED_ADMIN', string> = {} as never;

  beforeAll(async () => {
    t = await startTestApp();
    const org = async (name: string, kind = 'CLUB', federationId?: string) =>
      dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
    ids.federation = await org('Federation', 'FEDERATION');
    ids.otherFederation = await org('Other federation', 'FEDERATION');
    ids.clubA = await org('Club A', 'CLUB', ids.federation);
    ids.clubB = await org('Club B');
    ids.event = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Private night", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: ids.clubA })).createEvent.id;
    ids.session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: ids.event })).createSession.id;
    await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: ids.session });
    const pairs = dataOf(
      await t.gql(
        `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [
          { number: 1, players: [{ name: "Ann Lee", memberNumber: "A-1001" }, { name: "王小明", memberNumber: "A-1002" }] },
          { number: 2, name: "The Sevens", players: [{ name: "Cy Dunn", memberNumber: "A-1003" }, { name: "Di Ng", memberNumber: "A-1004" }] },
          { number: 3 }, { number: 4 }] }) { id players { id } } }`,
        { e: ids.event },
      ),
    ).addContestants;
    ids.pair1 = pairs[0].id;
    ids.ann = pairs[0].players[0].id;
    await t.http().post(`/api/v1/sessions/${ids.session}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'N', tricks: 9 }).expect(201);
    await t.http().post(`/api/v1/sessions/${ids.session}/results`).send({ board: 1, nsPair: 3, ewPair: 4, contract: '2S', declarer: 'E', tricks: 8 }).expect(201);
    const key = async (role: string, organizationId: string) =>
      dataOf(await t.gql(`mutation($r: ApiRole!, $o: ID!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { r: role, o: organizationId })).createApiKey.key as string;
    keys.A_ADMIN = await key('ADMIN', ids.clubA);
    keys.A_SCORER = await key('SCORER', ids.clubA);
    keys.B_ADMIN = await key('ADMIN', ids.clubB);
    keys.FED_ADMIN = await key('ADMIN', ids.federation);
    keys.OTHER_FED_ADMIN = await key('ADMIN', ids.otherFederation);
  });
  afterAll(() => t.close());

  const setPolicy = async (policy: string, key = keys.A_ADMIN) => t.gqlAs(key, `mutation($id: ID!, $p: NamePolicy!) { updateOrganization(id: $id, input: { namePolicy: $p }) { namePolicy } }`, { id: ids.clubA, p: policy });
  const ranking = async (key: string | null) =>
    dataOf(await t.gqlAs(key, `query($s: ID!) { sessionRanking(sessionId: $s) { contestant { number name players { name memberNumber } } } }`, { s: ids.session })).sessionRanking.find((r: any) => r.contestant.number === 1).contestant;

  it('never lists member numbers to the public, even with policy FULL', async () => {
    const listed = dataOf(await t.gqlAs(null, `{ players(first: 100) { nodes { name memberNumber } } }`)).players.nodes;
    expect(listed.map((p: any) => p.name)).toContain('Ann Lee');
    expect(listed.every((p: any) => p.memberNumber === null)).toBe(true);
    // The club's own key, its federation's and a global admin see them.
    for (const key of [keys.A_SCORER, keys.FED_ADMIN]) {
      const seen = dataOf(await t.gqlAs(key, `query($o: ID!) { players(organizationId: $o, first: 100) { nodes { name memberNumber } } }`, { o: ids.clubA })).players.nodes;
      expect(seen.find((p: any) => p.name === 'Ann Lee').memberNumber).toBe('A-1001');
    }
  });

  it('shows names by the club’s policy to everyone outside it: initials, then hidden', async () => {
    expect((await setPolicy('INITIALS', keys.B_ADMIN)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(dataOf(await setPolicy('INITIALS')).updateOrganization.namePolicy).toBe('INITIALS');
    for (const key of [null, keys.B_ADMIN, keys.OTHER_FED_ADMIN]) {
      expect(await ranking(key)).toEqual({ number: 1, name: 'A. L. & 王**', players: [{ name: 'A. L.', memberNumber: null }, { name: '王**', memberNumber: null }] });
    }
    // The chosen pair name stays under INITIALS.
    const sevens = dataOf(await t.gqlAs(null, `query($e: ID!) { event(id: $e) { contestants { number name } } }`, { e: ids.event })).event.contestants.find((c: any) => c.number === 2);
    expect(sevens.name).toBe('The Sevens');
    for (const key of [keys.A_SCORER, keys.FED_ADMIN]) expect((await ranking(key)).players[0]).toEqual({ name: 'Ann Lee', memberNumber: 'A-1001' });
    dataOf(await setPolicy('HIDDEN'));
    expect(await ranking(null)).toEqual({ number: 1, name: 'No. 1', players: [{ name: '(withheld)', memberNumber: null }, { name: '(withheld)', memberNumber: null }] });
    const hiddenSevens = dataOf(await t.gqlAs(null, `query($e: ID!) { event(id: $e) { contestants { number name } } }`, { e: ids.event })).event.contestants.find((c: any) => c.number === 2);
    expect(hiddenSevens.name).toBe('No. 2');
    dataOf(await setPolicy('INITIALS'));
  });

  it('names the pairs on traveller lines by the same policy, on every way to a traveller', async () => {
    dataOf(await setPolicy('INITIALS'));
    const lineNames = async (key: string | null) => {
      const data = dataOf(
        await t.gqlAs(key, `query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair nsName ewName } } session(id: $s) { travellers { lines { nsPair nsName } } } }`, { s: ids.session }),
      );
      const line = data.traveller.lines.find((l: any) => l.nsPair === 1);
      return { ns: line.nsName, ew: line.ewName, viaSession: data.session.travellers[0].lines.find((l: any) => l.nsPair === 1).nsName };
    };
    for (const key of [null, keys.B_ADMIN, keys.OTHER_FED_ADMIN]) expect(await lineNames(key)).toEqual({ ns: 'A. L. & 王**', ew: 'The Sevens', viaSession: 'A. L. & 王**' });
    for (const key of [keys.A_SCORER, keys.FED_ADMIN]) expect(await lineNames(key)).toEqual({ ns: 'Ann Lee & 王小明', ew: 'The Sevens', viaSession: 'Ann Lee & 王小明' });
    dataOf(await setPolicy('HIDDEN'));
    expect(await lineNames(null)).toEqual({ ns: 'No. 1', ew: 'No. 2', viaSession: 'No. 1' });
    dataOf(await setPolicy('INITIALS'));
  });

  it('holds against aliases, variables, fragments and name searches', async () => {
    const attack = await t.gqlAs(
      keys.B_ADMIN,
      `query($p: ID!, $s: ID!) {
        a: player(id: $p) { n: name m: memberNumber ...more }
        b: player(id: $p) { memberNumber }
        c: sessionRanking(sessionId: $s) { contestant { players { x: memberNumber y: name } } }
      }
      fragment more on Player { again: memberNumber full: name }`,
      { p: ids.ann, s: ids.session },
    );
    expect(attack.errors).toBeUndefined();
    expect(JSON.stringify(attack.data)).not.toMatch(/A-100|Ann Lee|王小明/);
    const history = await t.gqlAs(keys.B_ADMIN, `query($p: ID!) { p1: player(id: $p) { h: history { eventId } } }`, { p: ids.ann });
    expect(history.errors?.[0]).toMatchObject({ path: ['p1', 'h'], extensions: { code: 'FORBIDDEN' } });
    expect(history.data?.p1).toEqual({ h: null });
    expect((await t.gqlAs(null, `query($p: ID!) { player(id: $p) { history { eventId } } }`, { p: ids.ann })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(dataOf(await t.gqlAs(keys.FED_ADMIN, `query($p: ID!) { player(id: $p) { history { eventId } } }`, { p: ids.ann })).player.history).toEqual([{ eventId: ids.event }]);
    // A name search cannot confirm a name the club does not publish.
    for (const key of [null, keys.B_ADMIN]) {
      const found = dataOf(await t.gqlAs(key, `query($n: String!) { players(name: $n) { totalCount } }`, { n: 'Lee' })).players.totalCount;
      expect(found).toBe(0);
    }
    expect(dataOf(await t.gqlAs(keys.A_SCORER, `{ players(name: "Lee") { totalCount } }`)).players.totalCount).toBe(1);
    expect(dataOf(await t.gqlAs(keys.FED_ADMIN, `{ players(name: "Lee") { totalCount } }`)).players.totalCount).toBe(1);
  });

  it('follows the policy on the results pages and in the exports', async () => {
    const session = await t.as(null).get(`/sessions/${ids.session}`).set('Accept', 'text/html').expect(200);
    expect(session.text).toContain('A. L. &amp; 王**');
    expect(session.text).not.toMatch(/Ann Lee|王小明/);
    const card = await t.as(null).get(`/sessions/${ids.session}/contestants/${ids.pair1}`).set('Accept', 'text/html').expect(200);
    expect(card.text).not.toMatch(/Ann Lee|王小明/);
    const player = await t.as(null).get(`/players/${ids.ann}`).set('Accept', 'text/html').expect(200);
    expect(player.text).toContain('<h1>A. L.</h1>');
    expect(player.text).not.toContain(`/events/${ids.event}`);
    for (const path of ['ranking.csv', 'travellers.csv', 'export.pbn', 'export.usebio']) {
      const file = await t.as(keys.B_ADMIN).get(`/api/v1/events/${ids.event}/${path}`).expect(200);
      expect(file.text).not.toMatch(/Ann Lee|王小明|A-100/);
    }
    const own = await t.as(keys.A_SCORER).get(`/api/v1/events/${ids.event}/ranking.csv`).expect(200);
    expect(own.text).toMatch(/Ann Lee/);
    expect(own.text).toMatch(/A-1001/);
  });

  it('takes a policy change at once in cached public answers', async () => {
    dataOf(await setPolicy('FULL'));
    expect((await ranking(null)).name).toBe('Ann Lee & 王小明');
    expect((await ranking(null)).name).toBe('Ann Lee & 王小明'); // now from the response cache
    dataOf(await setPolicy('INITIALS'));
    expect((await ranking(null)).name).toBe('A. L. & 王**');
    const trail = dataOf(await t.gqlAs(keys.A_ADMIN, `query($o: ID!) { organizationAuditTrail(organizationId: $o, last: 1) { action before after } }`, { o: ids.clubA })).organizationAuditTrail;
    expect(trail).toEqual([{ action: 'NAME_POLICY_CHANGED', before: { namePolicy: 'FULL' }, after: { namePolicy: 'INITIALS' } }]);
  });
});
