import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Requires } from '../auth/requires.decorator.js';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { ResultsStanding } from '../common/enums.js';
import { IdArg } from '../common/id.js';
import { resultsStanding } from '../bridge/periods.js';
import { EventsService } from '../events/events.service.js';
import { Event } from '../events/models/event.model.js';
import { CreateSessionInput, UpdateSessionInput } from './dto/session.inputs.js';
import { Session } from './models/session.model.js';
import { SessionsService } from './sessions.service.js';

@Resolver(() => Session)
export class SessionsResolver {
  constructor(
    private readonly sessionsService: SessionsService,
    private readonly eventsService: EventsService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Query(() => Session, { description: 'One session by id with its sections (NOT_FOUND when unknown, or when its event is deleted, or archived and the key is not its organisation’s)' })
  async session(@IdArg() id: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(id, principal);
    return this.sessionsService.get(id);
  }

  @Mutation(() => Session, { description: 'Adds a session to an event (DIRECTOR); numbered after the last one unless `number` is given' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.input?.eventId }), 'Creating a session')
  createSession(@Args('input') input: CreateSessionInput) {
    return this.sessionsService.create(input);
  }

  @Mutation(() => Session, { description: 'Changes a session’s name, start or status (DIRECTOR)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'session', id: a.id }), 'Changing a session')
  updateSession(@IdArg() id: string, @Args('input') input: UpdateSessionInput) {
    return this.sessionsService.update(id, input);
  }

  @ResolveField(() => Event, { description: 'The event the session belongs to' })
  event(@Parent() session: Session) {
    return this.eventsService.get(session.eventId);
  }

  @ResolveField(() => ResultsStanding, { description: 'PROVISIONAL until published, OFFICIAL while the Law 79C and 92B periods run or an appeal is pending, then FINAL' })
  standing(@Parent() session: Session) {
    return resultsStanding(session);
  }
}

@Resolver(() => Event)
export class EventSessionsResolver {
  constructor(private readonly sessionsService: SessionsService) {}

  @ResolveField(() => [Session], { description: 'In playing order' })
  sessions(@Parent() event: Event) {
    return this.sessionsService.ofEvent(event.id);
  }
}
