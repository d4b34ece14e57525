import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { Direction } from '../common/enums.js';
import { Traveller } from '../results/models/traveller.model.js';
import { Session } from '../sessions/models/session.model.js';
import { RankingEntry } from './models/ranking.model.js';
import { MAX_WHOLE_RANKING, MAX_WHOLE_TRAVELLERS, RankingsService } from './rankings.service.js';
import { RowBudget, WholeRows, spent } from '../common/row-budget.js';

/** A session's results on the session itself, so a results page is one query: the session, its ranking and its travellers. */
@Resolver(() => Session)
export class SessionResultsResolver {
  constructor(
    private readonly rankings: RankingsService,
    private readonly scopes: ScopeService,
  ) {}

  @ResolveField(() => [RankingEntry], { description: `The session ranking, as sessionRanking (refused past ${MAX_WHOLE_RANKING.toLocaleString('en-GB')} rows: read sessionRankingPage); direction picks one field of a two-winner Mitchell` })
  async ranking(
    @Parent() session: Session,
    @WholeRows() rows: RowBudget,
    @Args('direction', { type: () => Direction, nullable: true, description: 'NS or EW: one field of a two-winner Mitchell' }) direction?: Direction,
  ) {
    return spent(rows, 'ranking', await this.rankings.sessionRanking(session.id, direction));
  }

  @ResolveField(() => [Traveller], { description: `Every board’s traveller, in board order, as traveller gives them (hidden from the public while the director says so). A session of more than ${MAX_WHOLE_TRAVELLERS.toLocaleString('en-GB')} lines is refused with BAD_USER_INPUT: read it a board and a page at a time with travellerPage` })
  async travellers(@Parent() session: Session, @CurrentPrincipal() principal: Principal | null, @WholeRows() rows: RowBudget) {
    const insider = await this.scopes.insiderOfSession(session.id, principal);
    return spent(rows, 'travellers', await this.rankings.travellers(session.id, { insider }));
  }
}
