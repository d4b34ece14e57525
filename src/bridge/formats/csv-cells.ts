import { type Contract } from '../contract.js';
import type { Direction } from '../types.js';
import { FileFormatError, type EventKindInFile, type InterchangeContestant, type InterchangePlayer, type LineFigures, type ScoringInFile } from './interchange.js';

/* CSV's columns, cells and names cells: what the travellers file's printer and reader share (csv-print.ts, csv.ts). */

// ───────────────────────────── columns ─────────────────────────────

export const TRAVELLER_COLUMNS = [
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

export type TravellerColumn = (typeof TRAVELLER_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly TravellerColumn[] = ['Session', 'Section', 'Board', 'NS', 'EW', 'Contract', 'Declarer', 'Tricks'];

/** Columns that hold the event's own words rather than numbers or fixed codes: only these are guarded against formulas. */
export const FREE_TEXT_COLUMNS: ReadonlySet<TravellerColumn> = new Set<TravellerColumn>(['Event', 'Section', 'NS names', 'EW names', 'Lead']);

export const FIGURE_COLUMNS: readonly [keyof LineFigures, TravellerColumn][] = [
  ['nsScore', 'NS score'],
  ['nsMatchpoints', 'NS MP'],
  ['ewMatchpoints', 'EW MP'],
  ['nsPercentage', 'NS %'],
  ['ewPercentage', 'EW %'],
  ['nsImps', 'NS IMPs'],
  ['ewImps', 'EW IMPs'],
];

export const RANKING_COLUMNS = ['Place', 'Section', 'Direction', 'Number', 'Name', 'Players', 'Member numbers', 'Score', 'Percentage', 'Boards', 'Penalty', 'Carried forward'] as const;

export type LineStatus = 'PLAYED' | 'PASSED_OUT' | 'ARTIFICIAL' | 'NOT_PLAYED';

export const LINE_STATUSES: readonly LineStatus[] = ['PLAYED', 'PASSED_OUT', 'ARTIFICIAL', 'NOT_PLAYED'];
export const EVENT_KINDS: readonly EventKindInFile[] = ['PAIRS', 'TEAMS', 'INDIVIDUAL'];
export const SCORINGS: readonly ScoringInFile[] = ['MATCHPOINTS', 'IMPS_ACROSS_FIELD', 'BUTLER', 'CROSS_IMPS', 'TEAMS_IMPS', 'TOTAL_POINTS'];
/** The Scoring of teams in total points board-a-match (TOTAL_POINTS, each board won, tied or lost). */
export const BOARD_A_MATCH = 'BOARD_A_MATCH';

/** A line without a section in a hand-made file is in section A, as in USEBIO. */
export const DEFAULT_SECTION = 'A';

export function fileError(line: number, message: string): FileFormatError {
  return new FileFormatError('CSV', `line ${line}`, message);
}

export function preview(text: string): string {
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

export function guardFormula(text: string): string {
  return needsGuard(text) ? `'${text}` : text;
}

/** The inverse of `guardFormula`: an apostrophe is removed only where the printer would have put one. */
export function unguardFormula(text: string): string {
  return text.startsWith("'") && needsGuard(text.slice(1)) ? text.slice(1) : text;
}

/** RFC 4180 quoting; ";" is quoted too, so a spreadsheet set to split on ";" keeps the cell whole as well. */
function quoteCell(cell: string): string {
  return /[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A byte order mark (Excel reads UTF-8 only with one), then CRLF-ended records. */
export function csvText(records: string[][]): string {
  return `\uFEFF${csvRows(records)}`;
}

/** Records as CSV lines, each ended by CRLF, without the BOM: a piece of a file `csvText` begins. */
export function csvRows(records: string[][]): string {
  return records.map((cells) => `${cells.map(quoteCell).join(',')}\r\n`).join('');
}


/** Shortest text that reads back as the same number; a spreadsheet cannot hold NaN or Infinity, so those are left empty. */
export function numberText(n: number | null | undefined): string {
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
export function namesCell(contestant: InterchangeContestant | undefined, kind: EventKindInFile): string {
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
export function namesIn(cell: string, kind: EventKindInFile): { name: string | null; players: InterchangePlayer[] } {
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

/** Sections and other codes in the order of their code units, as every reader of the file would sort them. */
export function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
