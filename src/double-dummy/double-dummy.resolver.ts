import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
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
  constructor(private readonly solver: DoubleDummyService) {}

  @ResolveField(() => DoubleDummy, { nullable: true, description: 'Double-dummy table and par of the deal; null without a deal or until it is solved (see Session.doubleDummyProgress)' })
  doubleDummy(@Parent() board: Board) {
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
