import { Fraction } from '../bridge/fraction.js';
import { Args, Float, Mutation, Parent, Query, ResolveField, Resolver, Int } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import { ForbiddenError, isInsider, type Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { BadInputError } from '../common/errors.js';
import { EventLifecycle } from './event-lifecycle.service.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { Organization } from '../organizations/models/organization.model.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { CreateEventInput, EventListing, EventsArgs, UpdateEventInput } from './dto/event.inputs.js';
import { EventsService } from './events.service.js';
import { Event, EventConnection, MatchpointScale } from './models/event.model.js';
import { ArtificialScores, ButlerTrim, CarryForwardModel, CarryOver, MultipleArtificialScores, DatumRounding, Factoring, FouledSmallGroups, ImpDifferenceRounding, ForfeitAward, ScoreAcross, SessionWeighting, TeamsTotalPoints, TieBreak, VpAward, VpBoards, VpFractionalMargin, VpScaleTable } from './models/scoring-rules.model.js';
import { eventRules } from './scoring-rules.js';

type StoredEvent = Event & { scoringOptions: unknown; vpScale: string | null };

@Resolver(() => Event)
export class EventsResolver {
  constructor(
    private readonly eventsService: EventsService,
    private readonly organizationsService: OrganizationsService,
    private readonly lifecycle: EventLifecycle,
    private readonly scopes: ScopeService,
  ) {}

  @Query(() => EventConnection, { description: 'Events, latest first; filter by organisation, date, status, kind, name' })
  async events(@Args() args: EventsArgs, @CurrentPrincipal() principal: Principal | null) {
    if (args.listing && args.listing !== EventListing.CURRENT) {
      // Archived and deleted events are their organisation's own business.
      const what = `Listing ${args.listing.toLowerCase()} events`;
      if (!args.organizationId) throw new BadInputError(`${what} needs organizationId`, ['organizationId']);
      if (!isInsider(principal, await this.scopes.resolve({ kind: 'organization', id: args.organizationId }, principal))) throw new ForbiddenError(`${what} needs a key of the organisation`);
    }
    return this.eventsService.list(args);
  }

  @Query(() => Event, { description: 'One event by id (NOT_FOUND when unknown, deleted, or archived and the key is not its organisation’s)' })
  async event(@IdArg() id: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.check(id, principal);
    return this.eventsService.get(id);
  }

  @Mutation(() => Event, { description: 'Creates an event (DIRECTOR of its organisation); scoring rules left out take their defaults' })
  @Requires('DIRECTOR', (a) => ({ kind: 'ownOrganization', organizationId: a.input?.organizationId }), 'Creating an event')
  createEvent(@Args('input') input: CreateEventInput, @CurrentPrincipal() principal: Principal) {
    return this.eventsService.create({ ...input, organizationId: input.organizationId ?? principal.organizationId ?? undefined });
  }

  @Mutation(() => Event, { description: 'Changes an event’s details or scoring rules (DIRECTOR); results are scored again (after a session’s Law 79C correction period, only with override: true)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.id }), 'Changing an event')
  updateEvent(@IdArg() id: string, @Args('input') input: UpdateEventInput, @CurrentPrincipal() principal: Principal, @Actor() actor: string) {
    // Only a global admin key (it made the event without one) may say whose event it is.
    if (input.organizationId && principal.organizationId !== null) throw new ForbiddenError('Only a global admin key may give an event its organisation');
    return this.eventsService.update(id, input, actor);
  }

  @ResolveField(() => MatchpointScale, { description: 'TWO_POINT (2/1/0 per comparison, default) or ONE_POINT (1/½/0, ACBL)' })
  matchpointScale(@Parent() event: StoredEvent) {
    return eventRules(event).matchpointScale;
  }

  @ResolveField(() => Factoring, { description: 'How boards with fewer results are factored to the full top: NEUBERG (default) or RATIO' })
  factoring(@Parent() event: StoredEvent) {
    return eventRules(event).factoring;
  }

  @ResolveField(() => ArtificialScores, { description: 'Values of artificial adjusted scores (Law 12C2)' })
  artificialScores(@Parent() event: StoredEvent) {
    return eventRules(event).artificialScores;
  }

  @ResolveField(() => Boolean, { description: 'Law 12C2(c) is applied' })
  sessionPercentageRule(@Parent() event: StoredEvent) {
    return eventRules(event).sessionPercentageRule;
  }

  @ResolveField(() => MultipleArtificialScores, { nullable: true, description: 'Law 12C2(d): the values of a contestant’s later artificial scores in a session; null: every one takes artificialScores' })
  multipleArtificial(@Parent() event: StoredEvent) {
    return eventRules(event).multipleArtificial;
  }

  @ResolveField(() => ButlerTrim, { nullable: true, description: 'Null: the default rule (all kept when n ≤ 3, else ceil((n − 10)/15) + 1 dropped at each end)' })
  butlerTrim(@Parent() event: StoredEvent) {
    const trim = eventRules(event).butlerTrim;
    return trim ? { perEnd: 'perEnd' in trim ? trim.perEnd : null, percentPerEnd: 'percentPerEnd' in trim ? trim.percentPerEnd : null } : null;
  }

  @ResolveField(() => FouledSmallGroups, { description: 'A fouled board’s small groups (Law 87): NEUBERG (default) or FIXED_PERCENTAGES' })
  fouledSmallGroups(@Parent() event: StoredEvent) {
    return eventRules(event).fouledSmallGroups;
  }

  @ResolveField(() => DatumRounding, { description: 'Butler datum rounding: NEAREST_10 (default), TOWARD_ZERO_10 or NONE' })
  butlerDatumRounding(@Parent() event: StoredEvent) {
    return eventRules(event).butlerDatumRounding;
  }

  @ResolveField(() => ImpDifferenceRounding, { description: 'A difference that is not a multiple of 10: HALF_OPEN (default) or NEAREST_10 first' })
  impDifferenceRounding(@Parent() event: StoredEvent) {
    return eventRules(event).impDifferenceRounding;
  }

  @ResolveField(() => Float, { nullable: true, description: 'IMPs a pair wins in one round count at most this; null: no cap' })
  impCapPerRound(@Parent() event: StoredEvent) {
    return eventRules(event).impCapPerRound;
  }

  @ResolveField(() => Int, { nullable: true, description: 'Cross-IMPs scaled to this many comparisons; null: the average over each board’s comparisons' })
  crossImpComparisons(@Parent() event: StoredEvent) {
    return eventRules(event).crossImpComparisons;
  }

  @ResolveField(() => ScoreAcross, { description: 'SECTION (default) or SESSION: which sections are one field' })
  scoreAcross(@Parent() event: StoredEvent) {
    return eventRules(event).scoreAcross;
  }

  @ResolveField(() => SessionWeighting, { description: 'BOARDS (default) or EQUAL: how sessions combine into the event’s result' })
  sessionWeighting(@Parent() event: StoredEvent) {
    return eventRules(event).sessionWeighting;
  }

  @ResolveField(() => VpScaleTable, { nullable: true, description: 'The event’s own VP table when vpScale is CUSTOM; null otherwise' })
  customVpScale(@Parent() event: StoredEvent) {
    return eventRules(event).customVpScale;
  }

  @ResolveField(() => VpBoards, { description: 'PLAYED (default) or SCHEDULED: the board count a VP scale is read for' })
  vpBoards(@Parent() event: StoredEvent) {
    return eventRules(event).vpBoards;
  }

  @ResolveField(() => VpFractionalMargin, { description: 'INTERPOLATE (default) or FORMULA: the VPs of a fractional IMP margin on a continuous scale' })
  vpFractionalMargin(@Parent() event: StoredEvent) {
    return eventRules(event).vpFractionalMargin;
  }

  @ResolveField(() => TeamsTotalPoints, { description: 'Teams scored TOTAL_POINTS: AGGREGATE (default) or BOARD_A_MATCH' })
  teamsTotalPoints(@Parent() event: StoredEvent) {
    return eventRules(event).teamsTotalPoints;
  }

  @ResolveField(() => Boolean, { description: 'Board-a-match: a difference of 10 points is a tie' })
  boardAMatchTenIsTie(@Parent() event: StoredEvent) {
    return eventRules(event).boardAMatchTenIsTie;
  }

  @ResolveField(() => [TieBreak], { description: 'Team tie-breaks, in the order applied' })
  tieBreaks(@Parent() event: StoredEvent) {
    return eventRules(event).tieBreaks;
  }

  @ResolveField(() => VpAward, { description: 'What a bye is worth (teams)' })
  byeAward(@Parent() event: StoredEvent) {
    return eventRules(event).byeAward;
  }

  @ResolveField(() => ForfeitAward, { description: 'What a forfeited match is worth (teams)' })
  forfeitAward(@Parent() event: StoredEvent) {
    return eventRules(event).forfeitAward;
  }

  @ResolveField(() => Boolean, { description: 'Teams: a knockout (one match per pair of teams over all its segments)' })
  knockout(@Parent() event: StoredEvent) {
    return eventRules(event).knockout;
  }

  @ResolveField(() => [CarryOver], { description: 'Knockout carry-over IMPs, one entry per team and match' })
  carryOver(@Parent() event: StoredEvent) {
    return eventRules(event).carryOver;
  }

  @ResolveField(() => CarryForwardModel, { nullable: true, description: 'A final’s carry-forward from its qualifying event (setCarryForward); null when none' })
  carryForward(@Parent() event: StoredEvent) {
    const carry = eventRules(event).carryForward;
    if (!carry) return null;
    const figure = (text: string | null, percent: boolean) => (text === null ? null : Fraction.parse(text).mul(Fraction.of(percent ? 100 : 1)).round(2));
    return {
      fromEventId: carry.fromEventId,
      fraction: carry.fraction,
      entries: carry.entries.map((e) => ({ contestantId: e.contestant, fromContestantId: e.from, qualifyingFigure: figure(e.share, event.scoring === 'MATCHPOINTS'), boards: e.boards, qualifyingScore: figure(e.score, false) })),
      stored: carry,
    };
  }

  @ResolveField(() => Organization, { nullable: true, description: 'The club or federation that runs the event; null when none' })
  organization(@Parent() event: Event) {
    return event.organizationId ? this.organizationsService.get(event.organizationId) : null;
  }
}
