import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Event } from '../generated/prisma/client.js';
import { PgPool, queriesOn } from '../database/pg-pool.service.js';
import { Revisions } from '../database/revisions.service.js';
import { applyEventChanges, changesBySession, eventDataOf, EVENT_ROW, loadEventChanges, loadEventData, readEventRows, seatedContestants, type EventData, type LinesBySession, type ScoredData, type WrittenContestants, type WrittenResults } from './event-data.js';
import { readyForReads, scoreEvent, scoreEventInSlices, type Readying, type ScoredEvent } from './event-scoring.js';
import { noteDependency } from '../common/read-tracking.js';
import { settleYoungGeneration } from '../common/young-generation.js';

/** The longest a slice of an import's scoring holds the event loop while its transaction is still open (as Turn's default, see there). */
const TRANSACTION_SLICE_MS = 1;
/**
 * The work after a whole scoring (`readyForReads`): slices of at most ~2 ms, 8 ms apart, while
 * nobody waits for it and pages of other sessions are read (a national field's, ~85 ms, is done
 * within half a second); a read of the event takes the pauses out and waits for it (`ranked`).
 */
const READYING = { sliceMs: 2, pauseMs: 8 };

interface Cached {
  revision: string;
  setupRevision: string;
  scored: Promise<ScoredData>;
  /** Result lines held, once scored (0 before). */
  lines: number;
}

/**
 * Events kept scored in memory, the least recently used going first: at most this many, and at
 * most this many result lines in all (a line holds ~0.5 KB of rows and scoring state), so a few
 * national fields cannot outgrow the heap the service runs with (package.json's start script).
 * The event just read always stays, however large.
 */
const MAX_EVENTS = 64;
const configuredLines = Number(process.env.TRAVELLER_CACHED_LINES);
const MAX_LINES = Number.isInteger(configuredLines) && configuredLines > 0 ? configuredLines : 600_000;

/**
 * From this many lines, a whole scoring once readied has the young generation settled
 * (`settleYoungGeneration`): a national field's ~20 ms then, instead of its first reads'.
 */
const SETTLE_LINES = 20_000;

const lineCount = (data: EventData): number => data.sessions.reduce((n, s) => n + s.results.length, 0);

/**
 * The keys to drop from a map kept in least-recently-used order (oldest first) so that at most
 * `maxEntries` entries and `maxLines` lines stay; the newest entry always stays.
 */
export function overBudget<K>(entries: Iterable<[K, { lines: number }]>, maxEntries: number, maxLines: number): K[] {
  const all = [...entries];
  let lines = all.reduce((n, [, e]) => n + e.lines, 0);
  const drop: K[] = [];
  for (const [key, e] of all.slice(0, -1)) {
    if (all.length - drop.length <= maxEntries && lines <= maxLines) break;
    drop.push(key);
    lines -= e.lines;
  }
  return drop;
}

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

  /**
   * The event scored at its current revision, its rankings made (a read right after a whole
   * scoring waits for the background readying to make them, see `ranked`). `written`: result rows
   * the caller has just committed (see WrittenResults), used if the event is still at their
   * revision; that caller, the writer, reads no ranking and does not wait for them.
   */
  async ofEvent(eventId: string, written?: WrittenResults): Promise<ScoredEvent> {
    const scored = await this.current(eventId, written);
    return written ? scored : this.ranked(scored);
  }

  private async current(eventId: string, written?: WrittenResults): Promise<ScoredEvent> {
    const current = await this.revisions.ofEvent(eventId);
    noteDependency(eventId, current.revision);
    const cached = this.cache.get(eventId);
    if (cached?.revision === current.revision) {
      this.cache.delete(eventId);
      this.cache.set(eventId, cached); // most recently used last
      return (await cached.scored).scored;
    }
    // Rows are read after the revision: a write in between only makes the next read look again.
    const scored = this.refresh(eventId, cached, current.setupRevision, written?.revision === current.revision ? written : undefined);
    const entry: Cached = { revision: current.revision, setupRevision: current.setupRevision, scored, lines: 0 };
    this.cache.set(eventId, entry);
    scored.then(
      ({ data, scored }) => {
        entry.lines = lineCount(data);
        this.evict();
        // The first page finds its ranking made and the first correction its lines indexed (a national field's took ~190–230 ms of it); nothing left to do after an update.
        this.ready({ data, scored });
      },
      () => this.cache.get(eventId) === entry && this.cache.delete(eventId),
    );
    this.evict();
    return (await scored).scored;
  }

  /**
   * `scored` once the rankings and indexes its readying is making in the background are made
   * (hurried: a read waits for them); after a whole scoring of a large field, once the young
   * generation is settled too, so the pages read next do not copy the scoring state and the rankings.
   */
  private async ranked(scored: ScoredEvent): Promise<ScoredEvent> {
    const readying = this.readying.get(scored);
    if (readying) {
      readying.hurry();
      await readying.ready;
    }
    return scored;
  }

  /**
   * An event a transaction is writing (an import's new sessions), scored while the transaction goes
   * on, so the import's answer does not wait for a national field's scoring after its commit. The
   * event's rows are read now on the transaction's own connection (`client`: queued before its next
   * statements, so they are read as the transaction wrote them), except the results of `lines`'
   * sessions, which the writer hands over (with the contestants and players it wrote,
   * `contestants`): they are scored once `lines.complete` says every one is in, while the database
   * is still busy with the rest of the transaction. `settle`, awaited at the end of the
   * transaction, reads the event's own row again (its revisions move with every write) and answers
   * the revision the transaction leaves it at. Once committed, `ofEvent(eventId, { …, scored })`
   * takes the scoring as it is; null if it failed (the event is then read and scored after the
   * commit, as any other).
   */
  scoreWithin(client: pg.ClientBase, eventId: string, lines: { sessionIds: string[]; results: LinesBySession; complete: Promise<void>; contestants?: WrittenContestants }): { scored: Promise<ScoredData | null>; settle: () => Promise<string> } {
    const source = queriesOn(client);
    const rows = readEventRows(source, eventId, lines.sessionIds, lines.contestants);
    rows.catch(() => {}); // reported by settle, unless the transaction gave up first
    const scored = (async () => {
      const read = await rows;
      // Seated while the lines go in: a national field's 20,000 pairs took ~100 ms between the last line and the scoring.
      const seated = seatedContestants(read.contestants, read.players);
      await lines.complete;
      const data = await eventDataOf(read, lines.results, seated);
      // Short slices: the transaction's last statements (the keys' check, the commit) each wait for one.
      const ready = { data, scored: this.scoredWhole(await scoreEventInSlices(data, TRANSACTION_SLICE_MS)) };
      // Readied as soon as scored (as the transaction ends, or after the import's answer), not when
      // the first page asks (a national field's ~75 ms of indexing, in slices, made the first walk's pages slower).
      this.ready(ready);
      return ready;
    })().catch(() => null);
    const settle = async () => {
      const [read, event] = await Promise.all([rows, source.query<Event>(EVENT_ROW, [eventId])]);
      Object.assign(read.events[0], event.rows[0]);
      return String(event.rows[0].revision); // the driver reads a bigint as its text
    };
    return { scored, settle };
  }

  /** Each scoring readied once: an import's is readied in its transaction, then taken as it is by `ofEvent`. */
  private readonly readying = new WeakMap<ScoredEvent, Readying>();
  /** The scorings made whole (an import's, a reload's), not by updating another: only theirs leave much young. */
  private readonly whole = new WeakSet<ScoredEvent>();

  private ready({ data, scored }: ScoredData): void {
    if (this.readying.has(scored)) return;
    const readying = readyForReads(data, scored, READYING.sliceMs, READYING.pauseMs);
    // A read waits for the settling too: it is what the pages after it would otherwise pay for.
    const settles = this.whole.has(scored) && lineCount(data) >= SETTLE_LINES;
    this.readying.set(scored, settles ? { ...readying, ready: readying.ready.then(() => void settleYoungGeneration()) } : readying);
  }

  private scoredWhole(scored: ScoredEvent): ScoredEvent {
    this.whole.add(scored);
    return scored;
  }

  private evict(): void {
    for (const id of overBudget(this.cache, MAX_EVENTS, MAX_LINES)) this.cache.delete(id);
  }

  /**
   * After results or penalties changed (set-up unchanged), only the changed result rows are read
   * and only the boards they touch are scored again; anything else reloads the whole event.
   */
  private async refresh(eventId: string, cached: Cached | undefined, setupRevision: string, written?: WrittenResults): Promise<ScoredData> {
    const before = cached && cached.setupRevision === setupRevision ? await cached.scored.catch(() => null) : null;
    if (!before) {
      const ready = await written?.scored;
      if (ready) return ready;
      const data = await loadEventData(this.pg, eventId, written);
      return { data, scored: this.scoredWhole(await scoreEventInSlices(data)) };
    }
    const changes = await loadEventChanges(this.pg, eventId, cached!.revision);
    const data = applyEventChanges(before.data, changes);
    return { data, scored: scoreEvent(data, before.scored, changesBySession(data, changes)) };
  }
}
