import { Injectable } from '@nestjs/common';
import type { QueryResultRow } from 'pg';
import { NotFoundError } from '../common/errors.js';
import { Turn } from '../common/turns.js';
import { PgPool } from '../database/pg-pool.service.js';
import { Revisions } from '../database/revisions.service.js';
import type { Board, Contestant, Event, Section, Session } from '../generated/prisma/client.js';
import { storedMovement } from '../sections/sections.service.js';
import { contestantKey, type SessionContext } from './line-context.js';
import { contestantRow, type EventData } from '../rankings/event-data.js';

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
    private readonly pg: PgPool,
    private readonly revisions: Revisions,
  ) {}

  async get(sessionId: string): Promise<SessionContext> {
    const eventId = await this.revisions.eventOf(sessionId);
    const { setupRevision } = await this.revisions.ofEvent(eventId);
    const cached = this.cache.get(sessionId);
    if (cached?.setupRevision === setupRevision) return cached;
    const key = `${sessionId}@${setupRevision}`;
    // The revision was read before the rows: a change in between only makes the next use reload.
    const context = await (this.loading.get(key) ?? this.loadingUnder(key, this.load(sessionId, setupRevision)));
    this.cache.set(sessionId, context);
    return context;
  }

  /**
   * Read with plain SQL, not through Prisma: a national session's 20,000 contestants took Prisma
   * 250–360 ms of the event loop (the first post after an import waited for it), the driver a
   * fraction of that.
   */
  private async load(sessionId: string, setupRevision: string): Promise<SessionContext> {
    const q = <T extends object>(text: string) => this.pg.query<T & QueryResultRow>(text, [sessionId]).then((r) => r.rows as T[]);
    const [[rest], [event], sections, boards, contestants] = await Promise.all([
      q<Session>('SELECT * FROM "Session" WHERE "id" = $1'),
      q<Event>('SELECT e.* FROM "Event" e JOIN "Session" s ON s."eventId" = e."id" WHERE s."id" = $1'),
      q<Section>('SELECT * FROM "Section" WHERE "sessionId" = $1 ORDER BY "letter"'),
      q<Board>('SELECT * FROM "Board" WHERE "sessionId" = $1'),
      q<Contestant>('SELECT c.* FROM "Contestant" c JOIN "Session" s ON s."eventId" = c."eventId" WHERE s."id" = $1'),
    ]);
    if (!rest || !event) throw new NotFoundError('Session', sessionId, 'sessionId');
    return contextOf(rest, event, sections, boards, await contestantMaps(contestants), setupRevision);
  }

  /**
   * The contexts of an event's sessions made from its rows as already read — an import's, read in
   * its own transaction (ScoredEvents.scoreWithin) — at the set-up revision they were read at: the
   * first post after a national import does not read 20,000 contestants again, and the import's
   * answer does not wait for them. Made a slice at a time (at once, a national field's held the
   * event loop ~30 ms while the import answered); a post meanwhile waits for them.
   */
  prime(data: EventData): void {
    const setupRevision = String(data.event.setupRevision);
    const made = contextsInSlices(data, setupRevision);
    for (const s of data.sessions) {
      const key = `${s.session.id}@${setupRevision}`;
      const one = made.then((all) => {
        const context = all.get(s.session.id)!;
        if (!this.cache.has(s.session.id)) this.cache.set(s.session.id, context); // one read meanwhile is as good
        return context;
      });
      void this.loadingUnder(key, one);
    }
  }

  /** `context` awaited by every use of `key` (session@revision) until it settles; failed, the next use reads the rows itself. */
  private loadingUnder(key: string, context: Promise<SessionContext>): Promise<SessionContext> {
    this.loading.set(key, context);
    const done = () => this.loading.get(key) === context && this.loading.delete(key);
    context.then(done, done);
    return context;
  }
}

/** The contexts of `data`'s sessions: one set of contestants shared by all (contexts are never changed). */
async function contextsInSlices(data: EventData, setupRevision: string): Promise<Map<string, SessionContext>> {
  const contestants = await contestantMaps(Array.from(data.contestants.values(), contestantRow));
  return new Map(data.sessions.map((s) => [s.session.id, contextOf(s.session, data.event, s.sections, [...s.boards.values()], contestants, setupRevision)]));
}

/** An event's contestants by pair key and by id. */
interface ContestantMaps {
  byKey: Map<string, Contestant>;
  byId: Map<string, Contestant>;
}

/** `contestants` by pair key and by id, pausing every ~1 ms (a national field's 20,000 at once held the event loop ~30 ms). */
async function contestantMaps(contestants: readonly Contestant[]): Promise<ContestantMaps> {
  const turn = new Turn();
  const maps: ContestantMaps = { byKey: new Map(), byId: new Map() };
  for (const c of contestants) {
    maps.byKey.set(contestantKey(c), c);
    maps.byId.set(c.id, c);
    if (turn.over()) await turn.next();
  }
  return maps;
}

/** A session's context from its rows (as the driver reads them: bigint columns as text). */
function contextOf(session: Session, event: Event, sections: Section[], boards: Board[], contestants: ContestantMaps, setupRevision: string): SessionContext {
  // The context's rows are typed (and read) as Prisma's.
  const eventRow = { ...event, revision: BigInt(event.revision), setupRevision: BigInt(event.setupRevision) };
  const movements = new Map(sections.flatMap((s) => (storedMovement(s) ? [[s.id, storedMovement(s)!] as const] : [])));
  return {
    session,
    event: eventRow,
    sections,
    movements,
    boards: new Map(boards.map((b) => [b.number, b])),
    contestants: contestants.byKey,
    contestantsById: contestants.byId,
    setupRevision,
  };
}
