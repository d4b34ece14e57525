import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Session } from '../generated/prisma/client.js';
import { audit } from './audit.js';

const MINUTE = 60_000;

/**
 * Law 79C: publishing makes the results official and starts the correction period (the event's
 * `correctionMinutes`, 30 by default). Publishing again does not restart the clock.
 */
@Injectable()
export class PublicationService {
  constructor(private readonly prisma: PrismaService) {}

  publish(sessionId: string, actor?: string): Promise<Session> {
    return this.prisma.$transaction(async (tx) => {
      const session = await tx.session.findUnique({ where: { id: sessionId }, include: { event: true } });
      if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
      if (session.publishedAt) return session;
      const publishedAt = new Date();
      const correctionDeadline = new Date(publishedAt.getTime() + session.event.correctionMinutes * MINUTE);
      const published = await tx.session.update({
        where: { id: sessionId },
        data: { status: 'OFFICIAL', publishedAt, correctionDeadline },
      });
      await audit(tx, {
        sessionId,
        action: 'SESSION_PUBLISHED',
        entityId: sessionId,
        actor,
        law: '79C',
        after: { publishedAt: publishedAt.toISOString(), correctionDeadline: correctionDeadline.toISOString() },
      });
      return published;
    });
  }
}

/** Whether a change to a published session's results still falls in the correction period. */
export function correctionPeriodOpen(session: Pick<Session, 'publishedAt' | 'correctionDeadline'>, now = new Date()): boolean {
  return !session.publishedAt || !session.correctionDeadline || now <= session.correctionDeadline;
}
