import { Injectable } from '@nestjs/common';
import { PgPool } from '../database/pg-pool.service.js';
import { Revisions } from '../database/revisions.service.js';
import { applyEventChanges, changesBySession, loadEventChanges, loadEventData, type EventData } from './event-data.js';
import { scoreEvent, scoreEventInSlices, type ScoredEvent } from './event-scoring.js';
import { noteDependency } from '../common/read-tracking.js';

interface Cached {
  revision: string;
  setupRevision: string;
  scored: Promise<{ data: EventData; scored: ScoredEvent }>;
}

/** Events kept scored in memory; the least recently used go first. */
const MAX_EVENTS = 64;

/**
 * Scored events, computed once per revision. Every read asks the database for the event's current
 * revision (one shared probe, see Revisions) and rescores only when it moved, so a ranking is up to
 * date the moment a post returns, on every instance, while repeated reads cost no scoring at all.
 */
@Injectable()
export class ScoredEvents {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly pg: PgPool,
    private readonly revisions: Revisions,
  ) {}

  async ofSession(sessionId: string): Promise<ScoredEvent> {
    return this.ofEvent(await this.revisions.eventOf(sessionId));
  }

  async ofEvent(eventId: string): Promise<ScoredEvent> {
    const current = await this.revisions.ofEvent(eventId);
    noteDependency(eventId, current.revision);
    const cached = this.cache.get(eventId);
    if (cached?.revision === current.revision) {
      this.cache.delete(eventId);
      this.cache.set(eventId, cached); // most recently used last
      return (await cached.scored).scored;
    }
    // Rows are read after the revision: a write in between only makes the next read look again.
    const scored = this.refresh(eventId, cached, current.setupRevision);
    this.cache.set(eventId, { revision: current.revision, setupRevision: current.setupRevision, scored });
    scored.catch(() => this.cache.get(eventId)?.scored === scored && this.cache.delete(eventId));
    while (this.cache.size > MAX_EVENTS) this.cache.delete(this.cache.keys().next().value!);
    return (await scored).scored;
  }

  /**
   * After results or penalties changed (set-up unchanged), only the changed result rows are read
   * and only the boards they touch are scored again; anything else reloads the whole event.
   */
  private async refresh(eventId: string, cached: Cached | undefined, setupRevision: string): Promise<{ data: EventData; scored: ScoredEvent }> {
    const before = cached && cached.setupRevision === setupRevision ? await cached.scored.catch(() => null) : null;
    if (!before) {
      const data = await loadEventData(this.pg, eventId);
      return { data, scored: await scoreEventInSlices(data) };
    }
    const changes = await loadEventChanges(this.pg, eventId, cached!.revision);
    const data = applyEventChanges(before.data, changes);
    return { data, scored: scoreEvent(data, before.scored, changesBySession(data, changes)) };
  }
}
