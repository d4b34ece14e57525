import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent } from './support/events.js';

/**
 * An update input's field sent as an explicit null (inline or through variables) keeps the
 * stored value, as "fields left out or null keep their value" promises; it never reaches the
 * database as a null, which answered a 500.
 */
describe('explicit nulls in update inputs', () => {
  let t: TestApp;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const org = dataOf(await t.gql(`mutation { createOrganization(input: { name: "Nulls club", code: "NUL1" }) { id } }`)).createOrganization.id as string;
    const player = dataOf(await t.gql(`mutation($o: ID!) { createPlayer(input: { name: "Ann Able", memberNumber: "77", organizationId: $o }) { id } }`, { o: org })).createPlayer.id as string;
    const built = await buildEvent(t, { scoring: 'MATCHPOINTS', options: 'venue: "Hall", directorName: "Dee", category: "CLUB_PAIRS"' });
    const session = built.sessionIds[0];
    const s = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { sections { id } boards { id } } }`, { s: session })).session;
    ids = { org, player, event: built.eventId, session, section: s.sections[0].id, board: s.boards[0].id, contestant: built.id(1) };
  });
  afterAll(() => t.close());

  const cases: [string, string, string, string, Record<string, null>][] = [
    ['updateEvent', 'UpdateEventInput', 'event', 'name scoring status venue directorName correctionMinutes appealMinutes category vpScale factoring sessionPercentageRule', {
      name: null, scoring: null, status: null, startsOn: null, venue: null, directorName: null, correctionMinutes: null, appealMinutes: null,
      republishRestartsPeriods: null, acceptOutOfMovement: null, category: null, organizationId: null, override: null,
      vpScale: null, matchpointScale: null, factoring: null, artificialScores: null, sessionPercentageRule: null, multipleArtificial: null, butlerTrim: null, fouledSmallGroups: null,
      butlerDatumRounding: null, impDifferenceRounding: null, impCapPerRound: null, crossImpComparisons: null, scoreAcross: null, sessionWeighting: null,
      customVpScale: null, vpBoards: null, vpFractionalMargin: null, teamsTotalPoints: null, boardAMatchTenIsTie: null, tieBreaks: null, byeAward: null,
      forfeitAward: null, knockout: null, carryOver: null,
    }],
    ['updateSection', 'UpdateSectionInput', 'section', 'letter tables boards finishedAt', { tables: null, boards: null, movement: null, organizationId: null, finished: null, override: null }],
    ['updateSession', 'UpdateSessionInput', 'session', 'number name status hideTravellers', { startsAt: null, name: null, status: null, hideTravellers: null }],
    ['updateContestant', 'UpdateContestantInput', 'contestant', 'number name', { name: null }],
    ['updateBoard', 'UpdateBoardInput', 'board', 'number dealer vulnerability', { dealer: null, vulnerability: null, clearOverride: null, override: null }],
    ['updateOrganization', 'UpdateOrganizationInput', 'org', 'name code namePolicy', { name: null, federationId: null, namePolicy: null }],
    ['updatePlayer', 'UpdatePlayerInput', 'player', 'name memberNumber', { name: null }],
  ];

  describe.each(cases)('%s', (mutation, type, key, fields, nulls) => {
    const read = (id: string) => t.gql(`mutation($id: ID!, $in: ${type}!) { ${mutation}(id: $id, input: $in) { ${fields} } }`, { id, in: {} });

    it.each(Object.keys(nulls))('keeps %s given as null through variables', async (field) => {
      const before = dataOf(await read(ids[key]))[mutation];
      const res = await t.gql(`mutation($id: ID!, $in: ${type}!) { ${mutation}(id: $id, input: $in) { ${fields} } }`, { id: ids[key], in: { [field]: null } });
      expect(res.errors).toBeUndefined();
      expect(res.data![mutation]).toEqual(before);
    });

    it('keeps every field given as null inline', async () => {
      const before = dataOf(await read(ids[key]))[mutation];
      const inline = Object.keys(nulls).map((f) => `${f}: null`).join(', ');
      const res = await t.gql(`mutation($id: ID!) { ${mutation}(id: $id, input: { ${inline} }) { ${fields} } }`, { id: ids[key] });
      expect(res.errors).toBeUndefined();
      expect(res.data![mutation]).toEqual(before);
    });
  });

  it('refuses a null deal as BAD_USER_INPUT naming it (a board without a deal is never set by hand)', async () => {
    const res = await t.gql(`mutation($id: ID!, $in: UpdateBoardInput!) { updateBoard(id: $id, input: $in) { id } }`, { id: ids.board, in: { deal: null } });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['deal'] });
  });

  it('clears an event’s venue, director and category given as an empty string', async () => {
    const fields = 'venue directorName category name';
    const res = await t.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { venue: "", directorName: "", category: "" }) { ${fields} } }`, { id: ids.event });
    expect(dataOf(res).updateEvent).toMatchObject({ venue: null, directorName: null, category: null });
    const again = await t.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { venue: "Hall", directorName: "Dee", category: "CLUB_PAIRS" }) { ${fields} } }`, { id: ids.event });
    expect(dataOf(again).updateEvent).toMatchObject({ venue: 'Hall', directorName: 'Dee', category: 'CLUB_PAIRS' });
  });

  it('clears a null code or member number, the columns that may be empty', async () => {
    const org = await t.gql(`mutation($id: ID!) { updateOrganization(id: $id, input: { code: null }) { name code } }`, { id: ids.org });
    expect(dataOf(org).updateOrganization).toEqual({ name: 'Nulls club', code: null });
    const player = await t.gql(`mutation($id: ID!, $in: UpdatePlayerInput!) { updatePlayer(id: $id, input: $in) { name memberNumber } }`, { id: ids.player, in: { memberNumber: null } });
    expect(dataOf(player).updatePlayer).toEqual({ name: 'Ann Able', memberNumber: null });
  });
});
