import type { Result } from '../generated/prisma/client.js';
import { relativeResult } from './line-score.js';
import type { SessionContext } from './line-context.js';
import type { TravellerLine } from './models/traveller.model.js';
import type { StoredAdjustment } from '../bridge/scoring/index.js';

/** How a line names its section and contestants: from whatever the caller has loaded. */
export interface LineNames {
  sectionLetter(sectionId: string): string;
  contestant(contestantId: string): { number: number; name: string } | undefined;
}

/** The figures a scored line adds; all null for a line just stored. */
export type LineScores = Pick<TravellerLine, 'nsMatchpoints' | 'ewMatchpoints' | 'nsPercentage' | 'ewPercentage' | 'nsImps' | 'ewImps'>;

const UNSCORED: LineScores = { nsMatchpoints: null, ewMatchpoints: null, nsPercentage: null, ewPercentage: null, nsImps: null, ewImps: null };

/**
 * Where a line's pair names come from: the reader sees them as the clubs' name policies say
 * (TravellerLineNamesResolver). Kept beside the line, not in it, so no answer carries it.
 */
export const lineSources = new WeakMap<TravellerLine, { sessionId: string; ns: string; ew: string }>();

/** A stored result as a traveller line, with its scored figures when there are any. */
export function travellerLineOf(row: LineContent, names: LineNames, scores: LineScores = UNSCORED): TravellerLine {
  const line = lineOf(row, names, scores);
  lineSources.set(line, { sessionId: row.sessionId, ns: row.nsContestantId, ew: row.ewContestantId });
  return line;
}

function lineOf(row: LineContent, names: LineNames, scores: LineScores): TravellerLine {
  return {
    id: row.id,
    section: names.sectionLetter(row.sectionId),
    board: row.boardNumber,
    round: row.round,
    table: row.table,
    nsPair: names.contestant(row.nsContestantId)?.number ?? 0,
    ewPair: names.contestant(row.ewContestantId)?.number ?? 0,
    nsName: names.contestant(row.nsContestantId)?.name ?? null,
    ewName: names.contestant(row.ewContestantId)?.name ?? null,
    contract: row.contract,
    declarer: row.declarer,
    tricks: row.tricks,
    result: relativeResult(row.contract, row.tricks),
    lead: row.lead,
    status: row.status,
    nsScore: row.nsScore,
    ...scores,
    adjustment: adjustmentText(row),
    movementIssue: row.movementIssue,
    version: row.version,
  };
}

/** What a traveller line shows of a stored result (the scoring caches keep no more than this). */
export type LineContent = Omit<Result, 'createdAt' | 'updatedAt' | 'idempotencyKey'>;

/**
 * A cached line's repeated strings made shared ones — its session, section and pair ids through
 * `id`, its status, contract, declarer and lead through `word` — since a copy across threads or a
 * read from the driver makes a new string for every cell of 240,000 lines.
 */
export function shareLineStrings(l: LineContent, id: (text: string) => string, word: <T extends string | null>(text: T) => T): void {
  l.sessionId = id(l.sessionId);
  l.sectionId = id(l.sectionId);
  l.nsContestantId = id(l.nsContestantId);
  l.ewContestantId = id(l.ewContestantId);
  l.status = word(l.status);
  l.contract = word(l.contract);
  l.declarer = word(l.declarer);
  l.lead = word(l.lead);
}

/**
 * A cached line as the scoring caches keep every line: one object shape whatever the line came
 * from (read by the driver, received from an import's reading thread, read back after a
 * correction), so the scoring's hot loops over a national board's 10,000 lines read their fields
 * through one hidden class instead of looking each up; its repeated strings shared as
 * `shareLineStrings` shares them.
 */
export function cachedLine(l: LineContent, id: (text: string) => string, word: <T extends string | null>(text: T) => T): LineContent {
  return {
    id: l.id,
    sessionId: id(l.sessionId),
    sectionId: id(l.sectionId),
    boardNumber: l.boardNumber,
    round: l.round,
    table: l.table,
    nsContestantId: id(l.nsContestantId),
    ewContestantId: id(l.ewContestantId),
    status: word(l.status),
    contract: word(l.contract),
    declarer: word(l.declarer),
    tricks: l.tricks,
    lead: word(l.lead),
    nsScore: l.nsScore,
    boardForm: l.boardForm,
    adjustment: l.adjustment,
    movementIssue: l.movementIssue,
    version: l.version,
  };
}

/** What a table's line says (the columns a correction or a re-import writes), picked from any line shape that has them. */
export type PlayedContent = Pick<Result, 'round' | 'table' | 'status' | 'contract' | 'declarer' | 'tricks' | 'lead' | 'nsScore' | 'movementIssue'>;

export function playedContent(line: Omit<PlayedContent, 'lead'>, lead: string | null): PlayedContent {
  const { round, table, status, contract, declarer, tricks, nsScore, movementIssue } = line;
  return { round, table, status, contract, declarer, tricks, lead, nsScore, movementIssue };
}

/** A stored result as a traveller line, before matchpoints or IMPs are added. */
export function toTravellerLine(row: Result, ctx: SessionContext): TravellerLine {
  return travellerLineOf(row, {
    sectionLetter: (id) => ctx.sections.find((s) => s.id === id)?.letter ?? '',
    contestant: (id) => ctx.contestantsById.get(id),
  });
}

const DIRECT_UNITS = { MATCHPOINTS: 'MP', PERCENT: '%', IMPS: 'IMPs' } as const;

/** "A+/A− (Law 12C2)" or "Assigned 60% 4H= / 40% 4H−1 (Law 12C1(c))", for travellers and scorecards. */
export function adjustmentText(r: Pick<Result, 'adjustment' | 'status'>): string | null {
  const a = r.adjustment as StoredAdjustment | null;
  if (r.status === 'NOT_PLAYED') return 'Not played';
  if (!a) return null;
  const law = a.law ? ` (Law ${a.law})` : '';
  if (a.kind === 'ARTIFICIAL') return `${a.ns}/${a.ew}${law}`;
  if (a.kind === 'ABSENT_PAIR') return `${a.absent} absent: ${a.absent === 'NS' ? 'EW' : 'NS'} ${a.presentPercentage}%, ${a.absent} 0%${law}`;
  if (a.kind === 'DIRECT') return `Direct award NS ${a.ns} / EW ${a.ew} ${DIRECT_UNITS[a.unit]}${law}`;
  if (a.kind !== 'ASSIGNED') return null;
  const side = (list: { nsScore: number; weight: string }[]) => list.map((c) => `${c.weight} of ${c.nsScore}`).join(' + ');
  return `Assigned ${side(a.ns)}${a.ew ? ` (EW: ${side(a.ew)})` : ''}${law}`;
}
