import { literalLike } from '../common/like.js';
import { Injectable } from '@nestjs/common';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { checkCursor, pageQuery, toPage, type Page } from '../common/pagination.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Event, EventKind, Prisma, ScoringMethod } from '../generated/prisma/client.js';
import { EventListing, type CreateEventInput, type EventsArgs, type UpdateEventInput } from './dto/event.inputs.js';
import { mergeRules, scoringChanges, splitRules } from './scoring-rules.js';
import { changedSettings, checkSettingsChange, rescoredSessions } from '../results/settings-change.js';
import { LiveEvents } from '../live/live-events.service.js';
import type { StoredRules } from '../bridge/scoring/index.js';

/** Team-of-four IMPs need teams; the pairs methods need pairs or individuals. */
function checkScoringFitsKind(kind: EventKind, scoring: ScoringMethod): void {
  const teams = kind === 'TEAMS';
  if (teams && !['TEAMS_IMPS', 'TOTAL_POINTS'].includes(scoring)) {
    throw new BadInputError(`A teams event is scored TEAMS_IMPS or TOTAL_POINTS, not ${scoring}`, ['scoring']);
  }
  if (!teams && scoring === 'TEAMS_IMPS') {
    throw new BadInputError(`TEAMS_IMPS scoring needs a TEAMS event, not ${kind}`, ['scoring']);
  }
}

function listed(listing: EventListing = EventListing.CURRENT): Prisma.EventWhereInput {
  if (listing === EventListing.DELETED) return { deletedAt: { not: null } };
  if (listing === EventListing.ARCHIVED) return { deletedAt: null, archivedAt: { not: null } };
  return { deletedAt: null, archivedAt: null };
}

@Injectable()
export class EventsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
  ) {}

  async get(id: string): Promise<Event> {
    const event = await this.prisma.event.findUnique({ where: { id } });
    if (!event) throw new NotFoundError('Event', id, 'id');
    return event;
  }

  async list(args: EventsArgs): Promise<Page<Event>> {
    if (args.from && args.to && args.from > args.to) throw new BadInputError('from must not be after to', ['from', 'to']);
    const where: Prisma.EventWhereInput = {
      organizationId: args.organizationId,
      sessions: args.hostedBy ? { some: { sections: { some: { organizationId: args.hostedBy } } } } : undefined,
      status: args.status,
      kind: args.kind,
      startsOn: args.from || args.to ? { gte: args.from, lte: args.to } : undefined,
      name: args.name ? { contains: literalLike(args.name), mode: 'insensitive' } : undefined,
      // Archived and deleted events drop out of lists (the owner asks for them by listing).
      ...listed(args.listing),
    };
    const [rows, total] = await Promise.all([
      this.prisma.event.findMany({
        where,
        // Latest first, as a club's results page lists them; id keeps the order total for cursors.
        orderBy: [{ startsOn: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'asc' }],
        ...pageQuery(args),
      }),
      this.prisma.event.count({ where }),
      // Beside the page's own queries, not before them: a round trip less.
      checkCursor(args, async (id) => (await this.prisma.event.count({ where: { AND: [where, { id }] } })) > 0),
    ]);
    return toPage(rows, args, total);
  }

  async create(input: CreateEventInput): Promise<Event> {
    checkScoringFitsKind(input.kind, input.scoring);
    if (input.organizationId && !(await this.prisma.organization.findUnique({ where: { id: input.organizationId } }))) {
      throw new NotFoundError('Organization', input.organizationId, 'organizationId');
    }
    const { rules, data } = splitRules(input);
    const scoringOptions = mergeRules({}, rules, { kind: input.kind, scoring: input.scoring, vpScale: input.vpScale ?? null, contestants: new Set() });
    return this.prisma.event.create({ data: { ...data, vpScale: input.vpScale ?? undefined, scoringOptions: scoringOptions as Prisma.InputJsonValue } });
  }

  /**
   * Details change freely; a change to how results are scored is checked against the Law 79C
   * correction period of the sessions it rescores (checkSettingsChange), all in one transaction.
   * Subscribers hear of the new rankings once it commits.
   */
  async update(id: string, { override, ...input }: UpdateEventInput, actor?: string): Promise<Event> {
    const { event, rescored } = await this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id } });
      if (!event) throw new NotFoundError('Event', id, 'id');
      if (input.organizationId && input.organizationId !== event.organizationId) {
        if (event.organizationId) throw new ConflictError('This event already belongs to an organisation; events do not move between organisations', ['organizationId']);
        if (!(await tx.organization.findUnique({ where: { id: input.organizationId } }))) throw new NotFoundError('Organization', input.organizationId, 'organizationId');
      }
      if (input.scoring) checkScoringFitsKind(event.kind, input.scoring);
      const { rules, data } = splitRules(input);
      const contestants = rules.carryOver ? new Set((await tx.contestant.findMany({ where: { eventId: id }, select: { id: true } })).map((c) => c.id)) : new Set<string>();
      const vpScale = input.vpScale ?? event.vpScale;
      const scoringOptions = mergeRules((event.scoringOptions ?? {}) as StoredRules, rules, { kind: event.kind, scoring: input.scoring ?? event.scoring, vpScale, contestants });
      const changed = scoringChanges(event, { scoring: input.scoring ?? event.scoring, vpScale, scoringOptions });
      await checkSettingsChange(tx, { eventId: id }, { action: 'SCORING_RULES_CHANGED', subject: 'the event', entityId: id, ...changed, override, actor });
      const details = cleared(data);
      // The award category decides the masterpoints a federation gives for the final results.
      const awards = details.category === undefined ? { before: {}, after: {} } : changedSettings({ category: event.category }, { category: details.category });
      await checkSettingsChange(tx, { eventId: id }, { action: 'AWARD_CATEGORY_CHANGED', subject: 'the event', entityId: id, ...awards, override, actor, changes: 'the awards given for them' });
      const rescored = await rescoredSessions(tx, { eventId: id }, changed);
      const updated = await tx.event.update({ where: { id }, data: { ...details, vpScale: input.vpScale ?? undefined, scoringOptions: scoringOptions as Prisma.InputJsonValue } });
      return { event: updated, rescored };
    });
    await this.live.rankingsRescored(rescored);
    return event;
  }
}

/** The event's optional texts given as an empty string are cleared (null, as an event made without them has); null keeps them. */
function cleared<T extends { venue?: string; directorName?: string; category?: string }>(data: T): Omit<T, 'venue' | 'directorName' | 'category'> & { venue?: string | null; directorName?: string | null; category?: string | null } {
  const empty = (value: string | undefined) => (value === '' ? null : value);
  return { ...data, venue: empty(data.venue), directorName: empty(data.directorName), category: empty(data.category) };
}
