import { Fraction, frac } from '../bridge/fraction.js';
import type { FileFormat, RejectedItem } from '../bridge/formats/interchange.js';
import type { Result } from '../generated/prisma/client.js';
import type { ScoredEvent, ScoredSession } from '../rankings/event-scoring.js';
import { rankingRows } from '../rankings/ranking-table.js';
import { boardKey } from '../rankings/session-scoring.js';
import type { ImportPlan } from './import-plan.js';

/** One figure of the file that Traveller computes differently. */
export interface FigureDifference {
  source: string;
  /** What the figure belongs to: "board 3, NS 2 v EW 5" or "NS pair 3". */
  item: string;
  figure: string;
  file: number | string;
  traveller: number | string | null;
}

export interface ImportReport {
  eventId: string;
  format: FileFormat;
  /** The same file was imported into the same place before: nothing was written this time. */
  alreadyImported: boolean;
  sessions: number;
  boards: number;
  contestants: number;
  lines: number;
  rejected: RejectedItem[];
  warnings: string[];
  differences: FigureDifference[];
  compared: { lines: number; linesDiffering: number; contestants: number; contestantsDiffering: number };
}

/** A file rounds its figures; a difference under this is the file's rounding, not a disagreement. */
const TOLERANCE = 0.05;
/** A report lists this many differences at most; the counts cover all of them. */
const MAX_LISTED = 1_000;

/**
 * The file's own figures (scores, matchpoints, percentages, IMPs, places, totals) against
 * Traveller's, which were computed from contracts and tricks alone. Only figures the file gives
 * are compared.
 */
export function compareFigures(scored: ScoredEvent, plan: ImportPlan, contestantIds: Map<string, string>): Pick<ImportReport, 'differences' | 'compared'> {
  const differences: FigureDifference[] = [];
  const rows = new Map<string, { session: ScoredSession; row: Result }>();
  for (const session of scored.sessions.values()) for (const row of session.data.results) rows.set(row.id, { session, row });

  let linesDiffering = 0;
  let lines = 0;
  for (const r of plan.sessions.flatMap((s) => s.results)) {
    const found = rows.get(r.id);
    if (!found || !Object.keys(r.file.figures).length) continue;
    lines++;
    const item = `board ${r.boardNumber}, NS ${r.ns.number} v EW ${r.ew.number}${plan.sessions.length > 1 || r.sectionLetter !== 'A' ? ` (section ${r.sectionLetter})` : ''}`;
    const found1 = lineDifferences(r.file.figures, found.session, found.row).map((d) => ({ source: r.file.source, item, ...d }));
    if (found1.length) linesDiffering++;
    differences.push(...found1);
  }

  const ranking = new Map(rankingRows(scored, [...scored.sessions.values()]).map((row) => [row.contestant.id, row]));
  let contestants = 0;
  let contestantsDiffering = 0;
  for (const c of plan.contestants) {
    const figures = c.file.figures;
    if (!Object.keys(figures).length) continue;
    contestants++;
    const mine = ranking.get(contestantIds.get(c.id) ?? c.id);
    const item = `${c.direction ? `${c.direction} ` : ''}${plan.kind === 'TEAMS' ? 'team' : 'pair'} ${c.number}${c.section ? ` (section ${c.section})` : ''}`;
    const own: Omit<FigureDifference, 'source' | 'item'>[] = [];
    if (figures.place !== undefined && leadingNumber(figures.place) !== (mine ? mine.rank : null)) own.push({ figure: 'place', file: figures.place, traveller: mine?.place ?? null });
    pushIfDifferent(own, 'score', figures.score, mine?.score);
    pushIfDifferent(own, 'percentage', figures.percentage, mine?.percentage ?? undefined);
    if (figures.boardsPlayed !== undefined && figures.boardsPlayed !== mine?.boards) own.push({ figure: 'boardsPlayed', file: figures.boardsPlayed, traveller: mine?.boards ?? null });
    if (own.length) contestantsDiffering++;
    differences.push(...own.map((d) => ({ source: c.file.source, item, ...d })));
  }
  return { differences: differences.slice(0, MAX_LISTED), compared: { lines, linesDiffering, contestants, contestantsDiffering } };
}

function lineDifferences(figures: ImportPlan['sessions'][number]['results'][number]['file']['figures'], session: ScoredSession, row: Result): Omit<FigureDifference, 'source' | 'item'>[] {
  const own: Omit<FigureDifference, 'source' | 'item'>[] = [];
  if (figures.nsScore !== undefined && figures.nsScore !== row.nsScore) own.push({ figure: 'nsScore', file: figures.nsScore, traveller: row.nsScore });
  const computed = session.lines.get(row.id) ?? {};
  const top = session.tops.get(boardKey(row.sectionId, row.boardNumber));
  const pct = (mp: Fraction | undefined) => (mp && top && !top.isZero() ? mp.div(top).mul(frac(100)) : undefined);
  pushIfDifferent(own, 'nsMatchpoints', figures.nsMatchpoints, computed.nsMatchpoints);
  pushIfDifferent(own, 'ewMatchpoints', figures.ewMatchpoints, computed.ewMatchpoints);
  pushIfDifferent(own, 'nsPercentage', figures.nsPercentage, pct(computed.nsMatchpoints));
  pushIfDifferent(own, 'ewPercentage', figures.ewPercentage, pct(computed.ewMatchpoints));
  pushIfDifferent(own, 'nsImps', figures.nsImps, computed.nsImps);
  pushIfDifferent(own, 'ewImps', figures.ewImps, computed.ewImps);
  return own;
}

function pushIfDifferent(out: Omit<FigureDifference, 'source' | 'item'>[], figure: string, file: number | undefined, mine: Fraction | undefined): void {
  if (file === undefined) return;
  const traveller = mine ? mine.round(2) : null;
  if (traveller === null || Math.abs(traveller - file) > TOLERANCE) out.push({ figure, file, traveller });
}

const leadingNumber = (place: string) => {
  const n = Number.parseInt(place, 10);
  return Number.isNaN(n) ? null : n;
};
