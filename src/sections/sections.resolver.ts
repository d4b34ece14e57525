import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import { authorize, type Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { ScopeService } from '../auth/scope.service.js';
import { Organization } from '../organizations/models/organization.model.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { Direction } from '../common/enums.js';
import { ExpectedLine, GuideCardRound, MovementModel, SwissDrawModel, TableCardRound } from './models/movement.model.js';
import { MAX_SWISS_FIELD, SwissDrawInput } from './dto/swiss.input.js';
import { swissDraw, type SwissMatchPlayed } from '../bridge/movements/index.js';
import { BadInputError } from '../common/errors.js';
import { rankingRows, scoreEvent } from '../rankings/event-scoring.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import { eventThroughRound, swissInputOf, type SwissInput } from '../rankings/swiss-from-event.js';
import { IdArg } from '../common/id.js';
import { Session } from '../sessions/models/session.model.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { CreateSectionInput, UpdateSectionInput } from './dto/section.inputs.js';
import { Section } from './models/section.model.js';
import { SectionsService } from './sections.service.js';

@Resolver(() => Section)
export class SectionsResolver {
  constructor(
    private readonly sectionsService: SectionsService,
    private readonly sessionsService: SessionsService,
    private readonly scopes: ScopeService,
    private readonly organizations: OrganizationsService,
    private readonly lifecycle: EventLifecycle,
    private readonly scoredEvents: ScoredEvents,
  ) {}

  @Query(() => Section, { description: 'One section by id (NOT_FOUND when unknown, or of an event the key may not read)' })
  async section(@IdArg() id: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkWithin({ kind: 'section', id }, principal);
    return this.sectionsService.get(id);
  }

  @Mutation(() => Section, { description: 'Adds a section to a session and builds its movement (DIRECTOR)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'session', id: a.input?.sessionId }), 'Creating a section')
  createSection(@Args('input') input: CreateSectionInput) {
    return this.sectionsService.create(input);
  }

  @Mutation(() => Section, {
    description: 'Changes a section’s tables, boards or movement, or marks its play finished (DIRECTOR of the event, or of the club hosting the section); only the event’s organisation hands a section to another club. After the session’s Law 79C correction period a new movement, boards or host need override: true',
  })
  @Requires('DIRECTOR', (a) => ({ kind: 'section', id: a.id }), 'Changing a section')
  async updateSection(@IdArg() id: string, @Args('input') input: UpdateSectionInput, @CurrentPrincipal() principal: Principal | null, @Actor() actor: string) {
    if (input.organizationId !== undefined) {
      // The host club may run its section, not give it away: the event's scope without its host.
      const scope = await this.scopes.resolve({ kind: 'section', id }, principal);
      authorize(principal, 'DIRECTOR', scope && { ...scope, hostId: null }, 'Choosing the club that runs a section');
    }
    return this.sectionsService.update(id, input, actor);
  }

  @Query(() => MovementModel, { nullable: true, description: 'Rounds → tables → NS, EW and boards; null when the section has none' })
  movement(@IdArg('sectionId') sectionId: string) {
    return this.sectionsService.movement(sectionId);
  }

  @Query(() => [GuideCardRound], { description: 'A contestant’s guide card: table, direction, opponents and boards per round' })
  guideCard(
    @IdArg('sectionId') sectionId: string,
    @Args('number', { type: () => Int }) number: number,
    @Args('direction', { type: () => Direction, nullable: true, description: 'Home direction in a Mitchell' }) direction?: Direction,
  ) {
    return this.sectionsService.guideCard(sectionId, number, direction ?? null);
  }

  @Query(() => [TableCardRound], { description: 'A table’s card: pairs and boards per round' })
  tableCard(@IdArg('sectionId') sectionId: string, @Args('table', { type: () => Int }) table: number) {
    return this.sectionsService.tableCard(sectionId, table);
  }

  @Query(() => SwissDrawModel, {
    description: 'The next Swiss round from the standings (given, or the event’s own with eventId): no repeats while avoidable, bye to the lowest without one',
  })
  async swissDraw(@Args('input') input: SwissDrawInput, @CurrentPrincipal() principal: Principal | null): Promise<SwissDrawModel> {
    if (input.standingsAfterRound !== undefined && input.standingsAfterRound !== null && !input.eventId) throw new BadInputError('standingsAfterRound reads the event’s results: give the eventId', ['standingsAfterRound']);
    const event = input.eventId ? await this.swissInputOfEvent(input.eventId, principal, input.standingsAfterRound ?? undefined) : null;
    const standings = input.standings ?? event?.standings;
    if (!standings) throw new BadInputError('Give the standings, or the eventId whose ranking and matches the round is drawn from', ['standings']);
    const history = input.history?.map((m): SwissMatchPlayed => (m.round ? [m.a, m.b, m.round] : [m.a, m.b])) ?? event?.history;
    const draw = swissDraw({ ...input, standings, history, byes: input.byes ?? event?.byes });
    return { bye: draw.bye, repeats: draw.repeats, matches: draw.matches.map(([home, away], i) => ({ table: i + 1, home, away })) };
  }

  /** The standings (after `afterRound`, a lagged Swiss), matches and byes of an event the reader may see. */
  private async swissInputOfEvent(eventId: string, principal: Principal | null, afterRound?: number): Promise<SwissInput> {
    await this.lifecycle.check(eventId, principal);
    const scored = await this.scoredEvents.ofEvent(eventId);
    // The draw's search is for a Swiss field, as the standings a caller sends (a national simultaneous is not drawn).
    if (scored.data.contestants.size > MAX_SWISS_FIELD) throw new BadInputError(`A Swiss draw takes at most ${MAX_SWISS_FIELD} contestants; this event has ${scored.data.contestants.size}`, ['eventId']);
    let ranked = scored;
    if (afterRound !== undefined) {
      const earlier = eventThroughRound(scored.data, afterRound);
      if ('problem' in earlier) throw new BadInputError(earlier.problem, ['standingsAfterRound']);
      ranked = scoreEvent(earlier);
    }
    const input = swissInputOf(scored, rankingRows(ranked, [...ranked.sessions.values()]));
    if ('problem' in input) throw new BadInputError(input.problem, ['eventId']);
    return input;
  }

  @ResolveField(() => MovementModel, { nullable: true, name: 'movement', description: 'The section’s movement: rounds, tables, pairs and boards; null when none was set' })
  sectionMovement(@Parent() section: Section) {
    return this.sectionsService.movement(section.id);
  }

  @ResolveField(() => [ExpectedLine], {
    nullable: true,
    description: 'DOMAIN §6.6: the lines the movement expects that are not stored yet, by round and table (a line marked not played or adjusted is stored); null without a pairs or teams movement',
  })
  missingLines(@Parent() section: Section, @Args('round', { type: () => Int, nullable: true, description: 'One round only' }) round?: number) {
    return this.sectionsService.missingLines(section.id, round ?? undefined);
  }

  @ResolveField(() => Organization, { nullable: true, description: 'Simultaneous events: the club running this section; null when the event’s own organisation runs it' })
  host(@Parent() section: Section) {
    return section.organizationId ? this.organizations.get(section.organizationId) : null;
  }

  @ResolveField(() => Session, { description: 'The session the section belongs to' })
  session(@Parent() section: Section) {
    return this.sessionsService.get(section.sessionId);
  }
}

@Resolver(() => Session)
export class SessionSectionsResolver {
  constructor(private readonly sectionsService: SectionsService) {}

  @ResolveField(() => [Section], { description: 'By letter' })
  sections(@Parent() session: Session) {
    return this.sectionsService.ofSession(session.id);
  }
}
