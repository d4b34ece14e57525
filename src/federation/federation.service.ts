import { Injectable } from '@nestjs/common';
import { rankingAwards, scaleProblem, type AwardTier } from '../bridge/awards.js';
import { Fraction } from '../bridge/fraction.js';
import type { ScoringKind } from '../bridge/scoring/index.js';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Player, Prisma } from '../generated/prisma/client.js';
import { rankingRows, type RankingRow } from '../rankings/event-scoring.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import type { MergePlayersInput, SetAwardScaleInput } from './dto/federation.inputs.js';
import type { PlayerAwards, PlayerHistoryEntry } from './models/federation.models.js';

/** A history entry's pair as it sits in the event: its own name and its players. */
export interface SeatedContestant {
  name: string;
  number: number;
  nameChosen: boolean;
  eventId: string;
  players: Player[];
}

export interface AwardsQuery {
  from?: Date;
  to?: Date;
  category?: string;
}

/**
 * The federation's view: players across clubs and events, their histories, merges of duplicates,
 * award scales, and awards computed from official rankings only.
 */
@Injectable()
export class FederationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly scored: ScoredEvents,
  ) {}

  /** Every event a player (and any duplicate merged into it) played, with partners and result. */
  async history(playerId: string): Promise<(PlayerHistoryEntry & { seated: SeatedContestant })[]> {
    const seats = await this.prisma.contestantPlayer.findMany({
      where: { playerId, contestant: { event: { deletedAt: null } } },
      include: { contestant: { include: { event: { include: { sessions: true } }, players: { include: { player: true }, orderBy: { position: 'asc' } } } } },
    });
    const entries = await Promise.all(
      seats.map(async ({ contestant: c }) => {
        const row = (await this.ranking(c.eventId)).get(c.id);
        return {
          eventId: c.eventId,
          eventName: c.event.name,
          startsOn: c.event.startsOn,
          organizationId: c.event.organizationId,
          contestantNumber: c.number,
          direction: c.direction,
          contestantName: c.name,
          // For the reader's name policies (the resolver shows the name as the pair's clubs publish it).
          seated: { name: c.name, number: c.number, nameChosen: c.nameChosen, eventId: c.eventId, players: c.players.map((p) => p.player) },
          partners: c.players.map((p) => p.player).filter((p) => p.id !== playerId),
          place: row?.place ?? null,
          score: row ? row.score.round(2) : null,
          percentage: row?.percentage ? row.percentage.round(2) : null,
          official: c.event.sessions.length > 0 && c.event.sessions.every((s) => !!s.publishedAt),
        };
      }),
    );
    return entries.sort((a, b) => (b.startsOn?.getTime() ?? 0) - (a.startsOn?.getTime() ?? 0) || a.eventName.localeCompare(b.eventName));
  }

  /** Players with this member number in a federation's clubs (or anywhere, for a global caller). */
  byMemberNumber(memberNumber: string, federationId: string | null) {
    return this.prisma.player.findMany({
      where: { memberNumber, mergedIntoId: null, ...(federationId ? { organization: { OR: [{ id: federationId }, { federationId }] } } : {}) },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The duplicate's events move to the player who stays; the duplicate is kept, pointing at it. */
  merge(input: MergePlayersInput, actor?: string) {
    if (input.keepId === input.duplicateId) throw new BadInputError('A player cannot be merged into itself', ['duplicateId']);
    return this.prisma.$transaction(async (tx) => {
      const [keep, duplicate] = await Promise.all([tx.player.findUnique({ where: { id: input.keepId } }), tx.player.findUnique({ where: { id: input.duplicateId } })]);
      if (!keep) throw new NotFoundError('Player', input.keepId, 'keepId');
      if (!duplicate) throw new NotFoundError('Player', input.duplicateId, 'duplicateId');
      if (keep.mergedIntoId) throw new ConflictError(`${keep.name} was merged into another player; merge into that one`, ['keepId']);
      if (duplicate.mergedIntoId) throw new ConflictError(`${duplicate.name} was already merged`, ['duplicateId']);
      const moved = await tx.contestantPlayer.updateMany({ where: { playerId: duplicate.id }, data: { playerId: keep.id } });
      await tx.player.update({ where: { id: duplicate.id }, data: { mergedIntoId: keep.id } });
      await tx.auditEntry.create({
        data: {
          organizationId: keep.organizationId ?? duplicate.organizationId,
          action: 'PLAYERS_MERGED',
          entityId: keep.id,
          actor,
          reason: input.reason,
          before: { duplicate: { id: duplicate.id, name: duplicate.name, memberNumber: duplicate.memberNumber, organizationId: duplicate.organizationId } },
          after: { keep: { id: keep.id, name: keep.name, memberNumber: keep.memberNumber }, contestantsMoved: moved.count },
        },
      });
      return tx.player.findUniqueOrThrow({ where: { id: keep.id } });
    });
  }

  async setAwardScale(input: SetAwardScaleInput) {
    const problem = scaleProblem(input.tiers);
    if (problem) throw new BadInputError(problem, ['tiers']);
    const org = await this.prisma.organization.findUnique({ where: { id: input.organizationId } });
    if (!org) throw new NotFoundError('Organisation', input.organizationId, 'organizationId');
    if (org.kind !== 'FEDERATION') throw new BadInputError(`${org.name} is a club; award scales belong to federations`, ['organizationId']);
    const tiers = input.tiers.map((t) => ({ minContestants: t.minContestants, points: t.points })) as unknown as Prisma.InputJsonValue;
    return this.prisma.awardScale.upsert({
      where: { organizationId_category: { organizationId: org.id, category: input.category } },
      create: { organizationId: org.id, category: input.category, name: input.name, tiers },
      update: { name: input.name, tiers },
    });
  }

  awardScales(organizationId: string) {
    return this.prisma.awardScale.findMany({ where: { organizationId }, orderBy: { category: 'asc' } });
  }

  /**
   * Awards by person from the official rankings of the federation's and its clubs' events whose
   * category has a scale. A person is a member number (players of different clubs with the same
   * number are one person), or a player without one.
   */
  async awards(federationId: string, query: AwardsQuery = {}): Promise<PlayerAwards[]> {
    const scales = new Map((await this.awardScales(federationId)).map((s) => [s.category, s.tiers as unknown as AwardTier[]]));
    const events = await this.prisma.event.findMany({
      where: {
        category: query.category ? query.category : { in: [...scales.keys()] },
        deletedAt: null,
        organization: { OR: [{ id: federationId }, { federationId }] },
        startsOn: query.from || query.to ? { gte: query.from, lte: query.to } : undefined,
        sessions: { some: {}, every: { publishedAt: { not: null } } },
      },
      orderBy: [{ startsOn: 'asc' }, { id: 'asc' }],
    });
    const people = new Map<string, { memberNumber: string | null; name: string; playerIds: Set<string>; total: Fraction; events: PlayerAwards['events'] }>();
    for (const event of events) {
      const tiers = scales.get(event.category ?? '');
      if (!tiers) continue;
      const scored = await this.scored.ofEvent(event.id);
      for (const [row, points] of eventAwards(rankingRows(scored, [...scored.sessions.values()]), tiers, scored.kind)) {
        for (const { player } of row.contestant.players) {
          const key = player.memberNumber ? `m:${player.memberNumber}` : `p:${player.id}`;
          const person = people.get(key) ?? { memberNumber: player.memberNumber, name: player.name, playerIds: new Set<string>(), total: Fraction.ZERO, events: [] };
          person.playerIds.add(player.id);
          person.total = person.total.add(points);
          person.events.push({ eventId: event.id, eventName: event.name, startsOn: event.startsOn, category: event.category!, place: row.place, points: points.round(2) });
          people.set(key, person);
        }
      }
    }
    return [...people.values()]
      .map((p) => ({ memberNumber: p.memberNumber, name: p.name, playerIds: [...p.playerIds], total: p.total.round(2), events: p.events }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  }

  private async ranking(eventId: string): Promise<Map<string, RankingRow>> {
    const scored = await this.scored.ofEvent(eventId);
    return new Map(rankingRows(scored, [...scored.sessions.values()]).map((r) => [r.contestant.id, r]));
  }
}

/** Awards of one event: pairs tied as ranked; teams tied on VPs (or IMPs) whatever tie-break placed them. */
function eventAwards(rows: RankingRow[], tiers: AwardTier[], kind: ScoringKind): [RankingRow, Fraction][] {
  const teams = kind === 'TEAMS_IMPS' || kind === 'TEAMS_POINTS';
  return [...rankingAwards(rows, tiers, teams ? 'SCORE' : 'PLACE')].filter(([, points]) => !points.isZero());
}
