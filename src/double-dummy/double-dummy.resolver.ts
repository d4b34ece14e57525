import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { DealVisibility } from '../boards/deal-visibility.js';
import { Board } from '../boards/models/board.model.js';
import { Seat, Vulnerability } from '../common/enums.js';
import { Session } from '../sessions/models/session.model.js';
import { DoubleDummyService } from './double-dummy.service.js';
import { DoubleDummy, DoubleDummyProgress } from './models/double-dummy.model.js';

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
