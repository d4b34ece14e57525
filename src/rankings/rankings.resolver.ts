import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { Direction } from '../common/enums.js';
import { IdArg } from '../common/id.js';
import { Traveller, TravellerLineConnection } from '../results/models/traveller.model.js';
import { TravellerPageArgs } from './dto/traveller-page.args.js';
import { EventRankingPageArgs, SessionRankingPageArgs } from './dto/ranking-page.args.js';
import { RankingEntry, RankingEntryConnection, Scorecard, SplitTie } from './models/ranking.model.js';
import { SplitTieInput } from './dto/split-tie.inputs.js';
import { RequiresKey } from '../auth/requires.decorator.js';
import { MAX_WHOLE_RANKING, MAX_WHOLE_TRAVELLER, RankingsService, type Reader } from './rankings.service.js';
import { RowBudget, WholeRows, spent } from '../common/row-budget.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';

@Resolver()
export class RankingsResolver {
  constructor(
    private readonly rankings: RankingsService,
    private readonly scopes: ScopeService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Query(() => Traveller, { description: `All results of one board of a session, scored; hidden from the public while the director says so. A board of more than ${MAX_WHOLE_TRAVELLER.toLocaleString('en-GB')} lines is refused with BAD_USER_INPUT: read it with travellerPage` })
  async traveller(@IdArg('sessionId') sessionId: string, @Args('board', { type: () => Int }) board: number, @CurrentPrincipal() principal: Principal | null, @WholeRows() rows: RowBudget) {
    return spent(rows, 'traveller', await this.rankings.traveller(sessionId, board, await this.reader(sessionId, principal)));
  }

  @Query(() => TravellerLineConnection, { description: 'A board’s traveller lines a page at a time (first/after), in the traveller’s order, optionally one section’s or one club’s; none while hidden from the public' })
  async travellerPage(@Args() page: TravellerPageArgs, @CurrentPrincipal() principal: Principal | null) {
    return this.rankings.travellerPage(page.sessionId, page.board, await this.reader(page.sessionId, principal), page);
  }

  @Query(() => [RankingEntry], { description: `The session ranking; direction picks one field of a two-winner Mitchell. A ranking of more than ${MAX_WHOLE_RANKING.toLocaleString('en-GB')} rows is refused with BAD_USER_INPUT: read it with sessionRankingPage` })
  async sessionRanking(
    @IdArg('sessionId') sessionId: string,
    @CurrentPrincipal() principal: Principal | null,
    @WholeRows() rows: RowBudget,
    @Args('direction', { type: () => Direction, nullable: true }) direction?: Direction,
  ) {
    await this.lifecycle.checkSession(sessionId, principal);
    return spent(rows, 'sessionRanking', await this.rankings.sessionRanking(sessionId, direction));
  }

  @Query(() => [RankingEntry], { description: `The event ranking over all its sessions (carry-over). A ranking of more than ${MAX_WHOLE_RANKING.toLocaleString('en-GB')} rows is refused with BAD_USER_INPUT: read it with eventRankingPage` })
  async eventRanking(@IdArg('eventId') eventId: string, @CurrentPrincipal() principal: Principal | null, @WholeRows() rows: RowBudget) {
    await this.lifecycle.check(eventId, principal);
    return spent(rows, 'eventRanking', await this.rankings.eventRanking(eventId));
  }

  @Query(() => RankingEntryConnection, { description: 'The session ranking a page at a time (first/after), optionally one section’s contestants' })
  async sessionRankingPage(@Args() page: SessionRankingPageArgs, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(page.sessionId, principal);
    return this.rankings.sessionRankingPage(page.sessionId, page);
  }

  @Query(() => RankingEntryConnection, { description: 'The event ranking (carry-over) a page at a time, optionally one section’s contestants' })
  async eventRankingPage(@Args() page: EventRankingPageArgs, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.check(page.eventId, principal);
    return this.rankings.eventRankingPage(page.eventId, page);
  }

  @Query(() => RankingEntry, { nullable: true, description: 'One contestant’s line of the session ranking (its place in the whole field), without the rest; null when not ranked' })
  async sessionRankingEntry(@IdArg('sessionId') sessionId: string, @IdArg('contestantId') contestantId: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(sessionId, principal);
    return this.rankings.sessionRankingEntry(sessionId, contestantId);
  }

  @Query(() => SplitTie, {
    description:
      'DOMAIN §7: splits a pairs tie where the conditions of contest say it is split (the winner, the last qualifying place, an indivisible prize), by the method they name; the ranking keeps the tie (shared masterpoints and cash are never split). For the event’s keys',
  })
  @RequiresKey((a) => ({ kind: 'event', id: a.input?.eventId }), 'Splitting a tie')
  splitTie(@Args('input') input: SplitTieInput) {
    return this.rankings.splitTie(input);
  }

  @Query(() => Scorecard, { description: 'A contestant’s boards in a session: opponents, contract, score, matchpoints' })
  async scorecard(@IdArg('sessionId') sessionId: string, @IdArg('contestantId') contestantId: string, @CurrentPrincipal() principal: Principal | null) {
    return this.rankings.scorecard(sessionId, contestantId, await this.reader(sessionId, principal));
  }

  /** Also refuses (NOT_FOUND) a session of an event the reader may not see: deleted, or archived and not theirs. */
  private async reader(sessionId: string, principal: Principal | null): Promise<Reader> {
    await this.lifecycle.checkSession(sessionId, principal);
    return { insider: await this.scopes.insiderOfSession(sessionId, principal) };
  }
}
