import { groupBy } from '../grouping.js';
import { formatContract, parseContract, parseResult } from '../contract.js';
import { boardInfo } from '../board.js';
import { normaliseDeal } from '../deal.js';
import { doubleDummyTricksTag, optimumResultRows, optimumScoreTag, parContractTag, readDoubleDummyTricks, readOptimumResultRows } from './pbn-double-dummy.js';
import { DomainError } from '../errors.js';
import type { Direction, Seat, Vulnerability } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type ContestantFigures,
  type EventKindInFile,
  contestantLookup,
  type InterchangeBoard,
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
import { countLineBreaks } from './line-breaks.js';
import { chineseCodePageOf, decodeChinese, decodeUndeclared, decodeUtf16 } from './code-page.js';
import { decodeWindows1252 } from './windows-1252.js';

/*
 * PBN 2.1 (DOMAIN §9.1, https://tistis.nl/pbn/): `parsePbn` reads a file into the interchange shape,
 * `printPbn` writes an event as a PBN export. Parsing runs in three linear passes: decode the bytes,
 * scan the text into games of tag pairs (with their section data), then read the games' meaning.
 */

// ───────────────────────────── decoding ─────────────────────────────

/** A `%` header line naming the file's character set: "%Content-type: text/x-pbn; charset=ISO-8859-1", "% Charset ISO-8859-2". */
const CHARSET_IN_HEADER = /charset\s*[=:]?\s*"?([A-Za-z0-9][A-Za-z0-9_.:-]*)/i;

/**
 * Bytes to text: a UTF-16 byte order mark (Notepad's "Unicode") says UTF-16; else a charset named in the
 * header wins (GBK, GB2312 and CP936 read as their superset GB18030; Big5 and CP950 as Big5; Big5-HKSCS
 * with the Hong Kong supplement),
 * then UTF-8 when valid, else Big5, GB18030 or windows-1252 (a superset of Latin-1) as
 * `undeclaredCodePage` tells them apart.
 */
function decodePbn(input: Buffer | string): string {
  if (typeof input === 'string') return input.startsWith('\uFEFF') ? input.slice(1) : input;
  const utf16 = decodeUtf16(input);
  if (utf16 !== null) return stripBom(utf16);
  const declared = declaredCharset(input);
  const chinese = declared ? chineseCodePageOf(declared) : null;
  if (chinese) return stripBom(decodeChinese(input, chinese));
  const decoder = declared ? decoderFor(declared) : null;
  // Latin-1 and ASCII labels mean windows-1252, which Node's TextDecoder reads as plain Latin-1.
  if (decoder) return stripBom(decoder.encoding === 'windows-1252' ? decodeWindows1252(input) : decoder.decode(input));
  try {
    return stripBom(new TextDecoder('utf-8', { fatal: true }).decode(input));
  } catch {
    return decodeUndeclared(input);
  }
}

function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Looks only at the leading `%` lines: header lines are ASCII, so reading the bytes as Latin-1 is safe. */
function declaredCharset(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    if (line !== '' && !line.startsWith('%')) return null;
    const named = line.startsWith('%') ? CHARSET_IN_HEADER.exec(line) : null;
    if (named) return named[1];
    start = end + 1;
  }
  return null;
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label.toLowerCase());
  } catch {
    return null; // a charset TextDecoder does not know: fall back to detection
  }
}

/** Control characters never occur in a text PBN file; they mean binary data (or a wrong encoding). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

function refuseBinary(text: string): void {
  const found = CONTROL_CHARACTER.exec(text);
  if (!found) return;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  throw fileError(lineAt(text, found.index), `control character U+${code}: this is binary data, not a PBN text file`);
}

function lineAt(text: string, index: number): number {
  return 1 + countLineBreaks(text, 0, index);
}

function fileError(line: number, message: string): FileFormatError {
  return new FileFormatError('PBN', `line ${line}`, message);
}

// ───────────────────────────── scanning ─────────────────────────────

/** A section element: a token of an Auction, Play or table section. `-` and `?` are only empty when bare. */
interface Element {
  text: string;
  quoted: boolean;
  line: number;
}

interface TagPair {
  name: string;
  value: string;
  line: number;
  /** The section data that follows the tag (auction calls, played cards, table cells). */
  data: Element[];
}

interface Game {
  tags: TagPair[];
}

interface Scan {
  games: Game[];
  /** `%` lines before the first tag pair, without the `%`. */
  header: { text: string; line: number }[];
}

/**
 * One pass over the text. A blank line ends a game (PBN §3), except inside `{…}` commentary; `%`
 * starts an escape line only in the first column; `;` comments run to the end of the line.
 */
function scanGames(text: string): Scan {
  const games: Game[] = [];
  const header: Scan['header'] = [];
  let tags: TagPair[] = [];
  let line = 1;
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const ch = text[i];
    if (lineStart) {
      lineStart = false;
      if (ch === '%') {
        const stop = endOfLine(text, i);
        if (games.length === 0 && tags.length === 0) header.push({ text: text.slice(i + 1, stop), line });
        i = stop;
        continue;
      }
      const next = skipBlanks(text, i);
      if (next === text.length || text[next] === '\n' || text[next] === '\r') {
        if (tags.length > 0) games.push({ tags });
        tags = [];
      }
      i = next;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      lineStart = true;
    } else if (ch === ' ' || ch === '\t' || ch === '\f') {
      i++;
    } else if (ch === '[') {
      const read = readTagPair(text, i, line);
      tags.push(read.tag);
      i = read.next;
    } else if (ch === '{') {
      const close = text.indexOf('}', i + 1);
      if (close < 0) throw fileError(line, 'commentary "{" is never closed with "}" (truncated file?)');
      line += countLineBreaks(text, i, close);
      i = close + 1;
    } else if (ch === ';') {
      i = endOfLine(text, i);
    } else {
      const read = ch === '"' ? readQuoted(text, i, line, 'a quoted string') : readBare(text, i);
      const owner = tags[tags.length - 1];
      if (!owner) {
        throw fileError(line, `unexpected text "${preview(read.text)}" outside a tag pair; PBN games are tag pairs such as [Board "1"]`);
      }
      owner.data.push({ text: read.text, quoted: ch === '"', line });
      i = read.next;
    }
  }
  if (tags.length > 0) games.push({ tags });
  return { games, header };
}

function endOfLine(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

function skipBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\f')) i++;
  return i;
}

function isTagNameChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function readTagPair(text: string, start: number, line: number): { tag: TagPair; next: number } {
  let i = skipBlanks(text, start + 1);
  const nameStart = i;
  while (i < text.length && isTagNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(nameStart, i);
  if (!name) throw fileError(line, '"[" must start a tag pair such as [Board "1"]');
  i = skipBlanks(text, i);
  if (text[i] !== '"') throw fileError(line, `tag ${name} has no quoted value; write [${name} "value"]`);
  const value = readQuoted(text, i, line, `the value of tag ${name}`);
  i = skipBlanks(text, value.next);
  if (text[i] !== ']') throw fileError(line, `tag ${name} is not closed with "]" (truncated file?)`);
  return { tag: { name, value: value.text, line, data: [] }, next: i + 1 };
}

/** A quoted string ends on its own line; `\"` and `\\` are escapes, any other backslash is literal (column specs use `Rank\2R`). */
function readQuoted(text: string, start: number, line: number, what: string): { text: string; next: number } {
  let out = '';
  let chunk = start + 1;
  let i = chunk;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') return { text: out + text.slice(chunk, i), next: i + 1 };
    if (ch === '\n' || ch === '\r') break;
    if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
      out += text.slice(chunk, i) + text[i + 1];
      i += 2;
      chunk = i;
    } else {
      i++;
    }
  }
  throw fileError(line, `${what} has no closing quote (truncated file?)`);
}

function readBare(text: string, start: number): { text: string; next: number } {
  let i = start + 1; // the first character is never a separator, so the token is never empty
  while (i < text.length && !' \t\f\r\n[{;"'.includes(text[i])) i++;
  return { text: text.slice(start, i), next: i };
}

function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** PBN §4.8: a tag value of "#" repeats the value the tag had in the previous game. */
function inheritTagValues(games: Game[]): Game[] {
  const previous = new Map<string, string>();
  return games.map((game) => ({
    tags: game.tags.map((tag) => {
      const value = tag.value === '#' ? (previous.get(tag.name) ?? '') : tag.value;
      previous.set(tag.name, value);
      return { ...tag, value };
    }),
  }));
}

// ───────────────────────────── tags of one game ─────────────────────────────

function tagOf(game: Game, name: string): TagPair | undefined {
  const wanted = name.toLowerCase();
  return game.tags.find((t) => t.name.toLowerCase() === wanted);
}

/** A tag's trimmed value; null when the tag is absent, empty or unknown ("?"). */
function valueOf(game: Game, name: string): string | null {
  const value = tagOf(game, name)?.value.trim();
  return value && value !== '?' ? value : null;
}

function firstValue(games: Game[], name: string): string | null {
  for (const game of games) {
    const value = valueOf(game, name);
    if (value) return value;
  }
  return null;
}

function hasTag(games: Game[], name: string): boolean {
  return games.some((g) => valueOf(g, name) !== null);
}

function wholeNumber(text: string | null): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/** A game in context: which session (from `Stage`) and which board it belongs to. */
interface PlacedGame {
  game: Game;
  session: number;
  board: number | null;
  boardTag: TagPair | undefined;
}

/** Sessions are marked `[Stage "Session 2"]`; a game without a marker stays in the previous game's session. */
function placeGames(games: Game[]): PlacedGame[] {
  let session = 1;
  return games.map((game) => {
    const marked = /session\s*(\d{1,4})/i.exec(valueOf(game, 'Stage') ?? '');
    if (marked && Number(marked[1]) >= 1) session = Number(marked[1]);
    const boardTag = tagOf(game, 'Board');
    const boardText = boardTag?.value.trim() ?? '';
    const board = wholeNumber(boardText);
    if (boardTag && boardText !== '' && boardText !== '?' && (board === null || board < 1)) {
      throw fileError(boardTag.line, `Board "${preview(boardText)}" is not a board number`);
    }
    return { game, session, board, boardTag };
  });
}

// ───────────────────────────── tables ─────────────────────────────

interface TableRow {
  line: number;
  cells: Map<string, Element>;
}

interface Table {
  tag: TagPair;
  columns: string[];
  rows: TableRow[];
}

const SCORE_TABLE = 'scoretable';
const TOTAL_SCORE_TABLE = 'totalscoretable';

/**
 * PBN §5.2: the tag value lists the columns (`Rank\2R`: name, then optional width and alignment, an
 * optional leading +/- for sort order). Rows are read by column count, not by line, as import format allows.
 */
function readTable(tag: TagPair): Table {
  const columns = tag.value.split(';').map((spec) => spec.trim().replace(/^[+-]/, '').split('\\')[0].trim().toLowerCase());
  const data = tag.data;
  if (columns.length === 1 && columns[0] === '' && data.length === 0) return { tag, columns: [], rows: [] };
  const width = columns.length;
  if (data.length % width !== 0) {
    const firstShort = data[Math.floor(data.length / width) * width];
    throw fileError(
      firstShort.line,
      `${tag.name} (line ${tag.line}) has ${width} columns but this row has only ${data.length % width} values`,
    );
  }
  const rows: TableRow[] = [];
  for (let start = 0; start < data.length; start += width) {
    const cells = new Map<string, Element>();
    columns.forEach((column, k) => {
      if (!cells.has(column)) cells.set(column, data[start + k]);
    });
    rows.push({ line: data[start].line, cells });
  }
  return { tag, columns, rows };
}

/** A cell's text; null when the column is absent or the cell is a bare `-` (irrelevant) or `?` (unknown). */
function cell(row: TableRow, column: string): string | null {
  const element = row.cells.get(column);
  if (!element) return null;
  if (!element.quoted && (element.text === '-' || element.text === '?')) return null;
  return element.text;
}

/** A figure as producers write it: `12.5`, `+3`, `55,3` (decimal comma), `55.3%`, `^6` (artificial marker). */
function figure(text: string | null): number | undefined {
  if (text === null) return undefined;
  const plain = text.replace(/^\^/, '').replace(/%$/, '').replace(',', '.');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : undefined;
}

function tablesIn(games: PlacedGame[], name: string): { placed: PlacedGame; table: Table }[] {
  return games.flatMap((placed) =>
    placed.game.tags.filter((t) => t.name.toLowerCase() === name).map((tag) => ({ placed, table: readTable(tag) })),
  );
}

// ───────────────────────────── boards ─────────────────────────────

const SEAT_LETTERS: readonly Seat[] = ['N', 'E', 'S', 'W'];

function seatOf(text: string | null): Seat | null {
  const letter = (text ?? '').replace(/^\^/, '').toUpperCase();
  return (SEAT_LETTERS as readonly string[]).includes(letter) ? (letter as Seat) : null;
}

// Maps, not object literals: a file's word must never reach Object.prototype ("constructor").
const VULNERABILITY_WORDS = new Map<string, Vulnerability>([
  ['none', 'NONE'],
  ['love', 'NONE'],
  ['-', 'NONE'],
  ['ns', 'NS'],
  ['ew', 'EW'],
  ['all', 'BOTH'],
  ['both', 'BOTH'],
]);

/** Deal tag: a complete deal is checked and normalised; a partial one (`-` hands) is kept as no deal. */
function dealOf(tag: TagPair | undefined): string | null {
  const text = tag?.value.trim() ?? '';
  if (!tag || text === '' || text === '?') return null;
  if (text.slice(2).trim().split(/\s+/).includes('-')) return null;
  try {
    return normaliseDeal(text);
  } catch (error) {
    if (error instanceof DomainError) throw fileError(tag.line, `Deal "${preview(text)}": ${error.message}`);
    throw error;
  }
}

function boardOf(placed: PlacedGame, rejected: RejectedItem[]): InterchangeBoard {
  const { game } = placed;
  const dealerTag = tagOf(game, 'Dealer');
  const dealerText = valueOf(game, 'Dealer');
  const dealer = seatOf(dealerText);
  if (dealerText && !dealer) rejected.push({ source: `line ${dealerTag?.line}`, reason: `Dealer "${preview(dealerText)}" is not N, E, S or W; ignored` });
  const vulTag = tagOf(game, 'Vulnerable');
  const vulText = valueOf(game, 'Vulnerable');
  const vulnerability = vulText ? (VULNERABILITY_WORDS.get(vulText.toLowerCase()) ?? null) : null;
  if (vulText && !vulnerability) {
    rejected.push({ source: `line ${vulTag?.line}`, reason: `Vulnerable "${preview(vulText)}" is not None, NS, EW or All; ignored` });
  }
  return {
    number: placed.board ?? 0,
    dealer,
    vulnerability,
    deal: dealOf(tagOf(game, 'Deal')),
    ...withDoubleDummy(fileDoubleDummy(game)),
    source: `line ${placed.boardTag?.line}`,
  };
}

/** The file's table, as a field only when the file has one. */
function withDoubleDummy(counts: number[] | null | undefined): { doubleDummy?: number[] } {
  return counts ? { doubleDummy: counts } : {};
}

/** The file's own double-dummy table: DoubleDummyTricks, else OptimumResultTable; null without one. */
function fileDoubleDummy(game: Game): number[] | null {
  const tricks = valueOf(game, 'DoubleDummyTricks');
  if (tricks) return readDoubleDummyTricks(tricks);
  const tag = tagOf(game, 'OptimumResultTable');
  if (!tag) return null;
  const table = readTable(tag);
  return readOptimumResultRows(
    table.rows.map((row) => ({
      declarer: cell(row, 'declarer') ?? undefined,
      denomination: cell(row, 'denomination') ?? undefined,
      result: cell(row, 'result') ?? undefined,
    })),
  );
}

/** One board per board number and session; later games of the same board fill in what earlier ones left out. */
function collectBoards(games: PlacedGame[], rejected: RejectedItem[]): Map<number, Map<number, InterchangeBoard>> {
  const sessions = new Map<number, Map<number, InterchangeBoard>>();
  for (const placed of games) {
    if (placed.board === null) continue;
    const boards = sessions.get(placed.session) ?? new Map<number, InterchangeBoard>();
    sessions.set(placed.session, boards);
    const found = boardOf(placed, rejected);
    const known = boards.get(placed.board);
    if (!known) {
      boards.set(placed.board, found);
      continue;
    }
    if (known.deal && found.deal && known.deal !== found.deal) {
      throw fileError(placed.boardTag?.line ?? 0, `board ${placed.board} has a different deal from the one at ${known.source}`);
    }
    boards.set(placed.board, {
      ...known,
      dealer: known.dealer ?? found.dealer,
      vulnerability: known.vulnerability ?? found.vulnerability,
      deal: known.deal ?? found.deal,
      ...withDoubleDummy(known.doubleDummy ?? found.doubleDummy),
    });
  }
  return sessions;
}

// ───────────────────────────── event kind and scoring ─────────────────────────────

function eventKind(games: PlacedGame[], totals: Table[], scores: Table[]): EventKindInFile {
  const competition = firstValue(
    games.map((p) => p.game),
    'Competition',
  )?.toLowerCase();
  if (competition?.startsWith('indiv')) return 'INDIVIDUAL';
  if (competition?.startsWith('team')) return 'TEAMS';
  if (competition?.startsWith('pair')) return 'PAIRS';
  const plain = games.map((p) => p.game);
  const teamColumns = totals.some((t) => t.columns.includes('teamid')) || scores.some((t) => t.columns.includes('teamid_ns'));
  const teamTags = hasTag(plain, 'HomeTeam') || hasTag(plain, 'VisitTeam') || hasTag(plain, 'Room');
  return teamColumns || teamTags ? 'TEAMS' : 'PAIRS';
}

/** The Scoring tag's keywords (PBN §4.2: "MP", "MatchPoints", "IMP", "BAM", with modifiers such as "IMP;Cross"). */
function scoringOf(text: string | null, kind: EventKindInFile): ScoringInFile | null {
  if (!text) return null;
  const words = text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const has = (test: (w: string) => boolean) => words.some(test);
  const imps = has((w) => w === 'imp' || w === 'imps');
  if (has((w) => w.startsWith('butler'))) return 'BUTLER';
  if (has((w) => w === 'cross' || w === 'ximp' || w === 'ximps' || w === 'crossimp' || w === 'crossimps') || (imps && has((w) => w === 'x'))) {
    return 'CROSS_IMPS';
  }
  if (imps) return kind === 'TEAMS' ? 'TEAMS_IMPS' : 'IMPS_ACROSS_FIELD';
  if (has((w) => /^mps?\d*$/.test(w) || w.startsWith('matchpoint') || w === 'neuberg')) return 'MATCHPOINTS';
  if (has((w) => w === 'totalpoints' || w === 'total' || w === 'tp' || w === 'totalscore' || w === 'aggregate')) return 'TOTAL_POINTS';
  if (kind === 'TEAMS' && isBoardAMatch(text)) return 'TOTAL_POINTS';
  return null; // rubber, Chicago …: no Traveller method
}

/** Board-a-match (PBN's "BAM"): a teams event in total points, each board won, tied or lost. */
const isBoardAMatch = (text: string | null) => !!text && text.toLowerCase().split(/[^a-z0-9]+/).includes('bam');

// ───────────────────────────── event header facts ─────────────────────────────

/** "2025.12.23" or "2013-08-10 19:19" to "2025-12-23"; null when any digit is unknown ("????.??.??") or the date cannot exist. */
function isoDate(text: string | null): string | null {
  const m = /^(\d{4})[.\-/](\d{2})[.\-/](\d{2})(?!\d)/.exec((text ?? '').trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The value of a header line such as `%Creator: …` or BridgeComposer's `%HRTitleEvent "…"` (quoted: `unquote`). */
function headerValue(header: Scan['header'], key: string, unquote = false): string | null {
  for (const { text } of header) {
    const m = /^\s*(\w+)\s*:?\s*(.*)$/.exec(text);
    if (m && m[1].toLowerCase() === key.toLowerCase()) {
      const value = unquote ? m[2].trim().replace(/^"(.*)"$/, '$1').trim() : m[2].trim();
      if (value) return value;
    }
  }
  return null;
}

function eventDate(games: Game[], header: Scan['header']): string | null {
  const stated = isoDate(firstValue(games, 'EventDate'));
  if (stated) return stated;
  const played = games.map((g) => isoDate(valueOf(g, 'Date'))).filter((d): d is string => d !== null);
  if (played.length > 0) return played.reduce((a, b) => (b < a ? b : a)); // first day of play
  return isoDate(headerValue(header, 'HRTitleDate', true));
}

/** The program that wrote the file: a `% Creator:` / `% Generator` header line, else the Generator tag (which names the dealer program). */
function generatorOf(games: Game[], header: Scan['header']): string | null {
  return headerValue(header, 'Creator') ?? headerValue(header, 'Generator') ?? firstValue(games, 'Generator');
}

// ───────────────────────────── results ─────────────────────────────

/** Who a pair or team is, as the file names it. */
interface Who {
  name: string | null;
  players: InterchangePlayer[];
}

/** A traveller line before its pairs are checked against the ranking. */
interface PendingLine {
  session: number;
  line: InterchangeLine;
  /** The section letter the file gives; null when it gives none (the line then says "A"). */
  section: string | null;
  ns: Who | null;
  ew: Who | null;
}

const DEFAULT_SECTION = 'A';

/**
 * PBN `<names>` (§5.9): two player names separated by ";", or the name of the partnership. When the
 * name comes from its own column (TeamName, PairName), a Names value without ";" is a single player.
 */
function whoFromNames(text: string | null, name: string | null): Who {
  const names = (text ?? '').trim();
  if (names.includes(';')) {
    const players = names.split(';').map((n) => n.trim()).filter((n) => n !== '');
    return { name, players: players.map((n) => ({ name: n, memberNumber: null })) };
  }
  if (!names) return { name, players: [] };
  return name ? { name, players: [{ name: names, memberNumber: null }] } : { name: names, players: [] };
}

type Played = { contract: string; declarer: Seat | null; tricks: number | null };

/** Contract, declarer and tricks of a played board; the reason when they cannot be read. */
function playedResult(contractText: string, declarerText: string | null, resultText: string | null, relativeAllowed: boolean): Played | string {
  try {
    const contract = parseContract(contractText);
    if (contract === 'PASS') return { contract: 'PASS', declarer: null, tricks: null };
    const declarer = seatOf(declarerText);
    if (!declarer) return declarerText ? `declarer "${preview(declarerText)}" is not N, E, S or W` : 'no declarer';
    if (resultText === null) return 'no result (tricks taken)';
    if (!relativeAllowed && !/^\d{1,2}$/.test(resultText)) {
      return `Result "${preview(resultText)}" must be the number of tricks declarer took (0–13)`;
    }
    return { contract: formatContract(contract), declarer, tricks: parseResult(contract, resultText) };
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

const ARTIFICIAL_WORDS = new Map<string, ArtificialCode>([
  ['A+', 'A+'],
  ['AVE+', 'A+'],
  ['A', 'A'],
  ['A=', 'A'],
  ['AVE', 'A'],
  ['A-', 'A-'],
  ['AVE-', 'A-'],
]);
const MIRRORED: Record<ArtificialCode, ArtificialCode> = { 'A+': 'A-', A: 'A', 'A-': 'A+' };

/** PBN §5.2 marks artificial table values with "^"; Traveller writes Law 12C2 scores as `^A+`, `^A`, `^A-` in Score_NS/Score_EW. */
function artificialCode(text: string | null): ArtificialCode | null {
  if (!text?.startsWith('^')) return null;
  return ARTIFICIAL_WORDS.get(text.slice(1).toUpperCase()) ?? null;
}

function lineFigures(row: TableRow): LineFigures {
  const ns = figure(cell(row, 'score_ns'));
  const ew = figure(cell(row, 'score_ew'));
  const figures: LineFigures = {};
  if (ns !== undefined) figures.nsScore = ns;
  else if (ew !== undefined) figures.nsScore = ew === 0 ? 0 : -ew;
  const put = (key: Exclude<keyof LineFigures, 'nsScore'>, column: string) => {
    const value = figure(cell(row, column));
    if (value !== undefined) figures[key] = value;
  };
  put('nsMatchpoints', 'mp_ns');
  put('ewMatchpoints', 'mp_ew');
  put('nsPercentage', 'percentage_ns');
  put('ewPercentage', 'percentage_ew');
  put('nsImps', 'imp_ns');
  put('ewImps', 'imp_ew');
  return figures;
}

/** PairId_NS/PairId_EW (TeamId_… in team files); null when empty. A cell that is not a number stops the import. */
function pairNumber(row: TableRow, side: Direction): number | null {
  const column = row.cells.has(`pairid_${side.toLowerCase()}`) ? `PairId_${side}` : `TeamId_${side}`;
  const text = cell(row, column.toLowerCase());
  if (text === null) return null;
  const number = wholeNumber(text);
  if (number === null || number < 1) throw fileError(row.line, `${column} "${preview(text)}" is not a pair number`);
  return number;
}

type RowOutcome = Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'artificial' | 'notPlayed'>;

/**
 * A row is a played board, an artificial score (no contract, `^A+`/`^A-` scores), or not played (no
 * contract, no score); the reason when it is none of these.
 */
function rowOutcome(row: TableRow, figures: LineFigures): RowOutcome | string {
  const contractText = cell(row, 'contract');
  if (contractText !== null) {
    const played = playedResult(contractText, cell(row, 'declarer'), cell(row, 'result'), true);
    return typeof played === 'string' ? played : { ...played, artificial: null, notPlayed: false };
  }
  const nsCode = artificialCode(cell(row, 'score_ns'));
  const ewCode = artificialCode(cell(row, 'score_ew'));
  const none = { contract: null, declarer: null, tricks: null };
  if (nsCode || ewCode) {
    // One side's code alone implies the other's (A+ against A-, A against A).
    const artificial = { ns: nsCode ?? MIRRORED[ewCode ?? 'A'], ew: ewCode ?? MIRRORED[nsCode ?? 'A'] };
    return { ...none, artificial, notPlayed: false };
  }
  if (figures.nsScore !== undefined) return 'a score with no contract (an assigned score) cannot be read from PBN';
  return { ...none, artificial: null, notPlayed: true };
}

/** One ScoreTable row: a line, or the reason it cannot be accepted. Unreadable pair numbers stop the import. */
function lineFromRow(row: TableRow, placed: PlacedGame): PendingLine | RejectedItem {
  const source = `line ${row.line}`;
  const ns = pairNumber(row, 'NS');
  const ew = pairNumber(row, 'EW');
  if (ns === null || ew === null) return { source, reason: 'the row names no NS or no EW pair number' };
  const section = cell(row, 'section');
  const figures = lineFigures(row);
  const base = {
    section: section ?? DEFAULT_SECTION,
    board: placed.board ?? 0,
    round: wholeNumber(cell(row, 'round')),
    table: wholeNumber(cell(row, 'table')),
    nsPair: ns,
    ewPair: ew,
    lead: cell(row, 'lead'),
    source,
  };
  const outcome = rowOutcome(row, figures);
  if (typeof outcome === 'string') return { source, reason: outcome };
  return {
    session: placed.session,
    line: { ...base, ...outcome, figures },
    section,
    ns: whoFromNames(cell(row, 'names_ns'), null),
    ew: whoFromNames(cell(row, 'names_ew'), null),
  };
}

function linesFromScoreTables(tables: { placed: PlacedGame; table: Table }[], rejected: RejectedItem[]): PendingLine[] {
  const pending: PendingLine[] = [];
  for (const { placed, table } of tables) {
    if (placed.board === null) throw fileError(table.tag.line, 'a ScoreTable must belong to a game with a Board number');
    for (const row of table.rows) {
      const read = lineFromRow(row, placed);
      if ('reason' in read) rejected.push(read);
      else pending.push(read);
    }
  }
  return pending;
}

/** "NS 620", "EW 100", "NS 7.5 EW 4.5": the Score/ScoreMP/ScoreIMP/ScorePercentage tags of a single-result game. */
function sideFigures(text: string | null): { ns?: number; ew?: number } {
  const words = (text ?? '').trim().split(/\s+/);
  const found: { ns?: number; ew?: number } = {};
  for (let k = 0; k + 1 < words.length; k++) {
    const side = words[k].toUpperCase();
    const value = figure(words[k + 1]);
    if (value === undefined) continue;
    if (side === 'NS' && found.ns === undefined) found.ns = value;
    if (side === 'EW' && found.ew === undefined) found.ew = value;
  }
  return found;
}

function gameFigures(game: Game): LineFigures {
  const figures: LineFigures = {};
  const score = sideFigures(valueOf(game, 'Score'));
  if (score.ns !== undefined) figures.nsScore = score.ns;
  else if (score.ew !== undefined) figures.nsScore = score.ew === 0 ? 0 : -score.ew;
  const mp = sideFigures(valueOf(game, 'ScoreMP'));
  const imp = sideFigures(valueOf(game, 'ScoreIMP'));
  const pct = sideFigures(valueOf(game, 'ScorePercentage'));
  const entries: [keyof LineFigures, number | undefined][] = [
    ['nsMatchpoints', mp.ns],
    ['ewMatchpoints', mp.ew],
    ['nsImps', imp.ns],
    ['ewImps', imp.ew],
    ['nsPercentage', pct.ns],
    ['ewPercentage', pct.ew],
  ];
  for (const [key, value] of entries) if (value !== undefined) figures[key] = value;
  return figures;
}

/** The opening lead: the first card of the Play section (PBN §3.6 lists the play from the leader). */
function openingLead(game: Game): string | null {
  const first = tagOf(game, 'Play')?.data[0]?.text ?? '';
  return /^[SHDC][AKQJT2-9]$/i.test(first) ? first.toUpperCase() : null;
}

/** A pair or team in a single-result game: its identity key and how the file names it. */
interface SideIdentity {
  key: string;
  who: Who;
}

function sidesOfGame(game: Game): { ns: SideIdentity; ew: SideIdentity } | null {
  const home = valueOf(game, 'HomeTeam');
  const visit = valueOf(game, 'VisitTeam');
  if (home && visit) {
    // The home team sits NS in the open room and EW in the closed room.
    const closed = (valueOf(game, 'Room') ?? '').toLowerCase().startsWith('c');
    const team = (name: string): SideIdentity => ({ key: `team\u0000${name}`, who: { name, players: [] } });
    return closed ? { ns: team(visit), ew: team(home) } : { ns: team(home), ew: team(visit) };
  }
  const pair = (a: string | null, b: string | null): SideIdentity | null => {
    const names = [...new Set([a, b].filter((n): n is string => n !== null))];
    if (names.length === 0) return null;
    // One name in both seats ("Para-1") is the pair's label; two names are its players.
    const who: Who = names.length === 1 ? { name: names[0], players: [] } : { name: null, players: names.map((n) => ({ name: n, memberNumber: null })) };
    return { key: `pair\u0000${[...names].sort().join('\u0000')}`, who };
  };
  const ns = pair(valueOf(game, 'North'), valueOf(game, 'South'));
  const ew = pair(valueOf(game, 'East'), valueOf(game, 'West'));
  return ns && ew ? { ns, ew } : null;
}

/** Files with one game per table result (KOPS, BBO conversions): Contract, Declarer and Result tags. */
function linesFromResultGames(games: PlacedGame[], rejected: RejectedItem[]): PendingLine[] {
  // Without PairId_NS/PairId_EW tags, each distinct pair of names (or team) is numbered 1, 2, 3 … in order of first appearance.
  const numbers = new Map<string, number>();
  const numberFor = (key: string) => {
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return numbers.get(key) ?? 0;
  };
  const pending: PendingLine[] = [];
  const resultsFile = games.some((p) => valueOf(p.game, 'Contract') !== null);
  for (const placed of games) {
    const { game } = placed;
    const contractTag = tagOf(game, 'Contract');
    const contractText = valueOf(game, 'Contract');
    const source = `line ${contractTag?.line ?? placed.boardTag?.line ?? game.tags[0].line}`;
    const sides = sidesOfGame(game);
    if (!contractText) {
      if (resultsFile && placed.board !== null && sides) {
        rejected.push({ source, reason: `board ${placed.board}: the game names its players but gives no contract; skipped` });
      }
      continue;
    }
    if (placed.board === null) {
      rejected.push({ source, reason: 'a result in a game without a Board number' });
      continue;
    }
    const statedNs = wholeNumber(valueOf(game, 'PairId_NS') ?? valueOf(game, 'PairNS'));
    const statedEw = wholeNumber(valueOf(game, 'PairId_EW') ?? valueOf(game, 'PairEW'));
    if ((statedNs === null || statedEw === null) && !sides) {
      rejected.push({ source, reason: 'the game names no pairs (no pair numbers and no player names)' });
      continue;
    }
    const played = playedResult(contractText, valueOf(game, 'Declarer'), valueOf(game, 'Result'), false);
    if (typeof played === 'string') {
      rejected.push({ source, reason: played });
      continue;
    }
    const section = valueOf(game, 'Section');
    const nsPair = statedNs ?? numberFor(sides?.ns.key ?? '');
    const ewPair = statedEw ?? numberFor(sides?.ew.key ?? '');
    pending.push({
      session: placed.session,
      line: {
        section: section ?? DEFAULT_SECTION,
        board: placed.board,
        round: wholeNumber(valueOf(game, 'Round')),
        table: wholeNumber(valueOf(game, 'Table')),
        nsPair,
        ewPair,
        ...played,
        lead: openingLead(game),
        artificial: null,
        notPlayed: false,
        figures: gameFigures(game),
        source,
      },
      section,
      ns: sides?.ns.who ?? null,
      ew: sides?.ew.who ?? null,
    });
  }
  return pending;
}

// ───────────────────────────── contestants ─────────────────────────────

function directionOf(text: string | null): Direction | null {
  const letters = (text ?? '').toUpperCase().replace(/[^NSEW]/g, '');
  if (letters === 'NS' || letters === 'N' || letters === 'S') return 'NS';
  if (letters === 'EW' || letters === 'E' || letters === 'W') return 'EW';
  return null;
}

/** Ranking totals come in the event's unit: VPs for teams, else MPs or IMPs as scored (PBN 2.0 names last). */
function totalScoreColumns(kind: EventKindInFile, scoring: ScoringInFile | null): string[] {
  const mp = ['totalscoremp', 'totalmp'];
  const imp = ['totalscoreimp', 'totalimp'];
  const vp = ['totalscorevp', 'totalvp'];
  if (kind === 'TEAMS') return [...vp, ...imp, ...mp, 'totalscore'];
  if (scoring === 'TOTAL_POINTS') return ['totalscore', ...mp, ...imp, ...vp];
  if (scoring === null || scoring === 'MATCHPOINTS') return [...mp, ...imp, ...vp, 'totalscore'];
  return [...imp, ...mp, ...vp, 'totalscore'];
}

function contestantFromRankingRow(row: TableRow, kind: EventKindInFile, scoreColumns: string[]): InterchangeContestant {
  const idColumn = kind === 'TEAMS' && row.cells.has('teamid') ? 'teamid' : 'pairid';
  const idText = cell(row, idColumn) ?? cell(row, 'teamid') ?? cell(row, 'pairid');
  const number = wholeNumber(idText);
  if (number === null || number < 1) {
    throw fileError(row.line, `TotalScoreTable row has no ${idColumn === 'teamid' ? 'TeamId' : 'PairId'} number (found "${preview(idText ?? '-')}")`);
  }
  const who = whoFromNames(cell(row, 'names'), cell(row, 'teamname') ?? cell(row, 'pairname'));
  const players = who.players.map((player, k) => ({ ...player, memberNumber: cell(row, `memberid${k + 1}`) }));
  const figures: ContestantFigures = {};
  const place = cell(row, 'rank');
  if (place !== null) figures.place = place;
  const scoreColumn = scoreColumns.find((c) => row.cells.has(c));
  const score = scoreColumn ? figure(cell(row, scoreColumn)) : undefined;
  if (score !== undefined) figures.score = score;
  const percentage = figure(cell(row, 'totalpercentage'));
  if (percentage !== undefined) figures.percentage = percentage;
  const boards = wholeNumber(cell(row, 'nrboards'));
  if (boards !== null) figures.boardsPlayed = boards;
  return {
    section: cell(row, 'section'),
    number,
    direction: directionOf(cell(row, 'direction')),
    name: who.name,
    players,
    figures,
    source: `line ${row.line}`,
  };
}

function contestantKey(section: string | null, number: number, direction: Direction | null): string {
  return `${section ?? ''}|${number}|${direction ?? ''}`;
}

function contestantsFromRanking(tables: Table[], kind: EventKindInFile, scoring: ScoringInFile | null): InterchangeContestant[] {
  const columns = totalScoreColumns(kind, scoring);
  const byKey = new Map<string, InterchangeContestant>();
  for (const table of tables) {
    for (const row of table.rows) {
      const contestant = contestantFromRankingRow(row, kind, columns);
      const key = contestantKey(contestant.section, contestant.number, contestant.direction);
      if (!byKey.has(key)) byKey.set(key, contestant); // a later per-section or repeated table adds nothing new
    }
  }
  return [...byKey.values()];
}

/** A ScoreTable pair must be in the ranking when the file has one (DOMAIN §9.1: pair numbers refer to PairId). */
function checkPairsRanked(pending: PendingLine[], contestants: InterchangeContestant[]): void {
  for (const p of pending) {
    for (const side of ['NS', 'EW'] as const) {
      const number = side === 'NS' ? p.line.nsPair : p.line.ewPair;
      const known = contestants.some(
        (c) =>
          c.number === number &&
          (c.section === null || p.section === null || c.section === p.section) &&
          (c.direction === null || c.direction === side),
      );
      if (!known) {
        const where = p.section ? ` in section ${p.section}` : '';
        throw new FileFormatError('PBN', p.line.source, `pair ${side} ${number}${where} is not in the TotalScoreTable`);
      }
    }
  }
}

function namesKey(who: Who | null): string | null {
  if (!who) return null;
  const text = who.players.length > 0 ? who.players.map((p) => p.name).join(';') : (who.name ?? '');
  const parts = text.toLowerCase().split(/[\s;&/,+-]+/).filter(Boolean).sort();
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Sections where NS and EW pairs are numbered apart (a two-winner Mitchell): some row sets a number
 * against itself (NS 1 v EW 1 meets only in a Mitchell), or one number carries different names NS and EW.
 */
function twoWinnerSections(pending: PendingLine[]): Set<string> {
  const twoWinner = new Set<string>();
  const names = new Map<string, string>();
  for (const p of pending) {
    const section = p.section ?? '';
    if (p.line.nsPair === p.line.ewPair) twoWinner.add(section);
    for (const [side, number, who] of [['NS', p.line.nsPair, p.ns], ['EW', p.line.ewPair, p.ew]] as const) {
      const key = namesKey(who);
      if (key === null) continue;
      const mine = `${section}|${number}|${side}`;
      if (!names.has(mine)) names.set(mine, key);
      const other = names.get(`${section}|${number}|${side === 'NS' ? 'EW' : 'NS'}`);
      if (other !== undefined && other !== names.get(mine)) twoWinner.add(section);
    }
  }
  return twoWinner;
}

const DIRECTION_ORDER = { NS: 0, EW: 1 } as const;

/** Without a ranking, the pairs are those the travellers name, in section, number and direction order. */
function contestantsFromLines(pending: PendingLine[]): InterchangeContestant[] {
  const twoWinner = twoWinnerSections(pending);
  const byKey = new Map<string, InterchangeContestant>();
  for (const p of pending) {
    for (const [side, number, who] of [['NS', p.line.nsPair, p.ns], ['EW', p.line.ewPair, p.ew]] as const) {
      const direction = twoWinner.has(p.section ?? '') ? side : null;
      const key = contestantKey(p.section, number, direction);
      const known = byKey.get(key);
      const named = who && (who.name !== null || who.players.length > 0) ? who : null;
      if (!known) {
        byKey.set(key, {
          section: p.section,
          number,
          direction,
          name: named?.name ?? null,
          players: named?.players ?? [],
          figures: {},
          source: p.line.source,
        });
      } else if (known.name === null && known.players.length === 0 && named) {
        byKey.set(key, { ...known, name: named.name, players: named.players });
      }
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      (a.section ?? '').localeCompare(b.section ?? '') ||
      a.number - b.number ||
      (a.direction ? DIRECTION_ORDER[a.direction] : -1) - (b.direction ? DIRECTION_ORDER[b.direction] : -1),
  );
}

// ───────────────────────────── the parser ─────────────────────────────

function buildSessions(boards: Map<number, Map<number, InterchangeBoard>>, pending: PendingLine[]): InterchangeSession[] {
  const numbers = new Set<number>([...boards.keys(), ...pending.map((p) => p.session)]);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((number) => {
      const lines = pending.filter((p) => p.session === number).map((p) => p.line);
      const letters = [...new Set(lines.map((l) => l.section))].sort();
      return {
        number,
        sections: letters.map((letter) => ({ letter, tables: null, movement: null })),
        boards: [...(boards.get(number)?.values() ?? [])].sort((a, b) => a.number - b.number),
        lines,
      };
    });
}

/**
 * Reads a PBN file (DOMAIN §9.1). Never scores: the file's own figures go into `figures`. Unreadable
 * traveller lines go into `rejected`; a file that cannot be read at all throws FileFormatError.
 */
export function parsePbn(input: Buffer | string): ParseOutcome {
  const text = decodePbn(input);
  refuseBinary(text);
  const scan = scanGames(text);
  if (scan.games.length === 0) throw fileError(1, 'no games: a PBN file holds games made of tag pairs such as [Board "1"]');
  const placed = placeGames(inheritTagValues(scan.games));
  const games = placed.map((p) => p.game);
  const rejected: RejectedItem[] = [];

  const boards = collectBoards(placed, rejected);
  const scoreTables = tablesIn(placed, SCORE_TABLE);
  const rankingTables = tablesIn(placed, TOTAL_SCORE_TABLE).map((t) => t.table);
  const kind = eventKind(
    placed,
    rankingTables,
    scoreTables.map((t) => t.table),
  );
  const scoring = scoringOf(firstValue(games, 'Scoring'), kind);

  // A game shown with its own Contract also appears in its ScoreTable (PBN §5.9): take the tables when there are any.
  const pending = scoreTables.length > 0 ? linesFromScoreTables(scoreTables, rejected) : linesFromResultGames(placed, rejected);
  const ranked = contestantsFromRanking(rankingTables, kind, scoring);
  if (ranked.length > 0) checkPairsRanked(pending, ranked);
  const contestants = ranked.length > 0 ? ranked : contestantsFromLines(pending);

  const site = firstValue(games, 'Site') ?? headerValue(scan.header, 'HRTitleSite', true);
  // A teams ranking totalled in VPs: the matches are converted to victory points.
  const victoryPoints = kind === 'TEAMS' && rankingTables.some((t) => t.columns.includes('totalscorevp') || t.columns.includes('totalvp'));
  return {
    event: {
      format: 'PBN',
      name: firstValue(games, 'Event') ?? headerValue(scan.header, 'HRTitleEvent', true),
      date: eventDate(games, scan.header),
      kind,
      scoring,
      club: site ? { name: site, id: null } : null,
      generator: generatorOf(games, scan.header),
      ...(victoryPoints ? { victoryPoints: true } : {}),
      ...(kind === 'TEAMS' && isBoardAMatch(firstValue(games, 'Scoring')) ? { boardAMatch: true } : {}),
      contestants,
      sessions: buildSessions(boards, pending),
    },
    rejected,
  };
}

// ───────────────────────────── the printer ─────────────────────────────

const SCORING_KEYWORDS: Record<ScoringInFile, string> = {
  MATCHPOINTS: 'MP',
  IMPS_ACROSS_FIELD: 'IMP',
  TEAMS_IMPS: 'IMP', // a team event's IMPs; the Competition tag says it is teams
  BUTLER: 'IMP;Butler',
  CROSS_IMPS: 'IMP;Cross',
  TOTAL_POINTS: 'TotalPoints',
};

/** The Scoring tag of an event: its method's keyword, "BAM" for board-a-match teams. */
const scoringKeyword = (event: InterchangeEvent) => (event.boardAMatch && event.scoring === 'TOTAL_POINTS' ? 'BAM' : event.scoring ? SCORING_KEYWORDS[event.scoring] : '');

const COMPETITION: Record<EventKindInFile, string> = { PAIRS: 'Pairs', TEAMS: 'Teams', INDIVIDUAL: 'Individuals' };

const VULNERABLE_TAG: Record<Vulnerability, string> = { NONE: 'None', NS: 'NS', EW: 'EW', BOTH: 'All' };

/**
 * Tag values and string tokens escape `"` and only those backslashes a reader would take for an
 * escape (before `"`, `\` or the closing quote), so column specs keep PBN's own `Rank\2R` form. A
 * line break cannot be carried and becomes a space.
 */
function quoted(text: string): string {
  const escaped = text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\(?=["\\]|$)/g, '\\\\')
    .replace(/"/g, '\\"');
  return `"${escaped}"`;
}

function tagLine(name: string, value: string): string {
  return `[${name} ${quoted(value)}]`;
}

function numberCell(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : String(value);
}

/** A bare token when it is one, else a quoted string (a bare "-" or "?" would read as empty). */
function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return /^[A-Za-z0-9=+._/:-]+$/.test(value) && value !== '-' ? value : quoted(value);
}

interface PrintColumn<Row> {
  name: string;
  align: 'L' | 'R';
  cell: (row: Row) => string;
}

/** PBN §5.2 export: a column spec `Name\widthAlign`, then one row per line padded to the column widths. */
function printTable<Row>(tagName: string, columns: PrintColumn<Row>[], rows: Row[]): string[] {
  return [...tableBatches(tagName, columns, rows)].flat();
}

/** Rows of a table made and written this many at a time. */
const TABLE_BATCH = 500;

/**
 * `printTable`'s lines in batches, a few hundred rows each; an empty batch marks where the cells
 * are being worked out (the widths need them all first), so that a writer may pause there: a
 * national board's 10,000 lines are no one long piece of work.
 */
function* tableBatches<Row>(tagName: string, columns: PrintColumn<Row>[], rows: Row[]): Generator<string[]> {
  const cells: string[][] = [];
  const widths = columns.map(() => 1);
  for (let from = 0; from < rows.length; from += TABLE_BATCH) {
    for (const row of rows.slice(from, from + TABLE_BATCH)) {
      const texts = columns.map((c) => c.cell(row));
      texts.forEach((text, k) => (widths[k] = Math.max(widths[k], text.length)));
      cells.push(texts);
    }
    yield [];
  }
  const spec = columns.map((c, k) => `${c.name}\\${widths[k]}${c.align}`).join(';');
  const padded = (r: string[]) =>
    r
      .map((text, k) => (columns[k].align === 'R' ? text.padStart(widths[k]) : text.padEnd(widths[k])))
      .join(' ')
      .trimEnd();
  yield [tagLine(tagName, spec)];
  for (let from = 0; from < cells.length; from += TABLE_BATCH) yield cells.slice(from, from + TABLE_BATCH).map(padded);
}

/** `<names>` of PBN §5.9: players joined by ";" (a lone player keeps the ";" so it is not read as a partnership name), else the name. */
function namesText(c: InterchangeContestant): string | null {
  if (c.players.length === 0) return c.name;
  const names = c.players.map((p) => p.name.replace(/;/g, ',')).join(';');
  return c.players.length === 1 ? `${names};` : names;
}

/** The ranking's total in its unit: VPs only for teams whose matches are converted (the reader takes that column to say so). */
function rankingScoreColumn(event: InterchangeEvent): string {
  if (event.kind === 'TEAMS' && event.victoryPoints) return 'TotalScoreVP';
  if (event.scoring === 'TOTAL_POINTS') return 'TotalScore';
  if (event.scoring === null ? event.kind !== 'TEAMS' : event.scoring === 'MATCHPOINTS') return 'TotalScoreMP';
  return 'TotalScoreIMP';
}

function rankingTable(event: InterchangeEvent): Generator<string[]> {
  const all = event.contestants;
  const any = (test: (c: InterchangeContestant) => boolean) => all.some(test);
  const columns: PrintColumn<InterchangeContestant>[] = [];
  if (any((c) => c.section !== null)) columns.push({ name: 'Section', align: 'L', cell: (c) => textCell(c.section) });
  if (any((c) => c.figures.place !== undefined)) columns.push({ name: 'Rank', align: 'R', cell: (c) => textCell(c.figures.place) });
  columns.push({ name: event.kind === 'TEAMS' ? 'TeamId' : 'PairId', align: 'R', cell: (c) => numberCell(c.number) });
  if (any((c) => c.direction !== null)) columns.push({ name: 'Direction', align: 'L', cell: (c) => textCell(c.direction) });
  // The name gets its own column when Names holds the players: TeamName (PBN), PairName (user-defined, §5.2).
  const nameColumn = event.kind === 'TEAMS' ? any((c) => c.name !== null) : any((c) => c.name !== null && c.players.length > 0);
  if (nameColumn) {
    columns.push({ name: event.kind === 'TEAMS' ? 'TeamName' : 'PairName', align: 'L', cell: (c) => (c.name === null ? '-' : quoted(c.name)) });
  }
  const names = (c: InterchangeContestant) => (nameColumn ? (c.players.length > 0 ? namesText({ ...c, name: null }) : null) : namesText(c));
  if (any((c) => names(c) !== null)) columns.push({ name: 'Names', align: 'L', cell: (c) => (names(c) === null ? '-' : quoted(names(c) ?? '')) });
  const members = Math.max(0, ...all.filter((c) => c.players.some((p) => p.memberNumber !== null)).map((c) => c.players.length));
  for (let k = 0; k < members; k++) {
    columns.push({ name: `MemberID${k + 1}`, align: 'L', cell: (c) => textCell(c.players[k]?.memberNumber) });
  }
  if (any((c) => c.figures.score !== undefined)) columns.push({ name: rankingScoreColumn(event), align: 'R', cell: (c) => numberCell(c.figures.score) });
  if (any((c) => c.figures.percentage !== undefined)) columns.push({ name: 'TotalPercentage', align: 'R', cell: (c) => numberCell(c.figures.percentage) });
  if (any((c) => c.figures.boardsPlayed !== undefined)) columns.push({ name: 'NrBoards', align: 'R', cell: (c) => numberCell(c.figures.boardsPlayed) });
  return tableBatches('TotalScoreTable', columns, all);
}

/** Which ScoreTable columns the event needs: a column appears when some line has its value, MPs or IMPs always as scored. */
function travellerColumns(event: InterchangeEvent): PrintColumn<InterchangeLine>[] {
  const lines = event.sessions.flatMap((s) => s.lines);
  const any = (test: (l: InterchangeLine) => boolean) => lines.some(test);
  const has = (key: keyof LineFigures) => any((l) => l.figures[key] !== undefined);
  const mpEvent = event.scoring === 'MATCHPOINTS';
  const impEvent = event.scoring !== null && event.scoring !== 'MATCHPOINTS' && event.scoring !== 'TOTAL_POINTS';
  const columns: PrintColumn<InterchangeLine>[] = [];
  if (event.contestants.some((c) => c.section !== null) || any((l) => l.section !== DEFAULT_SECTION)) {
    columns.push({ name: 'Section', align: 'L', cell: (l) => textCell(l.section) });
  }
  if (any((l) => l.round !== null)) columns.push({ name: 'Round', align: 'R', cell: (l) => numberCell(l.round) });
  if (any((l) => l.table !== null)) columns.push({ name: 'Table', align: 'R', cell: (l) => numberCell(l.table) });
  columns.push(
    { name: 'PairId_NS', align: 'R', cell: (l) => numberCell(l.nsPair) },
    { name: 'PairId_EW', align: 'R', cell: (l) => numberCell(l.ewPair) },
    { name: 'Contract', align: 'L', cell: (l) => (l.contract === 'PASS' ? 'Pass' : textCell(l.contract)) },
    { name: 'Declarer', align: 'L', cell: (l) => textCell(l.declarer) },
    { name: 'Result', align: 'R', cell: (l) => numberCell(l.tricks) },
  );
  if (any((l) => l.lead !== null)) columns.push({ name: 'Lead', align: 'L', cell: (l) => textCell(l.lead) });
  columns.push(
    { name: 'Score_NS', align: 'R', cell: (l) => scoreCell(l, 'NS') },
    { name: 'Score_EW', align: 'R', cell: (l) => scoreCell(l, 'EW') },
  );
  const figureColumns: [string, keyof LineFigures, boolean][] = [
    ['MP_NS', 'nsMatchpoints', mpEvent || has('nsMatchpoints') || has('ewMatchpoints')],
    ['MP_EW', 'ewMatchpoints', mpEvent || has('nsMatchpoints') || has('ewMatchpoints')],
    ['Percentage_NS', 'nsPercentage', has('nsPercentage') || has('ewPercentage')],
    ['Percentage_EW', 'ewPercentage', has('nsPercentage') || has('ewPercentage')],
    ['IMP_NS', 'nsImps', impEvent || has('nsImps') || has('ewImps')],
    ['IMP_EW', 'ewImps', impEvent || has('nsImps') || has('ewImps')],
  ];
  for (const [name, key, wanted] of figureColumns) {
    if (wanted) columns.push({ name, align: 'R', cell: (l) => numberCell(l.figures[key]) });
  }
  const contestantAt = contestantLookup(event.contestants);
  const pairNames = (l: InterchangeLine, side: Direction) => {
    const c = contestantAt(l.section, side, side === 'NS' ? l.nsPair : l.ewPair);
    return c ? namesText(c) : null;
  };
  if (event.contestants.some((c) => namesText(c) !== null)) {
    for (const side of ['NS', 'EW'] as const) {
      columns.push({ name: `Names_${side}`, align: 'L', cell: (l) => (pairNames(l, side) === null ? '-' : quoted(pairNames(l, side) ?? '')) });
    }
  }
  return columns;
}

/** Score_NS/Score_EW: the score on the side that gains it, or the Law 12C2 codes of an artificial score. */
function scoreCell(line: InterchangeLine, side: Direction): string {
  if (line.artificial) return `^${side === 'NS' ? line.artificial.ns : line.artificial.ew}`;
  const ns = line.figures.nsScore;
  if (ns === undefined) return '-';
  if (side === 'NS') return ns >= 0 ? numberCell(ns) : '-';
  return ns < 0 ? numberCell(-ns) : '-';
}

interface PrintedGame {
  session: number;
  board: InterchangeBoard;
  lines: InterchangeLine[];
}

/** One game per board per session in board order; a line on a board the session does not list still gets its game. */
function gamesToPrint(event: InterchangeEvent): PrintedGame[] {
  const sessions = [...event.sessions].sort((a, b) => a.number - b.number);
  return sessions.flatMap((session) => {
    const boards = new Map<number, InterchangeBoard>();
    for (const board of session.boards) if (!boards.has(board.number)) boards.set(board.number, board);
    const byBoard = groupBy(session.lines, (l) => l.board);
    for (const number of byBoard.keys()) {
      if (!boards.has(number)) boards.set(number, { number, dealer: null, vulnerability: null, deal: null, source: '' });
    }
    return [...boards.values()]
      .sort((a, b) => a.number - b.number)
      .map((board) => ({ session: session.number, board, lines: byBoard.get(board.number) ?? [] }));
  });
}

function identityTags(event: InterchangeEvent): string[] {
  return [
    tagLine('Event', event.name ?? ''),
    tagLine('Site', event.club?.name ?? ''),
    tagLine('Date', event.date ? event.date.replace(/-/g, '.') : '????.??.??'),
  ];
}

function* printBoardGame(
  event: InterchangeEvent,
  game: PrintedGame,
  marked: boolean,
  ranking: Iterable<string[]>,
  travellers: PrintColumn<InterchangeLine>[],
): Generator<string[]> {
  const law2 = boardInfo(game.board.number); // Law 2 when the board does not say
  const out = [
    ...identityTags(event),
    tagLine('Board', String(game.board.number)),
    tagLine('West', ''),
    tagLine('North', ''),
    tagLine('East', ''),
    tagLine('South', ''),
    tagLine('Dealer', game.board.dealer ?? law2.dealer),
    tagLine('Vulnerable', VULNERABLE_TAG[game.board.vulnerability ?? law2.vulnerability]),
    tagLine('Deal', game.board.deal ?? ''),
    tagLine('Scoring', scoringKeyword(event)),
    tagLine('Declarer', ''),
    tagLine('Contract', ''),
    tagLine('Result', ''),
    // Supplemental tags follow the whole mandatory set (export format).
    ...doubleDummyTags(game.board),
    tagLine('Competition', COMPETITION[event.kind]),
  ];
  if (marked) out.push(tagLine('Stage', `Session ${game.session}`));
  yield out;
  yield* ranking;
  if (game.lines.length > 0) yield* tableBatches('ScoreTable', travellers, game.lines);
}

/** PBN 2.1's double-dummy tags of a board whose table Traveller has solved. */
function doubleDummyTags(board: InterchangeBoard): string[] {
  if (!board.doubleDummy) return [];
  const out = [tagLine('DoubleDummyTricks', doubleDummyTricksTag(board.doubleDummy))];
  const columns: PrintColumn<string[]>[] = [
    { name: 'Declarer', align: 'L', cell: (row) => row[0] },
    { name: 'Denomination', align: 'R', cell: (row) => row[1] },
    { name: 'Result', align: 'R', cell: (row) => row[2] },
  ];
  out.push(...printTable('OptimumResultTable', columns, optimumResultRows(board.doubleDummy)));
  if (board.par) out.push(tagLine('OptimumScore', optimumScoreTag(board.par)), tagLine('ParContract', parContractTag(board.par)));
  return out;
}

/**
 * Writes a PBN 2.1 export (DOMAIN §9.1): the mandatory tags in export order, a ScoreTable per board
 * with the lines' figures, and the ranking as a TotalScoreTable in the first game. Sessions after the
 * first are marked `[Stage "Session N"]`.
 */
export function printPbn(event: InterchangeEvent): string {
  return [...pbnPieces(event)].join('');
}

/** `printPbn`'s text in pieces, a game each, made when asked for: a national file streams out. */
export function* pbnPieces(event: InterchangeEvent): Generator<string> {
  const out = ['% PBN 2.1', '% EXPORT', '% Content-type: text/x-pbn; charset=UTF-8'];
  if (event.generator) out.push(`% Creator: ${event.generator.replace(/[\r\n]+/g, ' ')}`);
  const games = gamesToPrint(event);
  const marked = event.sessions.length > 1 || games.some((g) => g.session !== 1);
  const travellers = travellerColumns(event);
  const ranking = () => (event.contestants.length > 0 ? rankingTable(event) : []);
  const text = (lines: string[]) => lines.map((line) => `${line}\r\n`).join('');
  if (games.length === 0) {
    // An event with no boards still needs one game to carry its name and ranking.
    const scoring = tagLine('Scoring', scoringKeyword(event));
    out.push('', ...identityTags(event), scoring, tagLine('Competition', COMPETITION[event.kind]));
    yield text(out);
    for (const lines of ranking()) yield text(lines);
    return;
  }
  yield text(out);
  for (const [k, game] of games.entries()) {
    yield '\r\n'; // the blank line between games
    for (const lines of printBoardGame(event, game, marked, k === 0 ? ranking() : [], travellers)) yield text(lines);
  }
}
