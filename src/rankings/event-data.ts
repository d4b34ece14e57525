import { groupBy } from '../bridge/grouping.js';
import { IdIndex } from '../bridge/scoring/id-index.js';
import { NotFoundError } from '../common/errors.js';
import { Turn } from '../common/turns.js';
import { UuidList, type RowSource, type Statement } from '../database/pg-pool.service.js';
import type { Board, Contestant, ContestantPlayer, Event, MatchAward, Penalty, Player, Section, Session } from '../generated/prisma/client.js';
import { cachedLine, type LineContent } from '../results/traveller-line.js';
import type { ScoredEvent } from './event-scoring.js';

export type ContestantWithPlayers = Contestant & { players: { player: Player }[] };

/**
 * A result as the scoring caches hold it: every column a traveller, scorecard or export shows,
 * without the timestamps and idempotency key (two Date objects a line, parsed and kept for
 * 240,000 lines of a national field, and never read from here).
 */
export type StoredResult = LineContent;
const RESULT_COLUMNS = ['id', 'sessionId', 'sectionId', 'boardNumber', 'round', 'table', 'nsContestantId', 'ewContestantId', 'status', 'contract', 'declarer', 'tricks', 'lead', 'nsScore', 'boardForm', 'adjustment', 'movementIssue', 'version']
  .map((c) => `r."${c}"`)
  .join(', ');

/** An event's result rows (as `r`), found through its sessions' sections: Result's indexes lead with the section. */
const RESULTS_OF_EVENT = '"Session" s JOIN "Section" x ON x."sessionId" = s."id" JOIN "Result" r ON r."sectionId" = x."id" WHERE s."eventId" = $1';

/** Everything an event's scores and rankings are computed from, as stored. */
export interface EventData {
  event: Event;
  contestants: Map<string, ContestantWithPlayers>;
  /** In playing order. */
  sessions: SessionData[];
}

export interface SessionData {
  session: Session;
  sections: Section[];
  boards: Map<number, Board>;
  results: StoredResult[];
  /** Penalties in force (revoked ones left out). */
  penalties: Penalty[];
  /** Byes and forfeits in force (teams). */
  awards: (MatchAward & { kind: 'BYE' | 'FORFEIT' })[];
}

/**
 * Result rows a transaction of this service has just written and committed (an import's new
 * sessions, whole), with the event's revision as that transaction left it: the cache may take
 * them instead of reading them back (240,000 rows of a national field), as long as the event is
 * still at that revision.
 */
export interface WrittenResults {
  revision: string;
  /** The sessions whose every result row is in `results`. */
  sessionIds: string[];
  results: LinesBySession;
  /** The event with these lines, scored while the transaction wrote them (ScoredEvents.scoreWithin); null if that failed. */
  scored?: Promise<ScoredData | null>;
}

/** An event's rows and their scoring, as the cache keeps them. */
export interface ScoredData {
  data: EventData;
  scored: ScoredEvent;
}

/**
 * Result lines by session: how the cache holds an event's lines. An import adds each chunk's
 * lines while the database is still writing the next, so the cache takes them ready (240,000
 * lines made after the commit held the event loop ~300 ms, in the import's time). Where each
 * line sits in its session's rows is indexed after the scoring, in the background (`indexPositions`),
 * not as lines arrive: a national field's 240,000-entry map cost its import ~50–100 ms of the
 * service's processor (and its first correction ~100 ms when it was made then).
 */
export class LinesBySession {
  readonly bySession: Map<string, StoredResult[]>;

  /** Starting from `sessions`. */
  constructor(sessions: ReadonlyMap<string, StoredResult[]> = new Map()) {
    this.bySession = new Map(sessions);
  }

  add(lines: readonly StoredResult[]): void {
    for (const line of lines) this.push(line);
  }

  push(line: StoredResult): void {
    let rows = this.bySession.get(line.sessionId);
    if (!rows) this.bySession.set(line.sessionId, (rows = []));
    rows.push(line); // indexed after the scoring (indexPositions)
  }
}

/**
 * The contestants an import writes, and the seats of the players it creates, as the database will
 * hold them but for their timestamps (the transaction's own): handed to the scoring cache so they
 * are not read back (a national field's 20,000 pairs and 40,000 players, parsed from one result,
 * held the event loop for hundreds of ms). Columns, not objects: copied from the reading thread
 * in ~20 ms where 20,000 objects took ~120 ms. A seat of a player already stored is not here: that
 * player's row is read (its name is the stored one, not the file's).
 */
export interface WrittenContestants {
  eventId: string;
  /** The new players' organisation. */
  organizationId: string | null;
  ids: string[];
  sections: (string | null)[];
  numbers: number[];
  directions: (string | null)[];
  names: string[];
  seats: { contestantIds: string[]; positions: number[]; playerIds: string[]; names: string[]; memberNumbers: (string | null)[] };
  /** The stored players the new contestants seat: their seats are read with their rows. */
  storedPlayers: string[];
}

/** An event's rows as read, before they are put together (see `eventDataOf`). */
export interface EventRows {
  events: Event[];
  contestants: Contestant[];
  players: (ContestantPlayer & Player)[];
  sessions: Session[];
  sections: Section[];
  boards: Board[];
  /** The results of the sessions not left out. */
  results: StoredResult[];
  penalties: Penalty[];
  awards: (MatchAward & { kind: 'BYE' | 'FORFEIT' })[];
}

/**
 * The whole event, read with plain SQL in one round of parallel queries: this runs again after
 * every write to the event (scores are recomputed from the rows), so it must take milliseconds.
 * Rows come back in Prisma's shapes (same column names and types). The results of `written`'s
 * sessions are taken from it, not read.
 */
export async function loadEventData(pg: RowSource, eventId: string, written?: Pick<WrittenResults, 'sessionIds' | 'results'>): Promise<EventData> {
  return eventDataOf(await readEventRows(pg, eventId, written?.sessionIds), written?.results);
}

/**
 * The event's rows, the results of the sessions `leftOut` excepted (their rows are known to the
 * caller), and the contestants and players `handed` over by the transaction that wrote them (only
 * the others are read; the handed ones take the transaction's time as their timestamps, as the
 * database's defaults do).
 */
export async function readEventRows(pg: RowSource, eventId: string, leftOut?: string[], handed?: WrittenContestants): Promise<EventRows> {
  const q = (text: string, more: unknown[] = []): Statement => ({ text, params: [eventId, ...more] });
  const seats = `SELECT cp."contestantId", cp."position", p.* FROM "ContestantPlayer" cp
       JOIN "Contestant" c ON c."id" = cp."contestantId" JOIN "Player" p ON p."id" = cp."playerId"
       WHERE c."eventId" = $1`;
  const statements = [
    q(EVENT_ROW),
    // The handed ids as one array literal each (UuidList), not 20,000 parameters checked one by one.
    handed ? q('SELECT * FROM "Contestant" WHERE "eventId" = $1 AND NOT "id" = ANY($2::uuid[])', [new UuidList(handed.ids)]) : q('SELECT * FROM "Contestant" WHERE "eventId" = $1'),
    handed
      ? q(`${seats} AND NOT (cp."contestantId" = ANY($2::uuid[]) AND NOT cp."playerId" = ANY($3::uuid[])) ORDER BY cp."position"`, [new UuidList(handed.ids), new UuidList(handed.storedPlayers)])
      : q(`${seats} ORDER BY cp."position"`),
    q('SELECT * FROM "Session" WHERE "eventId" = $1 ORDER BY "number"'),
    q('SELECT x.* FROM "Section" x JOIN "Session" s ON s."id" = x."sessionId" WHERE s."eventId" = $1 ORDER BY x."letter"'),
    q('SELECT b.* FROM "Board" b JOIN "Session" s ON s."id" = b."sessionId" WHERE s."eventId" = $1'),
    leftOut
      ? // The sessions left out by their own ids, so only the others' rows are looked at (not 240,000 read and dropped).
        q(`SELECT ${RESULT_COLUMNS} FROM ${RESULTS_OF_EVENT} AND s."id" <> ALL($2::uuid[])`, [leftOut])
      : q(`SELECT ${RESULT_COLUMNS} FROM ${RESULTS_OF_EVENT}`),
    q('SELECT p.* FROM "Penalty" p JOIN "Session" s ON s."id" = p."sessionId" WHERE s."eventId" = $1 AND p."revokedAt" IS NULL ORDER BY p."createdAt"'),
    q('SELECT a.* FROM "MatchAward" a JOIN "Session" s ON s."id" = a."sessionId" WHERE s."eventId" = $1 AND a."revokedAt" IS NULL ORDER BY a."createdAt"'),
    // The transaction's time, as its rows' default timestamps hold it (to the millisecond).
    ...(handed ? [q('SELECT now()::timestamptz(3) AS "at", $1::uuid AS "eventId"')] : []),
  ];
  // In one round trip where the source is one connection: a transaction's, on which this is one
  // query queued ahead of its next statements (the driver warns of more than one waiting).
  const read = pg.queryAll ? await pg.queryAll(statements) : await Promise.all(statements.map((x) => pg.query(x.text, x.params).then((r) => r.rows)));
  const [events, contestants, players, sessions, sections, boards, results, penalties, awards, now] = read as [Event[], Contestant[], (ContestantPlayer & Player)[], Session[], Section[], Board[], StoredResult[], Penalty[], (MatchAward & { kind: 'BYE' | 'FORFEIT' })[], { at: Date }[]?];
  if (!events.length) throw new NotFoundError('Event', eventId, 'eventId');
  if (!handed) return { events, contestants, players, sessions, sections, boards, results, penalties, awards };
  const written = await writtenRows(handed, now![0].at);
  for (const c of written.contestants) contestants.push(c);
  // Seats in order of position, as read: a new pair may sit a stored player beside a new one.
  const seated = players.length ? [...players, ...written.players].sort((a, b) => a.position - b.position) : written.players;
  return { events, contestants, players: seated, sessions, sections, boards, results, penalties, awards };
}

/** The handed contestants and seats as rows read from the database would be, their timestamps `at`; in ~1 ms turns. */
async function writtenRows(handed: WrittenContestants, at: Date): Promise<{ contestants: Contestant[]; players: (ContestantPlayer & Player)[] }> {
  const turn = new Turn();
  const contestants: Contestant[] = [];
  for (let i = 0; i < handed.ids.length; i++) {
    if (turn.over()) await turn.next();
    contestants.push({ id: handed.ids[i], eventId: handed.eventId, section: handed.sections[i], number: handed.numbers[i], direction: handed.directions[i] as Contestant['direction'], name: handed.names[i], nameChosen: false, createdAt: at, updatedAt: at });
  }
  const { seats } = handed;
  const players: (ContestantPlayer & Player)[] = [];
  for (let i = 0; i < seats.playerIds.length; i++) {
    if (turn.over()) await turn.next();
    const id = seats.playerIds[i];
    players.push({ contestantId: seats.contestantIds[i], position: seats.positions[i], playerId: id, id, name: seats.names[i], memberNumber: seats.memberNumbers[i], organizationId: handed.organizationId, mergedIntoId: null, createdAt: at, updatedAt: at });
  }
  return { contestants, players };
}

/** The event's own row (its revisions move with every write: see ScoredEvents.scoreWithin). */
export const EVENT_ROW = 'SELECT * FROM "Event" WHERE "id" = $1';

/** The rows put together as the caches hold them; `handedOver`'s sessions' results taken as they are. */
export async function eventDataOf(rows: EventRows, handedOver?: LinesBySession, seated = seatedContestants(rows.contestants, rows.players)): Promise<EventData> {
  const { contestants, sessions, sections, boards, penalties, awards } = rows;
  const resultsOf = await cachedSessions(rows.results, handedOver, () => [...contestants.map((c) => c.id), ...sessions.map((x) => x.id), ...sections.map((x) => x.id)]);
  const of = <T extends { sessionId: string }>(rows: T[]) => groupBy(rows, (r) => r.sessionId);
  const [sectionsOf, boardsOf, penaltiesOf, awardsOf] = [of(sections), of(boards), of(penalties), of(awards)];
  return {
    event: rows.events[0],
    contestants: await seated,
    sessions: sessions.map((session) => ({
      session,
      sections: sectionsOf.get(session.id) ?? [],
      boards: new Map((boardsOf.get(session.id) ?? []).map((b) => [b.number, b])),
      results: resultsOf.get(session.id) ?? [],
      penalties: penaltiesOf.get(session.id) ?? [],
      awards: awardsOf.get(session.id) ?? [],
    })),
  };
}

/**
 * The event's contestants with their players, a slice at a time: a national field's 20,000 pairs
 * and 40,000 players made in one go held the event loop ~200 ms, the collections they caused
 * included (after an import, /health waited on it).
 */
export async function seatedContestants(contestants: readonly Contestant[], players: readonly (ContestantPlayer & Player)[]): Promise<Map<string, ContestantWithPlayers>> {
  const seated = new Map<string, { player: Player }[]>();
  const byId = new Map<string, ContestantWithPlayers>();
  const turn = new Turn();
  for (let i = 0; i < players.length + contestants.length; i++) {
    if (turn.over()) await turn.next();
    if (i < players.length) {
      const row = players[i];
      const seats = seated.get(row.contestantId);
      if (seats) seats.push({ player: playerOf(row) });
      else seated.set(row.contestantId, [{ player: playerOf(row) }]);
    } else {
      const c = contestants[i - players.length];
      byId.set(c.id, withPlayers(c, seated.get(c.id) ?? []));
    }
  }
  return byId;
}

// Written out, not by rest and spread, which copy generically: a national field has 20,000
// contestants and 40,000 players, read at the first ranking after every set-up change (~3× the time).
const playerOf = (p: Player): Player => ({ id: p.id, name: p.name, memberNumber: p.memberNumber, organizationId: p.organizationId, mergedIntoId: p.mergedIntoId, createdAt: p.createdAt, updatedAt: p.updatedAt });
/** A contestant's own columns (of a row read, or of a contestant with its players). */
export const contestantRow = (c: Contestant): Contestant => ({ id: c.id, eventId: c.eventId, section: c.section, number: c.number, direction: c.direction, name: c.name, nameChosen: c.nameChosen, createdAt: c.createdAt, updatedAt: c.updatedAt });
const withPlayers = (c: Contestant, players: { player: Player }[]): ContestantWithPlayers => Object.assign(contestantRow(c), { players });

/**
 * The results by session, in one pass a slice at a time: each line read made a cached line
 * (`cachedLine`: one shape for all, its session, section and pair ids the very strings the
 * event's own rows hold, its status, contract, declarer and lead one string per value: the driver
 * reads a new string for every cell, and a national field keeps 240,000 lines in its cache).
 * The sessions an import handed over are taken as they are (LinesBySession made them so).
 */
async function cachedSessions(read: readonly StoredResult[], handedOver: LinesBySession | undefined, ids: () => string[]): Promise<Map<string, StoredResult[]>> {
  if (!read.length) return new LinesBySession(handedOver?.bySession).bySession; // an import's new event: every line handed over
  const shared = new Map(ids().map((id) => [id, id]));
  const one = (id: string) => shared.get(id) ?? id;
  const words = new Map<string, string>();
  const word = <T extends string | null>(text: T): T => (text === null ? text : ((words.get(text) ?? words.set(text, text).get(text)) as T));
  const lines = new LinesBySession(handedOver?.bySession);
  const turn = new Turn();
  for (let i = 0; i < read.length; i++) {
    if (turn.over()) await turn.next();
    lines.push(cachedLine(read[i], one, word));
  }
  return lines.bySession;
}

/** What changed in an event since `revision`, when its set-up did not: result rows (or their removal), sessions, penalties. */
export interface EventChanges {
  results: StoredResult[];
  removed: string[];
  sessions: Session[];
  penalties: Penalty[];
}

export async function loadEventChanges(pg: RowSource, eventId: string, revision: string): Promise<EventChanges> {
  const [changed, sessions, penalties] = await Promise.all([
    pg.query<StoredResult & { changedId: string }>(
      `SELECT c."changedId", ${RESULT_COLUMNS} FROM (SELECT DISTINCT "resultId" AS "changedId" FROM "ResultChange" WHERE "eventId" = $1 AND "revision" > $2) c
       LEFT JOIN "Result" r ON r."id" = c."changedId"`,
      [eventId, revision],
    ),
    pg.query<Session>('SELECT * FROM "Session" WHERE "eventId" = $1 ORDER BY "number"', [eventId]),
    pg.query<Penalty>('SELECT p.* FROM "Penalty" p JOIN "Session" s ON s."id" = p."sessionId" WHERE s."eventId" = $1 AND p."revokedAt" IS NULL ORDER BY p."createdAt"', [eventId]),
  ]);
  const rows = changed.rows;
  return {
    results: rows.filter((r) => r.id).map((row) => cachedLine(row, same, same)),
    removed: rows.filter((r) => !r.id).map((r) => r.changedId),
    sessions: sessions.rows,
    penalties: penalties.rows,
  };
}

/**
 * `data` with `changes` applied: a new object, whose sessions' result arrays are the old ones
 * changed in place — a corrected row takes its old row's place and a new one goes at the end —
 * so that a correction in a 240,000-line session costs a lookup, not a copy of the array (1.9 MB
 * a revision, left to the collector). A reader still on the revision before then reads the
 * corrected rows, as it already reads the scoring state's latest figures (see SessionState).
 * Revisions are applied one after another (ScoredEvents awaits the last before the next). A
 * removal, which a correction never is, makes a new array.
 */
export function applyEventChanges(data: EventData, changes: EventChanges): EventData {
  const sessions = new Map(changes.sessions.map((s) => [s.id, s]));
  const penaltiesOf = groupBy(changes.penalties, (p) => p.sessionId);
  const changedOf = groupBy(changes.results, (r) => r.sessionId);
  const gone = [...changes.removed, ...changes.results.map((r) => r.id)];
  return {
    ...data,
    sessions: data.sessions
      .filter((s) => sessions.has(s.session.id))
      .map((s) => ({
        ...s,
        session: sessions.get(s.session.id)!,
        results: withChanges(s.results, changedOf.get(s.session.id) ?? [], gone),
        penalties: penaltiesOf.get(s.session.id) ?? [],
      })),
  };
}

/**
 * Where each row of a session's results sits, by id: indexed a part at a time beforehand
 * (`indexPositions`, run in the background after a whole scoring) or all at once when a correction
 * first asks, then kept up to date as rows change in place or arrive. An `IdIndex` (the
 * scoring's), not a `Map`: 240,000 entries without the collector's tables.
 */
const positions = new WeakMap<readonly StoredResult[], IdIndex>();

/** Indexes the positions of up to `count` more rows of `results`; true once every row's is. */
export function indexPositions(results: readonly StoredResult[], count = Infinity): boolean {
  let index = positions.get(results);
  if (!index) positions.set(results, (index = new IdIndex((i) => results[i]?.id)));
  return index.indexUpTo(results.length, count);
}

/** Rows indexed a step of `indexEventPositions` (a fraction of a millisecond; its caller pauses once its slice is spent). */
const INDEXED_AT_ONCE = 1024;

/** Every session's result positions indexed, a part at a time (each `yield` a pause the caller may take). */
export function* indexEventPositions(data: EventData): Generator<void, void> {
  for (const s of data.sessions) while (!indexPositions(s.results, INDEXED_AT_ONCE)) yield;
}

function positionsOf(results: readonly StoredResult[]): IdIndex {
  indexPositions(results);
  return positions.get(results)!;
}

/** The session's rows with `changed` (this session's new or corrected rows) in and every `gone` id (removed or corrected anywhere) out. */
function withChanges(results: StoredResult[], changed: StoredResult[], gone: string[]): StoredResult[] {
  if (!changed.length && !gone.length) return results; // a revision that moved no line (a penalty, the session's status)
  const at = positionsOf(results);
  const replaced = new Set(changed.map((r) => r.id));
  const dropped = new Set(gone.filter((id) => !replaced.has(id) && at.has(id)));
  if (dropped.size) {
    // A removal: a new array without the removed rows, the changed ones in.
    const byId = new Map(changed.map((r) => [r.id, r]));
    const kept = results.filter((r) => !dropped.has(r.id)).map((r) => byId.get(r.id) ?? r);
    const known = new Set(kept.map((r) => r.id));
    kept.push(...changed.filter((r) => !known.has(r.id)));
    return kept;
  }
  for (const r of changed) {
    const i = at.get(r.id);
    if (i !== undefined) results[i] = r;
    else at.set(r.id, results.push(r) - 1);
  }
  return results;
}

/**
 * The changes per session, for scoring only what changed: every session gets the removed ids (a
 * removed row no longer says which session it was in; ids another session never had are ignored).
 */
export function changesBySession(data: EventData, changes: EventChanges): Map<string, { changed: StoredResult[]; removed: string[] }> {
  const changedOf = groupBy(changes.results, (r) => r.sessionId);
  const bySession = new Map<string, { changed: StoredResult[]; removed: string[] }>();
  for (const s of data.sessions) {
    const changed = changedOf.get(s.session.id) ?? [];
    if (changed.length || changes.removed.length) bySession.set(s.session.id, { changed, removed: changes.removed });
  }
  return bySession;
}

const same = <T>(text: T): T => text;
