import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from '../support/app.js';

const DEAL = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';

/** What the public and other clubs must not read by ways other than the ones the access tests walk. */
describe('leaks found by a sweep', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('exports of a session whose travellers the director hides', () => {
    let event: string;
    let session: string;
    let clubKey: string;
    let otherClubKey: string;

    beforeAll(async () => {
      const org = async (name: string) => dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: name })).createOrganization.id as string;
      const club = await org('Hiding club');
      const other = await org('Curious club');
      const key = async (o: string) => dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "k", role: DIRECTOR, organizationId: $o }) { key } }`, { o })).createApiKey.key as string;
      clubKey = await key(club);
      otherClubKey = await key(other);
      event = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Hidden night", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: club })).createEvent.id;
      session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: session }));
      dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, name: "One" }, { number: 2, name: "Two" }, { number: 3, name: "Three" }, { number: 4, name: "Four" }] }) { id } }`, { e: event }));
      const board = dataOf(await t.gql(`query($s: ID!) { board(sessionId: $s, number: 1) { id } }`, { s: session })).board.id;
      dataOf(await t.gql(`mutation($b: ID!, $d: String!) { updateBoard(id: $b, input: { deal: $d }) { id } }`, { b: board, d: DEAL }));
      dataOf(await t.gql(`mutation($s: ID!) { updateSession(id: $s, input: { hideTravellers: true, status: IN_PROGRESS }) { id } }`, { s: session }));
      await t.http().post(`/api/v1/sessions/${session}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '7NT', declarer: 'N', result: '=' }).expect(201);
      // The traveller itself is hidden from the public.
      expect(dataOf(await t.gqlAs(null, `query($s: ID!) { traveller(sessionId: $s, board: 1) { hidden } }`, { s: session })).traveller.hidden).toBe(true);
    });

    it('carry neither the lines nor the deals to the public or another club, over REST or GraphQL', async () => {
      for (const key of [null, otherClubKey]) {
        for (const path of ['export.pbn', 'export.usebio', 'travellers.csv']) {
          const res = await t.as(key).get(`/api/v1/events/${event}/${path}`).expect(200);
          expect(res.text).not.toContain('7NT');
          expect(res.text).not.toContain('AKQJ.AKQ');
        }
        for (const format of ['PBN', 'USEBIO', 'TRAVELLERS_CSV']) {
          const content = dataOf(await t.gqlAs(key, `query($e: ID!) { exportEvent(eventId: $e, format: ${format}) { content } }`, { e: event })).exportEvent.content as string;
          expect(content).not.toContain('7NT');
          expect(content).not.toContain('AKQJ.AKQ');
        }
      }
      // The ranking stays public, as the ranking pages are.
      expect((await t.as(null).get(`/api/v1/events/${event}/ranking.csv`).expect(200)).text).toContain('One');
    });

    it('carry them to the club, and to everyone once the session has ended', async () => {
      const club = await t.as(clubKey).get(`/api/v1/events/${event}/export.pbn`).expect(200);
      expect(club.text).toContain('7NT');
      expect(club.text).toContain(DEAL);
      dataOf(await t.gql(`mutation($s: ID!) { updateSession(id: $s, input: { status: COMPLETED }) { id } }`, { s: session }));
      const shown = await t.as(null).get(`/api/v1/events/${event}/export.pbn`).expect(200);
      expect(shown.text).toContain('7NT');
      expect(shown.text).toContain(DEAL);
    });
  });

  describe('a session of a deleted or archived event', () => {
    it('keeps its penalties (the director’s reasons) and byes from the public and other clubs, as the session itself', async () => {
      const org = async (name: string) => dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: name })).createOrganization.id as string;
      const club = await org('Retiring club');
      const key = async (o: string) => dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "k", role: DIRECTOR, organizationId: $o }) { key } }`, { o })).createApiKey.key as string;
      const [clubKey, otherKey] = [await key(club), await key(await org('Nosy club'))];
      const night = async (name: string) => {
        const event = dataOf(await t.gql(`mutation($o: ID!, $n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: club, n: name })).createEvent.id as string;
        const session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id as string;
        dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: session }));
        const pair = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }] }) { id } }`, { e: event })).addContestants[0].id;
        dataOf(await t.gql(`mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: PERCENT_OF_TOP, amount: "25", reason: "Slow play, third warning" }) { id } }`, { s: session, c: pair }));
        return { event, session };
      };
      const query = `query($s: ID!) { penalties(sessionId: $s) { reason } }`;
      const codes = async (key: string | null, session: string) => {
        const [penalties, awards] = [await t.gqlAs(key, query, { s: session }), await t.gqlAs(key, `query($s: ID!) { matchAwards(sessionId: $s) { id } }`, { s: session })];
        return [[penalties, awards].map((res) => res.errors?.[0]?.extensions?.code), JSON.stringify(penalties.data ?? null).includes('Slow play')];
      };
      const deleted = await night('Deleted night');
      const archived = await night('Archived night');
      dataOf(await t.gqlAs(clubKey, `mutation($id: ID!) { deleteEvent(id: $id, reason: "Test event") { id } }`, { id: deleted.event }));
      dataOf(await t.gqlAs(clubKey, `mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id } }`, { id: archived.event }));
      for (const key of [null, otherKey]) {
        expect(await codes(key, deleted.session)).toEqual([['NOT_FOUND', 'NOT_FOUND'], false]);
        expect(await codes(key, archived.session)).toEqual([['NOT_FOUND', 'NOT_FOUND'], false]);
      }
      // Nor does its page's live stream open for the public (it told that the session exists).
      const live = (session: string) => t.as(null).get(`/live/sessions/${session}`).timeout({ deadline: 1_500 }).then((res) => res.status, () => 'a stream');
      expect([await live(deleted.session), await live(archived.session)]).toEqual([404, 404]);
      // The club still reads its archived event's penalties.
      expect(dataOf(await t.gqlAs(clubKey, query, { s: archived.session })).penalties).toEqual([{ reason: 'Slow play, third warning' }]);
    });
  });

  describe('a player’s history', () => {
    it('names the pair as its club publishes it: a partner’s withheld name is not told by the pair’s name', async () => {
      const org = async (name: string, kind: string, federationId?: string) =>
        dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
      const federation = await org('History federation', 'FEDERATION');
      const [clubA, clubB] = [await org('Private club', 'CLUB', federation), await org('Open club', 'CLUB', federation)];
      const key = async (role: string, o: string) => dataOf(await t.gql(`mutation($r: ApiRole!, $o: ID!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { r: role, o })).createApiKey.key as string;
      const [keyA, keyB, keyFederation] = [await key('ADMIN', clubA), await key('ADMIN', clubB), await key('DIRECTOR', federation)];
      dataOf(await t.gqlAs(keyA, `mutation($id: ID!) { updateOrganization(id: $id, input: { namePolicy: HIDDEN }) { id } }`, { id: clubA }));
      const event = dataOf(await t.gqlAs(keyA, `mutation { createEvent(input: { name: "Private night", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
      const pair = dataOf(await t.gqlAs(keyA, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, players: [{ name: "Ann Both" }, { name: "Zed Private" }] }, { number: 2 }] }) { players { id } } }`, { e: event })).addContestants[0];
      // Ann plays at both clubs: the federation merges club A's record of her into club B's.
      const annB = dataOf(await t.gqlAs(keyB, `mutation { createPlayer(input: { name: "Ann Both" }) { id } }`)).createPlayer.id;
      dataOf(await t.gqlAs(keyFederation, `mutation($k: ID!, $d: ID!) { mergePlayers(input: { keepId: $k, duplicateId: $d, reason: "The same person" }) { id } }`, { k: annB, d: pair.players[0].id }));
      // Club B reads its player's history: club A's pair shows as club A publishes it, everywhere.
      const history = dataOf(await t.gqlAs(keyB, `query($p: ID!) { player(id: $p) { history { contestantName partners { name } } } }`, { p: annB })).player.history;
      const shown = dataOf(await t.gqlAs(keyB, `query($e: ID!) { event(id: $e) { contestants { number name } } }`, { e: event })).event.contestants[0].name;
      expect(JSON.stringify(history)).not.toContain('Zed Private');
      expect(history).toEqual([{ contestantName: shown, partners: [{ name: '(withheld)' }] }]);
      // The federation, in reach of both clubs, reads it in full.
      const full = dataOf(await t.gqlAs(keyFederation, `query($p: ID!) { player(id: $p) { history { contestantName } } }`, { p: annB })).player.history;
      expect(full).toEqual([{ contestantName: 'Ann Both & Zed Private' }]);
    });
  });

  describe('a host club entering players of the organisation running the event', () => {
    /**
     * A federation's simultaneous, names published as initials. The federation's own section B has
     * Ann Lee (member F-1) and Bo Chan; club North runs section A and enters its pairs. North may
     * not read the federation's players in full, so no answer to its addContestants may depend on
     * whether a member number is taken, whose a player id is, or whether a guessed name is right.
     */
    it('cannot tell a member number, a player’s id or a guessed name from the answers', async () => {
      const org = async (name: string, kind: string, federationId?: string) =>
        dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
      const federation = await org('Sim federation', 'FEDERATION');
      const north = await org('North', 'CLUB', federation);
      dataOf(await t.gql(`mutation($id: ID!) { updateOrganization(id: $id, input: { namePolicy: INITIALS }) { id } }`, { id: federation }));
      const eventId = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Sim", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: federation })).createEvent.id;
      const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2], organizationId: $o }) { id } }`, { s: sessionId, o: north }));
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "B", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
      const ann = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "B", number: 1, players: [{ name: "Ann Lee", memberNumber: "F-1" }, { name: "Bo Chan" }] }] }) { players { id } } }`, { e: eventId })).addContestants[0].players[0].id;
      const key = async (role: string, o: string) => dataOf(await t.gql(`mutation($r: ApiRole!, $o: ID!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { r: role, o })).createApiKey.key as string;
      const [northKey, federationKey] = [await key('DIRECTOR', north), await key('DIRECTOR', federation)];

      let number = 0;
      const enter = async (player: Record<string, string>, name?: string) => {
        const res = await t.gqlAs(northKey, `mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { name players { id name memberNumber } } }`, {
          e: eventId,
          c: [{ section: 'A', number: ++number, ...(name ? { name } : {}), players: [player] }],
        });
        // What North learns, with the values it probed and the ids of new rows blanked out.
        const probed = [...Object.values(player), name].filter((v): v is string => !!v);
        const text = JSON.stringify(res.errors?.map((e) => [e.extensions?.code, e.message]) ?? res.data).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
        return probed.reduce((answer, v) => answer.split(v).join('<probe>'), text);
      };
      // A member number that is taken against one that is not, alone and with a name.
      expect(await enter({ memberNumber: 'F-1' })).toBe(await enter({ memberNumber: 'F-999' }));
      expect(await enter({ name: 'Zed Probe', memberNumber: 'F-1' })).toBe(await enter({ name: 'Zed Probe', memberNumber: 'F-998' }));
      // The federation's player by id against an id nobody has.
      expect(await enter({ playerId: ann })).toBe(await enter({ playerId: '00000000-0000-4000-8000-000000000000' }));
      // A guess at her name, right and wrong, as the pair's name beside her member number.
      expect(await enter({ name: 'Someone', memberNumber: 'F-1' }, 'Ann Lee')).toBe(await enter({ name: 'Someone', memberNumber: 'F-1' }, 'Ann Leigh'));
      // Ann was seated nowhere but in section B.
      const seated = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { section players { id } } } }`, { e: eventId })).event.contestants;
      expect(seated.filter((c: any) => c.players.some((p: any) => p.id === ann)).map((c: any) => c.section)).toEqual(['B']);
      // North's own pairs are its own: it reads what it entered, and so does the federation (its clubs' players are in its reach).
      dataOf(await t.gqlAs(northKey, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "A", number: 99, players: [{ name: "Cy North", memberNumber: "F-7" }, { name: "Di North" }] }] }) { id } }`, { e: eventId }));
      for (const reader of [northKey, federationKey]) {
        const pair = dataOf(await t.gqlAs(reader, `query($e: ID!) { event(id: $e) { contestants { section number name players { name memberNumber } } } }`, { e: eventId })).event.contestants.find((c: any) => c.number === 99);
        expect(pair).toEqual({ section: 'A', number: 99, name: 'Cy North & Di North', players: [{ name: 'Cy North', memberNumber: 'F-7' }, { name: 'Di North', memberNumber: null }] });
      }
    });

    it('keeps a host club’s withheld players out of the pair’s name the organising club reads', async () => {
      const org = async (name: string, kind: string, federationId?: string) =>
        dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
      const federation = await org('Sibling federation', 'FEDERATION');
      const [owner, quiet] = [await org('Owner', 'CLUB', federation), await org('Quiet', 'CLUB', federation)];
      dataOf(await t.gql(`mutation($id: ID!) { updateOrganization(id: $id, input: { namePolicy: HIDDEN }) { id } }`, { id: quiet }));
      const eventId = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Club sim", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: owner })).createEvent.id;
      const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "Q", tables: 2, boards: [1, 2], organizationId: $o }) { id } }`, { s: sessionId, o: quiet }));
      const key = async (role: string, o: string) => dataOf(await t.gql(`mutation($r: ApiRole!, $o: ID!) { createApiKey(input: { name: "k", role: $r, organizationId: $o }) { key } }`, { r: role, o })).createApiKey.key as string;
      const [quietKey, ownerKey, federationKey] = [await key('DIRECTOR', quiet), await key('DIRECTOR', owner), await key('DIRECTOR', federation)];
      dataOf(await t.gqlAs(quietKey, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "Q", number: 1, players: [{ name: "Ed Quiet" }, { name: "Flo Quiet" }] }] }) { id } }`, { e: eventId }));
      const read = async (k: string) => dataOf(await t.gqlAs(k, `query($e: ID!) { event(id: $e) { contestants { name players { name } } } }`, { e: eventId })).event.contestants[0];
      expect(await read(ownerKey)).toEqual({ name: 'No. 1', players: [{ name: '(withheld)' }, { name: '(withheld)' }] });
      for (const k of [quietKey, federationKey]) expect((await read(k)).name).toBe('Ed Quiet & Flo Quiet');
    });
  });

  describe('a host club renaming a pair of the organiser’s players seated in its section', () => {
    /**
     * The federation (names published as initials) seats Ann Lee and Bo Chan as pair 5 of club
     * North's section A. North may rename the pair but not read them in full: no answer may tell
     * whether the name it gives is their real names.
     */
    it('answers a right and a wrong guess alike, and the organiser still reads the pair', async () => {
      const org = async (name: string, kind: string, federationId?: string) =>
        dataOf(await t.gql(`mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: { name, kind, federationId } })).createOrganization.id as string;
      const federation = await org('Rename federation', 'FEDERATION');
      const north = await org('Rename North', 'CLUB', federation);
      dataOf(await t.gql(`mutation($id: ID!) { updateOrganization(id: $id, input: { namePolicy: INITIALS }) { id } }`, { id: federation }));
      const eventId = dataOf(await t.gql(`mutation($o: ID!) { createEvent(input: { name: "Rename sim", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o }) { id } }`, { o: federation })).createEvent.id;
      const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2], organizationId: $o }) { id } }`, { s: sessionId, o: north }));
      const key = async (o: string) => dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "k", role: DIRECTOR, organizationId: $o }) { key } }`, { o })).createApiKey.key as string;
      const [northKey, federationKey] = [await key(north), await key(federation)];
      const pair = dataOf(await t.gqlAs(federationKey, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "A", number: 5, players: [{ name: "Ann Lee" }, { name: "Bo Chan" }] }] }) { id } }`, { e: eventId })).addContestants[0].id;

      const rename = async (k: string, name: string) => t.gqlAs(k, `mutation($id: ID!, $in: UpdateContestantInput!) { updateContestant(id: $id, input: $in) { name players { name } } }`, { id: pair, in: { name } });
      const read = async (k: string | null) => dataOf(await t.gqlAs(k, `query($id: ID!) { contestant(id: $id) { name players { name } } }`, { id: pair })).contestant;
      // What North learns from renaming and reading back, its own guess blanked out.
      const probe = async (guess: string) => JSON.stringify([await rename(northKey, guess), await read(northKey), await read(null)]).split(guess).join('<probe>');
      expect(await probe('Ann Lee & Bo Chan')).toBe(await probe('Ann Lee & Bo Chen'));

      // The organiser reads what North named the pair; once it names the pair after its players itself, that name follows their privacy again.
      await probe('Ann Lee & Bo Chan');
      expect(await read(federationKey)).toEqual({ name: 'Ann Lee & Bo Chan', players: [{ name: 'Ann Lee' }, { name: 'Bo Chan' }] });
      dataOf(await rename(federationKey, 'Ann Lee & Bo Chan'));
      expect(await read(null)).toEqual({ name: 'A. L. & B. C.', players: [{ name: 'A. L.' }, { name: 'B. C.' }] });
      expect((await read(northKey)).name).toBe('A. L. & B. C.');
    });
  });

  describe('a cursor forged from another row’s id', () => {
    const cursorOf = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

    it('does not tell where a withheld name sorts among names the reader chose', async () => {
      const org = async (name: string) => dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: name })).createOrganization.id as string;
      const [hiding, prying] = [await org('Withholding club'), await org('Prying club')];
      const key = async (o: string) => dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "k", role: ADMIN, organizationId: $o }) { key } }`, { o })).createApiKey.key as string;
      const [hidingKey, pryingKey] = [await key(hiding), await key(prying)];
      dataOf(await t.gqlAs(hidingKey, `mutation($id: ID!) { updateOrganization(id: $id, input: { namePolicy: HIDDEN }) { id } }`, { id: hiding }));
      const secret = dataOf(await t.gqlAs(hidingKey, `mutation { createPlayer(input: { name: "Mallory Quince" }) { id } }`)).createPlayer.id;
      expect(dataOf(await t.gqlAs(null, `query($p: ID!) { player(id: $p) { name } }`, { p: secret })).player.name).toBe('(withheld)');
      // The prying club's own register, named to bracket the secret.
      for (const name of ['Mallory P', 'Mallory R', 'Mallory S']) dataOf(await t.gqlAs(pryingKey, `mutation($n: String!) { createPlayer(input: { name: $n }) { id } }`, { n: name }));
      const page = `query($o: ID!, $a: String) { players(organizationId: $o, first: 5, after: $a) { nodes { name } edges { cursor } } }`;
      const forged = await t.gqlAs(pryingKey, page, { o: prying, a: cursorOf(secret) });
      expect(forged.data?.players ?? null).toBeNull();
      expect(forged.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['after'] });
      // Nor does the list's own order: outside the club, its withheld names are not listed at all (as a name search finds none).
      const ids = async (key: string | null) => dataOf(await t.gqlAs(key, `{ players(first: 100) { nodes { id } } }`)).players.nodes.map((p: { id: string }) => p.id);
      expect(await ids(null)).not.toContain(secret);
      expect(await ids(pryingKey)).not.toContain(secret);
      expect(await ids(hidingKey)).toContain(secret);
      // A cursor the list gave out still pages on.
      const first = dataOf(await t.gqlAs(pryingKey, `query($o: ID!) { players(organizationId: $o, first: 1) { nodes { name } edges { cursor } } }`, { o: prying })).players;
      expect(first.nodes).toEqual([{ name: 'Mallory P' }]);
      expect(dataOf(await t.gqlAs(pryingKey, page, { o: prying, a: first.edges[0].cursor })).players.nodes).toEqual([{ name: 'Mallory R' }, { name: 'Mallory S' }]);
    });

    it('does not place a deleted event among the current ones', async () => {
      const club = dataOf(await t.gql(`mutation { createOrganization(input: { name: "Dating club" }) { id } }`)).createOrganization.id;
      const event = async (name: string, on: string) => dataOf(await t.gql(`mutation($o: ID!, $n: String!, $d: LocalDate) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o, startsOn: $d }) { id } }`, { o: club, n: name, d: on })).createEvent.id as string;
      await event('Spring', '2026-03-01');
      const gone = await event('Deleted', '2026-06-01');
      await event('Autumn', '2026-09-01');
      dataOf(await t.gql(`mutation($id: ID!) { deleteEvent(id: $id, reason: "Test event") { id } }`, { id: gone }));
      const res = await t.gqlAs(null, `query($o: ID!, $a: String) { events(organizationId: $o, after: $a) { nodes { name } } }`, { o: club, a: cursorOf(gone) });
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['after'] });
    });
  });
});
