import { Args, Float, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import { ForbiddenError, type Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { Organization } from '../organizations/models/organization.model.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { CreateEventInput, EventsArgs, UpdateEventInput } from './dto/event.inputs.js';
import { EventsService } from './events.service.js';
import { Event, EventConnection, MatchpointScale } from './models/event.model.js';
import { ArtificialScores, ButlerTrim, CarryOver, DatumRounding, Factoring, ForfeitAward, ScoreAcross, SessionWeighting, TieBreak, VpAward, VpBoards, VpScaleTable } from './models/scoring-rules.model.js';
import { eventRules } from './scoring-rules.js';

type StoredEvent = Event & { scoringOptions: unknown; vpScale: string | null };

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
  updateEvent(@IdArg() id: string, @Args('input') input: UpdateEventInput, @CurrentPrincipal() principal: Principal) {
    // Only a global admin key (it made the event without one) may say whose event it is.
    if (input.organizationId && principal.organizationId !== null) throw new ForbiddenError('Only a global admin key may give an event its organisation');
    return this.eventsService.update(id, input);
  }

  @ResolveField(() => MatchpointScale)
  matchpointScale(@Parent() event: StoredEvent) {
    return eventRules(event).matchpointScale;
  }

  @ResolveField(() => Factoring)
  factoring(@Parent() event: StoredEvent) {
    return eventRules(event).factoring;
  }

  @ResolveField(() => ArtificialScores)
  artificialScores(@Parent() event: StoredEvent) {
    return eventRules(event).artificialScores;
  }

  @ResolveField(() => Boolean, { description: 'Law 12C2(c) is applied' })
  sessionPercentageRule(@Parent() event: StoredEvent) {
    return eventRules(event).sessionPercentageRule;
  }

  @ResolveField(() => ButlerTrim, { nullable: true, description: 'Null: the default rule (all kept when n ≤ 3, else ceil((n − 10)/15) + 1 dropped at each end)' })
  butlerTrim(@Parent() event: StoredEvent) {
    const trim = eventRules(event).butlerTrim;
    return trim ? { perEnd: 'perEnd' in trim ? trim.perEnd : null, percentPerEnd: 'percentPerEnd' in trim ? trim.percentPerEnd : null } : null;
  }

  @ResolveField(() => DatumRounding)
  butlerDatumRounding(@Parent() event: StoredEvent) {
    return eventRules(event).butlerDatumRounding;
  }

  @ResolveField(() => Float, { nullable: true, description: 'IMPs a pair wins in one round count at most this; null: no cap' })
  impCapPerRound(@Parent() event: StoredEvent) {
    return eventRules(event).impCapPerRound;
  }

  @ResolveField(() => ScoreAcross)
  scoreAcross(@Parent() event: StoredEvent) {
    return eventRules(event).scoreAcross;
  }

  @ResolveField(() => SessionWeighting)
  sessionWeighting(@Parent() event: StoredEvent) {
    return eventRules(event).sessionWeighting;
  }

  @ResolveField(() => VpScaleTable, { nullable: true })
  customVpScale(@Parent() event: StoredEvent) {
    return eventRules(event).customVpScale;
  }

  @ResolveField(() => VpBoards)
  vpBoards(@Parent() event: StoredEvent) {
    return eventRules(event).vpBoards;
  }

  @ResolveField(() => [TieBreak])
  tieBreaks(@Parent() event: StoredEvent) {
    return eventRules(event).tieBreaks;
  }

  @ResolveField(() => VpAward)
  byeAward(@Parent() event: StoredEvent) {
    return eventRules(event).byeAward;
  }

  @ResolveField(() => ForfeitAward)
  forfeitAward(@Parent() event: StoredEvent) {
    return eventRules(event).forfeitAward;
  }

  @ResolveField(() => Boolean, { description: 'Teams: a knockout (one match per pair of teams over all its segments)' })
  knockout(@Parent() event: StoredEvent) {
    return eventRules(event).knockout;
  }

  @ResolveField(() => [CarryOver])
  carryOver(@Parent() event: StoredEvent) {
    return eventRules(event).carryOver;
  }

  @ResolveField(() => Organization, { nullable: true })
  organization(@Parent() event: Event) {
    return event.organizationId ? this.organizationsService.get(event.organizationId) : null;
  }
}
