import type { Par } from '../double-dummy/par.js';
import { DomainError } from '../errors.js';
import type { Direction, Seat, Vulnerability } from '../types.js';

/**
 * The one shape every file format is read into and printed from (PBN, USEBIO, BWS, CSV). Parsers
 * only read: they never score. The import service re-scores everything from contracts and tricks
 * and compares its figures with the file's own (`figures`); exporters print Traveller's figures
 * into the same fields, so an export read back gives the same event.
 */
export type FileFormat = 'PBN' | 'USEBIO' | 'BWS' | 'CSV';

export type EventKindInFile = 'PAIRS' | 'TEAMS' | 'INDIVIDUAL';

/** Traveller's ScoringMethod names (../shared/API.md). */
export type ScoringInFile = 'MATCHPOINTS' | 'IMPS_ACROSS_FIELD' | 'BUTLER' | 'CROSS_IMPS' | 'TEAMS_IMPS' | 'TOTAL_POINTS';

/** Where an item came from, for messages a person can act on: "line 112", "BOARD 3 / TRAVELLER_LINE 4", "ReceivedData ID 57". */
export type SourceRef = string;

export interface InterchangeEvent {
  format: FileFormat;
  /** Event name as the file gives it; null when the file has none. */
  name: string | null;
  /** First day of play, YYYY-MM-DD; null when unknown. */
  date: string | null;
  kind: EventKindInFile;
  /** Null when the file does not say (a bare hand record). */
  scoring: ScoringInFile | null;
  club: { name: string | null; id: string | null } | null;
  /** Program that wrote the file, e.g. "BridgeComposer 5.114", "Compscore3". */
  generator: string | null;
  /** Team matches converted to victory points (USEBIO MATCH_SCORING_METHOD), when the file says so. */
  victoryPoints?: boolean;
  /** Teams in total points scored board-a-match (PBN Scoring "BAM"), when the file says so. */
  boardAMatch?: boolean;
  contestants: InterchangeContestant[];
  sessions: InterchangeSession[];
}

/** A pair, team or individual. Identity in a file: section, number and (two-winner Mitchell) direction. */
export interface InterchangeContestant {
  /** Section letter when pairs are numbered per section; null when numbers are event-wide. */
  section: string | null;
  number: number;
  /** Home direction in a two-winner Mitchell (NS 1 and EW 1 are different pairs); null in one field. */
  direction: Direction | null;
  name: string | null;
  players: InterchangePlayer[];
  /** The file's own ranking figures for this contestant (never trusted; compared). */
  figures: ContestantFigures;
  source: SourceRef;
}

export interface InterchangePlayer {
  name: string;
  /** Federation / national member number, when the file has one. */
  memberNumber: string | null;
}

export interface ContestantFigures {
  /** "1", "3=" … */
  place?: string;
  /** Total in the event's unit: matchpoints, IMPs or VPs. */
  score?: number;
  percentage?: number;
  boardsPlayed?: number;
}

export interface InterchangeSession {
  /** 1, 2, 3 … */
  number: number;
  sections: InterchangeSection[];
  boards: InterchangeBoard[];
  lines: InterchangeLine[];
}

export interface InterchangeSection {
  letter: string;
  tables: number | null;
  /** The movement when the file carries one (BWS RoundData): one row per round and table. */
  movement: InterchangeMovementRow[] | null;
}

export interface InterchangeMovementRow {
  round: number;
  table: number;
  ns: number;
  ew: number;
  boards: number[];
}

export interface InterchangeBoard {
  number: number;
  /** Only when the file states it; otherwise Law 2 applies. */
  dealer: Seat | null;
  vulnerability: Vulnerability | null;
  /** A complete deal in PBN notation, checked (4 × 13 cards, 52 distinct), or null. */
  deal: string | null;
  /**
   * The double-dummy table (20 counts, src/bridge/double-dummy/analysis.ts order): on import the
   * file's own, to be checked; on export Traveller's, with `par`.
   */
  doubleDummy?: number[] | null;
  par?: Par | null;
  source: SourceRef;
}

/** Law 12C2 artificial scores, per side. */
export type ArtificialCode = 'A+' | 'A' | 'A-';

/** One traveller line. Exactly one of: a played contract, an artificial score, or not played. */
export interface InterchangeLine {
  section: string;
  board: number;
  round: number | null;
  table: number | null;
  nsPair: number;
  ewPair: number;
  /** Canonical contract ("4HX", "PASS"); null for an artificial or not-played line. */
  contract: string | null;
  declarer: Seat | null;
  /** Tricks taken by declarer, 0–13; null for a pass-out, artificial or not-played line. */
  tricks: number | null;
  lead: string | null;
  artificial: { ns: ArtificialCode; ew: ArtificialCode } | null;
  notPlayed: boolean;
  /** The file's own figures for this line (never trusted; compared). */
  figures: LineFigures;
  source: SourceRef;
}

export interface LineFigures {
  nsScore?: number;
  nsMatchpoints?: number;
  ewMatchpoints?: number;
  nsPercentage?: number;
  ewPercentage?: number;
  nsImps?: number;
  ewImps?: number;
}

/** A line (or other item) the parser read but could not accept, with the reason. The rest imports. */
export interface RejectedItem {
  source: SourceRef;
  reason: string;
}

export interface ParseOutcome {
  event: InterchangeEvent;
  rejected: RejectedItem[];
}

/**
 * A file that cannot be read at all (truncated, not XML, wrong encoding, a malformed deal, a
 * pair number no participant has): the whole import stops and nothing is written.
 */
export class FileFormatError extends DomainError {
  constructor(
    readonly format: FileFormat,
    readonly location: SourceRef,
    message: string,
  ) {
    super(`${format} file, ${location}: ${message}`, 'file');
  }
}

/**
 * A contestant by section, direction and number, found as a line names it: the pair of that number
 * in the section and direction, then in the section, then event-wide in that direction, then
 * event-wide (the import plans its lines with it, the printers name their pairs with it). By key,
 * not by a search a line: a national field's 240,000 lines against 20,000 pairs made printing its
 * travellers quadratic (it never finished); numeric keys, no key string for each of its lookups.
 */
export function contestantLookup<C extends Pick<InterchangeContestant, 'section' | 'number' | 'direction'>>(contestants: readonly C[]): (section: string, direction: 'NS' | 'EW', number: number) => C | undefined {
  const bySection = new Map<string, Map<number, C>>();
  for (const c of contestants) {
    let inSection = bySection.get(c.section ?? '');
    if (!inSection) bySection.set(c.section ?? '', (inSection = new Map()));
    inSection.set(seatKey(c.number, c.direction), c);
  }
  const at = (section: string, number: number, direction: 'NS' | 'EW' | null) => bySection.get(section)?.get(seatKey(number, direction));
  return (section, direction, number) => at(section, number, direction) ?? at(section, number, null) ?? at('', number, direction) ?? at('', number, null);
}

/** A number and direction as one key: four times the number, plus 1 for NS and 2 for EW. */
const seatKey = (number: number, direction: 'NS' | 'EW' | null) => 4 * number + (direction === 'NS' ? 1 : direction === 'EW' ? 2 : 0);
