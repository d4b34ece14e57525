import { Injectable } from '@nestjs/common';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import { LiveEvents } from '../live/live-events.service.js';
import { audit } from './audit.js';
import { MatchAwardKind, type RecordMatchAwardInput, type RevokeMatchAwardInput } from './dto/match-award.inputs.js';
import { changeAfterPublication } from './publication.service.js';

/** Byes and forfeits of team events (DOMAIN §5.3): recorded by the director, valued by the event's rules, audited. */
@Injectable()
export class MatchAwardsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
  ) {}

  list(sessionId: string) {
    return this.prisma.matchAward.findMany({ where: { sessionId, revokedAt: null }, orderBy: [{ round: 'asc' }, { createdAt: 'asc' }] });
  }

  async record(input: RecordMatchAwardInput, actor?: string) {
    const session = await this.prisma.session.findUnique({ where: { id: input.sessionId }, include: { event: true } });
    if (!session) throw new NotFoundError('Session', input.sessionId, 'sessionId');
    if (session.event.kind !== 'TEAMS') throw new BadInputError('Byes and forfeits are for team events', ['kind']);
    const forfeit = input.kind === MatchAwardKind.FORFEIT;
    if (forfeit !== !!input.opponentId) throw new BadInputError(forfeit ? 'A forfeit names the team that was ready to play (opponentId)' : 'A bye has no opponent', ['opponentId']);
    if (input.opponentId === input.contestantId) throw new BadInputError('A team cannot forfeit to itself', ['opponentId']);
    const teams = [input.contestantId, ...(input.opponentId ? [input.opponentId] : [])];
    const found = await this.prisma.contestant.findMany({ where: { id: { in: teams }, eventId: session.eventId } });
    for (const [i, id] of teams.entries()) if (!found.some((c) => c.id === id)) throw new NotFoundError('Team of this event', id, i ? 'opponentId' : 'contestantId');
    const late = changeAfterPublication(session, input.override);
    const award = await this.prisma.$transaction(async (tx) => {
      // One award per team and round; a team with results in the round played its match.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${session.id}::text), ${input.round}::int)`;
      const taken = await tx.matchAward.findFirst({ where: { sessionId: session.id, round: input.round, revokedAt: null, OR: [{ contestantId: { in: teams } }, { opponentId: { in: teams } }] } });
      if (taken) throw new ConflictError(`A team named here already has a ${taken.kind.toLowerCase()} in round ${input.round}`, ['round']);
      const played = await tx.result.findFirst({ where: { section: { sessionId: session.id }, round: input.round, OR: [{ nsContestantId: { in: teams } }, { ewContestantId: { in: teams } }] } });
      if (played) throw new ConflictError(`A team named here has results in round ${input.round}: it played its match`, ['round']);
      const created = await tx.matchAward.create({
        data: { sessionId: session.id, round: input.round, kind: input.kind, contestantId: input.contestantId, opponentId: input.opponentId ?? null, reason: input.reason.trim() },
      });
      await audit(tx, { sessionId: session.id, action: 'MATCH_AWARDED', entityId: created.id, actor, reason: created.reason, after: { kind: created.kind, round: created.round, team: created.contestantId, opponent: created.opponentId, ...(late ? { override: late } : {}) } });
      return created;
    });
    await this.live.publish('rankingChanged', session.id, { sessionId: session.id, boards: [] });
    return award;
  }

  /** An award given in error is withdrawn, not deleted. */
  async revoke(input: RevokeMatchAwardInput, actor?: string) {
    const award = await this.prisma.matchAward.findUnique({ where: { id: input.id }, include: { session: true } });
    if (!award || award.sessionId !== input.sessionId) throw new NotFoundError('Bye or forfeit of this session', input.id, 'id');
    if (award.revokedAt) return award;
    changeAfterPublication(award.session, input.override);
    const revoked = await this.prisma.$transaction(async (tx) => {
      const row = await tx.matchAward.update({ where: { id: award.id }, data: { revokedAt: new Date() } });
      await audit(tx, { sessionId: award.sessionId, action: 'MATCH_AWARD_REVOKED', entityId: award.id, actor, reason: input.reason.trim(), before: { kind: award.kind, round: award.round }, after: { revokedAt: row.revokedAt!.toISOString() } });
      return row;
    });
    await this.live.publish('rankingChanged', award.sessionId, { sessionId: award.sessionId, boards: [] });
    return revoked;
  }
}
