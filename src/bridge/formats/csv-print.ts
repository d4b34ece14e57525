import { formatContract, formatResult, parseContract, type Contract } from '../contract.js';
import { groupBy } from '../grouping.js';
import type { Direction } from '../types.js';
import { contestantLookup, type InterchangeContestant, type InterchangeEvent, type InterchangeLine } from './interchange.js';

type ContestantAt = ReturnType<typeof contestantLookup<InterchangeContestant>>;
import { BOARD_A_MATCH, FREE_TEXT_COLUMNS, type LineStatus, RANKING_COLUMNS, TRAVELLER_COLUMNS, type TravellerColumn, csvRows, csvText, guardFormula, namesCell, numberText, codeUnitOrder } from './csv-cells.js';

/* CSV out: every traveller line of an event as one self-contained row, a ranking as a club publishes it, any table. */

/** Any table as CSV with the same quoting, BOM and formula guard (plain numbers are left as they are). */
export function printCsv(header: string[], rows: string[][]): string {
  return csvText([header, ...rows.map((row) => row.map((cell) => (/^-?\d+(\.\d+)?$/.test(cell) ? cell : guardFormula(cell))))]);
}

// ───────────────────────────── printing travellers ─────────────────────────────

function statusOf(line: InterchangeLine): LineStatus {
  if (line.artificial) return 'ARTIFICIAL';
  if (line.notPlayed || line.contract === null) return 'NOT_PLAYED';
  return line.contract === 'PASS' ? 'PASSED_OUT' : 'PLAYED';
}

/**
 * Session, section, board, then NS score high to low (lines without one last); equal lines keep the
 * event's order. A section's lines at a time, each sorted when reached (a national session's 240,000
 * in one sort held the service a tenth of a second).
 */
function* linesInPrintOrder(event: InterchangeEvent): Generator<{ session: number; lines: InterchangeLine[] }> {
  for (const s of [...event.sessions].sort((a, b) => a.number - b.number)) {
    const bySection = groupBy(s.lines, (line) => line.section);
    for (const section of [...bySection.keys()].sort(codeUnitOrder)) {
      yield { session: s.number, lines: bySection.get(section)!.sort((a, b) => a.board - b.board || nsScoreDescending(a, b)) };
    }
  }
}

function nsScoreDescending(a: InterchangeLine, b: InterchangeLine): number {
  const x = a.figures.nsScore;
  const y = b.figures.nsScore;
  if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
  return y - x;
}

/** The cells a line's result fills: a played contract, a pass-out, or nothing (artificial and not-played lines). */
function resultCells(line: InterchangeLine, status: LineStatus): Pick<Record<TravellerColumn, string>, 'Contract' | 'Declarer' | 'Tricks' | 'Result' | 'Lead'> {
  if (status === 'PASSED_OUT') return { Contract: 'PASS', Declarer: '', Tricks: '', Result: '', Lead: line.lead ?? '' };
  if (status !== 'PLAYED' || line.contract === null) return { Contract: '', Declarer: '', Tricks: '', Result: '', Lead: '' };
  const contract = parseContract(line.contract);
  return {
    Contract: formatContract(contract),
    Declarer: line.declarer ?? '',
    Tricks: numberText(line.tricks),
    Result: line.tricks === null ? '' : formatResult(contract, line.tricks),
    Lead: line.lead ?? '',
  };
}

function travellerRow(event: InterchangeEvent, session: number, line: InterchangeLine, twoWinner: boolean, contestantAt: ContestantAt): Record<TravellerColumn, string> {
  const status = statusOf(line);
  const f = line.figures;
  return {
    Event: event.name ?? '',
    Date: event.date ?? '',
    Kind: event.kind,
    Scoring: event.boardAMatch && event.scoring === 'TOTAL_POINTS' ? BOARD_A_MATCH : (event.scoring ?? ''),
    Winners: twoWinner ? '2' : '1',
    Session: numberText(session),
    Section: line.section,
    Board: numberText(line.board),
    Round: numberText(line.round),
    Table: numberText(line.table),
    NS: numberText(line.nsPair),
    EW: numberText(line.ewPair),
    'NS names': namesCell(contestantAt(line.section, 'NS', line.nsPair), event.kind),
    'EW names': namesCell(contestantAt(line.section, 'EW', line.ewPair), event.kind),
    ...resultCells(line, status),
    Status: status,
    'NS adjusted': line.artificial?.ns ?? '',
    'EW adjusted': line.artificial?.ew ?? '',
    'NS score': numberText(f.nsScore),
    'NS MP': numberText(f.nsMatchpoints),
    'EW MP': numberText(f.ewMatchpoints),
    'NS %': numberText(f.nsPercentage),
    'EW %': numberText(f.ewPercentage),
    'NS IMPs': numberText(f.nsImps),
    'EW IMPs': numberText(f.ewImps),
  };
}

/**
 * Every traveller line of the event, one self-contained row each (the event's name, date, kind and
 * scoring repeat on every row), so that a club can sort and filter it in a spreadsheet and Traveller
 * can read it back with `parseTravellersCsv`. Figures are printed as the event holds them.
 */
export function printTravellersCsv(event: InterchangeEvent): string {
  return [...travellersCsvPieces(event)].join('');
}

/** The most lines a piece of `travellersCsvPieces` holds. */
const ROWS_A_PIECE = 500;

/** `printTravellersCsv`'s text in pieces of a section's rows (at most 500), made when asked for: a national file streams out. */
export function* travellersCsvPieces(event: InterchangeEvent): Generator<string> {
  const twoWinner = event.contestants.some((c) => c.direction !== null);
  const contestantAt = contestantLookup(event.contestants);
  const cells = (session: number, line: InterchangeLine) => {
    const row = travellerRow(event, session, line, twoWinner, contestantAt);
    return TRAVELLER_COLUMNS.map((column) => (FREE_TEXT_COLUMNS.has(column) ? guardFormula(row[column]) : row[column]));
  };
  yield csvText([[...TRAVELLER_COLUMNS]]);
  for (const { session, lines } of linesInPrintOrder(event)) {
    for (let from = 0; from < lines.length; from += ROWS_A_PIECE) yield csvRows(lines.slice(from, from + ROWS_A_PIECE).map((line) => cells(session, line)));
  }
}

// ───────────────────────────── printing a ranking ─────────────────────────────

/** One contestant's line of a published ranking. */
export interface RankingCsvRow {
  /** "1", "3=" … */
  place: string;
  section: string | null;
  number: number;
  direction: Direction | null;
  name: string;
  players: string[];
  /** In the players' order; null where a player has none. */
  memberNumbers: (string | null)[];
  score: number;
  percentage: number | null;
  boardsPlayed: number;
  penalty: number | null;
  /** A final's carry-forward from its qualifying stage, included in the score; null or absent: none. */
  carriedForward?: number | null;
}

/**
 * A ranking as a club publishes it: a title row (event, date), a blank row, then the table in the
 * order given. Players and member numbers are joined by " & "; a missing member number is left empty.
 */
export function printRankingCsv(rows: Iterable<RankingCsvRow>, meta: { event: string; date: string | null }): string {
  return [...rankingCsvPieces(rows, meta)].join('');
}

/** `printRankingCsv`'s text in pieces of 500 rows, each row taken from `rows` as its piece is made: a national ranking streams out. */
export function* rankingCsvPieces(rows: Iterable<RankingCsvRow>, meta: { event: string; date: string | null }): Generator<string> {
  yield csvText([[guardFormula(meta.event), meta.date ?? ''], [], [...RANKING_COLUMNS]]);
  let piece: RankingCsvRow[] = [];
  for (const row of rows) {
    piece.push(row);
    if (piece.length === ROWS_A_PIECE) {
      yield csvRows(piece.map(rankingCells));
      piece = [];
    }
  }
  if (piece.length > 0) yield csvRows(piece.map(rankingCells));
}

function rankingCells(row: RankingCsvRow): string[] {
  return [
    guardFormula(row.place),
    guardFormula(row.section ?? ''),
    row.direction ?? '',
    numberText(row.number),
    guardFormula(row.name),
    guardFormula(row.players.join(' & ')),
    guardFormula(row.memberNumbers.every((m) => m === null) ? '' : row.memberNumbers.map((m) => m ?? '').join(' & ')),
    numberText(row.score),
    numberText(row.percentage),
    numberText(row.boardsPlayed),
    numberText(row.penalty),
    numberText(row.carriedForward ?? null),
  ];
}
