import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors.js';
import { PgPool } from './pg-pool.service.js';
import { readSnapshot } from '../common/read-snapshot.js';

/** An event's change counters (kept by database triggers, see the migration that adds them). */
export interface EventRevision {
  /** Any change to the event's data: results, penalties, set-up. */
  revision: string;
  /** Set-up only: sessions, sections, boards, contestants, players, the event's own settings. */
  setupRevision: string;
}

interface Probe {
  ids: Set<string>;
  result: Promise<Map<string, EventRevision>>;
  settle(value: Map<string, EventRevision> | Error): void;
}

/**
 * The current revisions of events, for caches that must never serve stale data, on this instance
 * or any other. Probes coalesce: callers that arrive while a probe is in flight all share the
 * next one, which starts after they arrived, so an answer always reflects every write committed
 * before the caller asked (read-your-write) and the database sees one small query at a time
 * however many readers wait.
 */
@Injectable()
export class Revisions {
  private next: Probe | null = null;
  private running: Promise<void> | null = null;
  /** Sessions never move between events: their event is cached for good. */
  private readonly eventOfSession = new Map<string, string>();

  constructor(private readonly pg: PgPool) {}

  /** The event's revisions now; within a read-only request, as its first probe found them (see read-snapshot.ts). */
  ofEvent(eventId: string): Promise<EventRevision> {
    const snapshot = readSnapshot();
    const known = snapshot?.revisions.get(eventId) as Promise<EventRevision> | undefined;
    if (known) return known;
    const probed = this.probe(eventId);
    snapshot?.revisions.set(eventId, probed);
    return probed;
  }

  private async probe(eventId: string): Promise<EventRevision> {
    const probe = this.next ?? this.schedule();
    probe.ids.add(eventId);
    const found = (await probe.result).get(eventId);
    if (!found) throw new NotFoundError('Event', eventId, 'eventId');
    return found;
  }

  async eventOf(sessionId: string): Promise<string> {
    const known = this.eventOfSession.get(sessionId);
    if (known) return known;
    const { rows } = await this.pg.query<{ eventId: string }>('SELECT "eventId" FROM "Session" WHERE "id" = $1', [sessionId]);
    if (!rows.length) throw new NotFoundError('Session', sessionId, 'sessionId');
    this.eventOfSession.set(sessionId, rows[0].eventId);
    return rows[0].eventId;
  }

  private schedule(): Probe {
    let settle!: Probe['settle'];
    const result = new Promise<Map<string, EventRevision>>((resolve, reject) => {
      settle = (value) => (value instanceof Error ? reject(value) : resolve(value));
    });
    result.catch(() => {}); // callers see the error; an unawaited probe must not crash the process
    const probe: Probe = { ids: new Set(), result, settle };
    this.next = probe;
    const previous = this.running;
    const run = (async () => {
      // Callers of this same turn of the event loop join before the query is sent.
      await (previous ?? Promise.resolve()).catch(() => {});
      if (this.next === probe) this.next = null;
      try {
        const { rows } = await this.pg.query<EventRevision & { id: string }>(
          'SELECT "id", "revision"::text AS "revision", "setupRevision"::text AS "setupRevision" FROM "Event" WHERE "id" = ANY($1::uuid[])',
          [[...probe.ids]],
        );
        probe.settle(new Map(rows.map((r) => [r.id, { revision: r.revision, setupRevision: r.setupRevision }])));
      } catch (error) {
        probe.settle(error instanceof Error ? error : new Error(String(error)));
      }
    })();
    this.running = run;
    void run.finally(() => {
      if (this.running === run) this.running = null;
    });
    return probe;
  }
}
