import { applyDecorators, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/openapi.js';
import { NotFoundError } from '../common/errors.js';
import { uuidParam as uuid } from '../common/id.js';
import { PageArgs } from '../common/pagination.js';
import { validationPipe } from '../common/validation.js';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import { entryBody, pageBody, RANKING_QUERY, RankingEntryBody, RankingPageBody, RankingPageQuery } from './dto/rest-ranking.js';
import { TRAVELLER_QUERY, TravellerPageBody, TravellerPageQuery } from './dto/rest-traveller.js';
import { TravellerLineNames } from './traveller-line-names.js';
import { ScopeService } from '../auth/scope.service.js';
import { BadInputError } from '../common/errors.js';
import type { RankingEntry } from './models/ranking.model.js';
import { RankingsService } from './rankings.service.js';

const RankingQuery = () => applyDecorators(...RANKING_QUERY.map((q) => ApiQuery(q)));
const TravellerQuery = () => applyDecorators(...TRAVELLER_QUERY.map((q) => ApiQuery(q)));

/**
 * Rankings over plain HTTP, for federation and club websites: the same pages as the GraphQL
 * ranking pages, with the club filter of a simultaneous event. Public, as the rankings are, with
 * the same limits as GraphQL's: an archived or deleted event is not found, and names show as each
 * club's name policy lets the reader see them.
 */
@ApiTags('rankings')
@Controller('api/v1')
export class RankingsController {
  constructor(
    private readonly rankings: RankingsService,
    private readonly lifecycle: EventLifecycle,
    private readonly privacy: PlayerPrivacy,
    private readonly names: TravellerLineNames,
    private readonly scopes: ScopeService,
  ) {}

  @Get('sessions/:id/ranking')
  @ApiOperation({ summary: 'A page of the session ranking', description: 'In ranking order; `organizationId` gives one club’s list of a simultaneous event (national places, with each pair’s club place).', security: [] })
  @RankingQuery()
  @ApiOkResponse({ type: RankingPageBody })
  @ApiErrors(400, 404, 429)
  async session(@Param('id', uuid('id')) id: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(id, principal);
    return this.shown(await this.rankings.sessionRankingPage(id, await pageArgs(query)), principal);
  }

  @Get('events/:id/ranking')
  @ApiOperation({ summary: 'A page of the event ranking', description: 'Carry-over over all sessions, with the same filters as the session ranking.', security: [] })
  @RankingQuery()
  @ApiOkResponse({ type: RankingPageBody })
  @ApiErrors(400, 404, 429)
  async event(@Param('id', uuid('id')) id: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.check(id, principal);
    return this.shown(await this.rankings.eventRankingPage(id, await pageArgs(query)), principal);
  }

  @Get('sessions/:id/ranking/:contestantId')
  @ApiOperation({ summary: 'One contestant’s line of the session ranking', description: 'Its place in the whole field and, in a simultaneous event, in its club; without the rest of the ranking.', security: [] })
  @ApiOkResponse({ type: RankingEntryBody })
  @ApiErrors(400, 404, 429)
  async entry(@Param('id', uuid('id')) id: string, @Param('contestantId', uuid('contestantId')) contestantId: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(id, principal);
    const entry = await this.rankings.sessionRankingEntry(id, contestantId);
    if (!entry) throw new NotFoundError('Ranking line of contestant', contestantId, 'contestantId');
    return entryBody((await this.seen([entry], principal))[0]);
  }

  @Get('sessions/:id/boards/:board/traveller')
  @ApiOperation({ summary: 'A page of a board’s traveller', description: 'Its lines in the traveller’s order, scored; `section` or `organizationId` (a simultaneous event’s club) keeps part of them. None while the director hides the travellers from the reader.', security: [] })
  @TravellerQuery()
  @ApiOkResponse({ type: TravellerPageBody })
  @ApiErrors(400, 404, 429)
  async traveller(@Param('id', uuid('id')) id: string, @Param('board') board: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal | null): Promise<TravellerPageBody> {
    if (!/^[1-9]\d{0,2}$/.test(board)) throw new BadInputError('board must be a board number, 1–999', ['board']);
    await this.lifecycle.checkSession(id, principal);
    const q = (await validationPipe().transform(query, { type: 'query', metatype: TravellerPageQuery })) as TravellerPageQuery;
    const insider = await this.scopes.insiderOfSession(id, principal);
    const page = await this.rankings.travellerPage(id, Number(board), { insider }, { sessionId: id, board: Number(board), first: q.first ?? new PageArgs().first, after: q.after, section: q.section, organizationId: q.organizationId });
    const lines = await Promise.all(page.nodes.map(async (line) => ({ ...line, nsName: await this.names.shown(line, 'ns', principal), ewName: await this.names.shown(line, 'ew', principal) })));
    return { totalCount: page.totalCount, hasNextPage: page.pageInfo.hasNextPage, endCursor: page.pageInfo.endCursor, lines };
  }

  /** A page's body with its entries as the reader may see them. */
  private async shown(page: Parameters<typeof pageBody>[0], principal: Principal | null) {
    return pageBody({ ...page, nodes: await this.seen(page.nodes, principal) });
  }

  /** Entries with names and players as the reader may see them (as RankedContestant's resolvers show them). */
  private seen(entries: RankingEntry[], principal: Principal | null): Promise<RankingEntry[]> {
    return Promise.all(entries.map(async (e) => ({ ...e, contestant: await this.privacy.contestant(e.contestant, principal) })));
  }
}

async function pageArgs(query: Record<string, unknown>) {
  const q = (await validationPipe().transform(query, { type: 'query', metatype: RankingPageQuery })) as RankingPageQuery;
  return { first: q.first ?? new PageArgs().first, after: q.after, direction: q.direction, section: q.section, organizationId: q.organizationId };
}
