import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { AppealsService } from './appeals.service.js';
import { DecideAppealInput, LodgeAppealInput } from './dto/appeal.inputs.js';
import { AppealModel } from './models/appeal.model.js';

@Resolver()
export class AppealsResolver {
  constructor(
    private readonly service: AppealsService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Mutation(() => AppealModel, { description: 'Law 92: records an appeal of a ruling, within the Law 92B period (the same appeal sent again is the one already lodged)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'sessionContestant', id: a.input?.sessionId, contestantId: a.input?.contestantId }), 'Lodging an appeal')
  lodgeAppeal(@Args('input') input: LodgeAppealInput, @Actor() actor: string) {
    return this.service.lodge(input, actor);
  }

  @Mutation(() => AppealModel, { description: 'Law 93: decides an appeal, once (the same decision sent again changes nothing); the session’s results can be FINAL once none is pending' })
  @Requires('DIRECTOR', (a) => ({ kind: 'appeal', id: a.input?.id }), 'Deciding an appeal')
  decideAppeal(@Args('input') input: DecideAppealInput, @Actor() actor: string) {
    return this.service.decide(input, actor);
  }

  @Query(() => [AppealModel], { description: 'Appeals of a session, to the keys of the clubs that run it (a host club sees its own sections’)' })
  async appeals(@IdArg('sessionId') sessionId: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(sessionId, principal);
    return this.service.list(sessionId, principal);
  }
}
