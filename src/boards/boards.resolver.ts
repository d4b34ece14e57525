import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { Session } from '../sessions/models/session.model.js';
import { BoardsService } from './boards.service.js';
import { AddBoardsInput, UpdateBoardInput } from './dto/board.inputs.js';
import { Board } from './models/board.model.js';

@Resolver(() => Board)
export class BoardsResolver {
  constructor(private readonly boardsService: BoardsService) {}

  @Query(() => Board, { description: 'One board of a session, by number' })
  board(@IdArg('sessionId') sessionId: string, @Args('number', { type: () => Int }) number: number) {
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
