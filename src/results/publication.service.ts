import { Injectable } from '@nestjs/common';
import { correctionPeriodOpen, deadlinesFrom, type PublishedTimes } from '../bridge/periods.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Event, Session } from '../generated/prisma/client.js';
import { audit } from './audit.js';

/**
 * Law 79C: publishing makes the results official and starts the correction period (the event's
 * `correctionMinutes`, 30 by default) and the Law 92B appeal period (`appealMinutes`, 30 by
 * default). Publishing again does not restart the clocks, unless the event's conditions say so
 * (`republishRestartsPeriods`, DOMAIN §8.1) and the results changed since the last publication.
 */
@Injectable()
export class PublicationService {
  constructor(private readonly prisma: PrismaService) {}

  publish(sessionId: string, actor?: string): Promise<Session> {
    return this.prisma.$transaction(async (tx) => {
      const session = await tx.session.findUnique({ where: { id: sessionId }, include: { event: true } });
      if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
      if (session.publishedAt) return session.event.republishRestartsPeriods ? restartIfChanged(tx, session, actor) : session;
      const publishedAt = new Date();
      const deadlines = deadlinesFrom(publishedAt, session.event);
      const published = await tx.session.update({ where: { id: sessionId }, data: { status: 'OFFICIAL', publishedAt, ...deadlines } });
      // The event is under way once a session is published, and completed when all of them are.
      if (session.event.status !== 'CANCELLED') {
        const unpublished = await tx.session.count({ where: { eventId: session.eventId, publishedAt: null } });
        const status = unpublished ? 'IN_PROGRESS' : 'COMPLETED';
        if (session.event.status !== status) await tx.event.update({ where: { id: session.eventId }, data: { status } });
      }
      await audit(tx, {
        sessionId,
        action: 'SESSION_PUBLISHED',
        entityId: sessionId,
        actor,
        law: '79C',
        after: { publishedAt: publishedAt.toISOString(), correctionDeadline: deadlines.correctionDeadline.toISOString(), appealDeadline: deadlines.appealDeadline.toISOString() },
      });
      return published;
    });
  }
}

/** What does not change a session's results: a later publication needs no new periods for them. */
const NOT_RESULTS = ['SESSION_PUBLISHED', 'SESSION_REPUBLISHED', 'APPEAL_LODGED', 'APPEAL_DECIDED', 'RULING_REQUESTED', 'RULING_GIVEN', 'AWARD_CATEGORY_CHANGED'];

/**
 * A session published again after its results changed (a correction, an adjustment, a penalty…):
 * both periods run again from now, never ending sooner than they would have. Without a change since
 * the last publication, nothing happens (a retry of the same publication is harmless).
 */
async function restartIfChanged(tx: PrismaTx, session: Session & { event: Event }, actor?: string): Promise<Session> {
  const last = await tx.auditEntry.findFirst({ where: { sessionId: session.id, action: { in: ['SESSION_PUBLISHED', 'SESSION_REPUBLISHED'] } }, orderBy: { seq: 'desc' } });
  const changed = await tx.auditEntry.count({ where: { sessionId: session.id, action: { notIn: NOT_RESULTS }, ...(last ? { seq: { gt: last.seq } } : {}) } });
  if (!changed) return session;
  const fresh = deadlinesFrom(new Date(), session.event);
  const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
  const deadlines = { correctionDeadline: later(session.correctionDeadline, fresh.correctionDeadline), appealDeadline: later(session.appealDeadline, fresh.appealDeadline) };
  const republished = await tx.session.update({ where: { id: session.id }, data: deadlines });
  await audit(tx, {
    sessionId: session.id,
    action: 'SESSION_REPUBLISHED',
    entityId: session.id,
    actor,
    law: '79C',
    before: { correctionDeadline: session.correctionDeadline?.toISOString() ?? null, appealDeadline: session.appealDeadline?.toISOString() ?? null },
    after: { correctionDeadline: deadlines.correctionDeadline.toISOString(), appealDeadline: deadlines.appealDeadline.toISOString() },
  });
  return republished;
}

/**
 * Law 79C2: after the correction period a director's change needs an explicit override (the
 * Director and the TO are satisfied the record is wrong). Answers the Law to cite, or refuses.
 */
export function changeAfterPublication(session: Pick<PublishedTimes, 'publishedAt' | 'correctionDeadline'>, override: boolean | undefined, now = new Date()): '79C2' | null {
  if (correctionPeriodOpen(session, now)) return null;
  if (override) return '79C2';
  throw new ConflictError(
    `The correction period (Law 79C) of this session ended at ${session.correctionDeadline?.toISOString()}; results are final. ` +
      'A director may still change them with override: true and a reason (Law 79C2)',
    ['override'],
  );
}
