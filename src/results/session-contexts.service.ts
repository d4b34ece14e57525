import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import { Revisions } from '../database/revisions.service.js';
import { storedMovement } from '../sections/sections.service.js';
import { contestantKey, type SessionContext } from './line-context.js';

/**
 * Validation contexts of sessions, kept in memory: a table pad's post must not reload the whole
 * session set-up. A context is reused only while its event's set-up revision is the current one,
 * probed on every use, so a contestant added through another instance is seen at once.
 */
@Injectable()
export class SessionContexts {
  private readonly cache = new Map<string, SessionContext>();
  private readonly loading = new Map<string, Promise<SessionContext>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly revisions: Revisions,
  ) {}

  async get(sessionId: string): Promise<SessionContext> {
    const eventId = await this.revisions.eventOf(sessionId);
    const { setupRevision } = await this.revisions.ofEvent(eventId);
    const cached = this.cache.get(sessionId);
    if (cached?.setupRevision === setupRevision) return cached;
    const key = `${sessionId}@${setupRevision}`;
    let load = this.loading.get(key);
    if (!load) {
      // The revision was read before the rows: a change in between only makes the next use reload.
      load = this.load(sessionId, setupRevision).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    const context = await load;
    this.cache.set(sessionId, context);
    return context;
  }

  private async load(sessionId: string, setupRevision: string): Promise<SessionContext> {
    const session = await this.prisma.session.findUnique({
      where: { id: sessionId },
      include: { event: { include: { contestants: true } }, sections: { orderBy: { letter: 'asc' } }, boards: true },
    });
    if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
    const { event, sections, boards, ...rest } = session;
    const { contestants, ...eventRow } = event;
    const movements = new Map(sections.flatMap((s) => (storedMovement(s) ? [[s.id, storedMovement(s)!] as const] : [])));
    return {
      session: rest,
      event: eventRow,
      sections,
      movements,
      boards: new Map(boards.map((b) => [b.number, b])),
      contestants: new Map(contestants.map((c) => [contestantKey(c), c])),
      contestantsById: new Map(contestants.map((c) => [c.id, c])),
      setupRevision,
    };
  }
}
