import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import { Revisions } from '../database/revisions.service.js';
import { loadEventData } from './event-data.js';
import { scoreEvent, type ScoredEvent } from './event-scoring.js';
import { noteDependency } from '../common/read-tracking.js';

/** Events kept scored in memory; the least recently used go first. */
const MAX_EVENTS = 64;

/**
 * Scored events, computed once per revision. Every read asks the database for the event's current
 * revision (one shared probe, see Revisions) and rescores only when it moved, so a ranking is up to
 * date the moment a post returns, on every instance, while repeated reads cost no scoring at all.
 */
@Injectable()
export class ScoredEvents {
  private readonly cache = new Map<string, { revision: string; scored: Promise<ScoredEvent> }>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly revisions: Revisions,
  ) {}

  async ofSession(sessionId: string): Promise<ScoredEvent> {
    return this.ofEvent(await this.revisions.eventOf(sessionId));
  }

  async ofEvent(eventId: string): Promise<ScoredEvent> {
    const { revision } = await this.revisions.ofEvent(eventId);
    noteDependency(eventId, revision);
    const cached = this.cache.get(eventId);
    if (cached?.revision === revision) {
      this.cache.delete(eventId);
      this.cache.set(eventId, cached); // most recently used last
      return cached.scored;
    }
    // Rows read after the revision: a write in between only makes the next read rescore.
    const scored = loadEventData(this.prisma, eventId).then(scoreEvent);
    this.cache.set(eventId, { revision, scored });
    scored.catch(() => this.cache.get(eventId)?.scored === scored && this.cache.delete(eventId));
    while (this.cache.size > MAX_EVENTS) this.cache.delete(this.cache.keys().next().value!);
    return scored;
  }
}
