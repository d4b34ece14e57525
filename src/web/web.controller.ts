import { applyDecorators, Controller, Get, Param, Req, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import { ApiExcludeController, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { closeReadSnapshot } from '../common/read-snapshot.js';
import { LiveEvents } from '../live/live-events.service.js';
import { SCRIPT_PATH, STYLESHEET_PATH } from './assets/asset-paths.js';
import { SCRIPT } from './assets/script.js';
import { STYLESHEET } from './assets/stylesheet.js';
import { ChangeBatch } from './change-batch.js';
import { boardPage, handsPage } from './pages/board.js';
import { eventPage } from './pages/event.js';
import { homePage, organizationPage } from './pages/home.js';
import { playerPage } from './pages/player.js';
import { scorecardPage } from './pages/scorecard.js';
import { sessionPage } from './pages/session.js';
import { PageNotFound, PageResponder, pageId } from './page-responder.js';
import { RANKING_PAGE_ROWS, WebData, type RankingQuery } from './web-data.service.js';
import { isUUID } from 'class-validator';
import { SECTION_FILTER } from '../rankings/dto/ranking-page.args.js';

const ASSETS = new Map([
  [STYLESHEET_PATH, { type: 'text/css; charset=utf-8', body: Buffer.from(STYLESHEET) }],
  [SCRIPT_PATH, { type: 'text/javascript; charset=utf-8', body: Buffer.from(SCRIPT) }],
]);
const KEEP_ALIVE_MS = 25_000;

/** The query parameters every page takes (the guard refuses any a route does not declare). */
const PageQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'lang', required: false, description: 'en, zh-CN (Simplified Chinese) or zh-Hant (Traditional: zh-TW, zh-HK); remembered in a cookie' }),
    ApiQuery({ name: 'embed', required: false, description: '1: the page as an iframe fragment, without the site around it' }),
  );

/** A long list's page (a ranking's, a traveller's), and one section's rows of it only. */
const pageParameter = (of: string) => ApiQuery({ name: 'page', required: false, description: `The ${of}'s page (${RANKING_PAGE_ROWS} rows a page; 1 by default)` });
const sectionParameter = (rows: string) => ApiQuery({ name: 'section', required: false, description: `Only the ${rows} of this section (letter)` });

/** The query parameters of a page with a ranking: which page of it, and one club's or one section's contestants only. */
const RankingPageQuery = () =>
  applyDecorators(
    PageQuery(),
    pageParameter('ranking'),
    ApiQuery({ name: 'club', required: false, description: 'Simultaneous events: only the pairs of the sections this club (organisation id) runs, at their places in the whole field' }),
    sectionParameter('contestants (at their places in the whole ranking)'),
  );

/** The query parameters of a board's page: which page of its traveller, and one section's lines only. */
const TravellerPageQuery = () => applyDecorators(PageQuery(), pageParameter('traveller'), sectionParameter('lines'));

/** A ranking page's query, checked: anything else is a page that does not exist. */
function rankingQuery(req: Request): RankingQuery {
  const one = (name: string): string | undefined => {
    const value = req.query[name];
    if (value !== undefined && typeof value !== 'string') throw new PageNotFound();
    return value;
  };
  const [page, club, section] = [one('page'), one('club'), one('section')];
  if (page !== undefined && !/^[1-9][0-9]{0,5}$/.test(page)) throw new PageNotFound();
  if (club !== undefined && !isUUID(club)) throw new PageNotFound();
  if (section !== undefined && !SECTION_FILTER.test(section)) throw new PageNotFound();
  return { page: page === undefined ? 1 : Number(page), club, section: section?.toUpperCase() };
}

/** The results website: server-rendered pages (see src/web/pages), their assets, and live updates. */
@ApiExcludeController()
@Controller()
export class WebController implements BeforeApplicationShutdown {
  /** Open live streams, ended when the service stops. */
  private readonly streams = new Set<Response>();

  constructor(
    private readonly data: WebData,
    private readonly pages: PageResponder,
    private readonly live: LiveEvents,
  ) {}

  @PageQuery()
  @Get()
  home(@Req() req: Request, @Res() res: Response) {
    return this.pages.send(req, res, async (ctx) => homePage(ctx, await this.data.home()));
  }

  @PageQuery()
  @Get('organizations/:id')
  organization(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    return this.pages.send(req, res, async (ctx) => organizationPage(ctx, await this.data.organization(pageId(id))));
  }

  @RankingPageQuery()
  @Get('events/:id')
  event(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    return this.pages.send(req, res, async (ctx) => eventPage(ctx, await this.data.event(pageId(id), rankingQuery(req))));
  }

  @RankingPageQuery()
  @Get('sessions/:id')
  session(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    return this.pages.send(req, res, async (ctx) => sessionPage(ctx, await this.data.session(pageId(id), rankingQuery(req))));
  }

  @TravellerPageQuery()
  @Get('sessions/:id/boards/:number')
  board(@Req() req: Request, @Res() res: Response, @Param('id') id: string, @Param('number') number: string) {
    return this.pages.send(req, res, async (ctx) => {
      if (!/^[1-9]\d{0,2}$/.test(number)) throw new PageNotFound();
      return boardPage(ctx, await this.data.board(pageId(id), Number(number), rankingQuery(req)));
    });
  }

  @PageQuery()
  @Get('sessions/:id/hands')
  hands(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    return this.pages.send(req, res, async (ctx) => handsPage(ctx, await this.data.hands(pageId(id))));
  }

  @PageQuery()
  @Get('sessions/:id/contestants/:contestantId')
  scorecard(@Req() req: Request, @Res() res: Response, @Param('id') id: string, @Param('contestantId') contestantId: string) {
    return this.pages.send(req, res, async (ctx) => scorecardPage(ctx, await this.data.scorecard(pageId(id), pageId(contestantId))));
  }

  @PageQuery()
  @Get('players/:id')
  player(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    return this.pages.send(req, res, async (ctx) => playerPage(ctx, await this.data.player(pageId(id))));
  }

  @Get('assets/:name')
  asset(@Req() req: Request, @Res() res: Response) {
    const asset = ASSETS.get(req.path);
    if (!asset) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': asset.type, 'Content-Length': asset.body.length, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : asset.body);
  }

  /** Server-sent events: "change" when the session's results changed, at most once a second (ChangeBatch); the page then reloads its content. */
  @Get('live/sessions/:id')
  async liveSession(@Req() req: Request, @Res() res: Response, @Param('id') id: string) {
    try {
      await this.data.publicSession(pageId(id)); // as its pages: none for a deleted or archived event
    } catch {
      res.status(404).type('text/plain').send('No such session');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 5000\n\n');
    closeReadSnapshot(); // the stream stays open: what it reads later is read afresh
    const changes = this.live.listen<{ rankingChanged: { boards: number[] } }>('rankingChanged', id);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const batch = new ChangeBatch((boards) => res.write(`event: change\ndata: ${JSON.stringify({ boards })}\n\n`));
    this.streams.add(res);
    const stop = () => {
      clearInterval(keepAlive);
      batch.close();
      this.streams.delete(res);
      void changes.return?.();
    };
    req.on('close', stop);
    res.on('close', stop);
    for await (const change of changes) batch.add(change.rankingChanged.boards);
  }

  /** Before the HTTP server closes, which would otherwise wait for the open streams. */
  beforeApplicationShutdown(): void {
    for (const res of this.streams) res.end();
  }
}
