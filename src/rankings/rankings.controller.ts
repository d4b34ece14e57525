import { applyDecorators, Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/openapi.js';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { validationPipe } from '../common/validation.js';
import { entryBody, pageBody, RANKING_QUERY, RankingEntryBody, RankingPageBody, RankingPageQuery } from './dto/rest-ranking.js';
import { RankingsService } from './rankings.service.js';

const uuid = (field: string) => new ParseUUIDPipe({ exceptionFactory: () => new BadInputError(`${field} must be a UUID`, [field]) });
const RankingQuery = () => applyDecorators(...RANKING_QUERY.map((q) => ApiQuery(q)));

/**
 * Rankings over plain HTTP, for federation and club websites: the same pages as the GraphQL
 * ranking pages, with the club filter of a simultaneous event. Public, as the rankings are.
 */
@ApiTags('rankings')
@Controller('api/v1')
export class RankingsController {
  constructor(private readonly rankings: RankingsService) {}

  @Get('sessions/:id/ranking')
  @ApiOperation({ summary: 'A page of the session ranking', description: 'In ranking order; `organizationId` gives one club’s list of a simultaneous event (national places, with each pair’s club place).', security: [] })
  @RankingQuery()
  @ApiOkResponse({ type: RankingPageBody })
  @ApiErrors(400, 404, 429)
  async session(@Param('id', uuid('id')) id: string, @Query() query: Record<string, unknown>) {
    return pageBody(await this.rankings.sessionRankingPage(id, await pageArgs(query)));
  }

  @Get('events/:id/ranking')
  @ApiOperation({ summary: 'A page of the event ranking', description: 'Carry-over over all sessions, with the same filters as the session ranking.', security: [] })
  @RankingQuery()
  @ApiOkResponse({ type: RankingPageBody })
  @ApiErrors(400, 404, 429)
  async event(@Param('id', uuid('id')) id: string, @Query() query: Record<string, unknown>) {
    return pageBody(await this.rankings.eventRankingPage(id, await pageArgs(query)));
  }

  @Get('sessions/:id/ranking/:contestantId')
  @ApiOperation({ summary: 'One contestant’s line of the session ranking', description: 'Its place in the whole field and, in a simultaneous event, in its club; without the rest of the ranking.', security: [] })
  @ApiOkResponse({ type: RankingEntryBody })
  @ApiErrors(400, 404, 429)
  async entry(@Param('id', uuid('id')) id: string, @Param('contestantId', uuid('contestantId')) contestantId: string) {
    const entry = await this.rankings.sessionRankingEntry(id, contestantId);
    if (!entry) throw new NotFoundError('Ranking line of contestant', contestantId, 'contestantId');
    return entryBody(entry);
  }
}

async function pageArgs(query: Record<string, unknown>) {
  const q = (await validationPipe().transform(query, { type: 'query', metatype: RankingPageQuery })) as RankingPageQuery;
  return { first: q.first ?? 20, after: q.after, direction: q.direction, section: q.section, organizationId: q.organizationId };
}
