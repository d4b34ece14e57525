import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Actor } from '../auth/actor.decorator.js';
import { Requires, RequiresKey } from '../auth/requires.decorator.js';
import { PrismaService } from '../database/prisma.service.js';
import { AuditEntry } from '../results/models/audit-entry.model.js';
import { BadInputError } from '../common/errors.js';
import { IdArg } from '../common/id.js';
import { EventLifecycle } from './event-lifecycle.service.js';
import { Event } from './models/event.model.js';

const reasonOf = (reason: string) => {
  const text = reason.trim();
  if (text.length < 3 || text.length > 500) throw new BadInputError('Say why (3 to 500 characters)', ['reason']);
  return text;
};

/** Archiving, deleting and restoring an event: its organisation's DIRECTOR or ADMIN keys, audited. */
@Resolver(() => Event)
export class EventLifecycleResolver {
  constructor(
    private readonly lifecycle: EventLifecycle,
    private readonly prisma: PrismaService,
  ) {}

  @Query(() => [AuditEntry], {
    description: 'Changes outside any session, latest first: events archived, deleted, restored and purged, the name policy, player merges (a key of the organisation or its federation)',
  })
  @RequiresKey((a) => ({ kind: 'organization', id: a.organizationId }), 'The organisation’s audit trail')
  organizationAuditTrail(
    @Args('organizationId', { type: () => ID, description: 'The club or federation' }) organizationId: string,
    @Args('last', { type: () => Int, nullable: true, defaultValue: 100, description: 'How many of the latest entries, 1–1,000 (default 100)' }) last: number,
  ) {
    if (!Number.isInteger(last) || last < 1 || last > 1_000) throw new BadInputError('last must be between 1 and 1,000', ['last']);
    return this.prisma.auditEntry.findMany({ where: { organizationId, sessionId: null }, orderBy: { seq: 'desc' }, take: last });
  }

  @Mutation(() => Event, { description: 'Archives an event: out of lists and public pages, still read by its organisation’s keys; restoreEvent undoes it (DIRECTOR, audited)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.id }), 'Archiving an event')
  archiveEvent(@IdArg() id: string, @Args('reason', { description: 'Why, 3–500 characters (audit trail)' }) reason: string, @Actor() actor: string) {
    return this.lifecycle.archive(id, reasonOf(reason), actor);
  }

  @Mutation(() => Event, { description: 'Deletes an event (soft): hidden from every reader, restorable with restoreEvent until purged after TRAVELLER_DELETED_EVENT_DAYS (DIRECTOR, audited)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.id }), 'Deleting an event')
  deleteEvent(@IdArg() id: string, @Args('reason', { description: 'Why, 3–500 characters (audit trail)' }) reason: string, @Actor() actor: string) {
    return this.lifecycle.delete(id, reasonOf(reason), actor);
  }

  @Mutation(() => Event, { description: 'Restores a deleted (not yet purged) or archived event (DIRECTOR, audited)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.id }), 'Restoring an event')
  restoreEvent(@IdArg() id: string, @Args('reason', { description: 'Why, 3–500 characters (audit trail)' }) reason: string, @Actor() actor: string) {
    return this.lifecycle.restore(id, reasonOf(reason), actor);
  }
}
