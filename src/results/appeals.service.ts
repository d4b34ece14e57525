import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Appeal } from '../generated/prisma/client.js';
import { LiveEvents } from '../live/live-events.service.js';
import { audit } from './audit.js';
import { AppealOutcome, type DecideAppealInput, type LodgeAppealInput } from './dto/appeal.inputs.js';
import { lateRequest, readableLetters, requestTarget } from './session-requests.js';

/**
 * Law 92 appeals: lodged within the Law 92B period (or late, with the organiser's override), decided
 * once (Law 93). The session counts its pending appeals in the same transaction, so its results stay
 * OFFICIAL until the last one is decided (DOMAIN §8.2). A score the decision changes is adjusted
 * with adjustScore, as any ruling is, and audited there.
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
    private readonly scopes: ScopeService,
  ) {}

  async lodge(input: LodgeAppealInput, actor?: string): Promise<Appeal> {
    const { session, contestant } = await requestTarget(this.prisma, input);
    const reason = input.reason.trim();
    const late = lateRequest(session, input.override, 'appeal');
    const appeal = await this.prisma.$transaction(async (tx) => {
      // A retry of the same appeal (a lost answer) is the appeal already lodged, not a second one.
      const same = await tx.appeal.findFirst({ where: { sessionId: session.id, contestantId: contestant.id, boardNumber: input.board ?? null, reason, outcome: null } });
      if (same) return same;
      const created = await tx.appeal.create({ data: { sessionId: session.id, contestantId: contestant.id, boardNumber: input.board ?? null, reason } });
      await tx.session.update({ where: { id: session.id }, data: { pendingAppeals: { increment: 1 } } });
      await audit(tx, { sessionId: session.id, action: 'APPEAL_LODGED', entityId: created.id, actor, reason, law: late ? '92B' : '92', after: { contestant: contestant.id, board: created.boardNumber, ...(late ? { late: true } : {}) } });
      return created;
    });
    await this.live.publish('rankingChanged', session.id, { sessionId: session.id, boards: [] });
    return appeal;
  }

  async decide(input: DecideAppealInput, actor?: string): Promise<Appeal> {
    if (input.withoutMerit && input.outcome !== AppealOutcome.DISMISSED) throw new BadInputError('Only a dismissed appeal can be found without merit', ['withoutMerit']);
    const decision = input.decision.trim();
    const withoutMerit = input.withoutMerit ?? false;
    const decided = await this.prisma.$transaction(async (tx) => {
      const appeal = await tx.appeal.findUnique({ where: { id: input.id } });
      if (!appeal) throw new NotFoundError('Appeal', input.id, 'id');
      // Decided once only, guarded in the update itself so two directors deciding at once cannot both count.
      const { count } = await tx.appeal.updateMany({ where: { id: appeal.id, outcome: null }, data: { outcome: input.outcome, decision, withoutMerit, decidedAt: new Date() } });
      if (!count) {
        const now = await tx.appeal.findUniqueOrThrow({ where: { id: appeal.id } });
        // The same decision again (a retry) changes nothing; another one is refused.
        if (now.outcome === input.outcome && now.decision === decision && now.withoutMerit === withoutMerit) return { row: now, changed: false };
        throw new ConflictError(`This appeal was already decided ${now.outcome} at ${now.decidedAt?.toISOString()}`, ['id']);
      }
      await tx.session.update({ where: { id: appeal.sessionId }, data: { pendingAppeals: { decrement: 1 } } });
      const row = await tx.appeal.findUniqueOrThrow({ where: { id: appeal.id } });
      await audit(tx, { sessionId: appeal.sessionId, action: 'APPEAL_DECIDED', entityId: appeal.id, actor, reason: decision, law: '93', after: { outcome: row.outcome, withoutMerit } });
      return { row, changed: true };
    });
    if (decided.changed) await this.live.publish('rankingChanged', decided.row.sessionId, { sessionId: decided.row.sessionId, boards: [] });
    return decided.row;
  }

  /**
   * A session's appeals, to the keys that run it: the organiser's (and its federation's, and an
   * admin's) see every one; a club hosting sections of it sees those of its own sections' contestants.
   */
  async list(sessionId: string, principal: Principal | null): Promise<Appeal[]> {
    return this.appealsOf(sessionId, await readableLetters(this.prisma, this.scopes, sessionId, principal, 'appeals'));
  }

  private appealsOf(sessionId: string, letters: string[] | null): Promise<Appeal[]> {
    return this.prisma.appeal.findMany({ where: { sessionId, ...(letters ? { contestant: { section: { in: letters } } } : {}) }, orderBy: { lodgedAt: 'asc' } });
  }
}
