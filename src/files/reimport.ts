import { groupBy } from '../bridge/grouping.js';
import { correctionPeriodOpen } from '../bridge/periods.js';
import { BadInputError, ConflictError } from '../common/errors.js';
import type { PrismaTx } from '../database/prisma.service.js';
import { Prisma, type Contestant, type Result, type Session } from '../generated/prisma/client.js';
import { resultSnapshot, samePlay, sharesSeat } from '../results/line-decision.js';
import { playedContent } from '../results/traveller-line.js';
import { bulkInsert } from '../database/bulk-insert.js';
import { RESULT_COLUMNS } from './result-rows.js';
import type { ImportPlan, PlannedContestant, PlannedResult } from './import-plan.js';
import type { ImportTarget } from './import.service.js';

/**
 * Re-import: a corrected file of an event already imported (or entered) is applied to that event
 * as corrections, never as a second event. A file is known by its identity — the organisation, the
 * event's name, its date and the file's session numbers. Lines are matched by section, board and
 * pairs: a changed line is corrected in place (version + 1, audited with before and after, as a
 * director's correction is), a new line is added, an unchanged line is left alone, and a line the
 * new file no longer has is reported, never deleted (results are never deleted; a director
 * removes one deliberately with an adjustment or a correction).
 */

/** Where a corrected file goes: the event and its sessions, in the file's order. */
export interface ReimportTarget {
  eventId: string;
  sessionIds: string[];
}

export type LineChangeKind = 'CORRECTED' | 'ADDED' | 'MISSING';

export interface LineChange {
  change: LineChangeKind;
  session: number;
  section: string;
  board: number;
  nsPair: number;
  ewPair: number;
  /** The stored line before ("4S by N, 10 tricks"); null for an added line. */
  before: string | null;
  /** The line after; null for a missing line (it stays as it was). */
  after: string | null;
}

export interface ReimportSummary {
  /** Lines changed in place (version bumped, audited). */
  corrected: number;
  /** Lines the event did not have. */
  added: number;
  /** Lines identical to the stored ones: untouched. */
  unchanged: number;
  /** Stored lines the new file does not have: kept as they are, listed for the director. */
  missing: number;
  /** Every corrected, added and missing line (at most 1,000; the counts cover all). */
  changes: LineChange[];
}

export interface ReimportOptions {
  actor: string;
  /** What the audit trail says: "Re-import of club-night.pbn". */
  reason: string;
  /** Law 79C2: the director takes a change after the correction period on themselves. */
  override: boolean;
  /** Enters contestants the event does not have yet (with their players), answering every planned id's stored id. */
  contestants: (eventId: string, organizationId: string | null, planned: PlannedContestant[], existing: Contestant[]) => Promise<Map<string, string>>;
  now?: Date;
}

const MAX_LISTED = 1_000;

/**
 * Where an import goes, as FileImport.targetId keeps it: the event named, else the importing
 * organisation (a new event of its own), else null (a global admin's new event). So the same file
 * from two clubs makes an event in each, and a club never gets another club's import back.
 */
export function importPlace(target: ImportTarget): string | null {
  return target.eventId ?? target.organizationId ?? null;
}

/** What names a file's event: its name, date, format and sessions' numbers. */
type FileNaming = Pick<ImportPlan, 'name' | 'startsOn' | 'format' | 'sessions'>;

/**
 * The identity of a file: none for a file without a date or without an event name of its own (the
 * plan then names it "PBN import of <date>"): nothing would tell two such files apart, and taking
 * one for a correction of the other would rewrite a club night with another's lines.
 */
export function fileIdentity(plan: FileNaming): string | null {
  if (!plan.startsOn || plan.name === `${plan.format} import of ${plan.startsOn}`) return null;
  return JSON.stringify([plan.name.trim().toLowerCase(), plan.startsOn, plan.sessions.map((s) => s.number)]);
}

/**
 * The sessions a file with this identity filled before: the latest import of the same identity into
 * the same place (a new event of the organisation, or the event named), else — for a new event —
 * an event of the organisation with the file's name and date whose sessions carry the file's
 * numbers. Deleted events are not found (a deleted event's file makes a new one).
 */
export async function findReimportTarget(tx: PrismaTx, plan: FileNaming, target: ImportTarget): Promise<ReimportTarget | null> {
  const identity = fileIdentity(plan);
  if (!identity) return null;
  const scope = target.eventId ? { id: target.eventId } : { organizationId: target.organizationId ?? null };
  const earlier = await tx.fileImport.findFirst({
    where: { identity, targetId: importPlace(target), event: { ...scope, deletedAt: null } },
    orderBy: { createdAt: 'desc' },
  });
  if (earlier?.sessionIds.length === plan.sessions.length) return { eventId: earlier.eventId, sessionIds: earlier.sessionIds };
  if (target.eventId) return null;
  const event = await tx.event.findFirst({
    where: { organizationId: target.organizationId ?? null, name: { equals: plan.name.trim(), mode: 'insensitive' }, startsOn: new Date(`${plan.startsOn}T00:00:00Z`), deletedAt: null },
    include: { sessions: true },
    orderBy: { createdAt: 'desc' },
  });
  if (!event) return null;
  const sessions = plan.sessions.map((s) => event.sessions.find((x) => x.number === s.number));
  if (sessions.some((s) => !s)) {
    throw new ConflictError(
      `Event ${event.name} of ${plan.startsOn} already exists with sessions ${event.sessions.map((s) => s.number).join(', ') || 'none'}; ` +
        `this file holds sessions ${plan.sessions.map((s) => s.number).join(', ')}. Import it into the event with eventId to add sessions`,
      ['file'],
    );
  }
  return { eventId: event.id, sessionIds: sessions.map((s) => s!.id) };
}

/** Applies a corrected file to the event it identifies, all in the caller's transaction. */
export async function applyReimport(tx: PrismaTx, plan: ImportPlan, found: ReimportTarget, options: ReimportOptions) {
  const now = options.now ?? new Date();
  const event = await tx.event.findUniqueOrThrow({ where: { id: found.eventId }, include: { contestants: true } });
  // As every other write: an archived event is closed until its organisation restores it.
  if (event.archivedAt) throw new ConflictError(`This file corrects event ${event.name}, which is archived: restore it with restoreEvent first`, ['file']);
  if (event.kind !== plan.kind) throw new BadInputError(`The file holds a ${plan.kind.toLowerCase()} event; event ${event.name} is a ${event.kind.toLowerCase()} event`, ['file']);
  await lockBoards(tx, plan, found);
  const contestantIds = await options.contestants(event.id, event.organizationId, plan.contestants, event.contestants);
  const summary: ReimportSummary = { corrected: 0, added: 0, unchanged: 0, missing: 0, changes: [] };
  const numbers = await contestantNumbers(tx, event.id);
  for (const [i, planned] of plan.sessions.entries()) {
    const session = await tx.session.findUniqueOrThrow({ where: { id: found.sessionIds[i] } });
    const sectionIds = await sectionsFor(tx, session.id, planned);
    await boardsFor(tx, session.id, planned.boards);
    const stored = await tx.result.findMany({ where: { section: { sessionId: session.id } } });
    const decided = decide(stored, planned.results, sectionIds, contestantIds, plan.kind === 'TEAMS', plan.rejected);
    if (decided.corrections.length + decided.additions.length) checkPeriod(session, options.override, now);
    const law = correctionPeriodOpen(session, now) ? '79C' : '79C2';
    const letterOf = new Map([...sectionIds].map(([letter, id]) => [id, letter]));
    const label = (r: Pick<Result, 'sectionId' | 'boardNumber' | 'nsContestantId' | 'ewContestantId'>) => ({
      session: session.number,
      section: letterOf.get(r.sectionId) ?? '?',
      board: r.boardNumber,
      nsPair: numbers.get(r.nsContestantId) ?? 0,
      ewPair: numbers.get(r.ewContestantId) ?? 0,
    });
    const corrected = decided.corrections.map(({ row, line }) => ({
      before: row,
      after: { ...row, ...playedContent(line, line.lead), nsContestantId: contestantIds.get(line.ns.id)!, ewContestantId: contestantIds.get(line.ew.id)!, adjustment: (line.adjustment ?? null) as Prisma.JsonValue, version: row.version + 1 },
    }));
    await updateLines(tx, corrected.map((c) => c.after));
    await tx.auditEntry.createMany({
      data: corrected.map(({ before, after }) => ({ sessionId: session.id, action: 'RESULT_CORRECTED', entityId: before.id, actor: options.actor, reason: options.reason, law, before: resultSnapshot(before), after: resultSnapshot(after) })),
    });
    for (const { before, after } of corrected) {
      summary.corrected++;
      // A corrected seating says which pairs the line had.
      const seated = before.nsContestantId !== after.nsContestantId || before.ewContestantId !== after.ewContestantId;
      const was = seated ? `NS ${numbers.get(before.nsContestantId)} v EW ${numbers.get(before.ewContestantId)}: ` : '';
      list(summary, { change: 'CORRECTED', ...label(after), before: was + describe(before), after: describe(after) });
    }
    const added = decided.additions.map((r) => ({ r, sessionId: session.id, sectionId: sectionIds.get(r.sectionLetter)!, contestants: contestantIds }));
    if (added.length) {
      await bulkInsert(tx, 'Result', RESULT_COLUMNS, added);
      await tx.auditEntry.createMany({
        data: added.map(({ r }) => ({ sessionId: session.id, action: 'RESULT_CREATED', entityId: r.id, actor: options.actor, reason: options.reason, law: session.publishedAt ? law : null, after: { board: r.boardNumber, contract: r.contract, nsScore: r.nsScore } })),
      });
    }
    for (const { r, sectionId } of added) {
      summary.added++;
      const seat = { sectionId, boardNumber: r.boardNumber, nsContestantId: contestantIds.get(r.ns.id)!, ewContestantId: contestantIds.get(r.ew.id)! };
      list(summary, { change: 'ADDED', ...label(seat), before: null, after: describe(r) });
    }
    summary.unchanged += decided.unchanged;
    for (const row of decided.missing) {
      summary.missing++;
      list(summary, { change: 'MISSING', ...label(row), before: describe(row), after: null });
    }
  }
  return { eventId: event.id, contestantIds, sessionIds: found.sessionIds, summary };
}

/**
 * The corrected lines in one statement (a file may correct every line of a national field): each
 * column as one array parameter, `unnest` back into rows, as the bulk inserts do.
 */
async function updateLines(tx: PrismaTx, rows: Result[]): Promise<void> {
  if (!rows.length) return;
  const col = <T>(f: (r: Result) => T) => rows.map(f);
  await tx.$executeRaw`
    UPDATE "Result" r SET "round" = u."round", "table" = u."table", "status" = u."status"::"ResultStatus", "contract" = u."contract",
      "declarer" = u."declarer"::"Seat", "tricks" = u."tricks", "lead" = u."lead", "nsScore" = u."nsScore", "movementIssue" = u."movementIssue",
      "adjustment" = u."adjustment"::jsonb, "nsContestantId" = u."ns", "ewContestantId" = u."ew", "version" = u."version", "updatedAt" = now()
    FROM unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.round)}::int4[], ${col((r) => r.table)}::int4[], ${col((r) => r.status)}::text[],
      ${col((r) => r.contract)}::text[], ${col((r) => r.declarer)}::text[], ${col((r) => r.tricks)}::int4[], ${col((r) => r.lead)}::text[],
      ${col((r) => r.nsScore)}::int4[], ${col((r) => r.movementIssue)}::text[], ${col((r) => (r.adjustment === null ? null : JSON.stringify(r.adjustment)))}::text[],
      ${col((r) => r.nsContestantId)}::uuid[], ${col((r) => r.ewContestantId)}::uuid[], ${col((r) => r.version)}::int4[])
      AS u("id", "round", "table", "status", "contract", "declarer", "tricks", "lead", "nsScore", "movementIssue", "adjustment", "ns", "ew", "version")
    WHERE r."id" = u."id"`;
}

/**
 * The boards the file touches, locked with the key pads and directors take for a board (hash of
 * the section, board), in key order, before anything is written: a line posted meanwhile is
 * either in before the file's lines are read, or waits for the re-import (no lost update). Taken
 * first because every write bumps the event's revision under the Event row's lock, which the
 * result writer takes after its board locks. A section the file adds has no lines to race.
 */
async function lockBoards(tx: PrismaTx, plan: ImportPlan, found: ReimportTarget): Promise<void> {
  const sections = await tx.section.findMany({ where: { sessionId: { in: found.sessionIds } }, select: { id: true, sessionId: true, letter: true } });
  const idOf = new Map(sections.map((x) => [`${x.sessionId}|${x.letter}`, x.id]));
  const keys = new Map<string, [string, number]>();
  for (const [i, s] of plan.sessions.entries()) {
    for (const r of s.results) {
      const section = idOf.get(`${found.sessionIds[i]}|${r.sectionLetter}`);
      if (section) keys.set(`${section}:${r.boardNumber}`, [section, r.boardNumber]);
    }
  }
  if (!keys.size) return;
  const boards = [...keys.values()];
  await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(k1, k2)) FROM (
    SELECT DISTINCT hashtext(s) AS k1, b AS k2 FROM unnest(${boards.map((b) => b[0])}::text[], ${boards.map((b) => b[1])}::int[]) AS t(s, b) ORDER BY 1, 2 OFFSET 0
  ) AS ordered`;
}

interface Decided {
  corrections: { row: Result; line: PlannedResult }[];
  additions: PlannedResult[];
  unchanged: number;
  missing: Result[];
}

/**
 * Each line of the file against the stored lines of its session: the same section, board and pairs
 * is the same line; a line whose pairs were corrected takes the place of the one stored line it
 * shares a seat with (when no other line of the file claims that one).
 */
function decide(stored: Result[], lines: PlannedResult[], sectionIds: Map<string, string>, ids: Map<string, string>, teams: boolean, rejected: ImportPlan['rejected']): Decided {
  const key = (section: string, board: number, ns: string, ew: string) => `${section}|${board}|${ns}|${ew}`;
  const byKey = new Map(stored.map((r) => [key(r.sectionId, r.boardNumber, r.nsContestantId, r.ewContestantId), r]));
  const claimed = new Set<string>();
  const out: Decided = { corrections: [], additions: [], unchanged: 0, missing: [] };
  const pending: PlannedResult[] = [];
  for (const line of lines) {
    const row = byKey.get(key(sectionIds.get(line.sectionLetter)!, line.boardNumber, ids.get(line.ns.id)!, ids.get(line.ew.id)!));
    if (!row) {
      pending.push(line);
      continue;
    }
    claimed.add(row.id);
    line.id = row.id; // the report compares the file's figures with the stored line's
    if (sameContent(row, line)) out.unchanged++;
    else out.corrections.push({ row, line });
  }
  const onBoard = groupBy(stored, (r) => `${r.sectionId}|${r.boardNumber}`);
  for (const line of pending) {
    const section = sectionIds.get(line.sectionLetter)!;
    const [ns, ew] = [ids.get(line.ns.id)!, ids.get(line.ew.id)!];
    const clashes = (onBoard.get(`${section}|${line.boardNumber}`) ?? []).filter((r) => sharesSeat(r, ns, ew, teams));
    if (!clashes.length) out.additions.push(line);
    else if (clashes.length === 1 && !claimed.has(clashes[0].id)) {
      claimed.add(clashes[0].id);
      line.id = clashes[0].id;
      out.corrections.push({ row: clashes[0], line });
    } else rejected.push({ source: line.file.source, reason: `a pair of this line already has another result on board ${line.boardNumber} in the event; correct that line first` });
  }
  out.missing = stored.filter((r) => !claimed.has(r.id));
  return out;
}

/** Law 79C: after the correction period a re-import changes nothing unless the director overrides (79C2). */
function checkPeriod(session: Session, override: boolean, now: Date): void {
  if (correctionPeriodOpen(session, now) || override) return;
  throw new ConflictError(
    `The correction period (Law 79C) of session ${session.number} ended at ${session.correctionDeadline?.toISOString()}; results are final. ` +
      'A director may still apply the corrected file with override=true (Law 79C2)',
    ['override'],
  );
}

/** The same line: the same play (see samePlay) and the same adjusted score. */
function sameContent(row: Result, line: PlannedResult): boolean {
  return samePlay(row, line) && sameAdjustment(row.adjustment, line.adjustment);
}

/** An artificial score is the same when its codes are (the reason and Law a director wrote stay theirs). */
function sameAdjustment(stored: Prisma.JsonValue, planned: PlannedResult['adjustment']): boolean {
  const a = (stored ?? null) as { kind?: string; ns?: unknown; ew?: unknown } | null;
  if (!a || !planned) return !a === !planned;
  return a.kind === planned.kind && a.ns === planned.ns && a.ew === planned.ew;
}

function describe(r: Pick<Result, 'status' | 'contract' | 'declarer' | 'tricks' | 'nsScore'>): string {
  if (r.status === 'PLAYED') return `${r.contract} by ${r.declarer}, ${r.tricks} tricks (NS ${r.nsScore})`;
  if (r.status === 'PASSED_OUT') return 'passed out';
  return r.status.toLowerCase().replace('_', ' ');
}

function list(summary: ReimportSummary, change: LineChange): void {
  if (summary.changes.length < MAX_LISTED) summary.changes.push(change);
}

async function contestantNumbers(tx: PrismaTx, eventId: string): Promise<Map<string, number>> {
  const rows = await tx.contestant.findMany({ where: { eventId }, select: { id: true, number: true } });
  return new Map(rows.map((c) => [c.id, c.number]));
}

/** The session's sections by letter: a section the file adds is created, new boards join a section's list. */
async function sectionsFor(tx: PrismaTx, sessionId: string, planned: ImportPlan['sessions'][number]): Promise<Map<string, string>> {
  const existing = await tx.section.findMany({ where: { sessionId } });
  const ids = new Map(existing.map((x) => [x.letter, x.id]));
  for (const x of planned.sections) {
    const found = existing.find((e) => e.letter === x.letter);
    if (!found) {
      const created = await tx.section.create({ data: { sessionId, letter: x.letter, tables: x.tables, boardNumbers: x.boardNumbers, movementKind: x.movement ? 'CUSTOM' : null, movement: (x.movement ?? undefined) as Prisma.InputJsonValue | undefined } });
      ids.set(x.letter, created.id);
      continue;
    }
    const boards = [...new Set([...found.boardNumbers, ...x.boardNumbers])].sort((a, b) => a - b);
    if (boards.length !== found.boardNumbers.length) await tx.section.update({ where: { id: found.id }, data: { boardNumbers: boards } });
  }
  return ids;
}

/** Boards the file adds are created; a board whose deal the file corrects takes the new deal. */
async function boardsFor(tx: PrismaTx, sessionId: string, planned: ImportPlan['sessions'][number]['boards']): Promise<void> {
  const existing = new Map((await tx.board.findMany({ where: { sessionId } })).map((b) => [b.number, b]));
  const fresh = planned.filter((b) => !existing.has(b.number));
  if (fresh.length) await tx.board.createMany({ data: fresh.map((b) => ({ sessionId, ...b })) });
  for (const b of planned) {
    const row = existing.get(b.number);
    if (row && b.deal && row.deal !== b.deal) await tx.board.update({ where: { id: row.id }, data: { deal: b.deal } });
  }
}
