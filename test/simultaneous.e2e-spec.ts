import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, TEST_ADMIN_KEY, type TestApp } from './support/app.js';
import { readFileSync } from 'node:fs';
import { sql } from './support/database.js';

/**
 * A small simultaneous pairs, through the public API only: a federation owns the event; three
 * member clubs (North, South, East) each run two sections (North A and B, South C and D, East E
 * and F) on the same two boards, each with its own keys; results are scored across the whole
 * field (scoreAcross: SESSION) and each club reads its own list.
 *
 * Every section: 2 tables, NS pair t v EW pair t at table t, both boards, 4♠ by North each time.
 * Board 1 (nobody vulnerable): 4S= +420, +1 +450, +2 +480, −1 −50, −2 −100.
 * Board 2 (NS vulnerable):      4S= +620, +1 +650, +2 +680, −1 −100, −2 −200.
 *
 *   table   board 1 (tricks, NS score)   board 2
 *   A1      10  +420                     11  +650
 *   A2      11  +450                     10  +620
 *   B1       9   −50                     10  +620
 *   B2      10  +420                      9  −100
 *   C1      12  +480                     10  +620
 *   C2       8  −100                     11  +650
 *   D1      10  +420                      9  −100
 *   D2      11  +450                     10  +620
 *   E1       9   −50                     12  +680
 *   E2      10  +420                     10  +620
 *   F1      11  +450                      8  −200
 *   F2      10  +420                     10  +620
 *
 * Matchpoints (2-point scale, DOMAIN §3.1: 2 per score beaten, 1 per other equal score), one field
 * of 12 scores per board, so top = 2 × 11 = 22:
 *   board 1: +480 beats 11 → 22; +450 (×3) beats 8, ties 2 → 18; +420 (×5) beats 3, ties 4 → 10;
 *            −50 (×2) beats 1, ties 1 → 3; −100 → 0.                 (sum 22+54+50+6+0 = 132 = 12·11)
 *   board 2: +680 → 22; +650 (×2) beats 9, ties 1 → 19; +620 (×6) beats 3, ties 5 → 11;
 *            −100 (×2) beats 1, ties 1 → 3; −200 → 0.                  (sum 22+38+66+6+0 = 132)
 * Each EW pair gets 22 − its table's NS matchpoints. Totals out of 44 (percentage = total / 44):
 *
 *   pair   NS: b1 + b2 = total   %        EW: 44 − NS   %
 *   A1     10 + 19 = 29          65.91    15            34.09
 *   A2     18 + 11 = 29          65.91    15            34.09
 *   B1      3 + 11 = 14          31.82    30            68.18
 *   B2     10 +  3 = 13          29.55    31            70.45
 *   C1     22 + 11 = 33          75.00    11            25.00
 *   C2      0 + 19 = 19          43.18    25            56.82
 *   D1     10 +  3 = 13          29.55    31            70.45
 *   D2     18 + 11 = 29          65.91    15            34.09
 *   E1      3 + 22 = 25          56.82    19            43.18
 *   E2     10 + 11 = 21          47.73    23            52.27
 *   F1     18 +  0 = 18          40.91    26            59.09
 *   F2     10 + 11 = 21          47.73    23            52.27
 *
 * National NS: C1 1; A1 A2 D2 2=; E1 5; E2 F2 6=; C2 8; F1 9; B1 10; B2 D1 11=.
 * National EW: B2 D1 1=; B1 3; F1 4; C2 5; E2 F2 6=; E1 8; A1 A2 D2 9=; C1 12.
 * Club lists keep the national order and ties within each field, numbered from 1 per club:
 *   North NS: A1 1=, A2 1=, B1 3, B2 4        North EW: B2 1, B1 2, A1 3=, A2 3=
 *   South NS: C1 1, D2 2, C2 3, D1 4          South EW: D1 1, C2 2, D2 3, C1 4
 *   East  NS: E1 1, E2 2=, F2 2=, F1 4        East  EW: F1 1, E2 2=, F2 2=, E1 4
 * (D2 is 2= nationally but alone at that rank in South: club place 2, not 2=; D1 is 1= nationally, 1 in South.)
 */
const TRICKS: Record<string, [number, number]> = {
  A1: [10, 11], A2: [11, 10], B1: [9, 10], B2: [10, 9], C1: [12, 10], C2: [8, 11],
  D1: [10, 9], D2: [11, 10], E1: [9, 12], E2: [10, 10], F1: [11, 8], F2: [10, 10],
};
const CLUB_SECTIONS = { North: ['A', 'B'], South: ['C', 'D'], East: ['E', 'F'] } as const;
type Club = keyof typeof CLUB_SECTIONS;

const linesOf = (section: string) =>
  [1, 2].flatMap((table) => [1, 2].map((board) => ({ section, board, table, nsPair: table, ewPair: table, contract: '4S', declarer: 'N', tricks: TRICKS[`${section}${table}`][board - 1] })));

const ENTRY = 'place rank percentage score contestant { id section number direction } club { id name place rank }';

describe('a simultaneous pairs: three clubs, two sections each, one national field', () => {
  let t: TestApp;
  const clubIds = {} as Record<Club, string>;
  const keys = {} as Record<Club | 'federation', { director: string; scorer: string }>;
  const admins = {} as Record<Club, string>;
  const sectionIds: Record<string, string> = {};
  let federationId: string;
  let outsiderId: string;
  let eventId: string;
  let sessionId: string;

  const key = async (as: string | null, organizationId: string, role: string) =>
    dataOf(await t.gqlAs(as ?? TEST_ADMIN_KEY, `mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: `${role} key`, role, organizationId } })).createApiKey.key as string;

  beforeAll(async () => {
    t = await startTestApp();
    const org = async (as: string | null, input: Record<string, unknown>) =>
      dataOf(await t.gqlAs(as ?? TEST_ADMIN_KEY, `mutation($in: CreateOrganizationInput!) { createOrganization(input: $in) { id } }`, { in: input })).createOrganization.id as string;
    federationId = await org(null, { name: 'National Bridge Federation', kind: 'FEDERATION' });
    const fedAdmin = await key(null, federationId, 'ADMIN');
    keys.federation = { director: await key(fedAdmin, federationId, 'DIRECTOR'), scorer: await key(fedAdmin, federationId, 'SCORER') };
    // The federation creates two member clubs; the third, already on its own, asks to join and is accepted.
    clubIds.North = await org(fedAdmin, { name: 'North BC', kind: 'CLUB', federationId });
    clubIds.South = await org(fedAdmin, { name: 'South BC', kind: 'CLUB', federationId });
    clubIds.East = await org(null, { name: 'East BC', kind: 'CLUB' });
    const eastAdmin = await key(null, clubIds.East, 'ADMIN');
    dataOf(await t.gqlAs(eastAdmin, `mutation($id: ID!, $f: ID!) { updateOrganization(id: $id, input: { federationId: $f }) { id } }`, { id: clubIds.East, f: federationId }));
    dataOf(await t.gqlAs(fedAdmin, `mutation($c: ID!) { acceptMemberClub(clubId: $c) { id } }`, { c: clubIds.East }));
    outsiderId = await org(null, { name: 'Outsider BC', kind: 'CLUB' });
    for (const club of ['North', 'South', 'East'] as Club[]) {
      const admin = club === 'East' ? eastAdmin : await key(null, clubIds[club], 'ADMIN');
      admins[club] = admin;
      keys[club] = { director: await key(admin, clubIds[club], 'DIRECTOR'), scorer: await key(admin, clubIds[club], 'SCORER') };
    }
  });
  afterAll(() => t.close());

  it('lets the federation set the event up and hand each club its sections', async () => {
    const fed = keys.federation.director;
    eventId = dataOf(
      await t.gqlAs(fed, `mutation($o: ID!) { createEvent(input: { name: "National Simultaneous", kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION, organizationId: $o }) { id } }`, { o: federationId }),
    ).createEvent.id;
    sessionId = dataOf(await t.gqlAs(fed, `mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    for (const [club, letters] of Object.entries(CLUB_SECTIONS) as [Club, readonly string[]][]) {
      for (const letter of letters) {
        const made = dataOf(
          await t.gqlAs(fed, `mutation($s: ID!, $l: String!, $o: ID!) { createSection(input: { sessionId: $s, letter: $l, tables: 2, boards: [1, 2], organizationId: $o }) { id letter organizationId finishedAt } }`, {
            s: sessionId,
            l: letter,
            o: clubIds[club],
          }),
        ).createSection;
        expect(made).toMatchObject({ letter, organizationId: clubIds[club], finishedAt: null });
        sectionIds[letter] = made.id;
      }
    }
    const hosts = dataOf(await t.gqlAs(null, `query($s: ID!) { session(id: $s) { sections { letter host { name } } } }`, { s: sessionId })).session.sections;
    expect(hosts.map((x: any) => `${x.letter} ${x.host.name}`)).toEqual(['A North BC', 'B North BC', 'C South BC', 'D South BC', 'E East BC', 'F East BC']);
    // Each club finds tonight's simultaneous among the events it takes part in.
    const hosted = dataOf(await t.gqlAs(null, `query($o: ID!) { events(hostedBy: $o) { totalCount nodes { id name organization { name } } } }`, { o: clubIds.East })).events;
    expect(hosted).toEqual({ totalCount: 1, nodes: [{ id: eventId, name: 'National Simultaneous', organization: { name: 'National Bridge Federation' } }] });
    // The first club section made the session a simultaneous: hands and travellers wait for every club.
    expect(dataOf(await t.gql(`query($s: ID!) { session(id: $s) { hideTravellers } }`, { s: sessionId })).session.hideTravellers).toBe(true);
  });

  it('refuses a club that is not in the federation as a host, and a club key setting sections up', async () => {
    const outsider = await t.gqlAs(keys.federation.director, `mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "Z", tables: 1, boards: [1], organizationId: $o }) { id } }`, { s: sessionId, o: outsiderId });
    expect(outsider.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(outsider.errors?.[0]?.message).toMatch(/not a member of the federation/);
    const byClub = await t.gqlAs(keys.North.director, `mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "Z", tables: 1, boards: [1] }) { id } }`, { s: sessionId });
    expect(byClub.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A club outside the federation hosts once invited and once it has accepted: both sides agree.
    const letterY = `mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "Y", tables: 1, boards: [1, 2], organizationId: $o }) { id organizationId } }`;
    dataOf(await t.gqlAs(keys.federation.director, `mutation($e: ID!, $c: ID!) { inviteHostClub(eventId: $e, clubId: $c) { acceptedAt } }`, { e: eventId, c: outsiderId }));
    // (In a session of its own: a guest section that never plays would keep tonight's session from ending.)
    const guestSession = dataOf(await t.gqlAs(keys.federation.director, `mutation($e: ID!) { createSession(input: { eventId: $e, number: 9 }) { id } }`, { e: eventId })).createSession.id;
    const waiting = await t.gqlAs(keys.federation.director, letterY, { s: guestSession, o: outsiderId });
    expect(waiting.errors?.[0]?.message).toMatch(/not yet accepted/);
    const notTheirs = await t.gqlAs(admins.North, `mutation($e: ID!, $c: ID!) { acceptHostInvitation(eventId: $e, clubId: $c) { acceptedAt } }`, { e: eventId, c: outsiderId });
    expect(notTheirs.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const outsiderAdmin = await key(null, outsiderId, 'ADMIN');
    const accepted = dataOf(await t.gqlAs(outsiderAdmin, `mutation($e: ID!, $c: ID!) { acceptHostInvitation(eventId: $e, clubId: $c) { acceptedAt } }`, { e: eventId, c: outsiderId }));
    expect(accepted.acceptHostInvitation.acceptedAt).not.toBeNull();
    const guest = dataOf(await t.gqlAs(keys.federation.director, letterY, { s: guestSession, o: outsiderId })).createSection;
    expect(guest.organizationId).toBe(outsiderId);
    // A host club runs its section; it cannot hand it on.
    const handOver = await t.gqlAs(keys.North.director, `mutation($id: ID!, $o: ID!) { updateSection(id: $id, input: { organizationId: $o }) { id } }`, { id: sectionIds.A, o: clubIds.South });
    expect(handOver.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets each club enter its own pairs, and only in its own sections', async () => {
    for (const [club, letters] of Object.entries(CLUB_SECTIONS) as [Club, readonly string[]][]) {
      const contestants = letters.flatMap((section) => [1, 2].flatMap((number) => (['NS', 'EW'] as const).map((direction) => ({ section, number, direction, name: `${section}${number} ${direction}` }))));
      const added = dataOf(await t.gqlAs(keys[club].director, `mutation($in: AddContestantsInput!) { addContestants(input: $in) { id } }`, { in: { eventId, contestants } })).addContestants;
      expect(added).toHaveLength(8);
    }
    const intoSouth = await t.gqlAs(keys.North.director, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ section: "C", number: 9, direction: NS }] }) { id } }`, { e: eventId });
    expect(intoSouth.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Numbered across the event (no section) is the organiser's to enter.
    const eventWide = await t.gqlAs(keys.North.director, `mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 99 }] }) { id } }`, { e: eventId });
    expect(eventWide.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('takes each club’s results from its own keys: REST, GraphQL and a scoring program’s file', async () => {
    // North posts by REST, one batch per section.
    for (const section of CLUB_SECTIONS.North) await t.as(keys.North.scorer).post(`/api/v1/sessions/${sessionId}/results`).send({ lines: linesOf(section) }).expect(201);
    // South posts its two sections in one GraphQL batch.
    const south = await t.gqlAs(keys.South.scorer, `mutation($in: SubmitResultsInput!) { submitResults(input: $in) { created } }`, { in: { sessionId, lines: [...linesOf('C'), ...linesOf('D')] } });
    expect(dataOf(south).submitResults).toHaveLength(8);
    // East's pads post line by line, with a key limited to tonight's event (East hosts sections of it).
    const pads = dataOf(
      await t.gqlAs(admins.East, `mutation($in: CreateApiKeyInput!) { createApiKey(input: $in) { key } }`, { in: { name: 'Pads, tonight', role: 'SCORER', organizationId: clubIds.East, eventId } }),
    ).createApiKey.key;
    for (const line of linesOf('E')) {
      const res = await t.gqlAs(pads, `mutation($in: SubmitResultInput!) { submitResult(input: $in) { created } }`, { in: { sessionId, ...line } });
      expect(dataOf(res).submitResult.created).toBe(true);
    }
    // East's director sends section F as its scoring program's file (which calls the section A).
    const csv = ['Winners,Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks', ...linesOf('F').map((l) => `2,1,A,${l.board},${l.table},${l.nsPair},${l.ewPair},4S,N,${l.tricks}`)].join('\n');
    const importF = `mutation($in: ImportSectionResultsInput!) { importSectionResults(input: $in) { created unchanged rejected { reason } } }`;
    const intoOther = await t.gqlAs(keys.North.director, importF, { in: { sectionId: sectionIds.F, format: 'CSV', content: csv } });
    expect(intoOther.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A dry run first: what would be stored, nothing written (and another club still may not ask).
    const lines = async () => (await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" WHERE "sessionId" = $1`, [sessionId]))[0].n;
    const dryRunF = `mutation($in: ImportSectionResultsInput!) { importSectionResults(input: $in) { created unchanged rejected { reason } dryRun } }`;
    expect((await t.gqlAs(keys.North.director, dryRunF, { in: { sectionId: sectionIds.F, format: 'CSV', content: csv, dryRun: true } })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(dataOf(await t.gqlAs(keys.East.director, dryRunF, { in: { sectionId: sectionIds.F, format: 'CSV', content: csv, dryRun: true } })).importSectionResults).toEqual({ created: 4, unchanged: 0, rejected: [], dryRun: true });
    expect(await lines()).toBe(20);
    expect(dataOf(await t.gqlAs(keys.East.director, importF, { in: { sectionId: sectionIds.F, format: 'CSV', content: csv } })).importSectionResults).toEqual({ created: 4, unchanged: 0, rejected: [] });
    // The same file again, as the file itself over REST, changes nothing.
    const rest = (query = '') => t.as(keys.East.director).post(`/api/v1/imports/csv/sections/${sectionIds.F}${query}`).set('content-type', 'text/csv');
    expect((await rest().send(csv).expect(200)).body).toEqual({ sectionId: sectionIds.F, created: 0, unchanged: 4, rejected: [], dryRun: false });
    // A dry run of a file that differs from what is stored answers the import's CONFLICT, and writes nothing.
    const changed = csv.replace(/,4S,N,(\d+)$/, (_, tricks) => `,4S,N,${Number(tricks) === 13 ? 12 : Number(tricks) + 1}`);
    expect(changed).not.toBe(csv);
    expect((await rest('?dryRun=true').send(changed).expect(409)).body.code).toBe('CONFLICT');
    expect((await rest('?dryRun=true').send(csv).expect(200)).body).toEqual({ sectionId: sectionIds.F, created: 0, unchanged: 4, rejected: [], dryRun: true });
    expect((await rest('?dryRun=yes').send(csv).expect(400)).body).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['dryRun'] });
    expect(await lines()).toBe(24);
  });

  it('refuses a club’s file whose every line is refused as a whole file’s import does, over REST and GraphQL, storing nothing', async () => {
    const csvOf = (...rows: string[]) => ['Winners,Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks', ...rows].join('\n');
    const rest = (format: string, file: string) => t.as(keys.East.director).post(`/api/v1/imports/${format}/sections/${sectionIds.F}`).set('content-type', 'text/plain').send(file);
    const graphql = async (format: string, content: string) =>
      (await t.gqlAs(keys.East.director, `mutation($in: ImportSectionResultsInput!) { importSectionResults(input: $in) { created } }`, { in: { sectionId: sectionIds.F, format, content } })).errors?.[0];
    // Every line unreadable (a level of 9), or read but not the file's to post (unplayed: the director's).
    const unreadable = csvOf('2,1,A,1,1,1,1,9S,N,10', '2,1,A,2,2,2,2,9S,N,10');
    const unplayed = csvOf('2,1,A,1,1,1,1,,,', '2,1,A,2,2,2,2,,,');
    for (const [file, reasons] of [[unreadable, /^No line of the CSV file could be imported \(2 refused: line 2: .*Level must be 1–7/], [unplayed, /^No line of the CSV file could be imported \(2 refused: line 2: Board 1, NS 1 v EW 1: an adjusted or unplayed score/]] as const) {
      const refused = (await rest('csv', file).expect(400)).body;
      expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['file'], message: expect.stringMatching(reasons) });
      expect(refused.message).toMatch(/nothing was written/);
      const error = await graphql('CSV', file);
      expect({ message: error?.message, code: error?.extensions?.code, fields: error?.extensions?.fields }).toEqual({ message: refused.message, code: 'BAD_USER_INPUT', fields: ['file'] });
    }
    // A hand record (deals, no line) refuses nothing: a section takes no deal from a file, as before.
    const handRecord = ['[Event "Hands"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', '[Deal "N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852"]', ''].join('\n');
    expect((await rest('pbn', handRecord).expect(400)).body).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['content'], message: 'The file holds no line that can be read' });
    expect((await sql(t.db.url, `SELECT count(*)::int AS n FROM "Result" WHERE "sessionId" = $1`, [sessionId]))[0].n).toBe(24);
  });

  it('refuses a club writing into another club’s section, whatever the route, and stores nothing', async () => {
    const intruder = { section: 'C', board: 1, table: 1, nsPair: 1, ewPair: 1, contract: '3NT', declarer: 'N', tricks: 3, correction: { reason: 'Taken over' } };
    const rest = await t.as(keys.North.director).post(`/api/v1/sessions/${sessionId}/results`).send(intruder);
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe('FORBIDDEN');
    // A batch mixing an own line with another club's is refused whole.
    const mixed = await t.as(keys.North.director).post(`/api/v1/sessions/${sessionId}/results`).send({ lines: [{ ...intruder, section: 'A', tricks: 10, correction: undefined }, intruder] });
    expect(mixed.status).toBe(403);
    // Aliases and variables change nothing: each field is checked on its own arguments.
    const aliased = await t.gqlAs(keys.North.director, `mutation($in: SubmitResultInput!) { ours: submitResult(input: { sessionId: "${sessionId}", section: "A", board: 1, nsPair: 1, ewPair: 1, contract: "4S", declarer: N, tricks: 10 }) { created } theirs: submitResult(input: $in) { created } }`, { in: { sessionId, ...intruder } });
    expect(aliased.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect(aliased.data?.theirs ?? null).toBeNull();
    const ruling = await t.gqlAs(keys.North.director, `mutation($s: ID!) { adjustScore(input: { sessionId: $s, section: "D", board: 2, nsPair: 1, ewPair: 1, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Slow play" }) { id } }`, { s: sessionId });
    expect(ruling.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const south1 = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { id section number direction } } }`, { e: eventId })).event.contestants.find((c: any) => c.section === 'C' && c.number === 1 && c.direction === 'NS');
    const penalty = await t.gqlAs(keys.North.director, `mutation($s: ID!, $c: ID!) { addPenalty(input: { sessionId: $s, contestantId: $c, unit: MP, amount: "3", reason: "Late" }) { id } }`, { s: sessionId, c: south1.id });
    expect(penalty.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rename = await t.gqlAs(keys.North.director, `mutation($id: ID!) { updateContestant(id: $id, input: { name: "Ours" }) { id } }`, { id: south1.id });
    expect(rename.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const stored = await sql(t.db.url, `SELECT r."tricks" FROM "Result" r JOIN "Section" x ON x."id" = r."sectionId" WHERE x."letter" = 'C' AND r."boardNumber" = 1 AND r."table" = 1`);
    expect(stored).toEqual([{ tricks: 12 }]);
    expect((await sql(t.db.url, `SELECT count(*)::int AS n FROM "Penalty"`))[0].n).toBe(0);
  });

  it('lets the organiser’s keys write every club’s sections', async () => {
    // A correction to South's C1 board 1, then back: the organiser's director may make both.
    const correct = (tricks: number, reason: string) =>
      t.as(keys.federation.director).post(`/api/v1/sessions/${sessionId}/results`).send({ section: 'C', board: 1, table: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', tricks, correction: { reason } });
    expect((await correct(11, 'Pad typo')).status).toBe(201);
    expect((await correct(12, 'Typo undone')).status).toBe(201);
  });

  it('hides hands and travellers from everyone but the organiser until every club has finished', async () => {
    const publicTraveller = async () => dataOf(await t.gqlAs(null, `query($s: ID!) { traveller(sessionId: $s, board: 1) { hidden lines { section nsScore } } }`, { s: sessionId })).traveller;
    // The organiser's hand record of board 1, the same for every club.
    const board1 = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { boards { id number } } }`, { s: sessionId })).session.boards.find((b: any) => b.number === 1).id;
    const deal = 'N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852';
    dataOf(await t.gqlAs(keys.federation.director, `mutation($id: ID!, $d: String!) { updateBoard(id: $id, input: { deal: $d }) { id } }`, { id: board1, d: deal }));
    const hand = async (as: string | null) => dataOf(await t.gqlAs(as, `query($s: ID!) { session(id: $s) { boards { number deal } } }`, { s: sessionId })).session.boards.find((b: any) => b.number === 1).deal;
    expect(await hand(null)).toBeNull();
    expect(await hand(keys.South.director)).toBeNull(); // a club sees no hand before every club has played it
    expect(await hand(keys.federation.director)).toBe(deal);
    const finish = (club: Club, letter: string) => t.gqlAs(keys[club].director, `mutation($id: ID!) { updateSection(id: $id, input: { finished: true }) { finishedAt } }`, { id: sectionIds[letter] });
    expect(await publicTraveller()).toEqual({ hidden: true, lines: [] });
    const publicPage = dataOf(await t.gqlAs(null, `query($s: ID!) { travellerPage(sessionId: $s, board: 1, first: 100) { totalCount nodes { id } } }`, { s: sessionId })).travellerPage;
    expect(publicPage).toEqual({ totalCount: 0, nodes: [] });
    expect((await t.as(null).get(`/api/v1/sessions/${sessionId}/boards/1/traveller`).expect(200)).body).toEqual({ totalCount: 0, hasNextPage: false, endCursor: null, lines: [] });
    const organiserPage = dataOf(await t.gqlAs(keys.federation.director, `query($s: ID!) { travellerPage(sessionId: $s, board: 1, first: 100) { totalCount } }`, { s: sessionId })).travellerPage;
    expect(organiserPage.totalCount).toBeGreaterThan(0);
    // A club cannot end another club's section.
    expect((await finish('North', 'C')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const [club, letter] of [['North', 'A'], ['North', 'B'], ['South', 'C'], ['South', 'D'], ['East', 'E']] as [Club, string][]) {
      expect(dataOf(await finish(club, letter)).updateSection.finishedAt).not.toBeNull();
    }
    // Five of six sections have finished: section F still plays board 1.
    expect((await publicTraveller()).hidden).toBe(true);
    const clubView = dataOf(await t.gqlAs(keys.North.director, `query($s: ID!) { traveller(sessionId: $s, board: 1) { hidden } }`, { s: sessionId })).traveller;
    expect(clubView.hidden).toBe(true);
    // The organiser sees every club's lines all along.
    const organiserView = dataOf(await t.gqlAs(keys.federation.director, `query($s: ID!) { traveller(sessionId: $s, board: 1) { hidden lines { section } } }`, { s: sessionId })).traveller;
    expect(organiserView).toMatchObject({ hidden: false, lines: expect.arrayContaining([{ section: 'F' }]) });
    dataOf(await finish('East', 'F'));
    const session = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { status } }`, { s: sessionId })).session;
    expect(session.status).toBe('COMPLETED');
    const shown = await publicTraveller();
    expect(shown.hidden).toBe(false);
    expect(shown.lines).toHaveLength(12);
    expect(await hand(null)).toBe(deal);
  });

  it('pages a board’s traveller for the public once every club has finished: the whole field, a section’s or a club’s lines', async () => {
    const PAGE = `query($s: ID!, $b: Int!, $f: Int, $a: String, $x: String, $o: ID) { travellerPage(sessionId: $s, board: $b, first: $f, after: $a, section: $x, organizationId: $o) { totalCount pageInfo { hasNextPage endCursor } nodes { id section nsPair ewPair nsScore nsName } } }`;
    const page = async (vars: Record<string, unknown>) => dataOf(await t.gqlAs(null, PAGE, { s: sessionId, b: 1, ...vars })).travellerPage;
    const walk = async (vars: Record<string, unknown>) => {
      const lines: any[] = [];
      for (let after: string | null = null, n = 0; n < 20; n++) {
        const p: any = await page({ ...vars, a: after });
        lines.push(...p.nodes);
        if (!p.pageInfo.hasNextPage) return { lines, totalCount: p.totalCount };
        after = p.pageInfo.endCursor;
      }
      throw new Error('the pages did not end');
    };
    const whole = dataOf(await t.gqlAs(null, `query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { id section nsPair ewPair nsScore nsName } } }`, { s: sessionId })).traveller.lines;
    expect(whole).toHaveLength(12);
    // Five lines a page: the traveller's own lines, in its order, names as the public sees them.
    expect(await walk({ f: 5 })).toEqual({ lines: whole, totalCount: 12 });
    const c = await walk({ f: 5, x: 'c' });
    expect(c).toEqual({ lines: whole.filter((l: any) => l.section === 'C'), totalCount: 2 });
    const south = await walk({ f: 1, o: clubIds.South });
    expect(south).toEqual({ lines: whole.filter((l: any) => ['C', 'D'].includes(l.section)), totalCount: 4 });
    expect(await page({ o: outsiderId })).toMatchObject({ totalCount: 0, nodes: [] }); // a club that runs none of its sections
    // A cursor of another board's line, or of a line the filter leaves out, is refused; so is a page too large.
    const board2 = dataOf(await t.gqlAs(null, `query($s: ID!) { travellerPage(sessionId: $s, board: 2, first: 1) { pageInfo { endCursor } } }`, { s: sessionId })).travellerPage.pageInfo.endCursor;
    const refused = async (vars: Record<string, unknown>) => (await t.gqlAs(null, PAGE, { s: sessionId, b: 1, ...vars })).errors?.[0]?.extensions;
    expect(await refused({ a: board2 })).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['after'] });
    const eastCursor = (await page({ f: 1, x: 'E' })).pageInfo.endCursor;
    expect(await refused({ a: eastCursor, o: clubIds.South })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await refused({ f: 500 })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await refused({ x: 'A B' })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await refused({ b: 77 })).toMatchObject({ code: 'NOT_FOUND' });
    // The same pages over plain HTTP, for a club's website.
    const rest = (query: string, board = '1') => t.as(null).get(`/api/v1/sessions/${sessionId}/boards/${board}/traveller?${query}`);
    const first = (await rest(`organizationId=${clubIds.South}&first=3`).expect(200)).body;
    expect(first).toMatchObject({ totalCount: 4, hasNextPage: true });
    const next = (await rest(`organizationId=${clubIds.South}&first=3&after=${first.endCursor}`).expect(200)).body;
    expect(next.hasNextPage).toBe(false);
    const pick = (l: any) => ({ id: l.id, section: l.section, nsPair: l.nsPair, ewPair: l.ewPair, nsScore: l.nsScore, nsName: l.nsName });
    expect([...first.lines, ...next.lines].map(pick)).toEqual(south.lines);
    expect(first.lines[0]).toMatchObject({ board: 1, status: 'PLAYED', version: expect.any(Number), nsMatchpoints: expect.any(Number) });
    expect((await rest('first=500&section=A%20B').expect(400)).body.fields).toEqual(expect.arrayContaining(['first', 'section']));
    expect((await rest('first=1', '0').expect(400)).body.fields).toEqual(['board']);
    await rest('first=1', '77').expect(404);
    await rest('first=1&direction=NS').expect(400); // not a parameter of a traveller
    await t.as(null).get(`/api/v1/sessions/not-a-session/boards/1/traveller`).expect(400);
  });

  /** Ranking rows as [section+number, place, percentage, club place], ties listed by section and number. */
  const rows = (nodes: any[]) =>
    nodes
      .map((n) => [`${n.contestant.section}${n.contestant.number}`, n.place, n.percentage, n.club?.place ?? null] as const)
      .sort((a, b) => parseInt(a[1]) - parseInt(b[1]) || a[0].localeCompare(b[0]));

  it('ranks the whole field nationally, each pair with its club and club place', async () => {
    const page = async (direction: string) =>
      dataOf(await t.gqlAs(null, `query($s: ID!) { sessionRankingPage(sessionId: $s, direction: ${direction}, first: 20) { totalCount nodes { ${ENTRY} } } }`, { s: sessionId })).sessionRankingPage;
    const ns = await page('NS');
    expect(ns.totalCount).toBe(12);
    expect(rows(ns.nodes)).toEqual([
      ['C1', '1', 75, '1'],
      ['A1', '2=', 65.91, '1='],
      ['A2', '2=', 65.91, '1='],
      ['D2', '2=', 65.91, '2'],
      ['E1', '5', 56.82, '1'],
      ['E2', '6=', 47.73, '2='],
      ['F2', '6=', 47.73, '2='],
      ['C2', '8', 43.18, '3'],
      ['F1', '9', 40.91, '4'],
      ['B1', '10', 31.82, '3'],
      ['B2', '11=', 29.55, '4'],
      ['D1', '11=', 29.55, '4'],
    ]);
    // Matchpoints out of 44 (two boards, top 22): C1 33.
    expect(ns.nodes[0].score).toBe(33);
    expect(ns.nodes[0].club).toMatchObject({ id: clubIds.South, name: 'South BC', place: '1', rank: 1 });
    // The results website shows the same: each pair's club and club place beside its national place.
    const web = await t.as(null).get(`/sessions/${sessionId}`).set('Accept', 'text/html').expect(200);
    expect(web.text).toContain('Club (place)');
    expect(web.text).toMatch(/<td class="n place">11=<\/td>[\s\S]*?<td class="club">(North BC \(4\)|South BC \(4\))<\/td>/);
    const ew = await page('EW');
    expect(rows(ew.nodes)).toEqual([
      ['B2', '1=', 70.45, '1'],
      ['D1', '1=', 70.45, '1'],
      ['B1', '3', 68.18, '2'],
      ['F1', '4', 59.09, '1'],
      ['C2', '5', 56.82, '2'],
      ['E2', '6=', 52.27, '2='],
      ['F2', '6=', 52.27, '2='],
      ['E1', '8', 43.18, '4'],
      ['A1', '9=', 34.09, '3='],
      ['A2', '9=', 34.09, '3='],
      ['D2', '9=', 34.09, '3'],
      ['C1', '12', 25, '4'],
    ]);
  });

  it('gives each club its own list, with club and national places, a page at a time', async () => {
    const clubPage = async (club: Club, direction: string, extra = '') =>
      dataOf(
        await t.gqlAs(null, `query($s: ID!, $o: ID!) { sessionRankingPage(sessionId: $s, organizationId: $o, direction: ${direction}${extra}) { totalCount pageInfo { hasNextPage endCursor } nodes { ${ENTRY} } } }`, {
          s: sessionId,
          o: clubIds[club],
        }),
      ).sessionRankingPage;
    const expected: Record<Club, Record<'NS' | 'EW', [string, string, number, string][]>> = {
      North: {
        NS: [['A1', '2=', 65.91, '1='], ['A2', '2=', 65.91, '1='], ['B1', '10', 31.82, '3'], ['B2', '11=', 29.55, '4']],
        EW: [['B2', '1=', 70.45, '1'], ['B1', '3', 68.18, '2'], ['A1', '9=', 34.09, '3='], ['A2', '9=', 34.09, '3=']],
      },
      South: {
        NS: [['C1', '1', 75, '1'], ['D2', '2=', 65.91, '2'], ['C2', '8', 43.18, '3'], ['D1', '11=', 29.55, '4']],
        EW: [['D1', '1=', 70.45, '1'], ['C2', '5', 56.82, '2'], ['D2', '9=', 34.09, '3'], ['C1', '12', 25, '4']],
      },
      East: {
        NS: [['E1', '5', 56.82, '1'], ['E2', '6=', 47.73, '2='], ['F2', '6=', 47.73, '2='], ['F1', '9', 40.91, '4']],
        EW: [['F1', '4', 59.09, '1'], ['E2', '6=', 52.27, '2='], ['F2', '6=', 52.27, '2='], ['E1', '8', 43.18, '4']],
      },
    };
    for (const club of ['North', 'South', 'East'] as Club[]) {
      for (const direction of ['NS', 'EW'] as const) {
        const page = await clubPage(club, direction);
        expect(page.totalCount).toBe(4);
        expect(page.nodes.every((n: any) => n.club.id === clubIds[club])).toBe(true);
        expect(rows(page.nodes)).toEqual(expected[club][direction]);
      }
    }
    // Two at a time: the second page follows the first in the club's order.
    const first = await clubPage('North', 'EW', ', first: 2');
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await clubPage('North', 'EW', `, first: 2, after: "${first.pageInfo.endCursor}"`);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect([...first.nodes, ...second.nodes].map((n: any) => n.club.place)).toEqual(['1', '2', '3=', '3=']);
    // The event ranking filters the same way; a section filter narrows a club's list.
    const event = dataOf(
      await t.gqlAs(null, `query($e: ID!, $o: ID!) { eventRankingPage(eventId: $e, organizationId: $o, direction: NS, section: "D") { nodes { ${ENTRY} } } }`, { e: eventId, o: clubIds.South }),
    ).eventRankingPage;
    expect(rows(event.nodes)).toEqual([['D2', '2=', 65.91, '2'], ['D1', '11=', 29.55, '4']]);
  });

  it('answers one pair’s national and club place without the rest of the ranking', async () => {
    const contestants = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { id section number direction } } }`, { e: eventId })).event.contestants;
    const d2 = contestants.find((c: any) => c.section === 'D' && c.number === 2 && c.direction === 'NS');
    const entry = dataOf(await t.gqlAs(null, `query($s: ID!, $c: ID!) { sessionRankingEntry(sessionId: $s, contestantId: $c) { ${ENTRY} } }`, { s: sessionId, c: d2.id })).sessionRankingEntry;
    expect(entry).toMatchObject({ place: '2=', percentage: 65.91, club: { id: clubIds.South, name: 'South BC', place: '2', rank: 2 } });
    // The same over REST, for a club website.
    const rest = await t.as(null).get(`/api/v1/sessions/${sessionId}/ranking/${d2.id}`).expect(200);
    expect(rest.body).toMatchObject({ place: '2=', percentage: 65.91, contestant: { section: 'D', number: 2, direction: 'NS' }, club: { name: 'South BC', place: '2' } });
  });

  it('serves the club lists over REST too, a page at a time', async () => {
    const get = (query: string) => t.as(null).get(`/api/v1/sessions/${sessionId}/ranking?${query}`);
    const first = (await get(`organizationId=${clubIds.East}&direction=EW&first=3`).expect(200)).body;
    expect(first.totalCount).toBe(4);
    expect(first.hasNextPage).toBe(true);
    const rest = (await get(`organizationId=${clubIds.East}&direction=EW&first=3&after=${first.endCursor}`).expect(200)).body;
    const list = [...first.entries, ...rest.entries].map((e: any) => [`${e.contestant.section}${e.contestant.number}`, e.place, e.club.place]);
    expect(list.map((r) => r[2])).toEqual(['1', '2=', '2=', '4']);
    expect(list[0]).toEqual(['F1', '4', '1']);
    expect(list[3]).toEqual(['E1', '8', '4']);
    const national = (await t.as(null).get(`/api/v1/events/${eventId}/ranking?direction=NS&first=1`).expect(200)).body;
    expect(national.entries[0]).toMatchObject({ place: '1', percentage: 75, contestant: { section: 'C', number: 1 }, club: { name: 'South BC', place: '1' } });
    const bad = await get('organizationId=south&first=500');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['first', 'organizationId']));
  });

  it('shows a club its own pairs on the results pages too, at their national places and with theirs in the club', async () => {
    const res = await t.as(null).get(`/sessions/${sessionId}?club=${clubIds.South}`).expect(200);
    const shown = [...res.text.matchAll(/<tr data-contestant="[^"]+">\s*<td class="n place">([^<]*)<\/td>\s*<th scope="row" class="n">([^<]*)<\/th>[\s\S]*?<td class="club">([^<]*)<\/td>/g)].map((m) => [m[2], m[1], m[3]]);
    expect(shown).toEqual([
      ['C1', '1', 'South BC (1)'], ['D2', '2=', 'South BC (2)'], ['C2', '8', 'South BC (3)'], ['D1', '11=', 'South BC (4)'],
      ['D1', '1=', 'South BC (1)'], ['C2', '5', 'South BC (2)'], ['D2', '9=', 'South BC (3)'], ['C1', '12', 'South BC (4)'],
    ]);
    expect(res.text).toContain('Only the pairs of South BC, at their places in the whole field.');
    expect(res.text).toContain(`<a href="/sessions/${sessionId}">The whole ranking</a>`);
    // The event's page the same; a club that does not exist, or is not a club id, is a page that does not exist.
    expect((await t.as(null).get(`/events/${eventId}?club=${clubIds.East}`).expect(200)).text).toContain('Only the pairs of East BC');
    await t.as(null).get(`/sessions/${sessionId}?club=${randomUUID()}`).expect(404);
    await t.as(null).get(`/sessions/${sessionId}?club=South`).expect(404);
  });

  it('runs the README’s simultaneous examples as written', async () => {
    const readme = readFileSync('README.md', 'utf8');
    const part = /<!-- simultaneous:start -->([\s\S]*?)<!-- simultaneous:end -->/.exec(readme)?.[1] ?? '';
    const blocks = [...part.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toHaveLength(4);
    const [handOut, finished, clubList, myPlace] = blocks;
    // A second session of the same simultaneous: section A is North's again.
    const session2 = dataOf(await t.gqlAs(keys.federation.director, `mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const section = dataOf(await t.gqlAs(keys.federation.director, handOut, { session: session2, club: clubIds.North })).createSection;
    expect(section).toMatchObject({ letter: 'A', organizationId: clubIds.North });
    expect(dataOf(await t.gqlAs(keys.North.director, finished, { section: section.id })).updateSection.finishedAt).not.toBeNull();
    const list = dataOf(await t.gqlAs(null, clubList, { session: sessionId, club: clubIds.South })).sessionRankingPage;
    expect(list.nodes.map((n: any) => [n.place, n.club.place])).toEqual([['1', '1'], ['2=', '2'], ['8', '3'], ['11=', '4']]);
    const c1 = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { id section number direction } } }`, { e: eventId })).event.contestants.find((c: any) => c.section === 'C' && c.number === 1 && c.direction === 'NS');
    expect(dataOf(await t.gqlAs(null, myPlace, { session: sessionId, pair: c1.id })).sessionRankingEntry).toEqual({ place: '1', percentage: 75, club: { name: 'South BC', place: '1' } });
  });

  it('moves a section to another club at once: the first club’s keys lose it at the next post', async () => {
    const line = { section: 'A', board: 1, table: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', tricks: 10 };
    const post = (club: Club) => t.as(keys[club].scorer).post(`/api/v1/sessions/${sessionId}/results`).send(line);
    expect((await post('North')).status).toBe(200); // the same line again: stored already, nothing changes
    // A letter is one club's in every session: a new section A for another club is a CONFLICT; the letter moves whole.
    const session3 = dataOf(await t.gqlAs(keys.federation.director, `mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    const clash = await t.gqlAs(keys.federation.director, `mutation($s: ID!, $o: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2], organizationId: $o }) { id } }`, { s: session3, o: clubIds.East });
    expect(clash.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const hand = dataOf(await t.gqlAs(keys.federation.director, `mutation($id: ID!, $o: ID!) { updateSection(id: $id, input: { organizationId: $o }) { organizationId } }`, { id: sectionIds.A, o: clubIds.South }));
    expect(hand.updateSection.organizationId).toBe(clubIds.South);
    expect(await sql(t.db.url, `SELECT DISTINCT "organizationId" FROM "Section" WHERE "letter" = 'A'`)).toEqual([{ organizationId: clubIds.South }]);
    const refused = await post('North');
    expect(refused.status).toBe(403);
    expect((await post('South')).status).toBe(200);
  });

  it('gives an imported session’s sections their hosts: named ones, and each letter’s host in the event', async () => {
    // A second round's file from the federation's scoring program: section A (South's since the move) and a new G for East.
    const rows = ['Winners,Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks'];
    for (const section of ['A', 'G']) for (const board of [1, 2]) rows.push(`2,1,${section},${board},1,1,1,${section}1 NS,${section}1 EW,4S,N,10`);
    const file = `${rows.join('\n')}\n`;
    const refused = await t.gqlAs(keys.federation.director, `mutation($in: ImportFileInput!) { importEvent(input: $in) { eventId } }`, {
      in: { format: 'CSV', content: file, eventId, hosts: [{ section: 'A', organizationId: clubIds.North }] },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const bad = await t.as(keys.federation.director).post(`/api/v1/imports/csv?eventId=${eventId}&hosts=G:${outsiderId},A`).set('content-type', 'text/csv').send(file);
    expect(bad.status).toBe(400);
    const res = await t.as(keys.federation.director).post(`/api/v1/imports/csv?eventId=${eventId}&hosts=G:${clubIds.East}`).set('content-type', 'text/csv').send(file).expect(201);
    const imported = await sql(t.db.url, `SELECT x."letter", x."organizationId" FROM "Section" x JOIN "Session" s ON s."id" = x."sessionId" WHERE s."eventId" = $1 AND x."letter" IN ('A', 'G') ORDER BY s."number" DESC, x."letter" LIMIT 2`, [res.body.eventId]);
    expect(imported).toEqual([{ letter: 'A', organizationId: clubIds.South }, { letter: 'G', organizationId: clubIds.East }]);
  });

  it('leaves archiving to the organiser, and hides an archived event’s rankings on every transport', async () => {
    const archive = `mutation($id: ID!) { archiveEvent(id: $id, reason: "Season over") { id } }`;
    expect((await t.gqlAs(keys.North.director, archive, { id: eventId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    dataOf(await t.gqlAs(keys.federation.director, archive, { id: eventId }));
    await t.as(null).get(`/api/v1/sessions/${sessionId}/ranking?organizationId=${clubIds.North}`).expect(404);
    await t.as(null).get(`/api/v1/events/${eventId}/ranking`).expect(404);
    const archivedPage = await t.gqlAs(keys.South.director, `query($s: ID!) { travellerPage(sessionId: $s, board: 1, organizationId: "${clubIds.South}") { totalCount } }`, { s: sessionId });
    expect(archivedPage.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const organiser = await t.as(keys.federation.director).get(`/api/v1/events/${eventId}/ranking?first=1`).expect(200);
    expect(organiser.body.totalCount).toBeGreaterThan(0);
    dataOf(await t.gqlAs(keys.federation.director, `mutation($id: ID!) { restoreEvent(id: $id, reason: "Archived too early") { id } }`, { id: eventId }));
    await t.as(null).get(`/api/v1/events/${eventId}/ranking?first=1`).expect(200);
  });
});
