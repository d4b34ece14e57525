import type { FileFormat, RejectedItem } from '../bridge/formats/interchange.js';
import type { StoredResult } from '../rankings/event-data.js';
import { shownFigures, type ScoredEvent, type ScoredSession } from '../rankings/event-scoring.js';
import { rankingRows } from '../rankings/event-scoring.js';
import type { ImportPlan } from './import-plan.js';
import type { ReimportSummary } from './reimport.js';

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
  /** `?dryRun=true`: everything was checked and nothing written. */
  dryRun?: boolean;
  /** Set when the file corrected an event already there (reimport.ts): what changed, line by line. */
  reimport?: ReimportSummary | null;
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
  const rows = new Map<string, { session: ScoredSession; row: StoredResult }>();
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
    pushIfDifferent(own, 'score', figures.score, mine ? mine.score.round(2) : null);
    pushIfDifferent(own, 'percentage', figures.percentage, mine?.percentage ? mine.percentage.round(2) : null);
    if (figures.boardsPlayed !== undefined && figures.boardsPlayed !== mine?.boards) own.push({ figure: 'boardsPlayed', file: figures.boardsPlayed, traveller: mine?.boards ?? null });
    if (own.length) contestantsDiffering++;
    differences.push(...own.map((d) => ({ source: c.file.source, item, ...d })));
  }
  return { differences: differences.slice(0, MAX_LISTED), compared: { lines, linesDiffering, contestants, contestantsDiffering } };
}

function lineDifferences(figures: ImportPlan['sessions'][number]['results'][number]['file']['figures'], session: ScoredSession, row: StoredResult): Omit<FigureDifference, 'source' | 'item'>[] {
  const own: Omit<FigureDifference, 'source' | 'item'>[] = [];
  if (figures.nsScore !== undefined && figures.nsScore !== row.nsScore) own.push({ figure: 'nsScore', file: figures.nsScore, traveller: row.nsScore });
  const shown = shownFigures(session, row);
  for (const figure of ['nsMatchpoints', 'ewMatchpoints', 'nsPercentage', 'ewPercentage', 'nsImps', 'ewImps'] as const) {
    pushIfDifferent(own, figure, figures[figure], shown[figure]);
  }
  return own;
}

function pushIfDifferent(out: Omit<FigureDifference, 'source' | 'item'>[], figure: string, file: number | undefined, traveller: number | null): void {
  if (file === undefined) return;
  if (traveller === null || Math.abs(traveller - file) > TOLERANCE) out.push({ figure, file, traveller });
}

const leadingNumber = (place: string) => {
  const n = Number.parseInt(place, 10);
  return Number.isNaN(n) ? null : n;
};
