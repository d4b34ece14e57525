import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'puppeteer-core';
import { PrismaService } from '../src/database/prisma.service.js';
import { loadDemo } from '../src/demo/load-demo.js';
import { launchBrowser, SCREENS_DIR } from './support/browser.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { importLongField } from './support/long-field.js';

/**
 * The results website in a real Chromium: a visitor walks the demo club from the home page to a
 * scorecard in both languages, and every figure shown equals the API's.
 */
describe('results pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let sessionId: string;
  let eventId: string;

  beforeAll(async () => {
    t = await startTestApp(undefined, { listen: true });
    await loadDemo(t.app.get(PrismaService));
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    const events = dataOf(await t.gql(`{ events { nodes { id sessions { id } } } }`)).events.nodes;
    eventId = events[0].id;
    sessionId = events[0].sessions[0].id;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, options: { width?: number; language?: string } = {}): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport({ width: options.width ?? 1100, height: 900 });
    if (options.language) await page.setExtraHTTPHeaders({ 'Accept-Language': options.language });
    const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
    // A page seen before may come back as 304 (the browser revalidates with its ETag).
    expect([200, 304]).toContain(response?.status());
    return page;
  }

  /** Saves a screenshot, and checks what a screen reader needs: every header cell scoped, every suit symbol named. */
  const shot = async (page: Page, name: string) => {
    expect(await page.$$eval('th:not([scope])', (ths) => ths.length)).toBe(0);
    expect(await page.$$eval('.suit:not([aria-label])', (s) => s.length)).toBe(0);
    expect(await page.$$eval('img:not([alt])', (i) => i.length)).toBe(0);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: true });
  };
  const click = async (page: Page, selector: string) => {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  };

  /** What each language's pages say where the walk reads words. */
  const WORDS = {
    en: { official: 'Official', spades: 'spades', dealer: 'Dealer: North', none: 'None', headers: ['Contract', 'By'] },
    'zh-CN': { official: '正式成绩', spades: '黑桃', dealer: '发牌人：北', none: '双方无局', headers: ['定约', '庄家', '南北 比赛分'] },
    'zh-Hant': { official: '正式成績', spades: '黑桃', dealer: '發牌人：北', none: '雙方無局', headers: ['定約', '莊家', '南北 比賽分'] },
  } as const;

  for (const language of ['en', 'zh-CN', 'zh-Hant'] as const) {
    it(`walks home → event → session → board → scorecard in ${language}, showing the API's figures`, async () => {
      const words = WORDS[language];
      const page = await open(`/?lang=${language}`);
      expect(await page.$eval('html', (el) => el.lang)).toBe(language);
      await shot(page, `${language}-1-home`);

      await click(page, 'ul.events a');
      expect(page.url()).toContain(`/events/${eventId}`);
      await shot(page, `${language}-2-event`);
      const eventRanking = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { place score contestant { id } } }`, { e: eventId })).eventRanking;
      const eventRows = await page.$$eval('table.ranking tbody tr', (rows) => rows.map((r) => ({ id: r.getAttribute('data-contestant'), place: r.querySelector('.place')?.textContent, score: Number(r.querySelector('.score')?.getAttribute('data-value')) })));
      expect(eventRows).toHaveLength(eventRanking.length);
      for (const row of eventRows) {
        const api = eventRanking.find((e: any) => e.contestant.id === row.id);
        expect(row).toEqual({ id: api.contestant.id, place: api.place, score: api.score });
      }

      await click(page, 'ul.sessions a');
      await shot(page, `${language}-3-session`);
      const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place score percentage field contestant { id name } } }`, { s: sessionId })).sessionRanking;
      const rows = await page.$$eval('table.ranking tbody tr', (trs) =>
        trs.map((r) => ({
          id: r.getAttribute('data-contestant'),
          field: r.closest('table')?.getAttribute('data-field'),
          place: r.querySelector('.place')?.textContent,
          name: r.querySelector('.names')?.textContent,
          score: Number(r.querySelector('.score')?.getAttribute('data-value')),
          percentage: Number(r.querySelector('.percentage')?.getAttribute('data-value')),
          shown: r.querySelector('.percentage')?.textContent,
        })),
      );
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.field))).toEqual(new Set(['NS', 'EW']));
      for (const row of rows) {
        const api = ranking.find((e: any) => e.contestant.id === row.id);
        expect(row).toMatchObject({ field: api.field, place: api.place, name: api.contestant.name, score: api.score, percentage: api.percentage });
        expect(row.shown).toBe(new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(api.percentage));
      }
      expect(await page.$eval('.standing .badge', (el) => el.textContent)).toBe(words.official);

      await click(page, 'ul.boards a');
      await shot(page, `${language}-4-board`);
      const traveller = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { dealer vulnerability lines { id nsScore nsMatchpoints ewMatchpoints adjustment } } }`, { s: sessionId })).traveller;
      const lines = await page.$$eval('table.traveller tbody tr', (trs) =>
        trs.map((r) => ({ id: r.getAttribute('data-line'), ns: r.querySelector('.ns-score')?.getAttribute('data-value'), mp: r.querySelector('.ns-figure')?.getAttribute('data-value'), ew: r.querySelector('.ew-figure')?.getAttribute('data-value') })),
      );
      expect(lines.map((l) => l.id)).toEqual(traveller.lines.map((l: any) => l.id));
      for (const [i, api] of traveller.lines.entries()) {
        expect(lines[i]).toEqual({ id: api.id, ns: String(api.nsScore ?? ''), mp: String(api.nsMatchpoints ?? ''), ew: String(api.ewMatchpoints ?? '') });
      }
      // Four hands, suit symbols read by name, dealer and vulnerability in the page's language.
      expect(await page.$$eval('.diagram .hand', (h) => h.length)).toBe(4);
      expect(await page.$eval('.diagram .suit-s', (el) => el.getAttribute('aria-label'))).toBe(words.spades);
      expect(await page.$eval('.board-facts', (el) => el.textContent)).toContain(words.dealer);
      expect(await page.$eval('.board-facts', (el) => el.textContent)).toContain(words.none);
      const headers = await page.$$eval('table.traveller thead th', (ths) => ths.map((th) => th.textContent));
      expect(headers).toEqual(expect.arrayContaining([...words.headers]));

      await click(page, 'table.traveller tbody th a');
      await shot(page, `${language}-5-scorecard`);
      const contestantId = page.url().split('/contestants/')[1].split('?')[0];
      const card = dataOf(await t.gql(`query($s: ID!, $c: ID!) { scorecard(sessionId: $s, contestantId: $c) { lines { board matchpoints } } }`, { s: sessionId, c: contestantId })).scorecard;
      const cardLines = await page.$$eval('table.scorecard tbody tr', (trs) => trs.map((r) => ({ board: Number(r.getAttribute('data-board')), mp: r.querySelector('.figure')?.getAttribute('data-value') })));
      expect(cardLines).toEqual(card.lines.map((l: any) => ({ board: l.board, mp: String(l.matchpoints ?? '') })));
      await page.close();
    }, 60_000);
  }

  it('shows a final’s carry-forward beside the score, and the results still to come while it is played', async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}) => dataOf(await t.gql(query, variables));
    const names = ['Ann & Bob', 'Cat & Dan', 'Eve & Fay', 'Gus & Hal', 'Ivy & Jon', 'Kim & Lee'];
    const created = async (name: string, contestants: object[], section: string) => {
      const id = (await gql(`mutation($n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS }) { id } }`, { n: name })).createEvent.id as string;
      await gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: id, c: contestants });
      const session = (await gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: id })).createSession.id as string;
      const sectionId = (await gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", ${section} }) { id } }`, { s: session })).createSection.id as string;
      return { id, session, sectionId };
    };
    const qualifying = await created('County qualifying', names.map((name, i) => ({ number: i + 1, name })), 'tables: 3, boards: [1]');
    const played = (board: number, ns: number, ew: number, result: string) => ({ board, nsPair: ns, ewPair: ew, contract: '4S', declarer: 'N', result });
    await t.http().post(`/api/v1/sessions/${qualifying.session}/results`).send({ lines: [played(1, 1, 2, '='), played(1, 3, 4, '-1'), played(1, 5, 6, '+1')] }).expect(201);
    // The final: a three-table Mitchell (the same pairs by name, NS and EW), its first round played.
    const seats = names.map((name, i) => ({ number: (i % 3) + 1, direction: i < 3 ? 'NS' : 'EW', name }));
    const final = await created('County final', seats, 'movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1 }');
    const round1 = dataOf(await t.gql(`query($id: ID!) { movement(sectionId: $id) { rounds { tables { ns ew boards } } } }`, { id: final.sectionId })).movement.rounds[0].tables;
    const lines = round1.map((x: { ns: number; ew: number; boards: number[] }, i: number) => ({ ...played(x.boards[0], x.ns, x.ew, i ? '-1' : '='), contract: '3NT' }));
    await t.http().post(`/api/v1/sessions/${final.session}/results`).send({ lines }).expect(201);
    dataOf(await t.gql(`mutation($in: SetCarryForwardInput!) { setCarryForward(input: $in) { unmatched } }`, { in: { eventId: final.id, fromEventId: qualifying.id } }));

    const page = await open(`/events/${final.id}?lang=en`);
    await shot(page, 'en-carry-forward');
    const api = dataOf(await t.gql(`query($e: ID!) { eventRanking(eventId: $e) { contestant { id } carriedForward } }`, { e: final.id })).eventRanking;
    const shown = await page.$$eval('table.ranking tbody tr', (rows) => rows.map((r) => ({ id: r.getAttribute('data-contestant'), carried: r.querySelector('.carried')?.textContent })));
    expect(shown).toHaveLength(api.length);
    for (const row of shown) expect(Number(row.carried)).toBe(api.find((e: any) => e.contestant.id === row.id).carriedForward);
    const missing = dataOf(await t.gql(`query($id: ID!) { section(id: $id) { missingLines { board } } }`, { id: final.sectionId })).section.missingLines;
    const session = await open(`/sessions/${final.session}?lang=en`);
    expect(await session.$eval('.progress [data-section="A"]', (el) => el.textContent)).toBe(`Section A: ${lines.length} of ${lines.length + missing.length} results in.`);
  });

  it('walks a national field’s ranking a page at a time, and one section of it', async () => {
    const session = await importLongField(t, 'National field', 'ABCDEFGHIJKLM', [1, 2]);
    const api = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { id section } } }`, { s: session })).sessionRanking;
    const ids = (page: Page) => page.$$eval('table.ranking tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-contestant')));
    const page = await open(`/sessions/${session}?lang=en`);
    const first = await ids(page);
    expect(await page.$eval('nav.rows-pager .rows', (el) => el.textContent)).toBe('Rows 1–500 of 520.');
    await click(page, 'nav.rows-pager a[rel="next"]');
    expect(page.url()).toBe(`${base}/sessions/${session}?page=2`);
    const second = await ids(page);
    expect([...first, ...second]).toEqual(api.map((e: any) => e.contestant.id));
    await shot(page, 'en-ranking-page-2');
    await click(page, 'nav.rows-pager a[rel="prev"]');
    expect(await ids(page)).toEqual(first);
    const section = await open(`/sessions/${session}?section=C&lang=en`);
    expect(await ids(section)).toEqual(api.filter((e: any) => e.contestant.section === 'C').map((e: any) => e.contestant.id));
    await click(section, 'nav.rows-pager .filter + a');
    expect((await ids(section)).length).toBe(500);
  });

  it('reads the same with JavaScript off', async () => {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${base}/sessions/${sessionId}/boards/1?lang=en`, { waitUntil: 'load' });
    expect(await page.$$eval('table.traveller tbody tr', (rows) => rows.length)).toBe(6);
    expect(await page.$$eval('.diagram .hand', (h) => h.length)).toBe(4);
    // Times stay in UTC, said so, and the live line says nothing it cannot do.
    expect(await page.$eval('.deadline time', (el) => el.textContent)).toMatch(/UTC/);
    expect(await page.$eval('.live-status', (el) => el.textContent)).toBe('');
    await shot(page, 'no-js-board');
    await page.close();
  });

  it('is chosen by Accept-Language and then remembered', async () => {
    // No language cookie from the pages visited before.
    const page = await browser.newPage();
    await (await page.createCDPSession()).send('Network.clearBrowserCookies');
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.5' });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    expect(await page.$eval('html', (el) => el.lang)).toBe('zh-CN');
    expect(await page.$eval('h1', (el) => el.textContent)).toBe('桥牌成绩');
    await click(page, 'nav.languages a[lang="en"]');
    await page.goto(`${base}/events/${eventId}`);
    expect(await page.$eval('html', (el) => el.lang)).toBe('en');
    await page.close();
  });

  it('fits a phone 375 px wide with no sideways scrolling', async () => {
    for (const [name, path] of [
      ['session', `/sessions/${sessionId}`],
      ['board', `/sessions/${sessionId}/boards/1`],
      ['board-zh', `/sessions/${sessionId}/boards/1?lang=zh-CN`],
    ] as const) {
      const page = await open(path, { width: 375 });
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      await shot(page, `phone-${name}`);
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await page.close();
    }
    // A 12-table board with the widest figures a traveller can have: redoubled grand slams, leads, four-digit scores.
    const event = dataOf(await t.gql(`mutation { createEvent(input: { name: "Twelve tables", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    const big = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 12, boards: [7] }) { id } }`, { s: big }));
    const pairs = Array.from({ length: 24 }, (_, i) => ({ number: i + 1, name: `Pair ${i + 1}` }));
    dataOf(await t.gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: event, c: pairs }));
    const contracts = ['7NTXX', '7SX', '6HXX', '3NT', 'PASS', '4DX', '5CXX', '7NT', '1NTXX', '2SX', '6NTX', '4HXX'];
    const lines = contracts.map((contract, i) => ({ board: 7, nsPair: 2 * i + 1, ewPair: 2 * i + 2, contract, ...(contract === 'PASS' ? {} : { declarer: i % 2 ? 'E' : 'S', result: i % 3 ? '-7' : '=', lead: 'HT' }) }));
    await t.http().post(`/api/v1/sessions/${big}/results`).send({ lines }).expect(201);
    for (const language of ['en', 'zh-CN']) {
      const page = await open(`/sessions/${big}/boards/7?lang=${language}`, { width: 375 });
      expect(await page.$$eval('table.traveller tbody tr', (rows) => rows.length)).toBe(12);
      await shot(page, `phone-traveller-12-${language}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.close();
    }
    const page = await open(`/sessions/${sessionId}/contestants/${dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { id } } }`, { s: sessionId })).sessionRanking[0].contestant.id}`, { width: 375 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, 'phone-scorecard');
    await page.close();
  });

  it('prints one clean ranking page and hand-record sheets', async () => {
    const page = await open(`/sessions/${sessionId}`);
    await page.emulateMediaType('print');
    expect(await page.$eval('header.site', (el) => getComputedStyle(el).display)).toBe('none');
    expect(await page.$eval('details.embed-snippet', (el) => getComputedStyle(el).display)).toBe('none');
    expect(await page.$$eval('table.ranking', (t) => t.length)).toBe(2);
    await shot(page, 'print-session');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.length).toBeGreaterThan(1000);
    await page.goto(`${base}/sessions/${sessionId}/hands`);
    await page.emulateMediaType('print');
    expect(await page.$$eval('.hand-records .diagram', (d) => d.length)).toBe(18);
    await shot(page, 'print-hands');
    await page.close();
  });

  it('shows an embeddable fragment and its iframe snippet', async () => {
    const page = await open(`/sessions/${sessionId}?lang=en`);
    const snippet = await page.$eval('details.embed-snippet textarea', (el) => (el as HTMLTextAreaElement).value);
    expect(snippet).toContain(`<iframe src="${base}/sessions/${sessionId}?embed=1&lang=en"`);
    await page.goto(`${base}/sessions/${sessionId}?embed=1`);
    expect(await page.$('header.site')).toBeNull();
    expect(await page.$$eval('table.ranking', (t) => t.length)).toBe(2);
    expect(await page.$eval('table.ranking tbody a', (a) => a.getAttribute('href'))).toContain('embed=1');
    await shot(page, 'embed-session');
    await page.close();
  });

  it('shows a teams match: VP standings, the match, and the board-by-board comparison', async () => {
    const event = dataOf(await t.gql(`mutation { createEvent(input: { name: "Winter League", kind: TEAMS, scoring: TEAMS_IMPS, vpScale: WBF_2013 }) { id } }`)).createEvent.id;
    const session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: ROUND_ROBIN, tables: 4, boardsPerRound: 2 } }) { id } }`, { s: session }));
    const teams = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, name: "Harbour" }, { number: 2, name: "Lakeside" }, { number: 3, name: "Northfield" }, { number: 4, name: "Old Mill" }] }) { id number } }`, { e: event })).addContestants;
    await t.http().post(`/api/v1/sessions/${session}/results`).send({
      lines: [
        { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=', lead: 'DK' },
        { board: 1, nsPair: 4, ewPair: 1, contract: '2S', declarer: 'N', result: '+2', lead: 'HQ' },
        { board: 2, nsPair: 1, ewPair: 4, contract: '3NT', declarer: 'S', result: '=' },
        { board: 2, nsPair: 4, ewPair: 1, contract: '3NT', declarer: 'S', result: '-1' },
        { board: 1, nsPair: 2, ewPair: 3, contract: '4S', declarer: 'N', result: '-1' },
        { board: 1, nsPair: 3, ewPair: 2, contract: '4S', declarer: 'N', result: '=' },
        { board: 2, nsPair: 2, ewPair: 3, contract: '3NT', declarer: 'S', result: '=' },
        { board: 2, nsPair: 3, ewPair: 2, contract: '3NT', declarer: 'S', result: '=' },
      ],
    }).expect(201);
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { score contestant { id } } }`, { s: session })).sessionRanking;
    const page = await open(`/sessions/${session}?lang=en`);
    const shown = await page.$$eval('table.ranking tbody tr', (rows) => rows.map((r) => ({ id: r.getAttribute('data-contestant'), score: Number(r.querySelector('.score')?.getAttribute('data-value')) })));
    expect(shown).toEqual(ranking.map((r: any) => ({ id: r.contestant.id, score: r.score })));
    expect(await page.$$eval('table.matches tbody tr', (rows) => rows.length)).toBe(2);
    await shot(page, 'teams-session');
    await page.goto(`${base}/sessions/${session}/contestants/${teams[0].id}`);
    expect(await page.$eval('table.scorecard tfoot .total', (el) => el.textContent)).toBe('+18');
    await shot(page, 'teams-scorecard');
    await page.close();
  });

  it('updates the ranking by itself after a result is posted', async () => {
    const page = await open(`/sessions/${sessionId}/boards/2`);
    await page.waitForFunction(() => (document.querySelector('.live-status')?.textContent ?? '') !== '');
    const before = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 2) { lines { id nsPair ewPair round table contract declarer tricks nsScore } } }`, { s: sessionId })).traveller.lines;
    const line = before.find((l: any) => l.contract && l.contract !== 'PASS');
    // A director's correction: the same table now went down one more.
    const corrected = dataOf(
      await t.gql(`mutation($in: SubmitResultInput!) { submitResult(input: $in) { line { id nsScore } corrected } }`, {
        in: { sessionId, board: 2, round: line.round, table: line.table, nsPair: line.nsPair, ewPair: line.ewPair, contract: line.contract, declarer: line.declarer, tricks: line.tricks - 1, correction: { reason: 'Scorer entered one trick too many' } },
      }),
    ).submitResult;
    expect(corrected.corrected).toBe(true);
    await page.waitForFunction((id: string, score: number) => document.querySelector(`tr[data-line="${id}"] .ns-score`)?.getAttribute('data-value') === String(score), { timeout: 10_000 }, corrected.line.id, corrected.line.nsScore);
    await shot(page, 'live-board-after-post');
    await page.close();
  });
});
