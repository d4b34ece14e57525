import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CarryForwardModel } from '../events/models/scoring-rules.model.js';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { CarryForwardService } from './carry-forward.service.js';
import { SetCarryForwardInput } from './dto/carry-forward.inputs.js';
import { CarryForwardReport } from './models/carry-forward.model.js';

@Resolver(() => CarryForwardModel)
export class CarryForwardResolver {
  constructor(private readonly service: CarryForwardService) {}

  @Mutation(() => CarryForwardReport, {
    description:
      'DOMAIN §7: sets a final’s carry-forward from its qualifying event (a DIRECTOR of both), worked out from the qualifying ranking as it stands and counted in the final’s event ranking; fraction 0 removes it. After a session of the final passed its Law 79C period, only with override: true',
  })
  @Requires('DIRECTOR', (a) => [{ kind: 'event', id: a.input?.eventId }, { kind: 'event', id: a.input?.fromEventId }], 'Setting a carry-forward')
  setCarryForward(@Args('input') input: SetCarryForwardInput, @Actor() actor: string) {
    return this.service.set(input, actor);
  }

  @ResolveField(() => Boolean, {
    description: 'True when the qualifying ranking has changed since the carry-forward was set (a correction, a ruling, a contestant gone, the event deleted): set it again to carry the new figures',
  })
  stale(@Parent() carry: CarryForwardModel) {
    return this.service.stale(carry.stored);
  }
}
