import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { Organization } from '../organizations/models/organization.model.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { CreateEventInput, EventsArgs, UpdateEventInput } from './dto/event.inputs.js';
import { EventsService, matchpointScaleOf } from './events.service.js';
import { Event, EventConnection, MatchpointScale } from './models/event.model.js';

@Resolver(() => Event)
export class EventsResolver {
  constructor(
    private readonly eventsService: EventsService,
    private readonly organizationsService: OrganizationsService,
  ) {}

  @Query(() => EventConnection, { description: 'Events, latest first; filter by organisation, date, status, kind, name' })
  events(@Args() args: EventsArgs) {
    return this.eventsService.list(args);
  }

  @Query(() => Event)
  event(@IdArg() id: string) {
    return this.eventsService.get(id);
  }

  @Mutation(() => Event)
  @Requires('DIRECTOR', (a) => ({ kind: 'ownOrganization', organizationId: a.input?.organizationId }), 'Creating an event')
  createEvent(@Args('input') input: CreateEventInput, @CurrentPrincipal() principal: Principal) {
    return this.eventsService.create({ ...input, organizationId: input.organizationId ?? principal.organizationId ?? undefined });
  }

  @Mutation(() => Event)
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.id }), 'Changing an event')
  updateEvent(@IdArg() id: string, @Args('input') input: UpdateEventInput) {
    return this.eventsService.update(id, input);
  }

  @ResolveField(() => MatchpointScale)
  matchpointScale(@Parent() event: Event & { scoringOptions?: unknown }) {
    return matchpointScaleOf({ scoringOptions: (event.scoringOptions ?? null) as never });
  }

  @ResolveField(() => Organization, { nullable: true })
  organization(@Parent() event: Event) {
    return event.organizationId ? this.organizationsService.get(event.organizationId) : null;
  }
}
