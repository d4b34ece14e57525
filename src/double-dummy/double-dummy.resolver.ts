import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { DealVisibility } from '../boards/deal-visibility.js';
import { Board } from '../boards/models/board.model.js';
import { Seat, Vulnerability } from '../common/enums.js';
import { Traveller } from '../results/models/traveller.model.js';
import { Session } from '../sessions/models/session.model.js';
import { DoubleDummyService } from './double-dummy.service.js';
import { DoubleDummy, DoubleDummyProgress, Par } from './models/double-dummy.model.js';

@Resolver()
export class DoubleDummyResolver {
  constructor(private readonly solver: DoubleDummyService) {}

  @Query(() => DoubleDummy, { description: 'Solves a PBN deal double dummy: 20 trick counts and par (a calculator; solved in a worker thread)' })
  doubleDummy(
    @Args('deal', { description: 'A full deal in PBN notation, e.g. "N:AKQ2.T95.J87.A43 …"' }) deal: string,
    @Args('vulnerability', { type: () => Vulnerability, nullable: true, description: 'For par; default NONE' }) vulnerability?: Vulnerability | null,
    @Args('dealer', { type: () => Seat, nullable: true, description: 'For par, bids first; default N' }) dealer?: Seat | null,
  ) {
    return this.solver.analyse(deal, vulnerability ?? 'NONE', dealer ?? 'N');
  }
}

@Resolver(() => Board)
export class BoardDoubleDummyResolver {
  constructor(
    private readonly solver: DoubleDummyService,
    private readonly deals: DealVisibility,
  ) {}

  @ResolveField(() => DoubleDummy, {
    nullable: true,
    description: 'Double-dummy table and par of the deal; null without a deal, until it is solved (see Session.doubleDummyProgress), or for the public while the director hides travellers',
  })
  async doubleDummy(@Parent() board: Board, @CurrentPrincipal() principal: Principal | null) {
    if (!board.deal || !(await this.deals.visible(board, principal))) return null;
    return this.solver.ofBoard(board.id, board.deal, board.vulnerability, board.dealer);
  }
}

@Resolver(() => Session)
export class SessionDoubleDummyResolver {
  constructor(private readonly solver: DoubleDummyService) {}

  @ResolveField(() => DoubleDummyProgress, { description: 'How many of the session’s deals have their double-dummy table' })
  doubleDummyProgress(@Parent() session: Session) {
    return this.solver.progress(session.id);
  }
}

@Resolver(() => Traveller)
export class TravellerParResolver {
  constructor(private readonly solver: DoubleDummyService) {}

  @ResolveField(() => Par, {
    nullable: true,
    description: 'Par of the board, to read each line against (a line’s nsScore minus par.nsScore); null while the deal is hidden or not yet solved',
  })
  async par(@Parent() traveller: Traveller) {
    // The traveller carries a deal only when its reader may see it (hidden travellers have none).
    if (!traveller.deal) return null;
    const board = { number: traveller.board, deal: traveller.deal, vulnerability: traveller.vulnerability, dealer: traveller.dealer };
    return (await this.solver.ofSessionDeals(traveller.sessionId, [board])).get(traveller.board)?.par ?? null;
  }
}
