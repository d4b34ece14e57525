import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
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
  constructor(private readonly lifecycle: EventLifecycle) {}

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
