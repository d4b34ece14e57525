import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

const DEAL = 'N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852';

describe('core model over GraphQL: create → read → list', () => {
  let t: TestApp;
  let clubId: string;
  let eventId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a club, an event, a session, a section, boards and contestants', async () => {
    const club = dataOf(
      await t.gql(`mutation { createOrganization(input: { name: "Northside BC", code: "NBC" }) { id kind } }`),
    ).createOrganization;
    expect(club.kind).toBe('CLUB');
    clubId = club.id;

    const event = dataOf(
      await t.gql(
        `mutation($o: ID) { createEvent(input: { name: "Monday Pairs", kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o, startsOn: "2026-11-16" }) { id status startsOn correctionMinutes organization { name } } }`,
        { o: clubId },
      ),
    ).createEvent;
    expect(event).toMatchObject({ status: 'PLANNED', startsOn: '2026-11-16', correctionMinutes: 30, organization: { name: 'Northside BC' } });
    eventId = event.id;

    const session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id number status } }`, { e: eventId })).createSession;
    expect(session).toMatchObject({ number: 1, status: 'SCHEDULED' });
    sessionId = session.id;

    const section = dataOf(
      await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "a", tables: 3, boards: [3, 1, 2] }) { letter tables boards } }`, {
        s: sessionId,
      }),
    ).createSection;
    expect(section).toEqual({ letter: 'A', tables: 3, boards: [1, 2, 3] });

    const added = dataOf(
      await t.gql(
        `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [
          { number: 1, players: [{ name: "Ann Ames", memberNumber: "1001" }, { name: "Bob Bell" }] },
          { number: 2, name: "The Twos" }
        ] }) { number name direction players { name memberNumber } } }`,
        { e: eventId },
      ),
    ).addContestants;
    expect(added).toEqual([
      { number: 1, name: 'Ann Ames & Bob Bell', direction: null, players: [{ name: 'Ann Ames', memberNumber: '1001' }, { name: 'Bob Bell', memberNumber: null }] },
      { number: 2, name: 'The Twos', direction: null, players: [] },
    ]);
  });

  it('reads the session with its event, sections, boards (Law 2) and contestants', async () => {
    const board1 = dataOf(await t.gql(`query($s: ID!) { board(sessionId: $s, number: 1) { id } }`, { s: sessionId })).board;
    dataOf(await t.gql(`mutation($id: ID!) { updateBoard(id: $id, input: { deal: "${DEAL.toLowerCase()}" }) { deal } }`, { id: board1.id }));
    const session = dataOf(
      await t.gql(
        `query($s: ID!) { session(id: $s) { number event { name } sections { letter } boards { number dealer vulnerability overridden deal } contestants { number } } }`,
        { s: sessionId },
      ),
    ).session;
    expect(session.event.name).toBe('Monday Pairs');
    expect(session.sections).toEqual([{ letter: 'A' }]);
    expect(session.boards).toEqual([
      { number: 1, dealer: 'N', vulnerability: 'NONE', overridden: false, deal: DEAL },
      { number: 2, dealer: 'E', vulnerability: 'NS', overridden: false, deal: null },
      { number: 3, dealer: 'S', vulnerability: 'EW', overridden: false, deal: null },
    ]);
    expect(session.contestants.map((c: { number: number }) => c.number)).toEqual([1, 2]);
  });

  it('records a wrongly marked board as an override of Law 2', async () => {
    const board = dataOf(await t.gql(`query($s: ID!) { board(sessionId: $s, number: 2) { id } }`, { s: sessionId })).board;
    const updated = dataOf(
      await t.gql(`mutation($id: ID!) { updateBoard(id: $id, input: { vulnerability: BOTH }) { dealer vulnerability overridden } }`, { id: board.id }),
    ).updateBoard;
    expect(updated).toEqual({ dealer: 'E', vulnerability: 'BOTH', overridden: true });
  });

  it('updates an event and finds it by organisation, status and date', async () => {
    dataOf(await t.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { status: IN_PROGRESS, venue: "Hall" }) { status } }`, { id: eventId }));
    const q = `query($o: ID, $st: EventStatus, $from: LocalDate, $to: LocalDate) { events(organizationId: $o, status: $st, from: $from, to: $to) { totalCount nodes { name venue } } }`;
    expect(dataOf(await t.gql(q, { o: clubId, st: 'IN_PROGRESS' })).events).toEqual({ totalCount: 1, nodes: [{ name: 'Monday Pairs', venue: 'Hall' }] });
    expect(dataOf(await t.gql(q, { from: '2026-11-16', to: '2026-11-16' })).events.totalCount).toBe(1);
    expect(dataOf(await t.gql(q, { from: '2026-11-17' })).events.totalCount).toBe(0);
    expect(dataOf(await t.gql(q, { st: 'COMPLETED' })).events.totalCount).toBe(0);
  });

  it('pages through events with cursors, latest first, without gaps or repeats', async () => {
    const days = ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22', '2026-10-29'];
    for (const day of days) {
      dataOf(await t.gql(`mutation($d: LocalDate) { createEvent(input: { name: "Club night ${day}", kind: PAIRS, scoring: MATCHPOINTS, startsOn: $d }) { id } }`, { d: day }));
    }
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: any = dataOf(
        await t.gql(`query($a: String) { events(first: 2, after: $a, to: "2026-10-31") { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { startsOn } } } }`, { a: after }),
      ).events;
      expect(page.totalCount).toBe(5);
      seen.push(...page.edges.map((e: any) => e.node.startsOn));
      pages++;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...days].reverse());
  });

  it('lists players by organisation and member number', async () => {
    const players = dataOf(await t.gql(`{ players(memberNumber: "1001") { totalCount nodes { name organizationId } } }`)).players;
    expect(players).toEqual({ totalCount: 1, nodes: [{ name: 'Ann Ames', organizationId: clubId }] });
  });
});
