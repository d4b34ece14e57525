import { formatContract, formatResult, parseContract, parseResult, type Contract } from '../contract.js';
import { DomainError } from '../errors.js';
import type { Direction, Seat } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type EventKindInFile,
  type InterchangeContestant,
  type InterchangeEvent,
  type InterchangeLine,
  type InterchangePlayer,
  type InterchangeSession,
  type LineFigures,
  type ParseOutcome,
  type RejectedItem,
  type ScoringInFile,
} from './interchange.js';

/*
 * CSV (RFC 4180) for spreadsheets: `printTravellersCsv` writes every traveller line of an event as one
 * self-contained row, `parseTravellersCsv` reads such a file back into the interchange shape, and
 * `printRankingCsv` writes a ranking as a club publishes it. Files are UTF-8 with a byte order mark
 * (so Excel does not guess a code page), CRLF line ends, a dot as the decimal separator. The parser
 * never scores: the file's own figures go into `figures` for the import service to compare.
 */

// ───────────────────────────── columns ─────────────────────────────

const TRAVELLER_COLUMNS = [
  'Event',
  'Date',
  'Kind',
  'Scoring',
  'Winners',
  'Session',
  'Section',
  'Board',
  'Round',
  'Table',
  'NS',
  'EW',
  'NS names',
  'EW names',
  'Contract',
  'Declarer',
  'Tricks',
  'Result',
  'Lead',
  'Status',
  'NS adjusted',
  'EW adjusted',
  'NS score',
  'NS MP',
  'EW MP',
  'NS %',
  'EW %',
  'NS IMPs',
  'EW IMPs',
] as const;

type TravellerColumn = (typeof TRAVELLER_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly TravellerColumn[] = ['Session', 'Section', 'Board', 'NS', 'EW', 'Contract', 'Declarer', 'Tricks'];

/** Columns that hold the event's own words rather than numbers or fixed codes: only these are guarded against formulas. */
const FREE_TEXT_COLUMNS: ReadonlySet<TravellerColumn> = new Set<TravellerColumn>(['Event', 'Section', 'NS names', 'EW names', 'Lead']);

const FIGURE_COLUMNS: readonly [keyof LineFigures, TravellerColumn][] = [
  ['nsScore', 'NS score'],
  ['nsMatchpoints', 'NS MP'],
  ['ewMatchpoints', 'EW MP'],
  ['nsPercentage', 'NS %'],
  ['ewPercentage', 'EW %'],
  ['nsImps', 'NS IMPs'],
  ['ewImps', 'EW IMPs'],
];

const RANKING_COLUMNS = ['Place', 'Section', 'Direction', 'Number', 'Name', 'Players', 'Member numbers', 'Score', 'Percentage', 'Boards', 'Penalty'] as const;

type LineStatus = 'PLAYED' | 'PASSED_OUT' | 'ARTIFICIAL' | 'NOT_PLAYED';

const LINE_STATUSES: readonly LineStatus[] = ['PLAYED', 'PASSED_OUT', 'ARTIFICIAL', 'NOT_PLAYED'];
const EVENT_KINDS: readonly EventKindInFile[] = ['PAIRS', 'TEAMS', 'INDIVIDUAL'];
const SCORINGS: readonly ScoringInFile[] = ['MATCHPOINTS', 'IMPS_ACROSS_FIELD', 'BUTLER', 'CROSS_IMPS', 'TEAMS_IMPS', 'TOTAL_POINTS'];

/** A line without a section in a hand-made file is in section A, as in USEBIO. */
const DEFAULT_SECTION = 'A';

function fileError(line: number, message: string): FileFormatError {
  return new FileFormatError('CSV', `line ${line}`, message);
}

function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// ───────────────────────────── cells ─────────────────────────────

// Free text (Event, Section, names, Lead, Place…) starting with = + - @ tab or CR gets a leading ' so spreadsheets show it as text; numbers and codes ("=", "+1", "-420") never do.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Whether the text, past any apostrophes already there, starts like a formula (so "'=x" is guarded again and reads back as itself). */
function needsGuard(text: string): boolean {
  let i = 0;
  while (text[i] === "'") i++;
  return i < text.length && FORMULA_STARTS.has(text[i]);
}

function guardFormula(text: string): string {
  return needsGuard(text) ? `'${text}` : text;
}

/** The inverse of `guardFormula`: an apostrophe is removed only where the printer would have put one. */
function unguardFormula(text: string): string {
  return text.startsWith("'") && needsGuard(text.slice(1)) ? text.slice(1) : text;
}

/** RFC 4180 quoting; ";" is quoted too, so a spreadsheet set to split on ";" keeps the cell whole as well. */
function quoteCell(cell: string): string {
  return /[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A byte order mark (Excel reads UTF-8 only with one), then CRLF-ended records. */
function csvText(records: string[][]): string {
  return `\uFEFF${records.map((cells) => cells.map(quoteCell).join(',')).join('\r\n')}\r\n`;
}

/** Any table as CSV with the same quoting, BOM and formula guard (plain numbers are left as they are). */
export function printCsv(header: string[], rows: string[][]): string {
  return csvText([header, ...rows.map((row) => row.map((cell) => (/^-?\d+(\.\d+)?$/.test(cell) ? cell : guardFormula(cell))))]);
}

/** Shortest text that reads back as the same number; a spreadsheet cannot hold NaN or Infinity, so those are left empty. */
function numberText(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return Object.is(n, -0) ? '0' : String(n);
}

// ───────────────────────────── names ─────────────────────────────

/**
 * One cell holds who a contestant is. Players are joined by " & "; a name and players together are
 * "Name (Player & Player)". The plain forms are what a club writes: a pair's players, a team's name,
 * an individual's own name. A contestant the plain form would misread is written in the full form
 * ("The Archers ()" for a named pair without players, "Club (North) ()" for a team whose name ends in
 * a parenthesis). Only player names holding "&" or parentheses cannot be carried.
 */
function namesCell(contestant: InterchangeContestant | undefined, kind: EventKindInFile): string {
  if (!contestant) return '';
  const players = contestant.players.map((p) => p.name);
  const plain = plainNames(contestant.name, players, kind);
  // Cells are read trimmed, so names are compared without their surrounding spaces.
  const read = namesIn(plain.trim(), kind);
  if (read.name === (contestant.name?.trim() || null) && sameNames(read.players, players.map((p) => p.trim()))) return plain;
  return `${contestant.name ?? ''} (${players.join(' & ')})`.trim();
}

function plainNames(name: string | null, players: string[], kind: EventKindInFile): string {
  if (kind === 'TEAMS') return name ?? '';
  if (kind === 'INDIVIDUAL') return name ?? players[0] ?? '';
  return players.length > 0 ? players.join(' & ') : (name ?? '');
}

function sameNames(a: InterchangePlayer[], b: string[]): boolean {
  return a.length === b.length && a.every((p, i) => p.name === b[i]);
}

/** Reads a names cell back (see `namesCell`). */
function namesIn(cell: string, kind: EventKindInFile): { name: string | null; players: InterchangePlayer[] } {
  if (cell === '') return { name: null, players: [] };
  const open = cell.endsWith(')') ? cell.lastIndexOf('(') : -1;
  const inside = open < 0 ? '' : cell.slice(open + 1, -1);
  if (open >= 0 && !inside.includes(')')) {
    const name = cell.slice(0, open).trim();
    return { name: name === '' ? null : name, players: playersIn(inside) };
  }
  if (kind === 'TEAMS') return { name: cell, players: [] };
  if (kind === 'INDIVIDUAL') return { name: cell, players: [{ name: cell, memberNumber: null }] };
  return { name: null, players: playersIn(cell) };
}

function playersIn(text: string): InterchangePlayer[] {
  return text
    .split('&')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => ({ name, memberNumber: null }));
}

// ───────────────────────────── printing travellers ─────────────────────────────

function statusOf(line: InterchangeLine): LineStatus {
  if (line.artificial) return 'ARTIFICIAL';
  if (line.notPlayed || line.contract === null) return 'NOT_PLAYED';
  return line.contract === 'PASS' ? 'PASSED_OUT' : 'PLAYED';
}

/** The contestant a line names on one side: same number, its section (or event-wide), its direction (or one field). */
function contestantAt(event: InterchangeEvent, line: InterchangeLine, side: Direction): InterchangeContestant | undefined {
  const number = side === 'NS' ? line.nsPair : line.ewPair;
  return event.contestants.find((c) => c.number === number && (c.section === null || c.section === line.section) && (c.direction === null || c.direction === side));
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Session, section, board, then NS score high to low (lines without one last); equal lines keep the event's order. */
function linesInPrintOrder(event: InterchangeEvent): { session: number; line: InterchangeLine }[] {
  const all = event.sessions.flatMap((s) => s.lines.map((line) => ({ session: s.number, line })));
  return all.sort((a, b) => a.session - b.session || codeUnitOrder(a.line.section, b.line.section) || a.line.board - b.line.board || nsScoreDescending(a.line, b.line));
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

function travellerRow(event: InterchangeEvent, session: number, line: InterchangeLine, twoWinner: boolean): Record<TravellerColumn, string> {
  const status = statusOf(line);
  const f = line.figures;
  return {
    Event: event.name ?? '',
    Date: event.date ?? '',
    Kind: event.kind,
    Scoring: event.scoring ?? '',
    Winners: twoWinner ? '2' : '1',
    Session: numberText(session),
    Section: line.section,
    Board: numberText(line.board),
    Round: numberText(line.round),
    Table: numberText(line.table),
    NS: numberText(line.nsPair),
    EW: numberText(line.ewPair),
    'NS names': namesCell(contestantAt(event, line, 'NS'), event.kind),
    'EW names': namesCell(contestantAt(event, line, 'EW'), event.kind),
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
  const twoWinner = event.contestants.some((c) => c.direction !== null);
  const rows = linesInPrintOrder(event).map(({ session, line }) => {
    const row = travellerRow(event, session, line, twoWinner);
    return TRAVELLER_COLUMNS.map((column) => (FREE_TEXT_COLUMNS.has(column) ? guardFormula(row[column]) : row[column]));
  });
  return csvText([[...TRAVELLER_COLUMNS], ...rows]);
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
}

/**
 * A ranking as a club publishes it: a title row (event, date), a blank row, then the table in the
 * order given. Players and member numbers are joined by " & "; a missing member number is left empty.
 */
export function printRankingCsv(rows: RankingCsvRow[], meta: { event: string; date: string | null }): string {
  const table = rows.map((row) => [
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
  ]);
  return csvText([[guardFormula(meta.event), meta.date ?? ''], [], [...RANKING_COLUMNS], ...table]);
}

// ───────────────────────────── decoding ─────────────────────────────

/** windows-1252 bytes 0x80–0x9F (the five unassigned ones keep their code point, as in the WHATWG table). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Node's TextDecoder reads "windows-1252" as plain Latin-1, so the 0x80–0x9F row is mapped here. */
function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/**
 * Bytes to text: a UTF-16 byte order mark says UTF-16; otherwise UTF-8 when the bytes are valid UTF-8,
 * else windows-1252, the code page Excel's plain "CSV" uses in Western Europe. A UTF-8 BOM is dropped.
 */
function decodeCsv(input: Buffer | string): string {
  const text = typeof input === 'string' ? input : decodeBytes(input);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function decodeBytes(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return decodeWindows1252(bom ? bytes.subarray(3) : bytes);
  }
}

/** Control characters other than tab and line ends never occur in a text file: they mean binary data. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function refuseBinary(text: string): void {
  const found = CONTROL_CHARACTER.exec(text);
  if (!found) return;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  throw fileError(1 + countLineBreaks(text, 0, found.index), `control character U+${code}: this is binary data, not a CSV text file (save it from the spreadsheet as "CSV UTF-8")`);
}

function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) breaks++;
  }
  return breaks;
}

// ───────────────────────────── records ─────────────────────────────

interface CsvRecord {
  /** Line of the file where the record starts (a quoted cell may span lines). */
  line: number;
  cells: string[];
}

type Separator = ',' | ';';

/** European spreadsheets separate cells with ";" (the comma is their decimal mark): a header line without a comma says so. */
function separatorOf(text: string): Separator {
  let start = 0;
  while (start < text.length) {
    let end = start;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    const line = text.slice(start, end);
    if (line.trim() !== '') return !line.includes(',') && line.includes(';') ? ';' : ',';
    start = end + 1;
  }
  return ',';
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 records, one pass, each as it is read (a national file's 240,000 records are never all
 * held at once), their cells trimmed. Line ends may be CRLF, LF or CR; spaces after a closing
 * quote are allowed.
 */
function* readRecords(text: string, separator: Separator): Generator<CsvRecord> {
  let i = 0;
  let line = 1;
  // Where the next quote and carriage return are: a line with neither (but a CRLF's own) is split by searching.
  let quote = -1;
  let cr = -1;
  while (i < text.length) {
    if (quote < i) quote = indexOrEnd(text, '"', i);
    if (cr < i) cr = indexOrEnd(text, '\r', i);
    const lf = indexOrEnd(text, '\n', i);
    const end = cr === lf - 1 ? cr : lf;
    if (quote >= end && cr >= end) {
      yield { line: line++, cells: plainCells(text, i, end, separator) };
      i = lf + 1;
      continue;
    }
    const record = recordAt(text, i, line, separator);
    i = record.next;
    line = record.nextLine;
    yield { line: record.line, cells: record.cells };
  }
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
}

/** The cells of a line from `start` to `end` that holds no quote and no line end. */
function plainCells(text: string, start: number, end: number, separator: Separator): string[] {
  const cells: string[] = [];
  let from = start;
  for (let at = text.indexOf(separator, from); at >= 0 && at < end; at = text.indexOf(separator, from)) {
    cells.push(text.slice(from, at).trim());
    from = at + 1;
  }
  cells.push(text.slice(from, end).trim());
  return cells;
}

/** The record starting at `i`, read character by character: quoted cells may hold separators and line ends. */
function recordAt(text: string, i: number, line: number, separator: Separator): CsvRecord & { next: number; nextLine: number } {
  const sep = separator.charCodeAt(0);
  const start = line;
  const cells: string[] = [];
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      const quoted = readQuoted(text, i, line, separator);
      cells.push(quoted.cell.trim());
      line = quoted.line;
      i = quoted.next;
    } else {
      let end = i;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === sep || c === LF || c === CR) break;
        end++;
      }
      cells.push(text.slice(i, end).trim());
      i = end;
    }
    if (text.charCodeAt(i) !== sep) break;
    i++;
  }
  if (text.charCodeAt(i) === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
  else if (text.charCodeAt(i) === LF) i++;
  return { line: start, cells, next: i, nextLine: line + 1 };
}

function readQuoted(text: string, start: number, line: number, separator: Separator): { cell: string; next: number; line: number } {
  let cell = '';
  let chunk = start + 1;
  let at = line;
  for (;;) {
    const quote = text.indexOf('"', chunk);
    if (quote < 0) throw fileError(line, 'a quoted cell starting on this line is never closed: the file looks truncated');
    at += countLineBreaks(text, chunk, quote);
    if (text[quote + 1] === '"') {
      cell += text.slice(chunk, quote + 1);
      chunk = quote + 2;
      continue;
    }
    cell += text.slice(chunk, quote);
    let next = quote + 1;
    while (text[next] === ' ' || text[next] === '\t') next++;
    if (next < text.length && text[next] !== separator && text[next] !== '\n' && text[next] !== '\r') {
      throw fileError(at, `text after the closing quote of a quoted cell; a quote inside a quoted cell is written ""`);
    }
    return { cell, next, line: at };
  }
}

/** Records with a cell that is not blank: spreadsheets leave empty rows, and rows of empty cells. */
function* nonBlank(records: Iterable<CsvRecord>): Generator<CsvRecord> {
  for (const record of records) if (record.cells.some((cell) => cell !== '')) yield record;
}

// ───────────────────────────── rows ─────────────────────────────

/** Where the file has each known column, the cells that hold free text, and the event and figure columns it has (the others are not asked for on every row). */
interface Columns {
  indexes: Map<TravellerColumn, number>;
  freeText: number[];
  events: readonly EventColumn[];
  figures: readonly (typeof FIGURE_COLUMNS)[number][];
}

/** A data row read by column name: cells trimmed, free text unguarded, '' for a column the file lacks. */
class DataRow {
  constructor(
    readonly line: number,
    private readonly cells: string[],
    readonly columns: Columns,
  ) {}

  cell(column: TravellerColumn): string {
    const index = this.columns.indexes.get(column);
    return index === undefined ? '' : (this.cells[index] ?? '');
  }
}

function headerKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/** Known columns by name, in any order and case; the first of two equally named columns is read. */
function columnsOf(header: CsvRecord): Columns {
  const byKey = new Map(TRAVELLER_COLUMNS.map((column) => [headerKey(column), column]));
  const indexes = new Map<TravellerColumn, number>();
  header.cells.forEach((name, index) => {
    const column = byKey.get(headerKey(name));
    if (column !== undefined && !indexes.has(column)) indexes.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !indexes.has(column));
  if (missing.length > 0) {
    throw fileError(header.line, `the header has no column ${missing.join(', ')}; a travellers CSV needs ${REQUIRED_COLUMNS.join(', ')}`);
  }
  return {
    indexes,
    freeText: [...indexes].filter(([column]) => FREE_TEXT_COLUMNS.has(column)).map(([, index]) => index),
    events: EVENT_COLUMNS.filter((column) => indexes.has(column)),
    figures: FIGURE_COLUMNS.filter(([, column]) => indexes.has(column)),
  };
}

/** A record as a data row, its free text unguarded once (its cells are read many times). */
function dataRow(record: CsvRecord, columns: Columns): DataRow {
  const { cells } = record;
  for (const index of columns.freeText) if (index < cells.length) cells[index] = unguardFormula(cells[index]);
  return new DataRow(record.line, cells, columns);
}

// ───────────────────────────── the event ─────────────────────────────

const EVENT_COLUMNS = ['Event', 'Date', 'Kind', 'Scoring', 'Winners'] as const;

type EventColumn = (typeof EVENT_COLUMNS)[number];

/**
 * The event columns repeat on every row: the first value given is the event's, a blank cell repeats
 * it, and any other value means rows of two events were mixed, which stops the import (once the
 * whole file is read, so that a broken record anywhere is reported first).
 */
class EventValues {
  readonly values = new Map<EventColumn, { value: string; line: number }>();
  /** The first row naming another event. */
  mixed: FileFormatError | null = null;

  add(row: DataRow): void {
    for (const column of row.columns.events) {
      const value = row.cell(column);
      if (value === '') continue;
      const first = this.values.get(column);
      if (!first) this.values.set(column, { value, line: row.line });
      else if (value !== first.value) {
        this.mixed = fileError(row.line, `${column} is "${preview(value)}" here but "${preview(first.value)}" on line ${first.line}: a file holds one event`);
        return;
      }
    }
  }
}

interface EventHeader {
  name: string | null;
  date: string | null;
  kind: EventKindInFile;
  scoring: ScoringInFile | null;
  twoWinner: boolean;
}

function eventHeader(values: Map<EventColumn, { value: string; line: number }>, rejected: RejectedItem[]): EventHeader {
  const kind = values.get('Kind');
  const foundKind = EVENT_KINDS.find((k) => k === kind?.value.toUpperCase());
  if (kind && !foundKind) throw fileError(kind.line, `Kind "${preview(kind.value)}" is not ${EVENT_KINDS.join(', ')}`);

  const winners = values.get('Winners');
  if (winners && winners.value !== '1' && winners.value !== '2') {
    throw fileError(winners.line, `Winners "${preview(winners.value)}" is not 1 (one field) or 2 (two winners: NS and EW pairs apart)`);
  }

  const scoring = values.get('Scoring');
  const foundScoring = SCORINGS.find((s) => s === scoring?.value.toUpperCase()) ?? null;
  if (scoring && !foundScoring) {
    rejected.push({ source: `line ${scoring.line}`, reason: `Scoring "${preview(scoring.value)}" is not ${SCORINGS.join(', ')}; the event is read without a scoring method` });
  }

  const date = values.get('Date');
  const day = date ? dateIn(date.value) : null;
  if (date && !day) rejected.push({ source: `line ${date.line}`, reason: `Date "${preview(date.value)}" is not a date (YYYY-MM-DD, or DD/MM/YYYY)` });

  return { name: values.get('Event')?.value ?? null, date: day, kind: foundKind ?? 'PAIRS', scoring: foundScoring, twoWinner: winners?.value === '2' };
}

/** ISO dates as printed; day-first dates as a European spreadsheet re-saves them (05/03/2024, 5.3.2024). Null when not a real day. */
function dateIn(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ───────────────────────────── traveller lines ─────────────────────────────

/** Why one row cannot be read; caught per row, so the rest of the file still imports. */
class RowProblem extends Error {}

/**
 * Who sat on each side of every line read, as the rows name them: seating 2k is line k's NS pair,
 * 2k + 1 its EW pair. A national file has 480,000 seatings, held until its contestants are made:
 * as objects they were much of what its collections copied; here they are the lines themselves,
 * their names and their line numbers.
 */
class Seatings {
  private readonly lines: InterchangeLine[] = [];
  private readonly lineNumbers: number[] = [];
  readonly names: string[] = [];

  get length(): number {
    return this.names.length;
  }

  add(line: InterchangeLine, nsNames: string, ewNames: string, lineNumber: number): void {
    this.lines.push(line);
    this.lineNumbers.push(lineNumber);
    this.names.push(nsNames, ewNames);
  }

  section(i: number): string {
    return this.lines[i >> 1].section;
  }

  number(i: number): number {
    const line = this.lines[i >> 1];
    return i % 2 === 0 ? line.nsPair : line.ewPair;
  }

  side(i: number): Direction {
    return i % 2 === 0 ? 'NS' : 'EW';
  }

  /** The file's line number of the row. */
  line(i: number): number {
    return this.lineNumbers[i >> 1];
  }
}

interface ReadRow {
  session: number;
  line: InterchangeLine;
  nsNames: string;
  ewNames: string;
}

/** The value of 1 to `most` decimal digits, else NaN (no regex: a national file has over a million numbers). */
function digitsValue(text: string, most: number): number {
  if (text.length === 0 || text.length > most) return NaN;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    n = 10 * n + digit;
  }
  return n;
}

function wholeNumberIn(row: DataRow, column: TravellerColumn): number | null {
  const text = row.cell(column);
  if (text === '') return null;
  const n = digitsValue(text, 9);
  if (!(n >= 1)) throw new RowProblem(`${column} "${preview(text)}" is not a whole number from 1 up`);
  return n;
}

/** One copy of each text the parse keeps (sections, names): a national file repeats each many times, and each copy kept is copied by its collections. */
function shared(texts: Map<string, string>, text: string): string {
  const known = texts.get(text);
  if (known !== undefined) return known;
  texts.set(text, text);
  return text;
}

function requiredNumberIn(row: DataRow, column: TravellerColumn): number {
  const n = wholeNumberIn(row, column);
  if (n === null) throw new RowProblem(`${column} is empty`);
  return n;
}

function readRow(row: DataRow, decimalComma: boolean, texts: Map<string, string>): ReadRow {
  const session = requiredNumberIn(row, 'Session');
  const section = shared(texts, row.cell('Section') || DEFAULT_SECTION);
  const board = requiredNumberIn(row, 'Board');
  const round = wholeNumberIn(row, 'Round');
  const table = wholeNumberIn(row, 'Table');
  const nsPair = requiredNumberIn(row, 'NS');
  const ewPair = requiredNumberIn(row, 'EW');
  const { contract, declarer, tricks, lead, artificial, notPlayed } = resultIn(row);
  const figures = figuresIn(row, decimalComma);
  const source = `line ${row.line}`;
  return {
    session,
    // Written out, not spread: a spread copies generically, and a national file has 240,000 lines.
    line: { section, board, round, table, nsPair, ewPair, contract, declarer, tricks, lead, artificial, notPlayed, figures, source },
    nsNames: shared(texts, row.cell('NS names')),
    ewNames: shared(texts, row.cell('EW names')),
  };
}

type LineResult = Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'lead' | 'artificial' | 'notPlayed'>;

/** Cells that a line of a kind leaves empty. */
const RESULT_CELLS: readonly TravellerColumn[] = ['Contract', 'Declarer', 'Tricks', 'Result', 'Lead'];
const CODE_CELLS: readonly TravellerColumn[] = ['NS adjusted', 'EW adjusted'];
const PASSED_OUT_CELLS: readonly TravellerColumn[] = ['Declarer', 'Tricks', 'Result'];

/**
 * Status says what a row holds; without one, it is worked out from the row (codes: artificial; no
 * contract: not played; otherwise the contract says played or passed out). A row that says two things
 * at once (a contract on an artificial line, codes on a played one) is refused rather than guessed at.
 */
function resultIn(row: DataRow): LineResult {
  const contractText = row.cell('Contract');
  const coded = row.cell('NS adjusted') !== '' || row.cell('EW adjusted') !== '';
  const status = statedStatus(row) ?? (coded ? 'ARTIFICIAL' : contractText === '' ? 'NOT_PLAYED' : null);
  if (status === 'ARTIFICIAL' || status === 'NOT_PLAYED') {
    refuseCells(row, status, RESULT_CELLS);
    if (status === 'NOT_PLAYED') {
      refuseCells(row, status, CODE_CELLS);
      return { contract: null, declarer: null, tricks: null, lead: null, artificial: null, notPlayed: true };
    }
    return { contract: null, declarer: null, tricks: null, lead: null, artificial: artificialIn(row), notPlayed: false };
  }
  refuseCells(row, status ?? 'PLAYED', CODE_CELLS);
  const contract = status === 'PASSED_OUT' && contractText === '' ? 'PASS' : contractIn(contractText);
  const lead = row.cell('Lead') || null;
  if (contract === 'PASS') {
    if (status === 'PLAYED') throw new RowProblem('Status is PLAYED but Contract is PASS: a passed-out board is PASSED_OUT');
    refuseCells(row, 'PASSED_OUT', PASSED_OUT_CELLS);
    return { contract: 'PASS', declarer: null, tricks: null, lead, artificial: null, notPlayed: false };
  }
  if (status === 'PASSED_OUT') throw new RowProblem(`a PASSED_OUT line has Contract "${preview(contractText)}"; clear it or change Status`);
  const declarer = seatIn(row.cell('Declarer'));
  return { contract: formatContract(contract), declarer, tricks: tricksIn(row, contract), lead, artificial: null, notPlayed: false };
}

/** The Status cell; null when blank. */
function statedStatus(row: DataRow): LineStatus | null {
  const text = row.cell('Status');
  if (text === '') return null;
  if ((LINE_STATUSES as readonly string[]).includes(text)) return text as LineStatus; // as written, without a new string
  const status = LINE_STATUSES.find((s) => s === text.toUpperCase().replace(/[\s-]+/g, '_'));
  if (!status) throw new RowProblem(`Status "${preview(text)}" is not ${LINE_STATUSES.join(', ')}`);
  return status;
}

function refuseCells(row: DataRow, status: LineStatus, columns: readonly TravellerColumn[]): void {
  const filled = columns.find((column) => row.cell(column) !== '');
  if (filled) throw new RowProblem(`${status === 'ARTIFICIAL' ? 'an' : 'a'} ${status} line has ${filled} "${preview(row.cell(filled))}"; clear it or change Status`);
}

function contractIn(text: string): Contract {
  if (text === '') throw new RowProblem('Contract is empty');
  try {
    return parseContract(text);
  } catch (e) {
    if (e instanceof DomainError) throw new RowProblem(`Contract: ${e.message}`);
    throw e;
  }
}

const SEATS_BY_NAME = new Map<string, Seat>([
  ['N', 'N'],
  ['NORTH', 'N'],
  ['E', 'E'],
  ['EAST', 'E'],
  ['S', 'S'],
  ['SOUTH', 'S'],
  ['W', 'W'],
  ['WEST', 'W'],
]);

function seatIn(text: string): Seat {
  const seat = SEATS_BY_NAME.get(text.toUpperCase());
  if (!seat) throw new RowProblem(text === '' ? 'Declarer is empty' : `Declarer "${preview(text)}" is not N, E, S or W`);
  return seat;
}

/**
 * Tricks (a count, 0–13) is authoritative. Result ("=", "+1", "-2") is read only when Tricks is empty,
 * and never as a bare number: a spreadsheet turns "+1" into 1, which could be mistaken for a count.
 */
function tricksIn(row: DataRow, contract: Exclude<Contract, 'PASS'>): number {
  const tricks = row.cell('Tricks');
  const result = row.cell('Result');
  const count = digitsValue(tricks, 2);
  if (tricks !== '' && Number.isNaN(count)) throw new RowProblem(`Tricks "${preview(tricks)}" is not a trick count 0–13 (Result holds =, +1, -2)`);
  if (tricks === '' && result === '') throw new RowProblem(`${formatContract(contract)} has no Tricks`);
  if (tricks === '' && !/^(=|[+-]\d{1,2})$/.test(result)) throw new RowProblem(`Result "${preview(result)}" is not =, +N or -N, and Tricks is empty`);
  try {
    return parseResult(contract, tricks !== '' ? count : result);
  } catch (e) {
    if (e instanceof DomainError) throw new RowProblem(`${tricks !== '' ? 'Tricks' : 'Result'}: ${e.message}`);
    throw e;
  }
}

/** Law 12C2 artificial scores as codes: A+ (60%), A (50%), A- (40%); "Ave+" and "Av-" are read too. */
const ARTIFICIAL_CODE = /^A(?:VE?)?([+-]?)$/;

function artificialIn(row: DataRow): { ns: ArtificialCode; ew: ArtificialCode } {
  const ns = row.cell('NS adjusted');
  const ew = row.cell('EW adjusted');
  if (ns === '' && ew === '') throw new RowProblem('an ARTIFICIAL line needs NS adjusted and EW adjusted (A+, A or A-)');
  return { ns: artificialCodeIn(ns, 'NS adjusted'), ew: artificialCodeIn(ew, 'EW adjusted') };
}

function artificialCodeIn(text: string, column: TravellerColumn): ArtificialCode {
  if (text === '') throw new RowProblem(`${column} is empty: an artificial score gives a code to both sides`);
  const m = ARTIFICIAL_CODE.exec(text.toUpperCase().replace(/\s+/g, ''));
  if (!m) throw new RowProblem(`${column} "${preview(text)}" is not A+, A or A-`);
  return `A${m[1]}` as ArtificialCode;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A figure; a trailing "%" is allowed, and in a ";" file the decimal comma ("53,89"). No thousands separators. */
function figureIn(text: string, decimalComma: boolean): number | null {
  let t = text.endsWith('%') ? text.slice(0, -1).trimEnd() : text;
  if (decimalComma && /^[+-]?\d*,\d+$/.test(t)) t = t.replace(',', '.');
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? (n === 0 ? 0 : n) : null;
}

/** A line's figures when the file gives none: one object for all of them (read-only). */
const NO_FIGURES: LineFigures = Object.freeze({});

function figuresIn(row: DataRow, decimalComma: boolean): LineFigures {
  let figures: LineFigures | null = null;
  for (const [key, column] of row.columns.figures) {
    const text = row.cell(column);
    if (text === '') continue;
    const n = figureIn(text, decimalComma);
    if (n === null) throw new RowProblem(`${column} "${preview(text)}" is not a number`);
    (figures ??= {})[key] = n;
  }
  return figures ?? NO_FIGURES;
}

// ───────────────────────────── assembling the event ─────────────────────────────

/**
 * The rows' sessions, in number order: sections in the order the file first names them, boards in
 * number order (the file has no deals; Law 2 gives dealer and vulnerability).
 */
// Letters in a set (in order of first use): a national file's 500 sections, looked up per line.
type SessionDraft = { letters: Set<string>; boards: Map<number, string>; lines: InterchangeLine[] };

function addLine(drafts: Map<number, SessionDraft>, session: number, line: InterchangeLine): void {
  let draft = drafts.get(session);
  if (!draft) drafts.set(session, (draft = { letters: new Set<string>(), boards: new Map<number, string>(), lines: [] }));
  draft.letters.add(line.section);
  if (!draft.boards.has(line.board)) draft.boards.set(line.board, line.source);
  draft.lines.push(line);
}

function sessionsOf(drafts: Map<number, SessionDraft>): InterchangeSession[] {
  return [...drafts]
    .sort(([a], [b]) => a - b)
    .map(([number, draft]) => ({
      number,
      sections: [...draft.letters].map((letter) => ({ letter, tables: null, movement: null })),
      boards: [...draft.boards]
        .sort(([a], [b]) => a - b)
        .map(([board, source]) => ({ number: board, dealer: null, vulnerability: null, deal: null, source })),
      lines: draft.lines,
    }));
}

/**
 * Section numbering: pairs are numbered per section (each contestant gets its row's section) when
 * some number (and direction) is given different names in two sections; otherwise numbers are
 * event-wide and contestants have no section. A file without names therefore reads as event-wide.
 */
function numberedPerSection(seatings: Seatings, twoWinner: boolean): boolean {
  // By number (twice it, plus one for EW in a two-winner event): the first names in each section.
  const namesBySection = new Map<number, Map<string, string>>();
  for (let i = 0; i < seatings.length; i++) {
    const names = seatings.names[i];
    if (names === '') continue;
    const key = 2 * seatings.number(i) + (twoWinner && seatings.side(i) === 'EW' ? 1 : 0);
    let bySection = namesBySection.get(key);
    if (!bySection) namesBySection.set(key, (bySection = new Map<string, string>()));
    const section = seatings.section(i);
    if (!bySection.has(section)) bySection.set(section, names);
  }
  return [...namesBySection.values()].some((bySection) => new Set(bySection.values()).size > 1);
}

const DIRECTION_ORDER = { NS: 0, EW: 1 } as const;

/**
 * One contestant per number (and direction in a two-winner event, and section when numbered per
 * section), named by the first row that names it; a later row naming it differently is reported and
 * its line kept.
 */
function contestantsOf(seatings: Seatings, header: EventHeader, rejected: RejectedItem[]): InterchangeContestant[] {
  const perSection = numberedPerSection(seatings, header.twoWinner);
  type Draft = { contestant: Omit<InterchangeContestant, 'name' | 'players'>; names: string; namedOn: number };
  // By section ('' when numbered across the event), then by number (twice it, plus one for an EW pair).
  const drafts = new Map<string, Map<number, Draft>>();
  for (let i = 0; i < seatings.length; i++) {
    const section = perSection ? seatings.section(i) : null;
    const side = seatings.side(i);
    const direction = header.twoWinner ? side : null;
    const number = seatings.number(i);
    const names = seatings.names[i];
    const line = seatings.line(i);
    let inSection = drafts.get(section ?? '');
    if (!inSection) drafts.set(section ?? '', (inSection = new Map<number, Draft>()));
    const key = 2 * number + (direction === 'EW' ? 1 : 0);
    const draft = inSection.get(key);
    if (!draft) {
      inSection.set(key, { contestant: { section, number, direction, figures: {}, source: `line ${line}` }, names, namedOn: line });
    } else if (draft.names === '') {
      draft.names = names;
      draft.namedOn = line;
    } else if (names !== '' && names !== draft.names) {
      rejected.push({
        source: `line ${line}`,
        reason: `${side} ${number}${section === null ? '' : ` in section ${section}`} is named "${preview(names)}" here but "${preview(draft.names)}" on line ${draft.namedOn}; the names on line ${draft.namedOn} are kept`,
      });
    }
  }
  return [...drafts.values()]
    .flatMap((inSection) => [...inSection.values()])
    .map(({ contestant: c, names }) => {
      const named = namesIn(names, header.kind);
      // Written out, not spread (a spread copies generically): a national file has 20,000 contestants.
      return { section: c.section, number: c.number, direction: c.direction, figures: c.figures, source: c.source, name: named.name, players: named.players };
    })
    .sort(
      (a, b) =>
        codeUnitOrder(a.section ?? '', b.section ?? '') ||
        a.number - b.number ||
        (a.direction ? DIRECTION_ORDER[a.direction] : -1) - (b.direction ? DIRECTION_ORDER[b.direction] : -1),
    );
}

/**
 * Reads a travellers CSV (as `printTravellersCsv` writes it, or as a club saves it from a spreadsheet)
 * into the interchange shape. Columns are found by name. A row that cannot be read goes to `rejected`
 * ("line N") and the rest imports; a file that cannot be read at all throws FileFormatError.
 */
export function parseTravellersCsv(input: Buffer | string): ParseOutcome {
  const text = decodeCsv(input);
  refuseBinary(text);
  const separator = separatorOf(text);
  // Records are read one at a time and each turned into its line at once: a national file's
  // records and cells are never all held (they were most of its parse's time, in collections).
  const records = nonBlank(readRecords(text, separator));
  const header = records.next();
  if (header.done) throw fileError(1, `the file is empty; a travellers CSV starts with a header line naming its columns (${REQUIRED_COLUMNS.join(', ')} …)`);
  let columns: Columns;
  try {
    columns = columnsOf(header.value);
  } catch (e) {
    for (const _ of records); // a broken record anywhere in the file is reported before the header
    throw e;
  }

  const events = new EventValues();
  const refused: RejectedItem[] = [];
  const seatings = new Seatings();
  const texts = new Map<string, string>();
  const sessions = new Map<number, SessionDraft>();
  for (const record of records) {
    if (events.mixed) continue; // the file is refused: its other records are only read
    const row = dataRow(record, columns);
    events.add(row);
    try {
      const read = readRow(row, separator === ';', texts);
      seatings.add(read.line, read.nsNames, read.ewNames, row.line);
      addLine(sessions, read.session, read.line);
    } catch (e) {
      if (!(e instanceof RowProblem)) throw e;
      refused.push({ source: `line ${row.line}`, reason: e.message });
    }
  }
  if (events.mixed) throw events.mixed;
  const rejected: RejectedItem[] = [];
  const event = eventHeader(events.values, rejected);
  rejected.push(...refused);
  return {
    event: {
      format: 'CSV',
      name: event.name,
      date: event.date,
      kind: event.kind,
      scoring: event.scoring,
      club: null,
      generator: null,
      contestants: contestantsOf(seatings, event, rejected),
      sessions: sessionsOf(sessions),
    },
    rejected,
  };
}
