import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { PgPool } from '../src/database/pg-pool.service.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { loadEventData, type WrittenResults } from '../src/rankings/event-data.js';
import { ScoredEvents } from '../src/rankings/scored-events.service.js';
import { rankingRows, scoreEvent, type ScoredEvent } from '../src/rankings/event-scoring.js';
import { importLongField } from './support/long-field.js';
import type { SessionContext } from '../src/results/line-context.js';
import { SessionContexts } from '../src/results/session-contexts.service.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * Files in and out (DOMAIN §9): hand-made files import with every figure recomputed and compared;
 * events exported by Traveller re-import identically in every format it writes; bad files are
 * refused with the line or element named, and write nothing.
 */
describe('files in and out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const fixture = (name: string) => readFileSync(new URL(`../src/bridge/formats/fixtures/${name}`, import.meta.url));
  /** A file's body as the text it is (byte order mark included), whatever its content type: supertest's `parse`. */
  const wholeText = (res: import('supertest').Response, done: (error: Error | null, body: string) => void) => {
    const chunks: Buffer[] = [];
    (res as unknown as NodeJS.ReadableStream).on('data', (chunk: Buffer) => chunks.push(chunk));
    (res as unknown as NodeJS.ReadableStream).on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
  };
  const importFile = (format: string, body: Buffer | string, query = '') =>
    t.http().post(`/api/v1/imports/${format}${query}`).set('content-type', 'application/octet-stream').send(Buffer.from(body));
  const count = async () => dataOf(await t.gql(`{ events { totalCount } }`)).events.totalCount as number;

  describe('hand-made files', () => {
    it('scores a USEBIO file as its EVENT_TYPE says (CROSS_IMP), reading packed adjusted codes (A6040)', async () => {
      const report = (await importFile('usebio', fixture('usebio-cross-imps.xml')).expect(201)).body;
      expect(report.warnings.filter((w: string) => /does not say how it is scored/.test(w))).toEqual([]);
      const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { scoring sessions { id } } }`, { e: report.eventId })).event;
      expect(event.scoring).toBe('CROSS_IMPS');
      const board = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { lines { nsPair status nsImps ewImps adjustment } } }`, { s: event.sessions[0].id })).traveller;
      // +420 against −50: 10 IMPs each way; the adjusted line is A+ / A− (±3 IMPs).
      expect(board.lines.map((l: any) => [l.nsPair, l.status, l.nsImps, l.ewImps])).toEqual([[1, 'PLAYED', 10, -10], [2, 'PLAYED', -10, 10], [3, 'ARTIFICIAL', 3, -3]]);
    });

    it('imports a PBN, recomputing every figure, listing the lines it refuses and where the file disagrees', async () => {
      const res = await importFile('pbn', fixture('two-section-mitchell.pbn')).expect(201);
      const report = res.body;
      // In this file EW pair 1 plays boards 1 and 2 twice in section A: the second lines cannot stand.
      expect(report).toMatchObject({ format: 'PBN', alreadyImported: false, sessions: 1, boards: 2, contestants: 6, lines: 4 });
      expect(report.rejected).toEqual([
        { source: 'line 30', reason: 'a pair of this line already has a result on board 1; the second line is not imported' },
        { source: 'line 51', reason: 'a pair of this line already has a result on board 2; the second line is not imported' },
      ]);
      // The file's matchpoints are 1/½/0 (top 1 on two results): the event is scored on that scale.
      expect(report.warnings).toContain('The file’s matchpoints are on the 1/½/0 scale: the event is scored on that scale');
      const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { name startsOn scoring matchpointScale sessions { sections { letter } } } }`, { e: report.eventId })).event;
      expect(event).toMatchObject({ name: 'Spring Pairs', startsOn: '2024-03-14', scoring: 'MATCHPOINTS', matchpointScale: 'ONE_POINT' });
      expect(event.sessions[0].sections.map((s: any) => s.letter)).toEqual(['A', 'B']);
      // Without the refused lines each board has one result and no comparison: the file's 1 MP and
      // 100 % on board 1 are not Traveller's, and the report says so, line by line.
      expect(report.compared).toMatchObject({ lines: 4, linesDiffering: 4 });
      expect(report.differences).toContainEqual({ source: 'line 29', item: 'board 1, NS 1 v EW 1', figure: 'nsMatchpoints', file: '1', traveller: '0' });
    });

    it('answers the first import again for the same file, writing nothing', async () => {
      const before = await count();
      const first = await importFile('pbn', fixture('two-section-mitchell.pbn')).expect(200);
      expect(first.body.alreadyImported).toBe(true);
      expect(await count()).toBe(before);
    });

    it('audits an import once per session, as one act, naming the file; its lines are not audited one by one', async () => {
      const body = Buffer.from(fixture('usebio-two-sections.xml').toString('latin1').replace('Tuesday Pairs', 'Audited Pairs'), 'latin1');
      const report = (await importFile('usebio', body, '?fileName=audited.xml').expect(201)).body;
      const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: report.eventId })).event.sessions[0].id;
      const trail = dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action entityId reason after } }`, { s: session })).auditTrail;
      expect(trail).toEqual([
        {
          action: 'SESSION_IMPORTED',
          entityId: null,
          reason: 'Imported from a USEBIO file (audited.xml)',
          after: { format: 'USEBIO', fileName: 'audited.xml', sha256: createHash('sha256').update(body).digest('hex'), lines: report.lines },
        },
      ]);
    });

    it('imports USEBIO pairs in two sections and a teams event', async () => {
      const pairs = (await importFile('usebio', fixture('usebio-two-sections.xml')).expect(201)).body;
      expect(pairs).toMatchObject({ format: 'USEBIO', rejected: [{ source: 'SESSION 1 / SECTION B / BOARD 1 / TRAVELLER_LINE 2', reason: expect.stringMatching(/already has a result on board 1/) }] });
      const names = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { players { name memberNumber } } } }`, { e: pairs.eventId })).event.contestants.flatMap((c: any) => c.players);
      expect(names).toContainEqual({ name: 'Zoë Brontë', memberNumber: '100002' }); // ISO-8859-1 in the file
      const teams = (await importFile('usebio', fixture('usebio-teams.xml')).expect(201)).body;
      const kind = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { kind scoring vpScale } }`, { e: teams.eventId })).event;
      expect(kind).toEqual({ kind: 'TEAMS', scoring: 'TEAMS_IMPS', vpScale: 'WBF_2013' });
      // 16 IMPs over 2 boards is 18.68 to 1.32 on the WBF 2013 scale; the file says 15 to 5.
      expect(teams.compared).toMatchObject({ lines: 4, linesDiffering: 0, contestants: 2, contestantsDiffering: 2 });
      expect(teams.differences).toContainEqual({ source: 'PARTICIPANTS / TEAM 1', item: 'team 1', figure: 'score', file: '15', traveller: '18.68' });
    });
  });

  it('reads a travellers CSV saved by Excel on Chinese Windows (GBK, no charset named): the names come back in Chinese', async () => {
    const csv = [
      'Event,Date,Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks',
      '桥牌俱乐部双人赛,2026-03-03,1,A,1,1,2,张伟 & 王芳,朱镕基 & 李娜,4H,N,10',
      '桥牌俱乐部双人赛,2026-03-03,1,A,1,3,4,Müller & Françoise,刘洋 & 陈静,4H,N,9',
      '',
    ].join('\r\n');
    const report = (await importFile('csv', iconv.encode(csv, 'gb18030')).expect(201)).body;
    expect(report).toMatchObject({ lines: 2, rejected: [] });
    const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { name contestants { number players { name } } } }`, { e: report.eventId })).event;
    expect(event.name).toBe('桥牌俱乐部双人赛');
    const names = event.contestants.map((c: any) => [c.number, c.players.map((p: any) => p.name)]).sort((a: any, b: any) => a[0] - b[0]);
    expect(names).toEqual([[1, ['张伟', '王芳']], [2, ['朱镕基', '李娜']], [3, ['Müller', 'Françoise']], [4, ['刘洋', '陈静']]]);
  });

  it('streams an export of an event over the export limit over REST, refuses it in one GraphQL answer naming the route, and runs two at once in turn', async () => {
    const sessionId = await importLongField(t, 'Large congress', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', [1, 2]); // 1,040 lines
    const eventId = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { eventId } }`, { s: sessionId })).session.eventId;
    const formats = [['TRAVELLERS_CSV', 'travellers.csv'], ['USEBIO', 'export.usebio'], ['PBN', 'export.pbn']] as const;
    const whole = new Map<string, string>();
    for (const [format] of formats) whole.set(format, dataOf(await t.gql(`query($e: ID!, $f: ExportFormat!) { exportEvent(eventId: $e, format: $f) { content } }`, { e: eventId, f: format })).exportEvent.content);
    process.env.TRAVELLER_MAX_EXPORT_LINES = '1000';
    try {
      for (const [format, path] of formats) {
        const graphql = await t.gql(`query($e: ID!, $f: ExportFormat!) { exportEvent(eventId: $e, format: $f) { fileName } }`, { e: eventId, f: format });
        expect(graphql.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['format'] });
        expect(graphql.errors?.[0]?.message).toMatch(new RegExp(`1,040 traveller lines, more than the 1,000 .*GET /api/v1/events/${eventId}/${path.replace('.', '\\.')}, which streams it`));
        // Two readers at once: the second waits for the first, and both get the whole file.
        const [one, two] = await Promise.all([0, 1].map(() => t.as(null).get(`/api/v1/events/${eventId}/${path}`).buffer(true).parse(wholeText).expect(200)));
        expect(one.headers['transfer-encoding']).toBe('chunked');
        expect(one.headers['content-encoding']).toBe('gzip'); // supertest asks for gzip, as browsers and curl --compressed do
        expect(one.body).toBe(whole.get(format));
        expect(two.body).toBe(whole.get(format));
        // A reader that takes no compression gets the file as it is.
        const plain = await t.as(null).get(`/api/v1/events/${eventId}/${path}`).set('accept-encoding', 'identity').buffer(true).parse(wholeText).expect(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(whole.get(format));
      }
      await t.as(null).get(`/api/v1/events/${eventId}/ranking.csv`).expect(200);
    } finally {
      delete process.env.TRAVELLER_MAX_EXPORT_LINES;
    }
    expect(whole.get('TRAVELLERS_CSV')!.trim().split('\n')).toHaveLength(1_041);
  });

  it('reads a two-section travellers CSV without names as two sections of pairs, each ranked in its own field', async () => {
    // Pairs 1–4 in A and in B, each pair's number seen in both sections of the session: eight pairs, not four.
    const rows = ['A', 'B'].flatMap((section) => [
      `1,${section},1,1,1,2,4S,N,${section === 'A' ? 10 : 11}`,
      `1,${section},1,2,3,4,4S,N,9`,
      `1,${section},2,1,1,2,3NT,S,9`,
      `1,${section},2,2,3,4,3NT,S,${section === 'A' ? 8 : 10}`,
    ]);
    const csv = ['Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks', ...rows, ''].join('\n');
    const report = (await importFile('csv', Buffer.from(csv)).expect(201)).body;
    expect(report).toMatchObject({ lines: 8, rejected: [] });
    const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { section number } sessions { id } } }`, { e: report.eventId })).event;
    expect(event.contestants.map((c: any) => `${c.section}${c.number}`).sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4']);
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place score contestant { section number } } }`, { s: event.sessions[0].id })).sessionRanking;
    // Each pair played 2 boards against the other table of its section (tops of 2 with 2 lines a board).
    expect(ranking).toHaveLength(8);
    expect(ranking.reduce((sum: number, r: any) => sum + r.score, 0)).toBe(16);
  });

  it('reads a travellers CSV saved by Excel on Traditional-Chinese Windows (Big5, no charset named): the names come back in Chinese', async () => {
    const csv = [
      'Event,Date,Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks',
      '台北市橋牌協會雙人賽,2026-03-10,1,A,1,1,2,陳建宏 & 林淑芬,黃志明 & 張雅婷,4H,N,10',
      '台北市橋牌協會雙人賽,2026-03-10,1,A,1,3,4,陳大文 & 黃志強,李嘉欣 & 梁家輝,4H,N,9',
      '',
    ].join('\r\n');
    const report = (await importFile('csv', iconv.encode(csv, 'big5')).expect(201)).body;
    expect(report).toMatchObject({ lines: 2, rejected: [] });
    const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { name contestants { number players { name } } } }`, { e: report.eventId })).event;
    expect(event.name).toBe('台北市橋牌協會雙人賽');
    const names = event.contestants.map((c: any) => [c.number, c.players.map((p: any) => p.name)]).sort((a: any, b: any) => a[0] - b[0]);
    expect(names).toEqual([[1, ['陳建宏', '林淑芬']], [2, ['黃志明', '張雅婷']], [3, ['陳大文', '黃志強']], [4, ['李嘉欣', '梁家輝']]]);
  });

  describe('bad files', () => {
    const truncated = fixture('usebio-two-sections.xml').subarray(0, 900);
    const pbn = fixture('two-section-mitchell.pbn').toString('latin1');
    it.each([
      ['usebio', truncated, /USEBIO file, line \d+/],
      ['usebio', Buffer.from('<html><body>Results</body></html>'), /USEBIO/],
      ['pbn', Buffer.from(pbn.replace('N:AKQ2.T95.J87.A43', 'N:AKQ2.T95.J87.A432')), /PBN file, line 16.*14 cards|PBN file, line 16/],
      ['pbn', Buffer.from(pbn.replace('A 2 2  2  1 4H', 'A 2 2  2  7 4H')), /PBN file, line \d+.*7/],
      ['bws', Buffer.from('Standard Jet DB but not really an Access file'), /BWS file/],
      ['csv', Buffer.from('\u0000\u0001\u0002binary'), /CSV file/],
      ['pbn', Buffer.alloc(0), /empty/],
    ])('refuses a broken %s file, naming where, and writes nothing', async (format, body, message) => {
      const before = await count();
      const res = await importFile(format, body).expect(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(message) });
      expect(await count()).toBe(before);
    });

    it('refuses a file whose every line is refused, writing nothing, so the corrected file imports as new', async () => {
      const file = (contract: string) =>
        ['Event,Date,Session,Section,Board,NS,EW,Contract,Declarer,Tricks', `Refused Night,2026-05-05,1,A,1,1,2,${contract},N,10`, `Refused Night,2026-05-05,1,A,2,3,4,${contract},N,10`, ''].join('\r\n');
      const before = await count();
      const refused = await importFile('csv', file('9H')).expect(400);
      expect(refused.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/^No line of the CSV file could be imported \(2 refused: line 2: .*Level must be 1–7/) });
      // A dry run answers as the import would.
      expect((await importFile('csv', file('9H'), '?dryRun=true').expect(400)).body).toEqual(refused.body);
      expect(await count()).toBe(before);
      const report = (await importFile('csv', file('4H')).expect(201)).body;
      expect(report).toMatchObject({ alreadyImported: false, lines: 2, rejected: [], reimport: null });
      expect(await count()).toBe(before + 1);
    });

    it('reads a large file in a worker thread: the same import, the same refusals', async () => {
      // Every file counts as large here, so these go through the worker (dist/files/file-reading.worker.js).
      process.env.TRAVELLER_IMPORT_WORKER_BYTES = '0';
      try {
        // Another event than the fixture other tests import: a new file, not that one again or a correction of it.
        const xml = fixture('usebio-two-sections.xml').toString('utf8').replace('Tuesday Pairs', 'Worker Pairs');
        const report = (await importFile('usebio', Buffer.from(xml)).expect(201)).body;
        expect(report).toMatchObject({ format: 'USEBIO', alreadyImported: false, rejected: [{ reason: expect.stringMatching(/already has a result on board 1/) }] });
        // The same file again, not byte for byte (a trailing newline): a re-import that changes
        // nothing, whose own figures are still compared with the stored lines it matched.
        const again = (await importFile('usebio', Buffer.from(`${xml}\n`)).expect(200)).body;
        expect(again).toMatchObject({ eventId: report.eventId, reimport: { corrected: 0, added: 0 } });
        expect(again.compared).toEqual(report.compared);
        expect(again.compared.lines).toBeGreaterThan(0);
        // Byte for byte the same file: the worker's SHA-256 finds the first import, as the request thread's does.
        const same = (await importFile('usebio', Buffer.from(xml)).expect(200)).body;
        expect(same).toMatchObject({ eventId: report.eventId, alreadyImported: true });
        delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
        expect((await importFile('usebio', Buffer.from(xml)).expect(200)).body).toMatchObject({ eventId: report.eventId, alreadyImported: true });
        process.env.TRAVELLER_IMPORT_WORKER_BYTES = '0';
        const ranking = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { place score } }`, { e: report.eventId })).eventRanking;
        expect(ranking.length).toBeGreaterThan(0);
        const broken = await importFile('pbn', Buffer.from(pbn.replace('N:AKQ2.T95.J87.A43', 'N:AKQ2.T95.J87.A432'))).expect(400);
        expect(broken.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/PBN file, line 16/) });
        const binary = await importFile('csv', Buffer.from('\u0000\u0001\u0002binary')).expect(400);
        expect(binary.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/CSV file/) });
      } finally {
        delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
      }
    });

    it('refuses an unknown format and a JSON body', async () => {
      await importFile('docx', 'x').expect(400);
      const res = await t.http().post('/api/v1/imports/pbn').send({ file: 'x' }).expect(400);
      expect(res.body.message).toMatch(/Send the file itself, not JSON/);
    });

    it('never answers 5xx to mutated files, and writes nothing when it refuses one', async () => {
      const valid = fixture('usebio-two-sections.xml');
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: valid.length - 1 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 255 }), async (at, length, byte) => {
          const mutated = Buffer.from(valid);
          mutated.fill(byte, at, Math.min(valid.length, at + length));
          const before = await count();
          const res = await importFile('usebio', mutated);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(await count()).toBe(before);
        }),
        { numRuns: 40 },
      );
    });
  });

  it('keeps the travellers and hands a director hides out of the public exports; the ranking and the club still see them', async () => {
    const file = [
      '[Event "Hidden Night"]',
      '[Date "2026.04.04"]',
      '[Board "1"]',
      '[Deal "N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852"]',
      '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]',
      '1 2 4H S 10',
      '3 4 4H S 9',
      '',
    ].join('\n');
    const { eventId } = (await importFile('pbn', file).expect(201)).body;
    const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: eventId })).event.sessions[0].id;
    dataOf(await t.gql(`mutation($s: ID!) { updateSession(id: $s, input: { hideTravellers: true, status: IN_PROGRESS }) { id } }`, { s: session }));
    for (const path of ['export.pbn', 'export.usebio', 'travellers.csv']) {
      expect((await t.as(null).get(`/api/v1/events/${eventId}/${path}`).expect(200)).text).not.toMatch(/4H|AKQ2/);
      expect((await t.http().get(`/api/v1/events/${eventId}/${path}`).expect(200)).text).toMatch(/4H/);
    }
    const exported = dataOf(await t.gqlAs(null, `query($e: ID!) { exportEvent(eventId: $e, format: PBN) { content } }`, { e: eventId })).exportEvent;
    expect(exported.content).not.toMatch(/4H|AKQ2/);
    expect((await t.as(null).get(`/api/v1/events/${eventId}/ranking.csv`).expect(200)).text).toMatch(/^1=?,/m);
  });

  describe('round trips: export, import, the same event and the same scores', () => {
    let pairsEvent: string;
    let teamsEvent: string;

    beforeAll(async () => {
      pairsEvent = await pairsNight();
      teamsEvent = await teamsMatch();
    });
    // (the GraphQL test below adds a session to pairsEvent, so it runs after the round trips)

    it.each([
      ['PBN', 'export.pbn', 'pbn'],
      ['USEBIO', 'export.usebio', 'usebio'],
      ['travellers CSV', 'travellers.csv', 'csv'],
    ])('%s, pairs with an adjusted score, a pass-out and leads', async (_, path, format) => {
      await roundTrip(pairsEvent, path, format);
    });

    it.each([
      ['PBN', 'export.pbn', 'pbn'],
      ['USEBIO', 'export.usebio', 'usebio'],
      ['travellers CSV', 'travellers.csv', 'csv'],
    ])('%s, teams', async (_, path, format) => {
      await roundTrip(teamsEvent, path, format);
    });

    it.each([
      ['PBN', 'export.pbn', 'pbn', 'BAM'],
      ['travellers CSV', 'travellers.csv', 'csv', 'CSV'],
    ])('%s, teams scored board-a-match: the file says so, and the new event scores it so', async (_, path, format, name) => {
      const bam = await teamsMatch('scoring: TOTAL_POINTS, teamsTotalPoints: BOARD_A_MATCH', `Files ${name}`);
      await roundTrip(bam, path, format);
      const ranking = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { score contestant { number } } }`, { e: bam })).eventRanking;
      // Board 1: +420 v +110 (2S by E made: −110 for the closed room's NS) → Lions; board 2: −100 v +600 → Tigers.
      expect(ranking.map((r: any) => r.score)).toEqual([1, 1]);
    });

    it('works the same over GraphQL, and adds a file’s sessions to an existing event', async () => {
      const exported = dataOf(await t.gql(`query($e: ID!) { exportEvent(eventId: $e, format: USEBIO) { fileName contentType content } }`, { e: pairsEvent })).exportEvent;
      const boardsPlayed = async () => dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { boardsPlayed } }`, { e: pairsEvent })).eventRanking.map((r: any) => r.boardsPlayed);
      const before = await boardsPlayed(); // the event is now scored and cached
      expect(exported).toMatchObject({ fileName: 'files-night.xml', contentType: expect.stringMatching(/xml/) });
      const added = dataOf(
        await t.gql(`mutation($in: ImportFileInput!) { importEvent(input: $in) { eventId alreadyImported sessions lines rejected { source } differences { figure } } }`, {
          in: { format: 'USEBIO', content: Buffer.from(exported.content).toString('base64'), encoding: 'BASE64', eventId: pairsEvent },
        }),
      ).importEvent;
      expect(added).toMatchObject({ eventId: pairsEvent, alreadyImported: false, sessions: 1, rejected: [] });
      const event = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { number } contestants { id } } }`, { e: pairsEvent })).event;
      expect(event.sessions.map((x: any) => x.number)).toEqual([1, 2]);
      expect(event.contestants).toHaveLength(6); // the same pairs, not new ones
      // The imported results count as a set-up change: the cached event is scored again with them,
      // and no ResultChange row is kept for each of them (only posts and corrections need those).
      expect(await boardsPlayed()).toEqual(before.map((n: number) => 2 * n));
      const prisma = t.app.get(PrismaService);
      const changes = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "ResultChange" c JOIN "Result" r ON r."id" = c."resultId" JOIN "Session" s ON s."id" = r."sessionId" WHERE s."eventId" = ${pairsEvent}::uuid AND s."number" = 2`;
      expect(changes[0].n).toBe(0);
    });

    it('hands the scoring cache the lines it wrote, exactly as the database holds them, from the request’s thread and from a worker', async () => {
      const csv = (await t.http().get(`/api/v1/events/${pairsEvent}/travellers.csv`).expect(200)).text;
      const scored = t.app.get(ScoredEvents);
      for (const workerBytes of [undefined, '0']) {
        if (workerBytes) process.env.TRAVELLER_IMPORT_WORKER_BYTES = workerBytes;
        const ofEvent = jest.spyOn(scored, 'ofEvent');
        try {
          const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Handed over", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
          await importFile('csv', Buffer.from(csv), `?eventId=${eventId}`).expect(201);
          const written = ofEvent.mock.calls.find(([id, w]) => id === eventId && w)?.[1] as WrittenResults;
          const stored = (await loadEventData(t.app.get(PgPool), eventId)).sessions.flatMap((s) => s.results);
          // Compared as text, so the order of every key (the adjustment's too) counts, as well as types and values.
          const text = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
          expect([...written.results.bySession.values()].flat().some((r) => r.adjustment)).toBe(true);
          expect(text([...written.results.bySession.values()].flat())).toEqual(text(stored));
          // The event was scored in the import's transaction (ScoredEvents.scoreWithin): the rows it
          // scored are those committed (the event's revisions as the transaction left them) and the
          // ranking is the one the committed rows give.
          const ahead = await written.scored;
          expect(ahead).not.toBeNull();
          const committed = await loadEventData(t.app.get(PgPool), eventId);
          const byId = <T extends { id: string }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
          expect(ahead!.data.event).toEqual(committed.event);
          expect(byId(ahead!.data.contestants.values())).toEqual(byId(committed.contestants.values()));
          const setUp = (d: typeof committed) => d.sessions.map(({ results, ...rest }) => ({ ...rest, boards: [...rest.boards.values()], results: results.length }));
          expect(setUp(ahead!.data)).toEqual(setUp(committed));
          const ranked = (scored: ScoredEvent) => rankingRows(scored, [...scored.sessions.values()]).map((r) => [r.contestant.id, r.place, r.score.toString(), r.boards]);
          expect(ranked(ahead!.scored)).toEqual(ranked(scoreEvent(committed)));
          expect(ranked(await scored.ofEvent(eventId))).toEqual(ranked(ahead!.scored));
          // Its rows also made the sessions' validation contexts: the same as read afresh, and not read again.
          const contexts = t.app.get(SessionContexts) as unknown as { get: SessionContexts['get']; load: (id: string, revision: string) => Promise<SessionContext> };
          const load = jest.spyOn(contexts, 'load');
          const primed = await Promise.all(committed.sessions.map((s) => contexts.get(s.session.id)));
          expect(load).not.toHaveBeenCalled();
          load.mockRestore();
          for (const context of primed) expect(context).toEqual(await contexts.load(context.session.id, context.setupRevision));
          // A file whose pairs seat players already stored (known by member number, imported
          // earlier): their seats and rows are read, the new ones handed over, in seat order.
          const seated = dataOf(await t.gql(`mutation { createEvent(input: { name: "Handed over, stored players", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
          await importFile('usebio', fixture('usebio-two-sections.xml'), `?eventId=${seated}`).expect(201);
          const handed = await (ofEvent.mock.calls.find(([id, w]) => id === seated && w)?.[1] as WrittenResults).scored;
          const read = await loadEventData(t.app.get(PgPool), seated);
          expect(byId(handed!.data.contestants.values())).toEqual(byId(read.contestants.values()));
          const seats = [...read.contestants.values()].flatMap((c) => c.players.map((p) => p.player));
          expect(seats.some((p) => p.memberNumber && p.createdAt < read.event.createdAt)).toBe(true);
        } finally {
          ofEvent.mockRestore();
          delete process.env.TRAVELLER_IMPORT_WORKER_BYTES;
        }
      }
    });

    it('publishes the ranking as CSV, ties shown as 1=', async () => {
      const res = await t.http().get(`/api/v1/events/${pairsEvent}/ranking.csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="files-night-ranking.csv"/);
      const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
      const header = lines.findIndex((l) => l.startsWith('Place,'));
      expect(lines[header]).toMatch(/^Place,Section,Direction,Number,Name,Players,Member numbers,Score,Percentage,Boards,Penalty/);
      expect(lines.slice(header + 1).filter(Boolean)).toHaveLength(6);
    });

    /** A director of a new club: there the file is a new event (in a club that has the event, a re-import). */
    async function otherClubDirector(): Promise<string> {
      const club = dataOf(await t.gql(`mutation { createOrganization(input: { name: "Round-trip club" }) { id } }`)).createOrganization.id;
      return dataOf(await t.gql(`mutation($o: ID!) { createApiKey(input: { name: "Director", role: DIRECTOR, organizationId: $o }) { key } }`, { o: club })).createApiKey.key as string;
    }

    async function roundTrip(eventId: string, path: string, format: string) {
      const file = await t.http().get(`/api/v1/events/${eventId}/${path}`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      // The export names the same event, date and sessions: imported by its owner, it is a re-import that changes nothing.
      const again = (await importFile(format, file.body as Buffer).expect(200)).body;
      expect(again).toMatchObject({ eventId, reimport: { corrected: 0, added: 0, missing: 0 } });
      expect(again.reimport.unchanged).toBeGreaterThan(0);
      // Into a club without the event it is a new event, the same as the first.
      const report = (await t.as(await otherClubDirector()).post(`/api/v1/imports/${format}`).set('content-type', 'application/octet-stream').send(file.body as Buffer).expect(201)).body;
      expect(report.rejected).toEqual([]);
      expect(report.differences).toEqual([]); // the file's figures are Traveller's own
      expect(report.compared.lines).toBeGreaterThan(0);
      expect(await snapshot(report.eventId)).toEqual(await snapshot(eventId));
    }
  });

  /** What must survive a round trip: who played, what they played, the scores and the ranking. */
  async function snapshot(eventId: string) {
    const event = dataOf(
      await t.gql(
        `query($e: ID!) { event(id: $e) { name kind scoring teamsTotalPoints startsOn contestants { section number direction name } sessions { id number boards { number } } } eventRanking(eventId: $e) { place score percentage boardsPlayed contestant { number direction name } } }`,
        { e: eventId },
      ),
    );
    const lines = [];
    for (const s of event.event.sessions) {
      for (const b of s.boards) {
        const traveller = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: ${b.number}) { lines { section board nsPair ewPair contract declarer tricks lead status nsScore nsMatchpoints nsImps } } }`, { s: s.id })).traveller;
        lines.push(...traveller.lines.map((l: object) => ({ session: s.number, ...l })));
      }
    }
    const { sessions: _s, ...rest } = event.event;
    return { event: rest, ranking: event.eventRanking, lines };
  }

  async function pairsNight(): Promise<string> {
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Files Night", kind: PAIRS, scoring: MATCHPOINTS, startsOn: "2026-11-19" }) { id } }`)).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: MITCHELL, tables: 3, boardsPerRound: 2 } }) { id } }`, { s: sessionId }));
    const pairs = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS, players: [{ name: "North ${n}", memberNumber: "N${n}" }, { name: "South ${n}" }] }`, `{ number: ${n}, direction: EW, players: [{ name: "East ${n}" }, { name: "West ${n}" }] }`]);
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [${pairs.join(',')}] }) { id } }`, { e: eventId }));
    const movement = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { sections { movement { rounds { number tables { table ns ew boards } } } } } }`, { s: sessionId })).session.sections[0].movement.rounds;
    const results = [['4S', 'N', 10, 'HK'], ['3NT', 'S', 8, 'D4'], ['PASS', null, null, null], ['4HX', 'E', 8, 'SA'], ['2C', 'W', 9, null], ['6NT', 'N', 12, 'CJ']];
    const lines = movement.flatMap((r: any) => r.tables.flatMap((tb: any) => tb.boards.map((board: number) => {
      const [contract, declarer, tricks, lead] = results[(board + tb.table) % results.length];
      return { board, round: r.number, table: tb.table, nsPair: tb.ns, ewPair: tb.ew, contract, ...(declarer ? { declarer, tricks } : {}), ...(lead ? { lead } : {}) };
    })));
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines }).expect(201);
    dataOf(await t.gql(`mutation($s: ID!) { adjustScore(input: { sessionId: $s, board: 1, nsPair: 1, ewPair: 1, kind: ARTIFICIAL, ns: A_PLUS, ew: A_MINUS, reason: "Board fouled at the table" }) { id } }`, { s: sessionId }));
    return eventId;
  }

  async function teamsMatch(scoring = 'scoring: TEAMS_IMPS', name = 'Files League'): Promise<string> {
    const eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "${name}", kind: TEAMS, ${scoring}, startsOn: "2026-11-20" }) { id } }`)).createEvent.id;
    const sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: sessionId }));
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, name: "Lions" }, { number: 2, name: "Tigers" }] }) { id } }`, { e: eventId }));
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({
      lines: [
        { board: 1, round: 1, table: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', tricks: 10 },
        { board: 1, round: 1, table: 2, nsPair: 2, ewPair: 1, contract: '2S', declarer: 'E', tricks: 8 },
        { board: 2, round: 1, table: 1, nsPair: 1, ewPair: 2, contract: '3NT', declarer: 'S', tricks: 8 },
        { board: 2, round: 1, table: 2, nsPair: 2, ewPair: 1, contract: '3NT', declarer: 'N', tricks: 9 },
      ],
    }).expect(201);
    return eventId;
  }
});
