import { Injectable } from '@nestjs/common';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { pageQuery, toPage, type Page } from '../common/pagination.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Event, EventKind, Prisma, ScoringMethod } from '../generated/prisma/client.js';
import type { CreateEventInput, EventsArgs, UpdateEventInput } from './dto/event.inputs.js';

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

@Injectable()
export class EventsService {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: string): Promise<Event> {
    const event = await this.prisma.event.findUnique({ where: { id } });
    if (!event) throw new NotFoundError('Event', id, 'id');
    return event;
  }

  async list(args: EventsArgs): Promise<Page<Event>> {
    if (args.from && args.to && args.from > args.to) throw new BadInputError('from must not be after to', ['from', 'to']);
    const where: Prisma.EventWhereInput = {
      organizationId: args.organizationId,
      status: args.status,
      kind: args.kind,
      startsOn: args.from || args.to ? { gte: args.from, lte: args.to } : undefined,
      name: args.name ? { contains: args.name, mode: 'insensitive' } : undefined,
    };
    const [rows, total] = await Promise.all([
      this.prisma.event.findMany({
        where,
        // Latest first, as a club's results page lists them; id keeps the order total for cursors.
        orderBy: [{ startsOn: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'asc' }],
        ...pageQuery(args),
      }),
      this.prisma.event.count({ where }),
    ]);
    return toPage(rows, args, total);
  }

  async create(input: CreateEventInput): Promise<Event> {
    checkScoringFitsKind(input.kind, input.scoring);
    if (input.organizationId && !(await this.prisma.organization.findUnique({ where: { id: input.organizationId } }))) {
      throw new NotFoundError('Organization', input.organizationId, 'organizationId');
    }
    const { matchpointScale, ...data } = input;
    return this.prisma.event.create({ data: { ...data, scoringOptions: withScale(null, matchpointScale) } });
  }

  async update(id: string, input: UpdateEventInput): Promise<Event> {
    const event = await this.get(id);
    if (input.scoring) checkScoringFitsKind(event.kind, input.scoring);
    const { matchpointScale, ...data } = input;
    return this.prisma.event.update({ where: { id }, data: { ...data, scoringOptions: withScale(event.scoringOptions, matchpointScale) } });
  }
}

/** Event.scoringOptions with the matchpoint scale set (other options kept). */
function withScale(options: Prisma.JsonValue | null, scale: string | undefined): Prisma.InputJsonValue | undefined {
  const current = (options ?? {}) as Record<string, Prisma.InputJsonValue>;
  if (!scale) return options === null ? undefined : current;
  return { ...current, matchpointScale: scale };
}

/** The scale an event is matchpointed on (TWO_POINT unless its options say ONE_POINT). */
export function matchpointScaleOf(event: Pick<Event, 'scoringOptions'>): 'TWO_POINT' | 'ONE_POINT' {
  return (event.scoringOptions as { matchpointScale?: string } | null)?.matchpointScale === 'ONE_POINT' ? 'ONE_POINT' : 'TWO_POINT';
}
