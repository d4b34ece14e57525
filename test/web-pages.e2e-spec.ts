import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '../src/database/prisma.service.js';
import { loadDemo } from '../src/demo/load-demo.js';
import { sql } from './support/database.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { importLongField } from './support/long-field.js';

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

/** The results pages over HTTP: language, caching, escaping, and never more than the API shows the public. */
describe('results pages over HTTP', () => {
  let t: TestApp;
  let demoSession: string;
  let demoEvent: string;

  beforeAll(async () => {
    t = await startTestApp();
    await loadDemo(t.app.get(PrismaService));
    const event = dataOf(await t.gql(`{ events { nodes { id sessions { id } } } }`)).events.nodes[0];
    demoEvent = event.id;
    demoSession = event.sessions[0].id;
  });
  afterAll(() => t.close());

  // supertest listens on a new port per request: a fixed Host keeps the embed snippet (and so the page) the same.
  const page = (path: string) => t.as(null).get(path).set('Host', 'results.example');

  describe('language', () => {
    it('is English by default, with <html lang> and Content-Language', async () => {
      const res = await page('/').expect(200).expect('Content-Type', /text\/html/);
      expect(res.text).toContain('<html lang="en">');
      expect(res.headers['content-language']).toBe('en');
    });

    it('follows Accept-Language by quality', async () => {
      const zh = await page('/').set('Accept-Language', 'fr;q=1, zh-CN;q=0.8, en;q=0.5').expect(200);
      expect(zh.text).toContain('<html lang="zh-CN">');
      expect(zh.text).toContain('近期比赛');
      const en = await page('/').set('Accept-Language', 'de, en-GB;q=0.9, zh;q=0.8').expect(200);
      expect(en.text).toContain('<html lang="en">');
      // Taiwan, Hong Kong and Macau read Traditional Chinese.
      for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant']) {
        const traditional = await page('/').set('Accept-Language', tag).expect(200);
        expect(traditional.text).toContain('<html lang="zh-Hant">');
        expect(traditional.text).toContain('近期比賽');
      }
    });

    it('takes ?lang= over everything and remembers it in a cookie', async () => {
      const res = await page('/?lang=zh-CN').set('Accept-Language', 'en').expect(200);
      expect(res.text).toContain('<html lang="zh-CN">');
      expect(res.headers['set-cookie']?.[0]).toMatch(/^traveller_lang=zh-CN; Path=\/; Max-Age=\d+; SameSite=Lax/);
      const remembered = await page(`/events/${demoEvent}`).set('Cookie', 'traveller_lang=zh-CN').set('Accept-Language', 'en').expect(200);
      expect(remembered.text).toContain('<html lang="zh-CN">');
      expect(remembered.text).toContain('比赛排名');
      const ignored = await page('/?lang=xx').set('Cookie', 'traveller_lang=en').expect(200);
      expect(ignored.headers['set-cookie']).toBeUndefined();
      expect(ignored.text).toContain('<html lang="en">');
    });

    it('writes bridge terms and numbers the Chinese way', async () => {
      const board = await page(`/sessions/${demoSession}/boards/3?lang=zh-CN`).expect(200);
      for (const term of ['定约', '庄家', '南北 比赛分', '发牌人', '局况', '记分单']) expect(board.text).toContain(term);
      expect(board.text).toMatch(/南北有局|东西有局|双方有局|双方无局/);
      const session = await page(`/sessions/${demoSession}?lang=zh-CN`).expect(200);
      expect(session.text).toContain('名次');
      expect(session.text).toContain('比赛分');
      expect(session.text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    });
  });

  it('lists the organisation’s events, and a player’s name but not their history, as the API gives them to the public', async () => {
    const org = dataOf(await t.gql(`{ organizations { nodes { id name } } }`)).organizations.nodes[0];
    const orgPage = await page(`/organizations/${org.id}`).expect(200);
    expect(orgPage.text).toContain(`<h1>${org.name}</h1>`);
    expect(orgPage.text).toContain(`href="/events/${demoEvent}"`);
    const players = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { players { id } } } }`, { s: demoSession })).sessionRanking[0].contestant.players;
    // The public gets the name and no history (Player.history is for the club's and federation's keys).
    const anonymous = await t.gqlAs(null, `query($p: ID!) { player(id: $p) { name history { eventId } } }`, { p: players[0].id });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const player = anonymous.data!.player;
    const history = dataOf(await t.gql(`query($p: ID!) { player(id: $p) { history { eventId } } }`, { p: players[0].id })).player.history;
    expect(history.length).toBeGreaterThan(0);
    const playerPage = await page(`/players/${players[0].id}`).expect(200);
    expect(playerPage.text).toContain(`<h1>${player.name}</h1>`);
    expect(playerPage.text).toContain('shown to their club and federation only');
    for (const h of history) expect(playerPage.text).not.toContain(`href="/events/${h.eventId}"`);
  });

  describe('caching', () => {
    it('answers 304 to the ETag of an unchanged page, and a new ETag after a post', async () => {
      const path = `/sessions/${demoSession}`;
      const first = await page(path).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await page(path).set('If-None-Match', etag).expect(304);
      expect(again.headers['x-cache']).toBe('HIT');
      const traveller = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 4) { lines { nsPair ewPair round table contract declarer tricks } } }`, { s: demoSession })).traveller;
      const line = traveller.lines.find((l: { contract: string | null }) => l.contract && l.contract !== 'PASS');
      dataOf(
        await t.gql(`mutation($in: SubmitResultInput!) { submitResult(input: $in) { corrected } }`, {
          in: { sessionId: demoSession, board: 4, round: line.round, table: line.table, nsPair: line.nsPair, ewPair: line.ewPair, contract: line.contract, declarer: line.declarer, tricks: line.tricks === 13 ? 12 : line.tricks + 1, correction: { reason: 'Wrong trick count' } },
        }),
      );
      const changed = await page(path).set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('tells a live page of the session’s changes at most once a second, the boards of a burst of posts in one', async () => {
      let heard = '';
      let opened: () => void;
      const open = new Promise<void>((done) => (opened = done));
      const stream = page(`/live/sessions/${demoSession}`)
        .buffer(true)
        .parse((res, done) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => ((heard += chunk), opened()));
          res.on('end', () => done(null, null));
          res.on('error', () => done(null, null));
        });
      const ended = stream.then(
        () => {},
        () => {},
      );
      await open; // its first words (`retry:`): it is listening
      for (const board of [7, 5, 6]) {
        const { lines } = dataOf(await t.gql(`query($s: ID!, $b: Int!) { traveller(sessionId: $s, board: $b) { lines { nsPair ewPair round table contract declarer tricks } } }`, { s: demoSession, b: board })).traveller;
        const line = lines.find((l: { contract: string | null }) => l.contract && l.contract !== 'PASS');
        dataOf(
          await t.gql(`mutation($in: SubmitResultInput!) { submitResult(input: $in) { corrected } }`, {
            in: { sessionId: demoSession, board, round: line.round, table: line.table, nsPair: line.nsPair, ewPair: line.ewPair, contract: line.contract, declarer: line.declarer, tricks: line.tricks === 13 ? 12 : line.tricks + 1, correction: { reason: 'Wrong trick count' } },
          }),
        );
      }
      await new Promise((wait) => setTimeout(wait, 2_200)); // past the next whole second, whenever the posts ended
      stream.abort();
      await ended;
      const changes = [...heard.matchAll(/event: change\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]).boards as number[]);
      // Three posts in well under a second: one change, or two if a whole second fell between them.
      expect(changes.length).toBeGreaterThanOrEqual(1);
      expect(changes.length).toBeLessThanOrEqual(2);
      expect([...new Set(changes.flat())].sort()).toEqual([5, 6, 7]);
    });

    it('serves its own assets, cached for good', async () => {
      const home = await page('/').expect(200);
      const css = home.text.match(/href="(\/assets\/traveller\.\w+\.css)"/)![1];
      const js = home.text.match(/src="(\/assets\/traveller\.\w+\.js)"/)![1];
      const style = await page(css).expect(200).expect('Content-Type', /text\/css/);
      expect(style.headers['cache-control']).toContain('immutable');
      await page(js).expect(200).expect('Content-Type', /javascript/);
      await page('/assets/other.css').expect(404);
      expect(home.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"]*\.(css|js)/);
    });
  });

  describe('safety', () => {
    it('escapes hostile names everywhere they appear', async () => {
      const org = dataOf(await t.gql(`mutation($n: String!) { createOrganization(input: { name: $n }) { id } }`, { n: HOSTILE })).createOrganization.id;
      const event = dataOf(await t.gql(`mutation($n: String!, $o: ID!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, organizationId: $o, startsOn: "2026-11-20" }) { id } }`, { n: HOSTILE, o: org })).createEvent.id;
      const session = dataOf(await t.gql(`mutation($e: ID!, $n: String!) { createSession(input: { eventId: $e, name: $n }) { id } }`, { e: event, n: HOSTILE })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: session }));
      const pairs = [1, 2, 3, 4].map((n) => ({ number: n, name: `${HOSTILE} ${n}` }));
      dataOf(await t.gql(`mutation($e: ID!, $c: [ContestantInput!]!) { addContestants(input: { eventId: $e, contestants: $c }) { id } }`, { e: event, c: pairs }));
      await t.http().post(`/api/v1/sessions/${session}/results`).send({ lines: [{ board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }, { board: 1, nsPair: 3, ewPair: 4, contract: '3NT', declarer: 'S', result: '-1' }] }).expect(201);
      const contestant = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { id } } }`, { s: session })).sessionRanking[0].contestant.id;
      for (const path of ['/', `/organizations/${org}`, `/events/${event}`, `/sessions/${session}`, `/sessions/${session}/boards/1`, `/sessions/${session}/contestants/${contestant}`]) {
        const res = await page(path).expect(200);
        expect(res.text).not.toContain('<script>alert');
        expect(res.text).not.toContain('<img src=x');
        expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }
      // The host a visitor sent is only ever text in the embed snippet.
      const spoofed = await page('/').set('Host', 'evil"><script>x</script>').expect(200);
      expect(spoofed.text).not.toContain('<script>x</script>');
    });

    it('answers a readable 404 page for what does not exist', async () => {
      for (const path of ['/events/not-an-id', `/events/00000000-0000-4000-8000-000000000000`, `/sessions/${demoSession}/boards/99`, `/sessions/${demoSession}/boards/abc`, `/players/00000000-0000-4000-8000-000000000000`]) {
        const res = await page(path).expect(404).expect('Content-Type', /text\/html/);
        expect(res.text).toContain('Not found');
      }
    });

    it('never shows what the API keeps from the public: correction reasons, key labels, the audit trail', async () => {
      const reason = 'Secret-director-note-4711';
      const traveller = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 5) { lines { nsPair ewPair round table contract declarer tricks } } }`, { s: demoSession })).traveller;
      const line = traveller.lines.find((l: { contract: string | null }) => l.contract && l.contract !== 'PASS');
      dataOf(
        await t.gql(`mutation($in: SubmitResultInput!) { submitResult(input: $in) { corrected } }`, {
          in: { sessionId: demoSession, board: 5, round: line.round, table: line.table, nsPair: line.nsPair, ewPair: line.ewPair, contract: line.contract, declarer: line.declarer, tricks: line.tricks === 13 ? 12 : line.tricks + 1, correction: { reason } },
        }),
      );
      const audit = await t.gqlAs(null, `query($s: ID!) { auditTrail(sessionId: $s) { reason } }`, { s: demoSession });
      expect(audit.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { id players { id } } } }`, { s: demoSession })).sessionRanking;
      const player = ranking[0].contestant.players[0].id;
      for (const path of [`/sessions/${demoSession}`, `/sessions/${demoSession}/boards/5`, `/sessions/${demoSession}/contestants/${ranking[0].contestant.id}`, `/players/${player}`]) {
        const res = await page(path).expect(200);
        expect(res.text).not.toContain(reason);
        expect(res.text).not.toContain('TRAVELLER_ADMIN_KEY');
        expect(res.text).not.toMatch(/trv_\w+/);
      }
    });
  });

  describe('travellers hidden by the director until the session ends', () => {
    let session: string;
    let contestant: string;

    beforeAll(async () => {
      const event = dataOf(await t.gql(`mutation { createEvent(input: { name: "Hidden night", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
      session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id;
      dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 2, boards: [1, 2] }) { id } }`, { s: session }));
      dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, name: "One" }, { number: 2, name: "Two" }, { number: 3, name: "Three" }, { number: 4, name: "Four" }] }) { id } }`, { e: event }));
      const board = dataOf(await t.gql(`query($s: ID!) { board(sessionId: $s, number: 1) { id } }`, { s: session })).board.id;
      dataOf(await t.gql(`mutation($b: ID!) { updateBoard(id: $b, input: { deal: "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432" }) { id } }`, { b: board }));
      const set = dataOf(await t.gql(`mutation($s: ID!) { updateSession(id: $s, input: { hideTravellers: true, status: IN_PROGRESS }) { hideTravellers status } }`, { s: session })).updateSession;
      expect(set).toEqual({ hideTravellers: true, status: 'IN_PROGRESS' });
      await t.http().post(`/api/v1/sessions/${session}/results`).send({ lines: [{ board: 1, nsPair: 1, ewPair: 2, contract: '7NT', declarer: 'N', result: '=', lead: 'C2' }, { board: 1, nsPair: 3, ewPair: 4, contract: '6NT', declarer: 'N', result: '+1' }] }).expect(201);
      contestant = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { contestant { id } } }`, { s: session })).sessionRanking[0].contestant.id;
      // Board 1 solved (as the background solver stores it): North–South take 13 tricks in every strain.
      await sql(t.db.url, `INSERT INTO "BoardDoubleDummy" ("boardId", "deal", "tricks", "solveMs") SELECT "id", "deal", $2::int[], 1 FROM "Board" WHERE "id" = $1`, [board, Array.from({ length: 5 }, () => [13, 0, 13, 0]).flat()]);
    });

    const travellerQuery = `query($s: ID!) { traveller(sessionId: $s, board: 1) { hidden deal lines { contract } } }`;
    const cardQuery = `query($s: ID!, $c: ID!) { scorecard(sessionId: $s, contestantId: $c) { hidden lines { contract } } }`;

    it('keeps them from the public in the API while play goes on, and shows them to the club', async () => {
      expect(dataOf(await t.gqlAs(null, travellerQuery, { s: session })).traveller).toEqual({ hidden: true, deal: null, lines: [] });
      expect(dataOf(await t.gqlAs(null, cardQuery, { s: session, c: contestant })).scorecard).toEqual({ hidden: true, lines: [] });
      const club = dataOf(await t.gql(travellerQuery, { s: session })).traveller;
      expect(club.hidden).toBe(false);
      expect(club.lines).toHaveLength(2);
      // Nor the hand by another way in.
      const boardQuery = `query($s: ID!) { board(sessionId: $s, number: 1) { deal } session(id: $s) { boards { deal } } }`;
      expect(dataOf(await t.gqlAs(null, boardQuery, { s: session }))).toEqual({ board: { deal: null }, session: { boards: [{ deal: null }, { deal: null }] } });
      expect(dataOf(await t.gql(boardQuery, { s: session })).board.deal).toMatch(/^N:AKQJ/);
      // Nor the double-dummy table, which tells of the hands.
      const ddQuery = `query($s: ID!) { board(sessionId: $s, number: 1) { doubleDummy { par { nsScore } } } }`;
      expect(dataOf(await t.gqlAs(null, ddQuery, { s: session })).board.doubleDummy).toBeNull();
      expect(dataOf(await t.gql(ddQuery, { s: session })).board.doubleDummy.par.nsScore).toBeGreaterThan(1000);
      // Rankings stay public.
      expect(dataOf(await t.gqlAs(null, `query($s: ID!) { sessionRanking(sessionId: $s) { place } }`, { s: session })).sessionRanking).toHaveLength(4);
    });

    it('keeps them from the pages too: no contracts, no hands, no scorecard lines', async () => {
      const board = await page(`/sessions/${session}/boards/1`).expect(200);
      expect(board.text).toContain('travellers-hidden');
      expect(board.text).not.toContain('class="traveller"');
      expect(board.text).not.toContain('class="diagram"');
      expect(board.text).not.toMatch(/7<abbr class="nt"/);
      const card = await page(`/sessions/${session}/contestants/${contestant}`).expect(200);
      expect(card.text).toContain('travellers-hidden');
      expect(card.text).not.toContain('class="scorecard"');
      const hands = await page(`/sessions/${session}/hands`).expect(200);
      expect(hands.text).not.toContain('class="diagram"');
      expect(board.text + hands.text).not.toContain('class="dd-table"');
      const ranking = await page(`/sessions/${session}`).expect(200);
      expect(ranking.text).toContain('class="ranking"');
    });

    it('shows them once the session has ended', async () => {
      dataOf(await t.gql(`mutation($s: ID!) { updateSession(id: $s, input: { status: COMPLETED }) { status } }`, { s: session }));
      expect(dataOf(await t.gqlAs(null, travellerQuery, { s: session })).traveller.lines).toHaveLength(2);
      expect(dataOf(await t.gqlAs(null, `query($s: ID!) { board(sessionId: $s, number: 1) { deal } }`, { s: session })).board.deal).toMatch(/^N:AKQJ/);
      const board = await page(`/sessions/${session}/boards/1`).expect(200);
      expect(board.text).toContain('class="traveller"');
      expect(board.text).toContain('class="diagram"');
      expect(board.text).not.toContain('travellers-hidden');
      // The double-dummy table and par of the solved deal, beside the hands.
      expect(board.text).toContain('class="dd-table"');
      expect((await page(`/sessions/${session}/hands`).expect(200)).text).toContain('class="dd-table"');
      // The lead column shows when a pad recorded leads, with the card's suit named.
      const zh = await page(`/sessions/${session}/boards/1?lang=zh-CN`).expect(200);
      expect(zh.text).toContain('<th scope="col">首攻</th>');
      expect(zh.text).toContain('<span class="card"><span class="suit suit-c" role="img" aria-label="梅花">♣</span>2</span>');
    });
  });

  it('shows a teams session: VP standings, matches and the board-by-board comparison', async () => {
    const event = dataOf(await t.gql(`mutation { createEvent(input: { name: "League", kind: TEAMS, scoring: TEAMS_IMPS, vpScale: WBF_2013 }) { id } }`)).createEvent.id;
    const session = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: event })).createSession.id;
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", movement: { kind: ROUND_ROBIN, tables: 4, boardsPerRound: 2 } }) { id } }`, { s: session }));
    const teams = dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, name: "Team 1" }, { number: 2, name: "Team 2" }, { number: 3, name: "Team 3" }, { number: 4, name: "Team 4" }] }) { id number } }`, { e: event })).addContestants;
    await t.http().post(`/api/v1/sessions/${session}/results`).send({
      lines: [
        { board: 1, nsPair: 1, ewPair: 4, contract: '4S', declarer: 'N', result: '=' },
        { board: 1, nsPair: 4, ewPair: 1, contract: '2S', declarer: 'N', result: '+2' },
        { board: 2, nsPair: 1, ewPair: 4, contract: '3NT', declarer: 'S', result: '=' },
        { board: 2, nsPair: 4, ewPair: 1, contract: '3NT', declarer: 'S', result: '-1' },
      ],
    }).expect(201);
    const res = await page(`/sessions/${session}`).expect(200);
    expect(res.text).toContain('VPs');
    expect(res.text).toContain('class="matches"');
    expect(res.text).toMatch(/Team 1<\/a> – <a[^>]*>Team 4<\/a><\/th><td class="n">\+18<\/td>/);
    const team1 = teams.find((c: { number: number }) => c.number === 1).id;
    const card = await page(`/sessions/${session}/contestants/${team1}`).expect(200);
    expect(card.text).toContain('Round 1: v Team 4');
    expect(card.text).toMatch(/Match total<\/th><td class="hide-narrow"><\/td><td class="n total">\+18<\/td>/);
  });

  describe('a long ranking (a simultaneous’s national field)', () => {
    const SECTIONS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'; // 26 sections of 20 tables: 520 pairs a direction, 1,040 in the ranking, 520 lines on board 1
    let sessionId: string;
    /** The ranking rows of a page: [section and number, place]. */
    const shown = (text: string) => [...text.matchAll(/<tr data-contestant="[^"]+">\s*<td class="n place">([^<]*)<\/td>\s*<th scope="row" class="n">([^<]*)<\/th>/g)].map((m) => [m[2], m[1]]);

    let demoOrganization: string;

    beforeAll(async () => {
      demoOrganization = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { organizationId } }`, { e: demoEvent })).event.organizationId;
      sessionId = await importLongField(t, 'Long ranking', SECTIONS, [1]);
    });

    it('shows it a page at a time, with the way to the pages either side', async () => {
      const first = await page(`/sessions/${sessionId}`).expect(200);
      expect(shown(first.text)).toHaveLength(500);
      expect(first.text).toContain('Rows 1–500 of 1,040.');
      expect(first.text).toContain(`href="/sessions/${sessionId}?page=2" rel="next"`);
      expect(first.text).not.toContain('rel="prev"');
      const second = await page(`/sessions/${sessionId}?page=2`).expect(200);
      expect(shown(second.text)).toHaveLength(500);
      expect(second.text).toContain('Rows 501–1,000 of 1,040.');
      expect(second.text).toContain(`href="/sessions/${sessionId}" rel="prev"`);
      expect(second.text).toContain(`href="/sessions/${sessionId}?page=3" rel="next"`);
      const third = await page(`/sessions/${sessionId}?page=3`).expect(200);
      expect(shown(third.text)).toHaveLength(40);
      expect(third.text).not.toContain('rel="next"');
      // The pages together are the ranking the API gives, in its order.
      const api = dataOf(await t.gqlAs(null, `query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { section number } } }`, { s: sessionId })).sessionRanking;
      expect([...shown(first.text), ...shown(second.text), ...shown(third.text)]).toEqual(api.map((e: any) => [`${e.contestant.section}${e.contestant.number}`, e.place]));
      // A page of its own in the cache: page 2 is not page 1 again.
      expect((await page(`/sessions/${sessionId}?page=2`).expect(200)).headers['x-cache']).toBe('HIT');
      expect(shown((await page(`/sessions/${sessionId}`).expect(200)).text)[0]).toEqual(shown(first.text)[0]);
    });

    it('shows one section’s contestants at their places in the whole field, with the way back to it', async () => {
      const section = await page(`/sessions/${sessionId}?section=b`).expect(200);
      const rows = shown(section.text);
      expect(rows).toHaveLength(40);
      expect(rows.every(([who]) => who.startsWith('B'))).toBe(true);
      const whole = dataOf(await t.gqlAs(null, `query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { section number } } }`, { s: sessionId })).sessionRanking;
      expect(rows).toEqual(whole.filter((e: any) => e.contestant.section === 'B').map((e: any) => [`B${e.contestant.number}`, e.place]));
      expect(section.text).toContain('Only section B, at its places in the whole ranking.');
      expect(section.text).toContain(`<a href="/sessions/${sessionId}">The whole ranking</a>`);
      // The event page's ranking (over every session) is paged and filtered the same way.
      const event = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { eventId } }`, { s: sessionId })).session.eventId;
      expect(shown((await page(`/events/${event}?page=3`).expect(200)).text)).toHaveLength(40);
      expect(shown((await page(`/events/${event}?section=M`).expect(200)).text)).toHaveLength(40);
    });

    it('answers a page that does not exist for a page past the last, an unknown club, or a malformed part', async () => {
      for (const query of ['page=4', 'page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=1&page=2', `club=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, 'club=north', 'section=%3Cscript%3E', 'section=ABCDE', 'section=ZZ', `club=${demoOrganization}`]) {
        const res = await page(`/sessions/${sessionId}?${query}`);
        expect([query, res.status]).toEqual([query, 404]);
        expect(res.text).not.toContain('<script>');
      }
    });

    it('shows a national board’s traveller a page at a time, or one section’s lines, each pair linked to its scorecard', async () => {
      const lines = (text: string) => [...text.matchAll(/<tr class="[^"]*" data-line="[^"]+">\s*<th scope="row" class="n"><a href="([^"]+)">([A-Z]+\d+)<\/a>/g)].map((m) => [m[2], m[1]]);
      const first = await page(`/sessions/${sessionId}/boards/1`).expect(200);
      expect(lines(first.text)).toHaveLength(500);
      expect(first.text).toContain('Rows 1–500 of 520.');
      const second = await page(`/sessions/${sessionId}/boards/1?page=2`).expect(200);
      expect(lines(second.text)).toHaveLength(20);
      const all = [...lines(first.text), ...lines(second.text)];
      expect(new Set(all.map(([pair]) => pair)).size).toBe(520);
      // Each NS pair's link is its own scorecard, whose page names it.
      const [pair, href] = all[123];
      const card = await page(href).expect(200);
      expect(card.text).toContain(`N${pair} &amp; S${pair}`);
      const section = await page(`/sessions/${sessionId}/boards/1?section=c`).expect(200);
      expect(section.text).toContain('Only the lines of section C.');
      expect(section.text).toContain(`<a href="/sessions/${sessionId}/boards/1">The whole traveller</a>`);
      expect([...section.text.matchAll(/data-line=/g)]).toHaveLength(20);
      await page(`/sessions/${sessionId}/boards/1?page=3`).expect(404);
      await page(`/sessions/${sessionId}/boards/1?section=ZZ`).expect(404);
      // The hand records read the deals, not the 520 lines.
      await page(`/sessions/${sessionId}/hands`).expect(200);
    });

    it('keeps a club’s short ranking whole, with no pages', async () => {
      const res = await page(`/sessions/${demoSession}`).expect(200);
      expect(res.text).not.toContain('class="rows-pager');
    });
  });
});

