import { formatContract, parseContract, parseResult, type Contract } from '../contract.js';
import { DomainError } from '../errors.js';
import type { Direction, Seat } from '../types.js';
import { type FileFormatError, type ArtificialCode, type EventKindInFile, type InterchangeContestant, type InterchangeLine, type InterchangeSession, type LineFigures, type ParseOutcome, type RejectedItem, type ScoringInFile } from './interchange.js';
import { BOARD_A_MATCH, DEFAULT_SECTION, EVENT_KINDS, FIGURE_COLUMNS, FREE_TEXT_COLUMNS, LINE_STATUSES, type LineStatus, REQUIRED_COLUMNS, SCORINGS, TRAVELLER_COLUMNS, type TravellerColumn, fileError, namesIn, preview, unguardFormula, codeUnitOrder } from './csv-cells.js';
import { type CsvRecord, decodeCsv, nonBlank, readRecords, refuseBinary, separatorOf } from './csv-records.js';

export { printCsv, printRankingCsv, printTravellersCsv, rankingCsvPieces, travellersCsvPieces, type RankingCsvRow } from './csv-print.js';

/*
 * CSV (RFC 4180) for spreadsheets: `printTravellersCsv` writes every traveller line of an event as one
 * self-contained row, `parseTravellersCsv` reads such a file back into the interchange shape, and
 * `printRankingCsv` writes a ranking as a club publishes it. Files are UTF-8 with a byte order mark
 * (so Excel does not guess a code page), CRLF line ends, a dot as the decimal separator. The parser
 * never scores: the file's own figures go into `figures` for the import service to compare.
 */

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
  boardAMatch: boolean;
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
  // Teams in total points, board by board (Law 78C): our own word for it, as PBN's is BAM.
  const boardAMatch = scoring?.value.toUpperCase() === BOARD_A_MATCH && foundKind === 'TEAMS';
  const foundScoring = boardAMatch ? 'TOTAL_POINTS' : (SCORINGS.find((s) => s === scoring?.value.toUpperCase()) ?? null);
  if (scoring && !foundScoring) {
    const teamsOnly = scoring.value.toUpperCase() === BOARD_A_MATCH ? ' (BOARD_A_MATCH is for Kind TEAMS)' : '';
    rejected.push({ source: `line ${scoring.line}`, reason: `Scoring "${preview(scoring.value)}" is not ${[...SCORINGS, BOARD_A_MATCH].join(', ')}${teamsOnly}; the event is read without a scoring method` });
  }

  const date = values.get('Date');
  const day = date ? dateIn(date.value) : null;
  if (date && !day) rejected.push({ source: `line ${date.line}`, reason: `Date "${preview(date.value)}" is not a date (YYYY-MM-DD, or DD/MM/YYYY)` });

  return { name: values.get('Event')?.value ?? null, date: day, kind: foundKind ?? 'PAIRS', scoring: foundScoring, boardAMatch, twoWinner: winners?.value === '2' };
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
  private readonly sessions: number[] = [];
  readonly names: string[] = [];

  get length(): number {
    return this.names.length;
  }

  add(session: number, line: InterchangeLine, nsNames: string, ewNames: string, lineNumber: number): void {
    this.lines.push(line);
    this.lineNumbers.push(lineNumber);
    this.sessions.push(session);
    this.names.push(nsNames, ewNames);
  }

  section(i: number): string {
    return this.lines[i >> 1].section;
  }

  session(i: number): number {
    return this.sessions[i >> 1];
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
 * some number (and direction) sits in two sections of one session — one pair plays in one section,
 * so these are two pairs, named or not — or is given different names in two sections; otherwise
 * numbers are event-wide (a pair keeps its number from session to session, whichever section it
 * plays in) and contestants have no section.
 */
function numberedPerSection(seatings: Seatings, twoWinner: boolean): boolean {
  // By session, then by number (twice it, plus one for EW in a two-winner event): the first section it sits in.
  const sectionOf = new Map<number, Map<number, string>>();
  // By number: the first names in each section.
  const namesBySection = new Map<number, Map<string, string>>();
  for (let i = 0; i < seatings.length; i++) {
    const key = 2 * seatings.number(i) + (twoWinner && seatings.side(i) === 'EW' ? 1 : 0);
    const section = seatings.section(i);
    let seated = sectionOf.get(seatings.session(i));
    if (!seated) sectionOf.set(seatings.session(i), (seated = new Map<number, string>()));
    const first = seated.get(key);
    if (first === undefined) seated.set(key, section);
    else if (first !== section) return true;
    const names = seatings.names[i];
    if (names === '') continue;
    let bySection = namesBySection.get(key);
    if (!bySection) namesBySection.set(key, (bySection = new Map<string, string>()));
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
      seatings.add(read.session, read.line, read.nsNames, read.ewNames, row.line);
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
      ...(event.boardAMatch ? { boardAMatch: true } : {}),
      club: null,
      generator: null,
      contestants: contestantsOf(seatings, event, rejected),
      sessions: sessionsOf(sessions),
    },
    rejected,
  };
}
