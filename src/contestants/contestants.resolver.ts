import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Requires, type ScopeTarget } from '../auth/requires.decorator.js';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { CONTESTANT_NAME } from './models/contestant.model.js';

import { IdArg } from '../common/id.js';
import { Event } from '../events/models/event.model.js';
import { Session } from '../sessions/models/session.model.js';
import { ContestantsService, MAX_WHOLE_CONTESTANTS } from './contestants.service.js';
import { ContestantsArgs } from './dto/contestants.args.js';
import { RowBudget, WholeRows, spent } from '../common/row-budget.js';
import { AddContestantsInput, UpdateContestantInput } from './dto/contestant.inputs.js';
import { Contestant } from './models/contestant.model.js';

/**
 * Contestants numbered per section are entered by the event's organisation or by the club hosting
 * their section (a simultaneous event); one without a section only by the organisation.
 */
const contestantSections = (eventId: unknown, contestants: unknown): ScopeTarget[] => {
  const letters = Array.isArray(contestants) && contestants.length ? contestants.map((c) => (c && typeof c === 'object' && 'section' in c && typeof c.section === 'string' ? c.section.trim().toUpperCase() : '')) : [''];
  return [...new Set(letters)].map((section) => (section ? { kind: 'eventSection', id: eventId, section } : { kind: 'event', id: eventId }));
};

@Resolver(() => Contestant)
export class ContestantsResolver {
  constructor(
    private readonly contestantsService: ContestantsService,
    private readonly privacy: PlayerPrivacy,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @ResolveField(() => String, { description: CONTESTANT_NAME })
  name(@Parent() contestant: Contestant, @CurrentPrincipal() principal: Principal | null) {
    return this.privacy.contestantName(contestant, principal);
  }

  @Query(() => Contestant, { description: 'One contestant by id with its players (NOT_FOUND when unknown, or of an event the key may not read)' })
  async contestant(@IdArg() id: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkWithin({ kind: 'contestant', id }, principal);
    return this.contestantsService.get(id);
  }

  @Mutation(() => [Contestant], { description: 'Enters pairs or teams; all or nothing, numbers unique per event' })
  @Requires('DIRECTOR', (a) => contestantSections(a.input?.eventId, a.input?.contestants), 'Entering contestants')
  addContestants(@Args('input') input: AddContestantsInput, @CurrentPrincipal() principal: Principal | null) {
    return this.contestantsService.add(input, principal);
  }

  @Mutation(() => Contestant, { description: 'Renames a contestant (DIRECTOR)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'contestant', id: a.id }), 'Changing a contestant')
  updateContestant(@IdArg() id: string, @Args('input') input: UpdateContestantInput, @CurrentPrincipal() principal: Principal | null) {
    return this.contestantsService.update(id, input, principal);
  }
}

@Resolver(() => Event)
export class EventContestantsResolver {
  constructor(private readonly contestantsService: ContestantsService) {}

  @ResolveField(() => [Contestant], { description: `By section, direction, then number. An event of more than ${MAX_WHOLE_CONTESTANTS.toLocaleString('en-GB')} contestants is refused with BAD_USER_INPUT unless one section is named` })
  async contestants(@Parent() event: Event, @Args() args: ContestantsArgs, @WholeRows() rows: RowBudget) {
    return spent(rows, 'contestants', await this.contestantsService.listed(event.id, args.section));
  }
}

@Resolver(() => Session)
export class SessionContestantsResolver {
  constructor(private readonly contestantsService: ContestantsService) {}

  @ResolveField(() => [Contestant], { description: 'The contestants of the session’s event, as Event.contestants' })
  async contestants(@Parent() session: Session, @Args() args: ContestantsArgs, @WholeRows() rows: RowBudget) {
    return spent(rows, 'contestants', await this.contestantsService.listed(session.eventId, args.section));
  }
}
