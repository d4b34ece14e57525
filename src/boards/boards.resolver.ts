import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { Session } from '../sessions/models/session.model.js';
import { BoardsService } from './boards.service.js';
import { DealVisibility } from './deal-visibility.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { AddBoardsInput, UpdateBoardInput } from './dto/board.inputs.js';
import { Board } from './models/board.model.js';

@Resolver(() => Board)
export class BoardsResolver {
  constructor(
    private readonly boardsService: BoardsService,
    private readonly deals: DealVisibility,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @ResolveField(() => String, { nullable: true, description: 'The deal in PBN notation, from North; null for the public while the director hides travellers' })
  async deal(@Parent() board: Board, @CurrentPrincipal() principal: Principal | null): Promise<string | null> {
    if (!board.deal) return null;
    return (await this.deals.visible(board, principal)) ? board.deal : null;
  }

  @Query(() => Board, { description: 'One board of a session, by number (NOT_FOUND for a session of an event the key may not read)' })
  async board(@IdArg('sessionId') sessionId: string, @Args('number', { type: () => Int }) number: number, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(sessionId, principal);
    return this.boardsService.byNumber(sessionId, number);
  }

  @Mutation(() => [Board], { description: 'Adds boards (with deals) to a session; all or nothing' })
  @Requires('DIRECTOR', (a) => ({ kind: 'session', id: a.input?.sessionId }), 'Adding boards')
  addBoards(@Args('input') input: AddBoardsInput) {
    return this.boardsService.add(input);
  }

  @Mutation(() => Board, { description: 'Sets a board’s deal or its marked dealer/vulnerability' })
  @Requires('DIRECTOR', (a) => ({ kind: 'board', id: a.id }), 'Changing a board')
  updateBoard(@IdArg() id: string, @Args('input') input: UpdateBoardInput) {
    return this.boardsService.update(id, input);
  }
}

@Resolver(() => Session)
export class SessionBoardsResolver {
  constructor(private readonly boardsService: BoardsService) {}

  @ResolveField(() => [Board], { description: 'By board number' })
  boards(@Parent() session: Session) {
    return this.boardsService.ofSession(session.id);
  }
}
