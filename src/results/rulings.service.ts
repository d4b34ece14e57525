import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { RulingRequest } from '../generated/prisma/client.js';
import { LiveEvents } from '../live/live-events.service.js';
import { audit } from './audit.js';
import type { GiveRulingInput, RequestRulingInput } from './dto/ruling.inputs.js';
import { lateRequest, readableLetters, requestTarget } from './session-requests.js';

/**
 * Ruling requests (DOMAIN §8.2: stored with their timestamps): made within the Law 92B period (or
 * late, with the organiser's override), ruled on once. The session counts its pending ones in the
 * same transaction, so its results stay OFFICIAL until each has its ruling, as for appeals. A score
 * the ruling changes is adjusted with adjustScore, audited there; a ruling may be appealed (Law 92).
 */
@Injectable()
export class RulingsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
    private readonly scopes: ScopeService,
  ) {}

  async request(input: RequestRulingInput, actor?: string): Promise<RulingRequest> {
    const { session, contestant } = await requestTarget(this.prisma, input);
    const reason = input.reason.trim();
    const late = lateRequest(session, input.override, 'ruling request');
    const request = await this.prisma.$transaction(async (tx) => {
      // A retry of the same request (a lost answer) is the request already made, not a second one.
      const same = await tx.rulingRequest.findFirst({ where: { sessionId: session.id, contestantId: contestant.id, boardNumber: input.board ?? null, reason, ruling: null } });
      if (same) return same;
      const created = await tx.rulingRequest.create({ data: { sessionId: session.id, contestantId: contestant.id, boardNumber: input.board ?? null, reason } });
      await tx.session.update({ where: { id: session.id }, data: { pendingRulings: { increment: 1 } } });
      await audit(tx, { sessionId: session.id, action: 'RULING_REQUESTED', entityId: created.id, actor, reason, law: '92B', after: { contestant: contestant.id, board: created.boardNumber, ...(late ? { late: true } : {}) } });
      return created;
    });
    await this.live.publish('rankingChanged', session.id, { sessionId: session.id, boards: [] });
    return request;
  }

  async rule(input: GiveRulingInput, actor?: string): Promise<RulingRequest> {
    const ruling = input.ruling.trim();
    const law = input.law?.trim().toUpperCase() ?? null;
    const given = await this.prisma.$transaction(async (tx) => {
      const request = await tx.rulingRequest.findUnique({ where: { id: input.id } });
      if (!request) throw new NotFoundError('Ruling request', input.id, 'id');
      // Ruled once only, guarded in the update itself so two directors ruling at once cannot both count.
      const { count } = await tx.rulingRequest.updateMany({ where: { id: request.id, ruling: null }, data: { ruling, law, ruledAt: new Date() } });
      if (!count) {
        const now = await tx.rulingRequest.findUniqueOrThrow({ where: { id: request.id } });
        // The same ruling again (a retry) changes nothing; another one is refused: appeal it instead.
        if (now.ruling === ruling && now.law === law) return { row: now, changed: false };
        throw new ConflictError(`This request was already ruled on at ${now.ruledAt?.toISOString()}; a ruling is changed on appeal (lodgeAppeal)`, ['id']);
      }
      await tx.session.update({ where: { id: request.sessionId }, data: { pendingRulings: { decrement: 1 } } });
      const row = await tx.rulingRequest.findUniqueOrThrow({ where: { id: request.id } });
      await audit(tx, { sessionId: request.sessionId, action: 'RULING_GIVEN', entityId: request.id, actor, reason: ruling, law: law ?? undefined, after: { law } });
      return { row, changed: true };
    });
    if (given.changed) await this.live.publish('rankingChanged', given.row.sessionId, { sessionId: given.row.sessionId, boards: [] });
    return given.row;
  }

  /** A session's ruling requests, to the keys that run it (a club hosting sections sees its own sections'). */
  async list(sessionId: string, principal: Principal | null): Promise<RulingRequest[]> {
    const letters = await readableLetters(this.prisma, this.scopes, sessionId, principal, 'ruling requests');
    return this.prisma.rulingRequest.findMany({ where: { sessionId, ...(letters ? { contestant: { section: { in: letters } } } : {}) }, orderBy: { requestedAt: 'asc' } });
  }
}
