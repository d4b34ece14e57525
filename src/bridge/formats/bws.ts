/**
 * Bridgemate BWS reader (DOMAIN §9.3). A BWS file is an Access (Jet 4) database shared by the
 * scoring program and Bridgemate Control Software. Two layers:
 * - `bwsTables` opens the database (mdb-reader) and returns plain rows of the tables we use;
 * - `bwsToInterchange` maps those rows to the interchange shape without touching the database,
 *   so it can be tested on rows written by hand.
 * Only the import direction exists: Traveller does not write BWS files.
 */
import MDBReader from 'mdb-reader';
import { formatContract, parseContract, parseResult } from '../contract.js';
import { normaliseDeal } from '../deal.js';
import { DomainError } from '../errors.js';
import type { Direction, Seat } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type EventKindInFile,
  type InterchangeBoard,
  type InterchangeContestant,
  type InterchangeLine,
  type InterchangeMovementRow,
  type InterchangePlayer,
  type InterchangeSection,
  type ParseOutcome,
  type RejectedItem,
  type ScoringInFile,
  type SourceRef,
} from './interchange.js';

/** One row of an Access table: column name → value (number, string, boolean, Date, null …). */
export type BwsRow = Record<string, unknown>;

/** The tables the import uses. A table the file lacks (older Bridgemate versions) is empty. */
export interface BwsTables {
  Section: BwsRow[];
  RoundData: BwsRow[];
  ReceivedData: BwsRow[];
  PlayerNumbers: BwsRow[];
  /** Only the rows for numbers entered at a seat without a name: the whole table can be a national list. */
  PlayerNames: BwsRow[];
  HandRecord: BwsRow[];
  Session: BwsRow[];
}

type BwsTableName = keyof BwsTables;

/** Reads a BWS file into the interchange shape. */
export function parseBws(input: Buffer): ParseOutcome {
  return bwsToInterchange(bwsTables(input));
}

// ---------------------------------------------------------------------------------------------
// Layer 1: the Access database → plain rows
// ---------------------------------------------------------------------------------------------

/** Byte 4 of a Jet 3/4 database (.mdb, .bws) reads "Standard Jet DB"; of an ACE one (.accdb) "Standard ACE DB". */
const ACCESS_SIGNATURES = ['Standard Jet DB', 'Standard ACE DB'];
const REQUIRED_TABLES: readonly BwsTableName[] = ['Section', 'RoundData'];

/** Reads the tables the import needs. Any failure to open or read becomes a FileFormatError. */
export function bwsTables(input: Buffer): BwsTables {
  const reader = openDatabase(input);
  const present = tableNamesByLowerCase(reader);
  const rows = (name: BwsTableName): BwsRow[] => {
    const actual = present.get(name.toLowerCase());
    if (actual !== undefined) return readTable(reader, actual, name);
    if (REQUIRED_TABLES.includes(name)) {
      throw new FileFormatError('BWS', `table ${name}`, `is missing: a Bridgemate file always has ${REQUIRED_TABLES.join(' and ')}`);
    }
    return [];
  };
  const playerNumbers = rows('PlayerNumbers');
  const wanted = numbersWithoutNames(playerNumbers);
  return {
    Section: rows('Section'),
    RoundData: rows('RoundData'),
    ReceivedData: rows('ReceivedData'),
    PlayerNumbers: playerNumbers,
    // The lookup can hold a whole federation (43,729 names in the ACBL sample): read it only when a
    // seat has a number without a name, and keep only the rows for those numbers.
    PlayerNames: wanted.size === 0 ? [] : rows('PlayerNames').filter((row) => playerNameKeys(row).some((key) => wanted.has(key))),
    HandRecord: rows('HandRecord'),
    Session: rows('Session'),
  };
}

function openDatabase(input: Buffer): MDBReader {
  const signature = input.length >= 19 ? input.subarray(4, 19).toString('latin1') : '';
  if (!ACCESS_SIGNATURES.includes(signature)) {
    throw new FileFormatError('BWS', 'file header', 'is not an Access database: a BWS file begins with "Standard Jet DB"');
  }
  try {
    return new MDBReader(input);
  } catch (error) {
    throw new FileFormatError('BWS', 'file header', `cannot be opened as an Access database (${reasonOf(error)})`);
  }
}

function tableNamesByLowerCase(reader: MDBReader): Map<string, string> {
  try {
    return new Map(reader.getTableNames().map((name) => [name.toLowerCase(), name]));
  } catch (error) {
    throw new FileFormatError('BWS', 'table list', `cannot be read (${reasonOf(error)}); the file may be truncated, damaged or encrypted`);
  }
}

function readTable(reader: MDBReader, actualName: string, name: BwsTableName): BwsRow[] {
  // Rows are counted by reading them: a table header can say 0 while the table holds 384 rows.
  try {
    return reader.getTable(actualName).getData();
  } catch (error) {
    throw new FileFormatError('BWS', `table ${name}`, `cannot be read (${reasonOf(error)}); the file may be truncated or damaged`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown error';
}

/** Player numbers entered at a seat without a name, as PlayerNames keys. */
function numbersWithoutNames(playerNumbers: BwsRow[]): Set<string> {
  const wanted = new Set<string>();
  for (const row of playerNumbers) {
    const number = safeText(row, 'Number');
    if (number !== null && safeText(row, 'Name') === null) wanted.add(number);
  }
  return wanted;
}

/** PlayerNames has ID (long) and strID (text, may hold letters): both can be the number players enter. */
function playerNameKeys(row: BwsRow): string[] {
  return [safeText(row, 'strID'), safeText(row, 'ID')].filter((key): key is string => key !== null);
}

// ---------------------------------------------------------------------------------------------
// Layer 2: plain rows → interchange
// ---------------------------------------------------------------------------------------------

interface BwsSection {
  id: number;
  letter: string;
  tables: number | null;
  /** The phantom pair number, 0 when the section has none. */
  missingPair: number;
  /** Section.Winners: 1 or 2 when set; 0 or absent means "not said". */
  winners: number | null;
  scoringType: number | null;
}

/** One RoundData row: who sits where in a round and which boards they play. */
interface Seating {
  section: BwsSection;
  round: number;
  table: number;
  ns: number;
  ew: number;
  boards: number[];
  /** A side is 0 or the phantom: no results at this table this round. */
  sitOut: boolean;
}

/** How contestants are told apart in a section: by direction in a two-winner Mitchell, else one field. */
interface Field {
  section: BwsSection;
  twoWinners: boolean;
  seatings: Seating[];
  /** Every number RoundData seats in the section, on either side. */
  pairs: Set<number>;
}

/** Maps the tables of a BWS file to the interchange shape. Pure: no database, no I/O. */
export function bwsToInterchange(tables: BwsTables): ParseOutcome {
  const rejected: RejectedItem[] = [];
  const sections = readSections(tables.Section);
  refuseIndividualEvent(tables.RoundData);
  const seatings = readSeatings(tables.RoundData, sections);
  const kind: EventKindInFile = looksLikeTeams(seatings) ? 'TEAMS' : 'PAIRS';
  const fields = new Map<number, Field>();
  for (const section of sections.values()) {
    const own = seatings.filter((seating) => seating.section === section);
    const pairs = new Set(own.flatMap((seating) => [seating.ns, seating.ew]));
    fields.set(section.id, { section, twoWinners: kind === 'PAIRS' && hasTwoWinners(section, own), seatings: own, pairs });
  }

  const lines = readLines(tables.ReceivedData, fields, rejected);
  const players = readPlayers(tables.PlayerNumbers, tables.PlayerNames, fields, rejected);
  const session = sessionRow(tables.Session);
  return {
    event: {
      format: 'BWS',
      name: session === null ? null : safeText(session, 'Name'),
      date: session === null ? null : dayOf(session['Date']),
      kind,
      scoring: scoringOf([...sections.values()]),
      club: null,
      // A BWS file does not name the program that made it; Bridgemate is what it is for.
      generator: 'Bridgemate',
      contestants: [...fields.values()].flatMap((field) => contestantsOf(field, players)),
      sessions: [
        {
          number: 1,
          sections: [...fields.values()].map(sectionOf),
          boards: readBoards(tables.HandRecord, fields, rejected),
          lines,
        },
      ],
    },
    rejected,
  };
}

// --- cells ------------------------------------------------------------------------------------

/** A cell that cannot be read as its column needs. Callers turn it into a FileFormatError or a rejection. */
class CellProblem extends Error {}

/** Access "long" range: no BWS column holds more. */
const MAX_CELL = 2_147_483_647;

function optionalInt(row: BwsRow, column: string, min: number): number | null {
  const value = row[column];
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'bigint'
        ? Number(value)
        : typeof value === 'string' && /^\s*-?\d{1,10}\s*$/.test(value)
          ? Number(value)
          : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > MAX_CELL) {
    throw new CellProblem(`${column} must be a whole number of at least ${min}, got ${describe(value)}`);
  }
  return n;
}

function requiredInt(row: BwsRow, column: string, min: number): number {
  const n = optionalInt(row, column, min);
  if (n === null) throw new CellProblem(`${column} is missing`);
  return n;
}

const CONTROL_CHARACTER = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Trimmed text; null when blank or absent. Numbers are read as their digits (a text column typed as a number). */
function optionalText(row: BwsRow, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new CellProblem(`${column} must be text, got ${describe(value)}`);
  const control = CONTROL_CHARACTER.exec(value);
  // A Bridgemate cell is one line of text; a control character (a NUL from a damaged file) is no
  // name or contract, and the database would refuse it in the import's report.
  if (control) throw new CellProblem(`${column} holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which no text cell of a Bridgemate file has`);
  const text = value.trim();
  return text === '' ? null : text;
}

/** Text where an unreadable cell is as good as none (a name, a lead card). */
function safeText(row: BwsRow, column: string): string | null {
  try {
    return optionalText(row, column);
  } catch (error) {
    if (error instanceof CellProblem) return null;
    throw error;
  }
}

/** Access yes/no: booleans from mdb-reader; 0/−1 or words from other tools. */
function flag(row: BwsRow, column: string): boolean {
  const value = row[column];
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value !== 0;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (['1', '-1', 'true', 'yes'].includes(text)) return true;
  }
  throw new CellProblem(`${column} must be yes or no, got ${describe(value)}`);
}

/** Milliseconds for ordering entries; null when the cell holds no readable time. */
function instant(value: unknown): number | null {
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** YYYY-MM-DD of a date cell. mdb-reader gives Access dates as UTC midnight. */
function dayOf(value: unknown): string | null {
  let text: string | null = null;
  if (value instanceof Date && Number.isFinite(value.getTime())) text = value.toISOString();
  else if (typeof value === 'string') text = value.trim();
  const m = text === null ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** A value for a message, without calling toString on arbitrary objects. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return 'a date';
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'nothing' : `a value of type ${typeof value}`;
}

/** Runs a reader of one row; a cell problem stops the import with the row named. */
function inRow<T>(where: SourceRef, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CellProblem) throw new FileFormatError('BWS', where, error.message);
    throw error;
  }
}

// --- Section ----------------------------------------------------------------------------------

function readSections(rows: BwsRow[]): Map<number, BwsSection> {
  if (rows.length === 0) throw new FileFormatError('BWS', 'table Section', 'has no rows: there is no section to import');
  const sections = new Map<number, BwsSection>();
  const letters = new Set<string>();
  rows.forEach((row, index) => {
    const section = inRow(`Section row ${index + 1}`, () => readSection(row));
    if (sections.has(section.id)) throw new FileFormatError('BWS', `Section ID ${section.id}`, 'appears twice');
    if (letters.has(section.letter)) throw new FileFormatError('BWS', `Section ${section.letter}`, 'two sections have this letter');
    sections.set(section.id, section);
    letters.add(section.letter);
  });
  return new Map([...sections].sort(([a], [b]) => a - b));
}

function readSection(row: BwsRow): BwsSection {
  const id = requiredInt(row, 'ID', 1);
  // Letter is a fixed-width text column: "A  ".
  const letter = optionalText(row, 'Letter');
  if (letter === null) throw new CellProblem(`Section ID ${id} has no Letter`);
  return {
    id,
    letter,
    tables: optionalInt(row, 'Tables', 0),
    missingPair: optionalInt(row, 'MissingPair', 0) ?? 0,
    winners: optionalInt(row, 'Winners', 0),
    scoringType: optionalInt(row, 'ScoringType', 0),
  };
}

/**
 * ScoringType values. Only 1 is settled: the ACBL matchpoint sample has 1, and a Danish BWS
 * writer uses 1 for matchpoints. Other values are undocumented (that writer guesses 2 IMPs,
 * 3 board-a-match, 4 teams), so they give null and the import uses its default.
 */
function scoringOf(sections: BwsSection[]): ScoringInFile | null {
  const types = new Set(sections.map((section) => section.scoringType));
  return types.size === 1 && types.has(1) ? 'MATCHPOINTS' : null;
}

// --- RoundData: the movement ------------------------------------------------------------------

/** Board sets larger than this are a damaged row, not a movement. */
const MAX_BOARDS_PER_ROUND = 64;
const MAX_BOARD = 32_767;

function roundDataRef(section: BwsSection, round: number, table: number): SourceRef {
  return `RoundData section ${section.letter} round ${round} table ${table}`;
}

/** Individual movements put four players in RoundData (NSPair, EWPair, South, West); a line here has two sides. */
function refuseIndividualEvent(rows: BwsRow[]): void {
  const seatsPlayers = (value: unknown) => (typeof value === 'number' && value > 0) || (typeof value === 'string' && /^\s*[1-9]\d*\s*$/.test(value));
  if (rows.some((row) => seatsPlayers(row['South']) || seatsPlayers(row['West']))) {
    throw new FileFormatError(
      'BWS',
      'table RoundData',
      'is an individual movement (South and West players); individual BWS files cannot be imported',
    );
  }
}

function readSeatings(rows: BwsRow[], sections: Map<number, BwsSection>): Seating[] {
  const seen = new Set<string>();
  return rows.map((row, index) => {
    const rowRef = `RoundData row ${index + 1}`;
    const sectionId = inRow(rowRef, () => requiredInt(row, 'Section', 1));
    const section = sections.get(sectionId);
    if (section === undefined) throw new FileFormatError('BWS', rowRef, `section ${sectionId} is not in the Section table`);
    const [round, table] = inRow(`RoundData section ${section.letter} row ${index + 1}`, () => [
      requiredInt(row, 'Round', 1),
      requiredInt(row, 'Table', 1),
    ]);
    const where = roundDataRef(section, round, table);
    const key = `${section.id}|${round}|${table}`;
    if (seen.has(key)) throw new FileFormatError('BWS', where, 'appears twice');
    seen.add(key);
    return inRow(where, () => readSeating(row, section, round, table));
  });
}

function readSeating(row: BwsRow, section: BwsSection, round: number, table: number): Seating {
  const ns = requiredInt(row, 'NSPair', 0);
  const ew = requiredInt(row, 'EWPair', 0);
  const sitOut = isPhantom(section, ns) || isPhantom(section, ew);
  // A sit-out row's board range is never played, so a blank or odd one does not matter.
  const boards = sitOut ? boardsOrNone(row) : boardsOf(row);
  return { section, round, table, ns, ew, boards, sitOut };
}

/** As Bridgemate and TabScore read it: pair 0, or the section's MissingPair on either side, is nobody. */
function isPhantom(section: BwsSection, pair: number): boolean {
  return pair === 0 || (section.missingPair > 0 && pair === section.missingPair);
}

function boardsOrNone(row: BwsRow): number[] {
  try {
    return boardsOf(row);
  } catch (error) {
    if (error instanceof CellProblem) return [];
    throw error;
  }
}

/** CustomBoards when given (a list such as "1,5,9" or "1-3 7"), else LowBoard..HighBoard. */
function boardsOf(row: BwsRow): number[] {
  const custom = optionalText(row, 'CustomBoards');
  if (custom !== null) return customBoards(custom);
  const low = requiredInt(row, 'LowBoard', 1);
  const high = requiredInt(row, 'HighBoard', 1);
  if (high < low) throw new CellProblem(`HighBoard ${high} is below LowBoard ${low}`);
  if (high > MAX_BOARD || high - low >= MAX_BOARDS_PER_ROUND) throw new CellProblem(`boards ${low}–${high} are too many for one round`);
  return range(low, high);
}

function customBoards(text: string): number[] {
  const boards: number[] = [];
  for (const token of text.split(/[\s,;]+/).filter((part) => part !== '')) {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(token);
    const low = m ? Number(m[1]) : NaN;
    const high = m && m[2] !== undefined ? Number(m[2]) : low;
    if (!(low >= 1 && high >= low && high <= MAX_BOARD && high - low < MAX_BOARDS_PER_ROUND)) {
      throw new CellProblem(`CustomBoards ${describe(text)} is not a list of board numbers`);
    }
    for (const board of range(low, high)) if (!boards.includes(board)) boards.push(board);
    if (boards.length > MAX_BOARDS_PER_ROUND) throw new CellProblem(`CustomBoards ${describe(text)} lists too many boards for one round`);
  }
  return boards;
}

function range(low: number, high: number): number[] {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

/**
 * RoundData numbers teams like pairs. A team match shows as two tables in the same round, playing
 * the same boards, with the two numbers swapped (open and closed room). A pairs movement never
 * has that at every table, so when every played row has its mirror the event is teams.
 */
function looksLikeTeams(seatings: Seating[]): boolean {
  const played = seatings.filter((seating) => !seating.sitOut);
  if (played.length < 2) return false;
  const key = (s: Seating, ns: number, ew: number) => `${s.section.id}|${s.round}|${ns}|${ew}|${s.boards.join(',')}`;
  const tablesBySeat = new Map<string, number[]>();
  for (const s of played) tablesBySeat.set(key(s, s.ns, s.ew), [...(tablesBySeat.get(key(s, s.ns, s.ew)) ?? []), s.table]);
  return played.every((s) => (tablesBySeat.get(key(s, s.ew, s.ns)) ?? []).some((table) => table !== s.table));
}

/**
 * Winners 2: two fields (NS and EW); 1: one field. Unset (0, as the ACBL sample has, or an older
 * file without the column): a Mitchell, recognised by stationary NS pairs, has two winners.
 */
function hasTwoWinners(section: BwsSection, seatings: Seating[]): boolean {
  if (section.winners === 2) return true;
  if (section.winners === 1) return false;
  const nsAtTable = new Map<number, number>();
  for (const { table, ns } of seatings) {
    if (ns === 0) continue;
    const seen = nsAtTable.get(table);
    if (seen === undefined) nsAtTable.set(table, ns);
    else if (seen !== ns) return false;
  }
  return nsAtTable.size > 0;
}

function sectionOf(field: Field): InterchangeSection {
  const movement: InterchangeMovementRow[] = field.seatings
    .filter((seating) => !seating.sitOut)
    .sort((a, b) => a.round - b.round || a.table - b.table)
    .map(({ round, table, ns, ew, boards }) => ({ round, table, ns, ew, boards }));
  return { letter: field.section.letter, tables: field.section.tables, movement };
}

// --- contestants ------------------------------------------------------------------------------

function contestantKey(letter: string, direction: Direction | null, number: number): string {
  return `${letter}|${direction ?? ''}|${number}`;
}

/** The pair sitting on `side` in a field: its home direction in a two-winner field, else none. */
function directionIn(field: Field, side: Direction): Direction | null {
  return field.twoWinners ? side : null;
}

function contestantsOf(field: Field, players: Map<string, InterchangePlayer[]>): InterchangeContestant[] {
  const { section } = field;
  const numbersOn = (side: Direction) =>
    field.seatings.map((seating) => (side === 'NS' ? seating.ns : seating.ew)).filter((pair) => !isPhantom(section, pair));
  const groups: Array<{ direction: Direction | null; numbers: number[] }> = field.twoWinners
    ? [
        { direction: 'NS', numbers: numbersOn('NS') },
        { direction: 'EW', numbers: numbersOn('EW') },
      ]
    : [{ direction: null, numbers: [...numbersOn('NS'), ...numbersOn('EW')] }];
  return groups.flatMap(({ direction, numbers }) =>
    [...new Set(numbers)]
      .sort((a, b) => a - b)
      .map((number) => {
        const own = players.get(contestantKey(section.letter, direction, number)) ?? [];
        return {
          section: section.letter,
          number,
          direction,
          name: own.length === 0 ? null : own.map((player) => player.name).join(' & '),
          players: own,
          figures: {},
          source: `RoundData section ${section.letter} ${direction === null ? '' : `${direction} `}pair ${number}`,
        };
      }),
  );
}

// --- ReceivedData: traveller lines ------------------------------------------------------------

/** A ReceivedData row with its key read: which table, round and board it is a result for. */
interface Entry {
  row: BwsRow;
  source: SourceRef;
  sectionId: number;
  table: number;
  round: number;
  board: number;
  id: number | null;
  order: number;
  erased: boolean;
}

function readLines(rows: BwsRow[], fields: Map<number, Field>, rejected: RejectedItem[]): InterchangeLine[] {
  const lines: InterchangeLine[] = [];
  for (const entry of currentEntries(rows, rejected)) {
    const field = fields.get(entry.sectionId);
    if (field === undefined) throw new FileFormatError('BWS', entry.source, `section ${entry.sectionId} is not in the Section table`);
    const line = lineOf(entry, field, rejected);
    if (line !== null) lines.push(line);
  }
  const sectionOrder = [...fields.values()].map((field) => field.section.letter);
  return lines.sort(
    (a, b) =>
      sectionOrder.indexOf(a.section) - sectionOrder.indexOf(b.section) ||
      (a.round ?? 0) - (b.round ?? 0) ||
      (a.table ?? 0) - (b.table ?? 0) ||
      a.board - b.board,
  );
}

/**
 * Bridgemate never edits a row: a correction marks the old one Erased and adds a new one, and a
 * deletion only marks it. So per (section, table, round, board) the result is the latest row not
 * Erased; latest = highest ID (an autonumber), then DateLog + TimeLog.
 */
function currentEntries(rows: BwsRow[], rejected: RejectedItem[]): Entry[] {
  const latest = new Map<string, Entry>();
  rows.forEach((row, index) => {
    const entry = entryOf(row, index, rejected);
    if (entry === null || entry.erased) return;
    const key = `${entry.sectionId}|${entry.table}|${entry.round}|${entry.board}`;
    const held = latest.get(key);
    if (held === undefined || isLater(entry, held)) latest.set(key, entry);
  });
  return [...latest.values()];
}

function entryOf(row: BwsRow, index: number, rejected: RejectedItem[]): Entry | null {
  let id: number | null = null;
  try {
    id = optionalInt(row, 'ID', 0);
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
  }
  const source = id === null ? `ReceivedData row ${index + 1}` : `ReceivedData ID ${id}`;
  try {
    return {
      row,
      source,
      sectionId: requiredInt(row, 'Section', 1),
      table: requiredInt(row, 'Table', 1),
      round: requiredInt(row, 'Round', 1),
      board: requiredInt(row, 'Board', 1),
      id,
      order: index,
      erased: flag(row, 'Erased'),
    };
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
    rejected.push({ source, reason: error.message });
    return null;
  }
}

function isLater(a: Entry, b: Entry): boolean {
  const byId = (a.id ?? -1) - (b.id ?? -1);
  if (byId !== 0) return byId > 0;
  const when = (entry: Entry) => [instant(entry.row['DateLog']) ?? 0, instant(entry.row['TimeLog']) ?? 0];
  const [dayA, timeA] = when(a);
  const [dayB, timeB] = when(b);
  return dayA !== dayB ? dayA > dayB : timeA !== timeB ? timeA > timeB : a.order > b.order;
}

/** One traveller line, or null (rejected) when the row cannot be read as a result. */
function lineOf(entry: Entry, field: Field, rejected: RejectedItem[]): InterchangeLine | null {
  const { section } = field;
  const reject = (reason: string) => {
    rejected.push({ source: entry.source, reason });
    return null;
  };
  let ns: number;
  let ew: number;
  try {
    ns = requiredInt(entry.row, 'PairNS', 0);
    ew = requiredInt(entry.row, 'PairEW', 0);
  } catch (error) {
    if (error instanceof CellProblem) return reject(error.message);
    throw error;
  }
  if (isPhantom(section, ns) || isPhantom(section, ew)) {
    return reject(`pair ${isPhantom(section, ns) ? ns : ew} is nobody (a sit-out or the phantom): a sit-out has no results`);
  }
  for (const pair of [ns, ew]) {
    if (!field.pairs.has(pair)) {
      throw new FileFormatError('BWS', entry.source, `names pair ${pair}, which RoundData does not have in section ${section.letter}`);
    }
  }
  const base = {
    section: section.letter,
    board: entry.board,
    round: entry.round,
    table: entry.table,
    nsPair: ns,
    ewPair: ew,
    figures: {},
    source: entry.source,
  };
  const outcome = remarkOutcome(safeText(entry.row, 'Remarks'));
  if (outcome.kind === 'unclear') return reject(outcome.reason);
  if (outcome.kind === 'notPlayed' || outcome.kind === 'artificial') {
    return {
      ...base,
      contract: null,
      declarer: null,
      tricks: null,
      lead: null,
      artificial: outcome.kind === 'artificial' ? { ns: outcome.ns, ew: outcome.ew } : null,
      notPlayed: outcome.kind === 'notPlayed',
    };
  }
  try {
    return { ...base, ...playedResult(entry.row), artificial: null, notPlayed: false };
  } catch (error) {
    if (error instanceof CellProblem || (error instanceof DomainError && !(error instanceof FileFormatError))) return reject(error.message);
    throw error;
  }
}

type RemarkOutcome =
  | { kind: 'played' }
  | { kind: 'notPlayed' }
  | { kind: 'artificial'; ns: ArtificialCode; ew: ArtificialCode }
  | { kind: 'unclear'; reason: string };

/** Law 12C2 averages as Bridgemate writes them: "60%-40%" is NS average plus, EW average minus. */
const AVERAGE_CODES = new Map<string, ArtificialCode>([
  ['60', 'A+'],
  ['50', 'A'],
  ['40', 'A-'],
]);

/**
 * Remarks Bridgemate and TabScore write: "" (a played board), "Not played", the nine averages
 * "40%-40%" … "60%-60%", "Arbitral score" and "Wrong direction". The last two do not say what
 * the score is, so the Director has to enter those lines.
 */
function remarkOutcome(remarks: string | null): RemarkOutcome {
  if (remarks === null) return { kind: 'played' };
  const text = remarks.toLowerCase();
  if (text === 'not played') return { kind: 'notPlayed' };
  const average = /^(\d{2})%\s*-\s*(\d{2})%$/.exec(text);
  const ns = average ? AVERAGE_CODES.get(average[1]) : undefined;
  const ew = average ? AVERAGE_CODES.get(average[2]) : undefined;
  if (ns !== undefined && ew !== undefined) return { kind: 'artificial', ns, ew };
  if (text === 'arbitral score') {
    return { kind: 'unclear', reason: 'an arbitral score: the file does not carry the score the Director gave; enter it by hand' };
  }
  if (text === 'wrong direction') {
    return { kind: 'unclear', reason: 'marked "Wrong direction": the pairs sat the other way round; re-enter the line with the pairs as seated' };
  }
  return { kind: 'unclear', reason: `Remarks ${describe(remarks)} is not a remark Traveller can read; check the line and enter it by hand` };
}

const SEAT_LETTERS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** Contract, declarer, tricks and lead of a played board. Throws CellProblem or InvalidContractError. */
function playedResult(row: BwsRow): Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'lead'> {
  const text = optionalText(row, 'Contract');
  if (text === null) throw new CellProblem('Contract is empty and Remarks do not say the board was not played');
  const contract = parseContract(text);
  const lead = leadCard(safeText(row, 'LeadCard'));
  if (contract === 'PASS') return { contract: 'PASS', declarer: null, tricks: null, lead: null };
  const seat = optionalText(row, 'NS/EW')?.toUpperCase() ?? null;
  if (seat === null || !SEAT_LETTERS.includes(seat as Seat)) {
    throw new CellProblem(`NS/EW ${seat === null ? 'is empty' : describe(seat)}: it must be the declarer's seat N, E, S or W`);
  }
  const result = optionalText(row, 'Result');
  if (result === null) throw new CellProblem(`Result is empty for ${formatContract(contract)}`);
  return { contract: formatContract(contract), declarer: seat as Seat, tricks: parseResult(contract, result), lead };
}

/** "S4", "HA", "c10" → "S4", "HA", "CT". An unreadable lead is dropped: it does not change the score. */
function leadCard(text: string | null): string | null {
  const m = text === null ? null : /^([SHDC])\s*(10|[AKQJT2-9])$/i.exec(text);
  return m ? `${m[1].toUpperCase()}${m[2] === '10' ? 'T' : m[2].toUpperCase()}` : null;
}

// --- PlayerNumbers: who played --------------------------------------------------------------

const SEAT_ORDER: readonly Seat[] = ['N', 'S', 'E', 'W'];

/** One PlayerNumbers row, placed: the contestant it belongs to and the player. */
interface Sitter {
  contestant: string;
  seat: Seat;
  round: number;
  player: InterchangePlayer;
}

/**
 * A PlayerNumbers row names whoever sat at a seat from a round on (Round 0 or blank: from the
 * start). It belongs to the pair RoundData seats there in that round: N/S → NSPair, E/W → EWPair.
 */
function readPlayers(
  rows: BwsRow[],
  nameRows: BwsRow[],
  fields: Map<number, Field>,
  rejected: RejectedItem[],
): Map<string, InterchangePlayer[]> {
  const names = nameLookup(nameRows);
  const sitters: Sitter[] = [];
  for (const [index, row] of latestSeatEntries(rows).entries()) {
    const sitter = sitterOf(row, index, names, fields, rejected);
    if (sitter !== null) sitters.push(sitter);
  }
  sitters.sort((a, b) => a.round - b.round || SEAT_ORDER.indexOf(a.seat) - SEAT_ORDER.indexOf(b.seat));
  const players = new Map<string, InterchangePlayer[]>();
  for (const { contestant, player } of sitters) {
    const own = players.get(contestant) ?? [];
    if (!own.some((p) => p.name === player.name && p.memberNumber === player.memberNumber)) own.push(player);
    players.set(contestant, own);
  }
  return players;
}

/** A seat entered twice for the same round keeps the later entry (TimeLog, then file order). */
function latestSeatEntries(rows: BwsRow[]): BwsRow[] {
  const latest = new Map<string, BwsRow>();
  rows.forEach((row, index) => {
    // An unreadable key cannot be a duplicate: keep the row, sitterOf rejects it with the reason.
    const key = seatKey(row) ?? `row ${index}`;
    const held = latest.get(key);
    if (held === undefined || (instant(row['TimeLog']) ?? 0) >= (instant(held['TimeLog']) ?? 0)) latest.set(key, row);
  });
  const kept = new Set(latest.values());
  return rows.filter((row) => kept.has(row));
}

function seatKey(row: BwsRow): string | null {
  try {
    const seat = optionalText(row, 'Direction')?.toUpperCase();
    return [requiredInt(row, 'Section', 1), requiredInt(row, 'Table', 1), seat, optionalInt(row, 'Round', 0) ?? 0].join('|');
  } catch (error) {
    if (error instanceof CellProblem) return null;
    throw error;
  }
}

function sitterOf(
  row: BwsRow,
  index: number,
  names: Map<string, string>,
  fields: Map<number, Field>,
  rejected: RejectedItem[],
): Sitter | null {
  let source = `PlayerNumbers row ${index + 1}`;
  try {
    const field = fields.get(requiredInt(row, 'Section', 1));
    if (field === undefined) throw new CellProblem('Section is not in the Section table');
    const table = requiredInt(row, 'Table', 1);
    const seat = optionalText(row, 'Direction')?.toUpperCase() ?? '';
    source = `PlayerNumbers section ${field.section.letter} table ${table} ${seat}`;
    if (!SEAT_LETTERS.includes(seat as Seat)) throw new CellProblem(`Direction ${describe(seat)} must be N, E, S or W`);
    const enteredRound = optionalInt(row, 'Round', 0) ?? 0;
    if (enteredRound > 0) source += ` round ${enteredRound}`;
    const player = playerOf(row, names);
    if (player === null) return null;
    const round = enteredRound > 0 ? enteredRound : firstRound(field, table);
    const seating = field.seatings.find((s) => s.table === table && s.round === round);
    if (seating === undefined) throw new CellProblem(`RoundData has no table ${table} in round ${round}`);
    const side: Direction = seat === 'N' || seat === 'S' ? 'NS' : 'EW';
    const pair = side === 'NS' ? seating.ns : seating.ew;
    if (isPhantom(field.section, pair)) throw new CellProblem(`the ${side} seat is empty (a sit-out) in round ${round}`);
    return { contestant: contestantKey(field.section.letter, directionIn(field, side), pair), seat: seat as Seat, round, player };
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
    rejected.push({ source, reason: error.message });
    return null;
  }
}

function firstRound(field: Field, table: number): number {
  const rounds = field.seatings.filter((s) => s.table === table).map((s) => s.round);
  return rounds.length === 0 ? 1 : Math.min(...rounds);
}

/** Name from the seat entry, else from PlayerNames by number, else the number itself; null for a blank seat. */
function playerOf(row: BwsRow, names: Map<string, string>): InterchangePlayer | null {
  const number = optionalText(row, 'Number');
  const name = seatName(row) ?? (number === null ? null : (names.get(number) ?? number));
  return name === null ? null : { name, memberNumber: number };
}

/** The name typed at a seat: a cell of another type is as good as none, but a damaged text (a control character) is refused, so the report names the seat rather than a number standing in unseen. */
function seatName(row: BwsRow): string | null {
  return typeof row['Name'] === 'string' ? optionalText(row, 'Name') : safeText(row, 'Name');
}

function nameLookup(rows: BwsRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = safeText(row, 'Name');
    if (name === null) continue;
    for (const key of playerNameKeys(row)) if (!names.has(key)) names.set(key, name);
  }
  return names;
}

// --- HandRecord: deals ------------------------------------------------------------------------

const HAND_SEATS = ['North', 'East', 'South', 'West'] as const;
const HAND_SUITS = ['Spades', 'Hearts', 'Diamonds', 'Clubs'] as const;

/**
 * Boards of the session: every board the movement plays, with its deal when HandRecord has one.
 * HandRecord is per section; the interchange keeps one deal per board number, so a section whose
 * deal differs from an earlier section's is rejected rather than mixed in.
 */
function readBoards(rows: BwsRow[], fields: Map<number, Field>, rejected: RejectedItem[]): InterchangeBoard[] {
  const boards = new Map<number, InterchangeBoard>();
  for (const field of fields.values()) {
    for (const seating of field.seatings.filter((s) => !s.sitOut)) {
      for (const number of seating.boards) {
        if (boards.has(number)) continue;
        boards.set(number, { number, dealer: null, vulnerability: null, deal: null, source: `RoundData section ${field.section.letter}` });
      }
    }
  }
  const dealt = new Map<number, InterchangeBoard>();
  rows.forEach((row, index) => {
    const deal = dealOf(row, index, fields);
    if (deal === null) return;
    const kept = dealt.get(deal.board);
    if (kept !== undefined) {
      if (kept.deal !== deal.deal) rejected.push({ source: deal.source, reason: `a different deal from ${kept.source}; one deal per board number is kept` });
      return;
    }
    const board = { number: deal.board, dealer: null, vulnerability: null, deal: deal.deal, source: deal.source };
    dealt.set(deal.board, board);
    boards.set(deal.board, board);
  });
  return [...boards.values()].sort((a, b) => a.number - b.number);
}

function dealOf(row: BwsRow, index: number, fields: Map<number, Field>): { board: number; deal: string; source: SourceRef } | null {
  const [sectionId, board] = inRow(`HandRecord row ${index + 1}`, () => [requiredInt(row, 'Section', 0), requiredInt(row, 'Board', 1)]);
  const letter = fields.get(sectionId)?.section.letter;
  const source = `HandRecord section ${letter ?? `ID ${sectionId}`} board ${board}`;
  const hands = inRow(source, () => HAND_SEATS.map((seat) => HAND_SUITS.map((suit) => holding(row, `${seat}${suit}`)).join('.')));
  if (hands.every((hand) => hand === '...')) return null;
  try {
    return { board, deal: normaliseDeal(`N:${hands.join(' ')}`), source };
  } catch (error) {
    if (error instanceof DomainError) throw new FileFormatError('BWS', source, error.message);
    throw error;
  }
}

/** A suit holding as PBN writes it: "AKJ2", with 10 as T and no spaces. */
function holding(row: BwsRow, column: string): string {
  return (optionalText(row, column) ?? '').replace(/\s+/g, '').replace(/10/g, 'T').toUpperCase();
}

// --- Session ----------------------------------------------------------------------------------

function sessionRow(rows: BwsRow[]): BwsRow | null {
  if (rows.length === 0) return null;
  const idOf = (row: BwsRow) => {
    const id = row['ID'];
    return typeof id === 'number' && Number.isFinite(id) ? id : Number.MAX_SAFE_INTEGER;
  };
  return rows.reduce((first, row) => (idOf(row) < idOf(first) ? row : first));
}
