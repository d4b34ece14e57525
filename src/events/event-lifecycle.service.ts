import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { isInsider, type Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import type { ScopeTarget } from '../auth/requires.decorator.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Event } from '../generated/prisma/client.js';

/** How long a deleted event can be restored before it is purged (TRAVELLER_DELETED_EVENT_DAYS, default 30). */
export function retentionDays(raw: string | undefined = process.env.TRAVELLER_DELETED_EVENT_DAYS): number {
  const days = raw === undefined || raw === '' ? 30 : Number(raw);
  if (!Number.isFinite(days) || days < 0) throw new Error(`TRAVELLER_DELETED_EVENT_DAYS must be a number of days (0 or more), not "${raw}"`);
  return days;
}

const DAY = 86_400_000;

/**
 * Archive, delete and restore an event. Archived: out of lists and public pages, still read by its
 * organisation's keys. Deleted: a soft delete, hidden from every reader, restorable until it has
 * been deleted for the retention period; then `purge` removes it for good. Every step is audited
 * on the organisation (the audit entry outlives the purge).
 */
@Injectable()
export class EventLifecycle implements OnApplicationBootstrap {
  private readonly logger = new Logger('EventLifecycle');

  constructor(
    private readonly prisma: PrismaService,
    private readonly scopes: ScopeService,
  ) {}

  /** Purges on start; a database that is not there yet is no reason not to start. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const purged = await this.purge();
      if (purged.length) this.logger.log(`Purged ${purged.length} event(s) deleted more than ${retentionDays()} days ago`);
    } catch (error) {
      this.logger.warn(`Deleted events were not purged at start: ${(error as Error).message}`);
    }
  }

  archive(id: string, reason: string, actor: string): Promise<Event> {
    return this.change(id, 'EVENT_ARCHIVED', reason, actor, (e) => {
      if (e.archivedAt) throw new ConflictError(`Event ${e.name} is already archived`, ['id']);
      return { archivedAt: new Date() };
    });
  }

  delete(id: string, reason: string, actor: string, now = new Date()): Promise<Event> {
    return this.change(id, 'EVENT_DELETED', reason, actor, () => ({ deletedAt: now }));
  }

  /** Undoes a deletion (while not purged), else an archiving. */
  restore(id: string, reason: string, actor: string): Promise<Event> {
    return this.change(id, 'EVENT_RESTORED', reason, actor, (e) => {
      if (e.deletedAt) return { deletedAt: null };
      if (e.archivedAt) return { archivedAt: null };
      throw new ConflictError(`Event ${e.name} is neither archived nor deleted`, ['id']);
    });
  }

  /**
   * Removes for good the events deleted before `now` minus the retention period, children first
   * (results hold their contestants). `now` is a parameter so that tests move the clock, not wait.
   */
  purge(now = new Date(), days = retentionDays()): Promise<string[]> {
    return purgeDeletedEvents(this.prisma, now, days);
  }

  /**
   * Whether a reader may see what `target` names: never in a deleted event; in an archived one only
   * with its organisation's keys; null when it does not exist. Read from the key scopes' lookup,
   * which remembers the event's state until its set-up changes (archiving writes the Event row).
   */
  private async visible(target: ScopeTarget, reader: Principal | null): Promise<boolean | null> {
    const scope = await this.scopes.resolve(target, reader);
    if (!scope) return null;
    if (scope.eventState === 'DELETED') return false;
    return scope.eventState !== 'ARCHIVED' || isInsider(reader, scope);
  }

  /** NOT_FOUND, as for an event that never was, when the reader may not see it. */
  async check(eventId: string, reader: Principal | null): Promise<void> {
    if (!(await this.visible({ kind: 'event', id: eventId }, reader))) throw new NotFoundError('Event', eventId, 'id');
  }

  /** The same, for a session's event; an unknown session is left for the service to answer. */
  async checkSession(sessionId: string, reader: Principal | null): Promise<void> {
    if ((await this.visible({ kind: 'session', id: sessionId }, reader)) === false) throw new NotFoundError('Session', sessionId, 'sessionId');
  }

  /** The same, for an object of an event (a section, contestant …) found by the key scopes' lookup. */
  async checkWithin(target: { kind: 'section' | 'contestant'; id: string }, reader: Principal | null): Promise<void> {
    if ((await this.visible(target, reader)) === false) throw new NotFoundError(target.kind === 'section' ? 'Section' : 'Contestant', target.id, 'id');
  }

  private change(id: string, action: string, reason: string, actor: string, data: (e: Event) => Partial<Pick<Event, 'archivedAt' | 'deletedAt'>>): Promise<Event> {
    return this.prisma.$transaction(async (tx: PrismaTx) => {
      const event = await tx.event.findUnique({ where: { id } });
      if (!event) throw new NotFoundError('Event', id, 'id');
      if (event.deletedAt && action !== 'EVENT_RESTORED') throw new NotFoundError('Event', id, 'id');
      const changes = data(event);
      const saved = await tx.event.update({ where: { id }, data: changes });
      await tx.auditEntry.create({
        data: { organizationId: event.organizationId, action, entityId: id, actor, reason, before: moments(event), after: moments(saved) },
      });
      return saved;
    });
  }
}

const moments = (e: Event) => ({ archivedAt: e.archivedAt?.toISOString() ?? null, deletedAt: e.deletedAt?.toISOString() ?? null });

/** Removes for good the events deleted more than `days` ago (each in its own transaction, audited); answers their ids. */
export async function purgeDeletedEvents(prisma: PrismaService, now = new Date(), days = retentionDays()): Promise<string[]> {
  const before = new Date(now.getTime() - days * DAY);
  const due = await prisma.event.findMany({ where: { deletedAt: { lte: before } }, select: { id: true, name: true, organizationId: true, deletedAt: true } });
  for (const event of due) {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.event.updateMany({ where: { id: event.id, deletedAt: { lte: before } }, data: {} });
      if (!count) return; // restored meanwhile
      await tx.session.deleteMany({ where: { eventId: event.id } });
      await tx.event.delete({ where: { id: event.id } });
      await tx.auditEntry.create({ data: { organizationId: event.organizationId, action: 'EVENT_PURGED', entityId: event.id, actor: 'purge', reason: `Deleted on ${event.deletedAt!.toISOString()}, kept ${days} days`, before: { name: event.name } } });
    });
  }
  return due.map((e) => e.id);
}
