import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { GiveRulingInput, RequestRulingInput } from './dto/ruling.inputs.js';
import { RulingRequestModel } from './models/ruling-request.model.js';
import { RulingsService } from './rulings.service.js';

@Resolver()
export class RulingsResolver {
  constructor(
    private readonly service: RulingsService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Mutation(() => RulingRequestModel, { description: 'Law 92B: records a request for the director’s ruling, within the appeal period (the same request sent again is the one already made)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'sessionContestant', id: a.input?.sessionId, contestantId: a.input?.contestantId }), 'Recording a ruling request')
  requestRuling(@Args('input') input: RequestRulingInput, @Actor() actor: string) {
    return this.service.request(input, actor);
  }

  @Mutation(() => RulingRequestModel, { description: 'Gives the ruling on a request, once (the same ruling sent again changes nothing; a ruling is changed on appeal); the session’s results can be FINAL once none waits' })
  @Requires('DIRECTOR', (a) => ({ kind: 'rulingRequest', id: a.input?.id }), 'Giving a ruling')
  giveRuling(@Args('input') input: GiveRulingInput, @Actor() actor: string) {
    return this.service.rule(input, actor);
  }

  @Query(() => [RulingRequestModel], { description: 'Ruling requests of a session, to the keys of the clubs that run it (a host club sees its own sections’)' })
  async rulingRequests(@IdArg('sessionId') sessionId: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(sessionId, principal);
    return this.service.list(sessionId, principal);
  }
}
