import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { boardInfo } from '../board.js';
import { formatContract, parseContract, parseResult, type Contract } from '../contract.js';
import { normaliseDeal, parseDeal } from '../deal.js';
import { DomainError } from '../errors.js';
import { groupBy } from '../grouping.js';
import { contractScore } from '../score.js';
import type { Direction, Seat } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type ContestantFigures,
  type EventKindInFile,
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
import { chineseCodePageOf, decodeChinese, decodeUndeclared, decodeUtf16 } from './code-page.js';
import { decodeWindows1252 } from './windows-1252.js';

/*
 * USEBIO (DOMAIN §9.2), the EBU's XML results format: `parseUsebio` reads a file into the interchange
 * shape, `printUsebio` writes an event as USEBIO 1.2. Parsing runs in three steps: decode the bytes,
 * check and read the XML into a plain element tree, then read the tree's meaning. The parser never
 * scores: the file's own figures go into `figures` for the import service to compare.
 */

// ───────────────────────────── decoding ─────────────────────────────

/**
 * The encodings USEBIO producers write. As browsers do, Latin-1 and ASCII labels are read as
 * windows-1252, a superset whose 0x80–0x9F are printable (€, curly quotes) rather than control codes;
 * GBK, GB2312 and CP936 (mainland Chinese scorers) as their superset GB18030, and Big5, CP950 and
 * Big5-HKSCS (Taiwan, Hong Kong) as Big5 (`chineseCodePageOf`).
 */
const READABLE_ENCODINGS = new Map<string, 'utf-8' | 'windows-1252'>([
  ['utf-8', 'utf-8'],
  ['utf8', 'utf-8'],
  ['iso-8859-1', 'windows-1252'],
  ['iso8859-1', 'windows-1252'],
  ['iso_8859-1', 'windows-1252'],
  ['latin1', 'windows-1252'],
  ['latin-1', 'windows-1252'],
  ['l1', 'windows-1252'],
  ['windows-1252', 'windows-1252'],
  ['cp1252', 'windows-1252'],
  ['us-ascii', 'windows-1252'],
  ['ascii', 'windows-1252'],
]);

const XML_DECLARATION_ENCODING = /^\s*<\?xml\s[^>]*?encoding\s*=\s*(["'])([^"']*)\1/;

function fileError(location: string, message: string): FileFormatError {
  return new FileFormatError('USEBIO', location, message);
}

/** Bytes to text: a byte order mark or the XML declaration's encoding decides; undeclared means UTF-8 (else the legacy code page, `decodeUtf8`). */
function decodeUsebio(input: Buffer | string): string {
  if (typeof input === 'string') return stripBom(input);
  const utf16 = decodeUtf16(input);
  if (utf16 !== null) return stripBom(utf16);
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  const body = bom ? input.subarray(3) : input;
  const declared = declaredEncoding(body);
  if (declared) {
    const label = declared.label.trim().toLowerCase();
    const decoding = chineseCodePageOf(label) ?? READABLE_ENCODINGS.get(label);
    if (!decoding) {
      throw fileError(declared.location, `the XML declaration names encoding "${declared.label}"; USEBIO files are read as UTF-8, ISO-8859-1, windows-1252, GB18030 (GBK) or Big5`);
    }
    if (decoding !== 'utf-8') {
      if (bom) throw fileError(declared.location, `the file starts with a UTF-8 byte order mark but the XML declaration says "${declared.label}"`);
      return decoding === 'windows-1252' ? decodeWindows1252(body) : decodeChinese(body, decoding);
    }
  }
  return decodeUtf8(body, declared !== null || bom);
}

function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The declaration is ASCII, so reading the first bytes as Latin-1 finds it whatever the encoding. */
function declaredEncoding(bytes: Uint8Array): { label: string; location: string } | null {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const m = XML_DECLARATION_ENCODING.exec(head);
  if (!m) return null;
  const at = m.index + m[0].length - m[1].length - m[2].length;
  return { label: m[2], location: textLocation(head, at) };
}

/**
 * A file that says it is UTF-8 (or says nothing, which XML defines as UTF-8) must be valid UTF-8. When it
 * only says nothing, older Windows scorers that write their code page without declaring it are read as
 * Big5, GB18030 or windows-1252 (`undeclaredCodePage`) rather than refused; a file that declares UTF-8 and is not is refused at the first bad byte.
 */
function decodeUtf8(bytes: Uint8Array, declared: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (!declared) return decodeUndeclared(bytes);
    const offset = Math.max(0, firstInvalidUtf8(bytes));
    const hex = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw fileError(
      byteLocation(bytes, offset),
      `byte 0x${hex} is not UTF-8, but the file declares (or defaults to) UTF-8; a file saved as Latin-1 must say encoding="ISO-8859-1"`,
    );
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points above U+10FFFF.
    const second = bytes[i + 1];
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (second === undefined || second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
    }
    i += length;
  }
  return -1;
}

/** "line L, column C" of a byte; the bytes before it are valid UTF-8, so the column counts characters. */
function byteLocation(bytes: Uint8Array, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
  return `line ${line}, column ${column}`;
}

function textLocation(text: string, index: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${index - lineStart + 1}`;
}

// ───────────────────────────── XML → element tree ─────────────────────────────

/** One XML element with its name and attribute names in upper case (USEBIO writes them so; some tools do not). */
interface XmlElement {
  name: string;
  /** The name as written, for messages. */
  tag: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const XML_OPTIONS: X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
  // Decodes numeric character references (&#233;), which the XML-only entity set leaves as written.
  htmlEntities: true,
};

const METADATA = XMLParser.getMetaDataSymbol() as unknown as symbol;

/**
 * XML 1.0 allows no control character but tab, line feed and carriage return, written out or as a
 * character reference (`&#0;`); the validator lets them through, and a NUL then reached the
 * database in the import's report (which refused it: an internal error instead of a clear one).
 */
function refuseControlCharacters(text: string): void {
  const raw = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.exec(text);
  if (raw) {
    const code = raw[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw fileError(textLocation(text, raw.index), `control character U+${code}: XML allows none (this is binary data, not a USEBIO XML file)`);
  }
  for (const reference of text.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const code = reference[1][0] === 'x' ? parseInt(reference[1].slice(1), 16) : Number(reference[1]);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) {
      throw fileError(textLocation(text, reference.index), `the character reference ${reference[0]} names a control character, which XML allows nowhere`);
    }
  }
}

/** Checks the text is well-formed XML (reporting line and column when not) and reads its first element. */
function readXmlRoot(text: string): XmlElement {
  refuseControlCharacters(text);
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw xmlSyntaxError(text, verdict.err);
  let parsed: unknown;
  try {
    parsed = new XMLParser(XML_OPTIONS).parse(text);
  } catch (e) {
    // Well-formed XML the reader still refuses: nesting deeper than it allows, a tag named "__proto__" …
    const message = e instanceof Error ? e.message : String(e);
    const tag = /"([^"\s]+)"/.exec(message)?.[1];
    const at = tag === undefined ? -1 : text.indexOf(`<${tag}`);
    throw fileError(textLocation(text, Math.max(0, at)), `the XML cannot be read: ${message}`);
  }
  const root = toElements(parsed, lineStarts(text))[0];
  if (!root) throw fileError('line 1, column 1', 'the file holds no XML element: it is empty or not XML');
  return root;
}

function xmlSyntaxError(text: string, err: { code: string; msg: string; line: number; col?: number }): FileFormatError {
  // The validator reports tags left open at the end of the file as "Invalid '[ "USEBIO", "EVENT" ]' found." at line 1.
  if (err.code === 'InvalidXml' && err.msg.startsWith("Invalid '[")) {
    const open = [...err.msg.matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`);
    return fileError(textLocation(text, text.length), `the file ends before ${open.join(', ')} ${open.length === 1 ? 'is' : 'are'} closed: it looks truncated`);
  }
  if (err.msg === 'Start tag expected.') {
    return fileError(`line ${err.line}, column 1`, 'the file holds no XML element: it is empty or not XML');
  }
  return fileError(`line ${err.line}, column ${err.col ?? 1}`, `not well-formed XML: ${err.msg}`);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= index) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** fast-xml-parser's ordered output: `[{ NAME: [children], ':@': { attr: value } }, { '#text': … }]`. */
function toElements(nodes: unknown, starts: number[]): XmlElement[] {
  if (!Array.isArray(nodes)) return [];
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    const name = Object.keys(record).find((key) => key !== ':@' && key !== '#text');
    if (name === undefined) continue;
    const content = record[name];
    const attributes = new Map<string, string>();
    const rawAttributes = record[':@'];
    if (typeof rawAttributes === 'object' && rawAttributes !== null) {
      for (const [key, value] of Object.entries(rawAttributes)) attributes.set(key.toUpperCase(), String(value));
    }
    const texts = Array.isArray(content)
      ? content.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && '#text' in c).map((c) => String(c['#text']))
      : [];
    const meta = (node as Record<symbol, unknown>)[METADATA];
    const start = typeof meta === 'object' && meta !== null ? (meta as { startIndex?: unknown }).startIndex : undefined;
    elements.push({
      name: name.toUpperCase(),
      tag: name,
      attributes,
      children: toElements(content, starts),
      text: texts.join(' '),
      line: typeof start === 'number' ? lineOf(starts, start) : 0,
    });
  }
  return elements;
}

// ───────────────────────────── reading values ─────────────────────────────

/** USEBIO puts a value in an attribute or in a child element, depending on the producer: either will do. */
function valueOf(element: XmlElement, name: string): string | null {
  const attribute = element.attributes.get(name)?.trim();
  if (attribute) return attribute;
  const text = element.children.find((c) => c.name === name)?.text.trim();
  return text ? text : null;
}

function firstValue(element: XmlElement, names: readonly string[]): string | null {
  for (const name of names) {
    const value = valueOf(element, name);
    if (value !== null) return value;
  }
  return null;
}

function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

function where(path: string, element: XmlElement): string {
  return element.line > 0 ? `${path} (line ${element.line})` : path;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal figure; "53,89" (decimal comma) and a trailing "%" are accepted. */
function numberIn(text: string): number | null {
  let t = text.trim().replace(/%$/, '').trim();
  if (/^[+-]?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? (n === 0 ? 0 : n) : null;
}

function wholeNumberIn(text: string | null): number | null {
  if (text === null || !/^\s*\d{1,9}\s*$/.test(text)) return null;
  return Number(text);
}

/** "7", "1NS", "3EW", "4 E": the number and, when written, the direction (Compscore3 numbers Mitchell pairs so). */
function pairNumberIn(text: string | null): { number: number; direction: Direction | null } | null {
  const m = text === null ? null : /^\s*(\d{1,9})\s*(NS|EW|N-S|E-W|N|S|E|W)?\s*$/i.exec(text);
  if (!m) return null;
  return { number: Number(m[1]), direction: m[2] ? directionIn(m[2]) : null };
}

function directionIn(text: string | null): Direction | null {
  const t = (text ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  if (['NS', 'N', 'S', 'NORTH', 'SOUTH', 'NORTHSOUTH'].includes(t)) return 'NS';
  if (['EW', 'E', 'W', 'EAST', 'WEST', 'EASTWEST'].includes(t)) return 'EW';
  return null;
}

function seatIn(text: string | null): Seat | null {
  const t = (text ?? '').trim().toUpperCase();
  if (['N', 'NORTH'].includes(t)) return 'N';
  if (['E', 'EAST'].includes(t)) return 'E';
  if (['S', 'SOUTH'].includes(t)) return 'S';
  if (['W', 'WEST'].includes(t)) return 'W';
  return null;
}

/** USEBIO dates are dd/mm/yyyy; ISO dates are accepted too. Null when the text is not a real date. */
function dateIn(text: string): string | null {
  const british = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = british ? [british[3], british[2], british[1]].map(Number) : iso ? [iso[1], iso[2], iso[3]].map(Number) : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ───────────────────────────── event header ─────────────────────────────

function eventKind(eventType: string | null, event: XmlElement): EventKindInFile {
  const type = (eventType ?? '').toUpperCase();
  if (type.includes('INDIVIDUAL')) return 'INDIVIDUAL';
  if (type.includes('TEAM')) return 'TEAMS';
  if (type.includes('PAIR')) return 'PAIRS';
  return containsElement(event, 'MATCH') || containsElement(event, 'TEAM') ? 'TEAMS' : 'PAIRS';
}

function containsElement(element: XmlElement, name: string): boolean {
  return element.children.some((c) => c.name === name || containsElement(c, name));
}

/**
 * BOARD_SCORING_METHOD (or SCORING_METHOD) to Traveller's names. Plain IMPS means teams IMPs in a
 * teams event and IMPs across the field in a pairs event. Without the element, EVENT_TYPE still says
 * it: MP_PAIRS is matchpoints, CROSS_IMP cross-IMPs, BUTLER… Butler, IMP_PAIRS IMPs across the field.
 */
function scoringIn(method: string | null, eventType: string | null, kind: EventKindInFile): ScoringInFile | null {
  const m = (method ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  switch (m) {
    case 'MATCHPOINTS':
    case 'MP':
      return 'MATCHPOINTS';
    case 'BUTLERIMPS':
    case 'BUTLER':
      return 'BUTLER';
    case 'CROSSIMPS':
    case 'CROSSIMP':
      return 'CROSS_IMPS';
    case 'AGGREGATE':
    case 'TOTALPOINTS':
      return 'TOTAL_POINTS';
    case 'IMPSACROSSFIELD':
      return 'IMPS_ACROSS_FIELD';
    case 'IMPS':
    case 'IMP':
      return kind === 'TEAMS' ? 'TEAMS_IMPS' : 'IMPS_ACROSS_FIELD';
    case '':
      break;
    default:
      return null;
  }
  const type = (eventType ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  if (type.startsWith('MP')) return 'MATCHPOINTS';
  if (type.includes('BUTLER')) return 'BUTLER';
  if (type.includes('CROSSIMP')) return 'CROSS_IMPS';
  if (type.includes('AGGREGATE')) return 'TOTAL_POINTS';
  if (type.includes('IMP')) return kind === 'TEAMS' ? 'TEAMS_IMPS' : 'IMPS_ACROSS_FIELD';
  return null;
}

// ───────────────────────────── reading state ─────────────────────────────

interface Place {
  session: number;
  section: string | null;
  path: string[];
}

interface SessionDraft {
  number: number;
  letters: string[];
  /** Board number → source of the first element that names it. */
  boards: Map<number, string>;
  lines: PendingLine[];
}

interface PendingLine {
  line: InterchangeLine;
  /** The direction a "3EW"-style number names, when written; otherwise the side of the line. */
  nsDirection: Direction;
  ewDirection: Direction;
  /** Line of the TRAVELLER_LINE in the file, for messages. */
  xmlLine: number;
}

interface ContestantDraft {
  contestant: InterchangeContestant;
  direction: Direction | null;
}

/** A HANDSET board: `session` is null for a HANDSET outside any SESSION. */
interface HandsetDeal {
  session: number | null;
  board: number;
  deal: string | null;
  source: string;
}

interface Reading {
  kind: EventKindInFile;
  rejected: RejectedItem[];
  contestants: ContestantDraft[];
  sessions: Map<number, SessionDraft>;
  deals: HandsetDeal[];
}

const DEFAULT_SECTION = 'A';

function sessionDraft(reading: Reading, number: number): SessionDraft {
  let draft = reading.sessions.get(number);
  if (!draft) {
    draft = { number, letters: [], boards: new Map(), lines: [] };
    reading.sessions.set(number, draft);
  }
  return draft;
}

function pathText(path: string[]): string {
  return path.join(' / ');
}

// ───────────────────────────── containers: EVENT, SESSION, SECTION ─────────────────────────────

/** EVENT, SESSION and SECTION can each hold participants, boards and matches; unknown elements are skipped. */
function readContainer(container: XmlElement, place: Place, reading: Reading): void {
  const ordinals = new Map<string, number>();
  for (const child of container.children) {
    const ordinal = (ordinals.get(child.name) ?? 0) + 1;
    ordinals.set(child.name, ordinal);
    switch (child.name) {
      case 'PARTICIPANTS':
        readParticipants(child, { ...place, path: [...place.path, 'PARTICIPANTS'] }, reading);
        break;
      case 'BOARD':
        readTravellerBoard(child, ordinal, place, null, reading);
        break;
      case 'MATCH':
        readMatch(child, ordinal, place, reading);
        break;
      case 'SECTION':
        if (place.section === null) readSection(child, ordinal, place, reading);
        break;
      case 'SESSION':
        if (place.path.length === 0) readSession(child, ordinal, reading);
        break;
      case 'HANDSET':
        if (place.path.length > 0) readHandset(child, place.session, [...place.path, 'HANDSET'], reading);
        break;
    }
  }
}

function readSession(element: XmlElement, ordinal: number, reading: Reading): void {
  const number = wholeNumberIn(firstValue(element, ['SESSION_ID', 'SESSION_NUMBER', 'NUMBER'])) ?? ordinal;
  sessionDraft(reading, number);
  readContainer(element, { session: number, section: null, path: [`SESSION ${number}`] }, reading);
}

function readSection(element: XmlElement, ordinal: number, place: Place, reading: Reading): void {
  const letter = firstValue(element, ['SECTION_ID', 'SECTION_LETTER', 'LETTER']) ?? String.fromCharCode(64 + Math.min(ordinal, 26));
  const draft = sessionDraft(reading, place.session);
  if (!draft.letters.includes(letter)) draft.letters.push(letter);
  readContainer(element, { session: place.session, section: letter, path: [...place.path, `SECTION ${letter}`] }, reading);
}

// ───────────────────────────── participants ─────────────────────────────

function readParticipants(element: XmlElement, place: Place, reading: Reading): void {
  const wanted = reading.kind === 'TEAMS' ? 'TEAM' : reading.kind === 'PAIRS' ? 'PAIR' : 'PLAYER';
  const ordinals = new Map<string, number>();
  for (const child of element.children) {
    const ordinal = (ordinals.get(child.name) ?? 0) + 1;
    ordinals.set(child.name, ordinal);
    if (!['TEAM', 'PAIR', 'PLAYER'].includes(child.name)) continue;
    const raw = firstValue(child, numberNames(child.name));
    const source = pathText([...place.path, `${child.name} ${raw ?? `[${ordinal}]`}`]);
    if (child.name !== wanted) {
      reading.rejected.push({ source, reason: `a ${child.name} in a ${reading.kind.toLowerCase()} event is not read` });
      continue;
    }
    const draft = readContestant(child, raw, place.section, source, reading);
    if (draft) reading.contestants.push(draft);
  }
}

function numberNames(element: string): string[] {
  if (element === 'TEAM') return ['TEAM_ID', 'TEAM_NUMBER', 'NUMBER'];
  if (element === 'PAIR') return ['PAIR_NUMBER', 'NUMBER'];
  return ['PLAYER_NUMBER', 'NUMBER'];
}

function readContestant(element: XmlElement, raw: string | null, section: string | null, source: string, reading: Reading): ContestantDraft | null {
  const id = pairNumberIn(raw);
  if (!id) {
    reading.rejected.push({ source, reason: raw === null ? `${element.name} has no number` : `"${raw}" is not a ${element.name.toLowerCase()} number` });
    return null;
  }
  const figures = contestantFigures(element, source, reading);
  const individual = element.name === 'PLAYER';
  const players = individual ? [playerIn(element, true)] : playersIn(element);
  const name = element.name === 'TEAM' ? valueOf(element, 'TEAM_NAME') : individual ? valueOf(element, 'PLAYER_NAME') : null;
  return {
    contestant: { section, number: id.number, direction: null, name, players: players.filter((p): p is InterchangePlayer => p !== null), figures, source },
    direction: directionIn(valueOf(element, 'DIRECTION')) ?? id.direction,
  };
}

/** A team lists its players directly or inside its PAIRs. */
function playersIn(element: XmlElement): (InterchangePlayer | null)[] {
  const direct = childrenNamed(element, 'PLAYER').map((p) => playerIn(p, false));
  const inPairs = childrenNamed(element, 'PAIR').flatMap((pair) => childrenNamed(pair, 'PLAYER').map((p) => playerIn(p, false)));
  return [...direct, ...inPairs];
}

/** NATIONAL_ID_NUMBER is the federation number; older files give only PLAYER_NUMBER (for an individual, that is its event number). */
function playerIn(element: XmlElement, individual: boolean): InterchangePlayer | null {
  const name = valueOf(element, 'PLAYER_NAME');
  const memberNumber = valueOf(element, 'NATIONAL_ID_NUMBER') ?? (individual ? null : valueOf(element, 'PLAYER_NUMBER'));
  if (name === null && memberNumber === null) return null;
  return { name: name ?? '', memberNumber };
}

function contestantFigures(element: XmlElement, source: string, reading: Reading): ContestantFigures {
  const figures: ContestantFigures = {};
  const place = valueOf(element, 'PLACE');
  if (place !== null) figures.place = place;
  const numeric: [keyof Omit<ContestantFigures, 'place'>, string][] = [
    ['score', 'TOTAL_SCORE'],
    ['percentage', 'PERCENTAGE'],
    ['boardsPlayed', 'BOARDS_PLAYED'],
  ];
  for (const [key, name] of numeric) {
    const text = valueOf(element, name);
    if (text === null) continue;
    const n = numberIn(text);
    if (n === null) reading.rejected.push({ source: `${source} / ${name}`, reason: `"${text}" is not a number` });
    else figures[key] = n;
  }
  return figures;
}

// ───────────────────────────── boards and matches ─────────────────────────────

interface MatchSides {
  team: number | null;
  opposing: number | null;
  round: number | null;
}

function readMatch(element: XmlElement, ordinal: number, place: Place, reading: Reading): void {
  const sides: MatchSides = {
    team: pairNumberIn(firstValue(element, ['TEAM', 'TEAM_NUMBER']))?.number ?? null,
    opposing: pairNumberIn(firstValue(element, ['OPPOSING_TEAM', 'OPPOSING_TEAM_NUMBER']))?.number ?? null,
    round: wholeNumberIn(valueOf(element, 'ROUND_NUMBER')),
  };
  const matchPlace = { ...place, path: [...place.path, `MATCH ${ordinal}`] };
  childrenNamed(element, 'BOARD').forEach((board, i) => readTravellerBoard(board, i + 1, matchPlace, sides, reading));
}

function readTravellerBoard(element: XmlElement, ordinal: number, place: Place, match: MatchSides | null, reading: Reading): void {
  const raw = valueOf(element, 'BOARD_NUMBER');
  const board = wholeNumberIn(raw);
  if (board === null || board < 1) {
    const source = pathText([...place.path, `BOARD [${ordinal}]`]);
    reading.rejected.push({ source, reason: raw === null ? 'BOARD has no BOARD_NUMBER' : `"${raw}" is not a board number` });
    return;
  }
  const boardPath = [...place.path, `BOARD ${board}`];
  const draft = sessionDraft(reading, place.session);
  if (!draft.boards.has(board)) draft.boards.set(board, pathText(boardPath));
  childrenNamed(element, 'TRAVELLER_LINE').forEach((lineElement, i) => {
    const source = pathText([...boardPath, `TRAVELLER_LINE ${i + 1}`]);
    const section = place.section ?? DEFAULT_SECTION;
    const read = readTravellerLine(lineElement, { board, section, source, match });
    if (typeof read === 'string') {
      reading.rejected.push({ source, reason: read });
      return;
    }
    if (!draft.letters.includes(section)) draft.letters.push(section);
    draft.lines.push(read);
  });
}

// ───────────────────────────── traveller lines ─────────────────────────────

interface LineContext {
  board: number;
  section: string;
  source: string;
  match: MatchSides | null;
}

/** A traveller line, or the reason it cannot be read. */
function readTravellerLine(element: XmlElement, at: LineContext): PendingLine | string {
  const pairs = linePairs(element, at.match);
  if (typeof pairs === 'string') return pairs;
  const figures = lineFigures(element);
  if (typeof figures === 'string') return figures;
  const result = lineResult(element, at.board, figures.nsScore);
  if (typeof result === 'string') return result;
  const line: InterchangeLine = {
    section: at.section,
    board: at.board,
    round: wholeNumberIn(valueOf(element, 'ROUND_NUMBER')) ?? at.match?.round ?? null,
    table: wholeNumberIn(valueOf(element, 'TABLE_NUMBER')),
    nsPair: pairs.ns.number,
    ewPair: pairs.ew.number,
    ...result,
    figures,
    source: at.source,
  };
  return { line, nsDirection: pairs.ns.direction ?? 'NS', ewDirection: pairs.ew.direction ?? 'EW', xmlLine: element.line };
}

type PairId = { number: number; direction: Direction | null };

/**
 * In a teams MATCH, DIRECTION says where TEAM sat (its pairs' own numbers may follow); elsewhere the
 * line names the NS and EW pair (or team) numbers itself.
 */
function linePairs(element: XmlElement, match: MatchSides | null): { ns: PairId; ew: PairId } | string {
  const seated = match ? directionIn(valueOf(element, 'DIRECTION')) : null;
  if (match && seated) {
    if (match.team === null || match.opposing === null) return 'the MATCH does not name both TEAM and OPPOSING_TEAM';
    const team = { number: match.team, direction: null };
    const opposing = { number: match.opposing, direction: null };
    return seated === 'NS' ? { ns: team, ew: opposing } : { ns: opposing, ew: team };
  }
  if (valueOf(element, 'NS_PAIR_NUMBER') === null && valueOf(element, 'N_PLAYER_NUMBER') !== null) {
    return 'an individual traveller line names four players (N_PLAYER_NUMBER …); an interchange line holds an NS and an EW number';
  }
  const nsText = valueOf(element, 'NS_PAIR_NUMBER');
  const ewText = valueOf(element, 'EW_PAIR_NUMBER');
  const ns = pairNumberIn(nsText);
  const ew = pairNumberIn(ewText);
  if (!ns) return nsText === null ? 'no NS_PAIR_NUMBER' : `NS_PAIR_NUMBER "${nsText}" is not a pair number`;
  if (!ew) return ewText === null ? 'no EW_PAIR_NUMBER' : `EW_PAIR_NUMBER "${ewText}" is not a pair number`;
  return { ns, ew };
}

const LINE_FIGURES: [Exclude<keyof LineFigures, 'nsScore'>, readonly string[]][] = [
  ['nsMatchpoints', ['NS_MATCH_POINTS']],
  ['ewMatchpoints', ['EW_MATCH_POINTS']],
  ['nsPercentage', ['NS_PERCENTAGE']],
  ['ewPercentage', ['EW_PERCENTAGE']],
  ['nsImps', ['NS_CROSS_IMP_POINTS', 'NS_IMP_POINTS', 'NS_IMPS']],
  ['ewImps', ['EW_CROSS_IMP_POINTS', 'EW_IMP_POINTS', 'EW_IMPS']],
];

/** The file's own figures. SCORE is NS's score; it may instead hold an adjusted-score code (read with the result). */
function lineFigures(element: XmlElement): LineFigures | string {
  const figures: LineFigures = {};
  const score = valueOf(element, 'SCORE');
  const scoreNumber = score === null ? null : numberIn(score);
  if (scoreNumber !== null) figures.nsScore = scoreNumber;
  else if (score !== null && adjustedCodes(score) === null && !isNotPlayed(score)) {
    return `SCORE "${score}" is neither a number nor an adjusted-score code`;
  } else {
    const ns = numberIn(valueOf(element, 'NS_SCORE') ?? '');
    const ew = numberIn(valueOf(element, 'EW_SCORE') ?? '');
    if (ns !== null) figures.nsScore = ns;
    else if (ew !== null) figures.nsScore = ew === 0 ? 0 : -ew;
  }
  for (const [key, names] of LINE_FIGURES) {
    const text = firstValue(element, names);
    if (text === null) continue;
    const n = numberIn(text);
    if (n === null) return `${names.find((name) => valueOf(element, name) !== null)} "${text}" is not a number`;
    figures[key] = n;
  }
  return figures;
}

type LineResult = Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'lead' | 'artificial' | 'notPlayed'>;

const NOT_PLAYED: LineResult = { contract: null, declarer: null, tricks: null, lead: null, artificial: null, notPlayed: true };

/** Exactly one of: an adjusted score, not played, or a contract with declarer and tricks. */
function lineResult(element: XmlElement, board: number, nsScore: number | undefined): LineResult | string {
  const contractText = valueOf(element, 'CONTRACT') ?? '';
  const scoreText = valueOf(element, 'SCORE') ?? '';
  const adjusted = artificialIn(contractText, scoreText);
  if (adjusted !== null) {
    if (typeof adjusted === 'string') return adjusted;
    return { contract: null, declarer: null, tricks: null, lead: null, artificial: adjusted, notPlayed: false };
  }
  if (isNotPlayed(contractText)) {
    if (scoreText !== '' && !isNotPlayed(scoreText)) return `SCORE "${scoreText}" without a contract`;
    return NOT_PLAYED;
  }
  let contract: Contract;
  try {
    contract = parseContract(contractText);
  } catch (e) {
    if (e instanceof DomainError) return `CONTRACT: ${e.message}`;
    throw e;
  }
  const lead = valueOf(element, 'LEAD');
  if (contract === 'PASS') return { contract: 'PASS', declarer: null, tricks: null, lead, artificial: null, notPlayed: false };
  const playedBy = valueOf(element, 'PLAYED_BY');
  const declarer = seatIn(playedBy);
  if (!declarer) return playedBy === null ? `${formatContract(contract)} has no PLAYED_BY` : `PLAYED_BY "${playedBy}" is not a seat (N, E, S or W)`;
  const tricks = tricksIn(valueOf(element, 'TRICKS'), contract, declarer, board, nsScore);
  if (typeof tricks === 'string') return tricks;
  return { contract: formatContract(contract), declarer, tricks, lead, artificial: null, notPlayed: false };
}

function isNotPlayed(text: string): boolean {
  const t = text.toUpperCase().replace(/[\s_/.-]/g, '');
  return t === '' || t === 'NP' || t === 'NOTPLAYED';
}

/**
 * TRICKS is the number of tricks declarer took in most producers, but the over/under count ("0" made
 * exactly, "1" one over, "-2" two down) in some. A sign or "=" can only be over/under. A bare number
 * could be either, so the line's own SCORE decides: when only the over/under reading gives that score,
 * it is the one meant; otherwise (both, neither or no score) tricks taken, the usual meaning. The
 * score is computed only to choose between the readings; no figure comes from it.
 */
function tricksIn(text: string | null, contract: Exclude<Contract, 'PASS'>, declarer: Seat, board: number, nsScore: number | undefined): number | string {
  if (text === null) return `${formatContract(contract)} by ${declarer} has no TRICKS`;
  const t = text.trim();
  if (t === '=' || /^[+-]\d{1,2}$/.test(t)) {
    try {
      return parseResult(contract, t);
    } catch (e) {
      if (e instanceof DomainError) return `TRICKS: ${e.message}`;
      throw e;
    }
  }
  if (!/^\d{1,2}$/.test(t)) return `TRICKS "${t}" is neither a trick count nor an over/under count`;
  const n = Number(t);
  const taken = n <= 13 ? n : null;
  const overUnder = contract.level + 6 + n <= 13 ? contract.level + 6 + n : null;
  const vulnerability = boardInfo(board).vulnerability;
  const scores = (tricks: number) => contractScore(contract, declarer, tricks, vulnerability).nsScore === nsScore;
  if (overUnder !== null && nsScore !== undefined && scores(overUnder) && (taken === null || !scores(taken))) return overUnder;
  if (taken !== null) return taken;
  return `TRICKS ${n}: declarer cannot take more than 13 tricks`;
}

// ───────────────────────────── adjusted scores ─────────────────────────────

/** One artificial-score code: "A60", "A50%", "AVE+", "AV-", "A+", "A". */
const ADJUSTED_CODE = '(?:AVERAGE|AVE|AV|A)(?:\\d{1,3}(?:\\.\\d+)?%?|[+-])?';
const ADJUSTED = new RegExp(`^(${ADJUSTED_CODE})(?:[/,;&-]?(${ADJUSTED_CODE}))?$`);

/** Two percentages packed after one A, NS first: "A6040", "A5050", "A6060". */
const PACKED = /^A(\d{2})(\d{2})$/;

/** The one or two codes a CONTRACT or SCORE holds ("A60A40", "A60/A40", "A6040", "AVE+"), or null when it holds none. */
function adjustedCodes(text: string): string[] | null {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  const packed = PACKED.exec(compact);
  if (packed) return [`A${packed[1]}`, `A${packed[2]}`];
  const m = ADJUSTED.exec(compact);
  if (!m) return null;
  return m[2] === undefined ? [m[1]] : [m[1], m[2]];
}

const BY_PERCENT = new Map<number, ArtificialCode>([
  [60, 'A+'],
  [50, 'A'],
  [40, 'A-'],
]);

/** Law 12C2 artificial scores: 60% average-plus, 50% average, 40% average-minus; any other percentage is refused. */
function artificialCodeIn(code: string): { code: ArtificialCode } | { reason: string } {
  const percent = /(\d{1,3}(?:\.\d+)?)%?$/.exec(code);
  if (percent) {
    const p = Number(percent[1]);
    const artificial = BY_PERCENT.get(p);
    if (artificial) return { code: artificial };
    return { reason: `${code}: an artificial adjusted score is 60%, 50% or 40% (Law 12C2); ${p}% would be an assigned score, which USEBIO does not carry` };
  }
  return { code: code.endsWith('+') ? 'A+' : code.endsWith('-') ? 'A-' : 'A' };
}

const COMPLEMENT: Record<ArtificialCode, ArtificialCode> = { 'A+': 'A-', A: 'A', 'A-': 'A+' };

/**
 * Where the codes sit varies by producer. A pair of codes ("A60A40") in CONTRACT, else in SCORE, gives
 * NS then EW. One code in CONTRACT and one in SCORE give NS and EW. A single code is NS's, and EW get
 * the complement (60 ↔ 40, 50 ↔ 50), which is what a one-code traveller entry means.
 */
function artificialIn(contractText: string, scoreText: string): { ns: ArtificialCode; ew: ArtificialCode } | string | null {
  const inContract = adjustedCodes(contractText);
  const inScore = adjustedCodes(scoreText);
  const pair = inContract?.length === 2 ? inContract : inScore?.length === 2 ? inScore : null;
  const codes = pair ?? (inContract && inScore ? [inContract[0], inScore[0]] : inContract ?? inScore);
  if (!codes) return null;
  const ns = artificialCodeIn(codes[0]);
  if ('reason' in ns) return ns.reason;
  const ew = codes.length === 2 ? artificialCodeIn(codes[1]) : { code: COMPLEMENT[ns.code] };
  if ('reason' in ew) return ew.reason;
  return { ns: ns.code, ew: ew.code };
}

// ───────────────────────────── deals ─────────────────────────────

const RANK_ORDER = 'AKQJT98765432';
const SEAT_NAMES: Record<Seat, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
const SUIT_ELEMENTS = ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'] as const;

function readHandset(element: XmlElement, session: number | null, path: string[], reading: Reading): void {
  childrenNamed(element, 'BOARD').forEach((board, i) => {
    const raw = valueOf(board, 'BOARD_NUMBER');
    const number = wholeNumberIn(raw);
    if (number === null || number < 1) {
      reading.rejected.push({ source: pathText([...path, `BOARD [${i + 1}]`]), reason: raw === null ? 'BOARD has no BOARD_NUMBER' : `"${raw}" is not a board number` });
      return;
    }
    const source = pathText([...path, `BOARD ${number}`]);
    reading.deals.push({ session, board: number, deal: dealIn(board, where(source, board)), source });
  });
}

/** Four HANDs to a checked PBN deal; a board with no HAND at all has no deal. Anything else that is not a deal stops the import. */
function dealIn(board: XmlElement, location: string): string | null {
  const hands = childrenNamed(board, 'HAND');
  if (hands.length === 0) return null;
  const bySeat = new Map<Seat, string>();
  for (const hand of hands) {
    const seatText = valueOf(hand, 'DIRECTION');
    const seat = seatIn(seatText);
    if (!seat) throw fileError(location, `HAND DIRECTION "${seatText ?? ''}" is not North, East, South or West`);
    if (bySeat.has(seat)) throw fileError(location, `two HANDs for ${SEAT_NAMES[seat]}`);
    bySeat.set(seat, SUIT_ELEMENTS.map((suit) => holdingIn(valueOf(hand, suit) ?? '', suit, seat, location)).join('.'));
  }
  const missing = (['N', 'E', 'S', 'W'] as const).filter((seat) => !bySeat.has(seat));
  if (missing.length > 0) throw fileError(location, `no HAND for ${missing.map((s) => SEAT_NAMES[s]).join(', ')}: a deal has four hands`);
  try {
    return normaliseDeal(`N:${bySeat.get('N')} ${bySeat.get('E')} ${bySeat.get('S')} ${bySeat.get('W')}`);
  } catch (e) {
    if (e instanceof DomainError) throw fileError(location, e.message);
    throw e;
  }
}

/** "AKJ3", "10 9 2", "-": ranks in PBN form, high to low; a rank written twice is reported here, as PBN order cannot show it. */
function holdingIn(text: string, suit: string, seat: Seat, location: string): string {
  const ranks = text.toUpperCase().replace(/10/g, 'T').replace(/[\s\-—]/g, '').split('');
  ranks.sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
  const twice = ranks.find((rank, i) => i > 0 && rank === ranks[i - 1] && RANK_ORDER.includes(rank));
  if (twice) throw fileError(location, `${SEAT_NAMES[seat]}'s ${suit} hold the ${twice} twice`);
  return ranks.join('');
}

// ───────────────────────────── assembling the event ─────────────────────────────

/** WINNER_TYPE 2 is a two-winner movement; without it, a number used by both an NS and an EW pair says the same. */
function isTwoWinner(winnerType: string | null, drafts: ContestantDraft[]): boolean {
  if (winnerType !== null) return winnerType.trim() === '2';
  const seen = new Map<string, Direction>();
  for (const d of drafts) {
    if (!d.direction) continue;
    const key = `${d.contestant.section ?? ''}|${d.contestant.number}`;
    const other = seen.get(key);
    if (other && other !== d.direction) return true;
    seen.set(key, d.direction);
  }
  return false;
}

const DIRECTION_ORDER = { NS: 0, EW: 1 } as const;

/** One contestant per (section, number, direction): a multi-session file lists its pairs in each session. */
function finalContestants(drafts: ContestantDraft[], twoWinner: boolean): InterchangeContestant[] {
  const byKey = new Map<string, InterchangeContestant>();
  for (const draft of drafts) {
    const contestant = { ...draft.contestant, direction: twoWinner ? draft.direction : null };
    const key = `${contestant.section ?? ''}|${contestant.number}|${contestant.direction ?? ''}`;
    if (!byKey.has(key)) byKey.set(key, contestant);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      (a.section ?? '').localeCompare(b.section ?? '') ||
      a.number - b.number ||
      (a.direction ? DIRECTION_ORDER[a.direction] : -1) - (b.direction ? DIRECTION_ORDER[b.direction] : -1),
  );
}

/** A line naming a pair (or team) that PARTICIPANTS does not list cannot be placed: the file is inconsistent. */
function checkLinePairs(sessions: SessionDraft[], contestants: InterchangeContestant[]): void {
  if (contestants.length === 0) return;
  for (const pending of sessions.flatMap((s) => s.lines)) {
    const { line } = pending;
    const sides = [
      { number: line.nsPair, direction: pending.nsDirection, label: 'NS' },
      { number: line.ewPair, direction: pending.ewDirection, label: 'EW' },
    ];
    for (const side of sides) {
      const known = contestants.some(
        (c) => c.number === side.number && (c.section === null || c.section === line.section) && (c.direction === null || c.direction === side.direction),
      );
      if (!known) {
        throw fileError(pending.xmlLine > 0 ? `${line.source} (line ${pending.xmlLine})` : line.source, `${side.label} ${side.number}${side.direction !== side.label ? side.direction : ''} is not in PARTICIPANTS`);
      }
    }
  }
}

/**
 * HANDSET deals belong to the sessions that play the board; a HANDSET outside any SESSION serves every
 * session, and a hand record with no traveller for the board goes to the first session.
 */
function sessionsWithBoards(reading: Reading): InterchangeSession[] {
  for (const deal of reading.deals) if (deal.session !== null) sessionDraft(reading, deal.session);
  if (reading.sessions.size === 0 && reading.deals.length > 0) sessionDraft(reading, 1);
  const drafts = [...reading.sessions.values()].sort((a, b) => a.number - b.number);
  const boardsOf = new Map(drafts.map((d) => [d.number, new Map([...d.boards].map(([number, source]) => [number, boardWithoutDeal(number, source)]))]));
  const give = (session: number, deal: HandsetDeal) => {
    const boards = boardsOf.get(session);
    const existing = boards?.get(deal.board);
    if (!boards || (existing && (existing.deal !== null || deal.deal === null))) return;
    boards.set(deal.board, { ...boardWithoutDeal(deal.board, deal.source), deal: deal.deal });
  };
  for (const deal of reading.deals) {
    if (deal.session !== null) {
      give(deal.session, deal);
      continue;
    }
    const playing = drafts.filter((s) => s.boards.has(deal.board));
    for (const session of playing.length > 0 ? playing : drafts.slice(0, 1)) give(session.number, deal);
  }
  return drafts.map((draft) => ({
    number: draft.number,
    sections: draft.letters.map((letter) => ({ letter, tables: null, movement: null })),
    boards: [...(boardsOf.get(draft.number)?.values() ?? [])].sort((a, b) => a.number - b.number),
    lines: draft.lines.map((p) => p.line),
  }));
}

/** USEBIO never states dealer or vulnerability: Law 2 applies. */
function boardWithoutDeal(number: number, source: string): InterchangeBoard {
  return { number, dealer: null, vulnerability: null, deal: null, source };
}

/** The EVENT of a USEBIO root; anything else is not a USEBIO file. */
function usebioEvent(root: XmlElement, rejected: RejectedItem[]): XmlElement {
  if (root.name !== 'USEBIO') {
    throw fileError(where(`<${root.tag}>`, root), `the root element is <${root.tag}>, not <USEBIO>: this is not a USEBIO file`);
  }
  // Versions 1.0 to 1.2 and later share the structure read here; only a Version that is no version number is refused.
  const version = valueOf(root, 'VERSION');
  if (version !== null && !/^\d+(\.\d+)*$/.test(version)) throw fileError(where('USEBIO', root), `Version "${version}" is not a USEBIO version number`);
  const [event, ...others] = childrenNamed(root, 'EVENT');
  if (!event) throw fileError(where('USEBIO', root), 'no <EVENT> element: a USEBIO file describes one event');
  others.forEach((_, i) => rejected.push({ source: `EVENT [${i + 2}]`, reason: 'only the first EVENT of a file is read' }));
  return event;
}

type EventHeader = Pick<InterchangeEvent, 'name' | 'date' | 'scoring' | 'club' | 'generator' | 'victoryPoints'>;

function eventHeader(root: XmlElement, event: XmlElement, kind: EventKindInFile, rejected: RejectedItem[]): EventHeader {
  const dateText = valueOf(event, 'DATE');
  const date = dateText === null ? null : dateIn(dateText);
  if (dateText !== null && date === null) rejected.push({ source: 'DATE', reason: `"${dateText}" is not a date (dd/mm/yyyy)` });
  const club = childrenNamed(root, 'CLUB')[0] ?? childrenNamed(event, 'CLUB')[0];
  const program = [valueOf(event, 'PROGRAM_NAME'), valueOf(event, 'PROGRAM_VERSION')].filter((v) => v !== null).join(' ');
  const method = valueOf(event, 'BOARD_SCORING_METHOD') ?? valueOf(event, 'PAIRWISE_SCORING_METHOD') ?? valueOf(event, 'SCORING_METHOD');
  return {
    name: valueOf(event, 'EVENT_DESCRIPTION'),
    date,
    scoring: scoringIn(method, valueOf(event, 'EVENT_TYPE'), kind),
    club: club ? { name: valueOf(club, 'CLUB_NAME'), id: valueOf(club, 'CLUB_ID_NUMBER') } : null,
    generator: program === '' ? null : program,
    ...(valueOf(event, 'MATCH_SCORING_METHOD')?.toUpperCase() === 'VICTORY_POINTS' ? { victoryPoints: true } : {}),
  };
}

/**
 * Reads a USEBIO file (DOMAIN §9.2). Never scores: the file's own figures go into `figures`. Unreadable
 * traveller lines go into `rejected`; a file that cannot be read at all throws FileFormatError.
 */
export function parseUsebio(input: Buffer | string): ParseOutcome {
  const root = readXmlRoot(decodeUsebio(input));
  const rejected: RejectedItem[] = [];
  const event = usebioEvent(root, rejected);
  const kind = eventKind(valueOf(event, 'EVENT_TYPE'), event);
  const reading: Reading = { kind, rejected, contestants: [], sessions: new Map(), deals: [] };

  readContainer(event, { session: 1, section: null, path: [] }, reading);
  for (const handset of [...childrenNamed(root, 'HANDSET'), ...childrenNamed(event, 'HANDSET')]) readHandset(handset, null, ['HANDSET'], reading);
  const contestants = finalContestants(reading.contestants, isTwoWinner(valueOf(event, 'WINNER_TYPE'), reading.contestants));
  checkLinePairs([...reading.sessions.values()], contestants);

  return {
    event: { format: 'USEBIO', kind, ...eventHeader(root, event, kind, rejected), contestants, sessions: sessionsWithBoards(reading) },
    rejected,
  };
}

// ───────────────────────────── printing ─────────────────────────────

/** A node of the XML the printer writes: text for a leaf, children for a container. */
interface XmlOut {
  name: string;
  attributes?: [string, string][];
  text?: string;
  /** Children made when the element is written, one at a time, each written as a piece of its own (a session's sections, a section's boards): a national file is never whole in memory. */
  children?: XmlOut[] | (() => Iterable<XmlOut>);
}

/** Characters XML 1.0 cannot carry at all, not even escaped: they are dropped. */
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The element as pieces of text, each whole lines: an element whose children are made lazily is
 * written a child at a time; any other is one piece.
 */
function* xmlPieces(node: XmlOut, depth: number): Generator<string> {
  if (typeof node.children !== 'function') {
    const out: string[] = [];
    renderXml(node, depth, out);
    yield `${out.join('\n')}\n`;
    return;
  }
  const children = node.children()[Symbol.iterator]();
  let child = children.next();
  const [open, close, empty] = tagsOf(node, depth);
  if (child.done) {
    yield `${empty}\n`;
    return;
  }
  yield `${open}\n`;
  for (; !child.done; child = children.next()) yield* xmlPieces(child.value, depth + 1);
  yield `${close}\n`;
}

function tagsOf(node: XmlOut, depth: number): [open: string, close: string, empty: string] {
  const indent = '  '.repeat(depth);
  const attributes = (node.attributes ?? []).map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');
  return [`${indent}<${node.name}${attributes}>`, `${indent}</${node.name}>`, `${indent}<${node.name}${attributes}/>`];
}

function renderXml(node: XmlOut, depth: number, out: string[]): void {
  if (typeof node.children === 'function') {
    for (const piece of xmlPieces(node, depth)) out.push(piece.slice(0, -1));
    return;
  }
  const [open, close, empty] = tagsOf(node, depth);
  if (node.children && node.children.length > 0) {
    out.push(open);
    for (const child of node.children) renderXml(child, depth + 1, out);
    out.push(close);
  } else if (node.text !== undefined) {
    out.push(`${open}${escapeXml(node.text)}</${node.name}>`);
  } else {
    out.push(empty);
  }
}

/** A leaf element, or nothing when the value is absent: spread into a children list. */
function leaf(name: string, value: string | number | null | undefined): XmlOut[] {
  if (value === null || value === undefined) return [];
  return [{ name, text: typeof value === 'number' ? numberText(value) : value }];
}

/** Shortest text that reads back as the same number. */
function numberText(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

const SCORING_OUT: Record<ScoringInFile, string> = {
  MATCHPOINTS: 'MATCH_POINTS',
  BUTLER: 'BUTLER_IMPS',
  CROSS_IMPS: 'CROSS_IMPS',
  TOTAL_POINTS: 'AGGREGATE',
  TEAMS_IMPS: 'IMPS',
  IMPS_ACROSS_FIELD: 'IMPS',
};

/** The 1.2 DTD, named as USEBIO producers name it; readers do not fetch it. */
const USEBIO_DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">';

const ARTIFICIAL_OUT: Record<ArtificialCode, string> = { 'A+': 'A60', A: 'A50', 'A-': 'A40' };

function dateOut(date: string | null): string | null {
  const m = date === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

/**
 * Writes an event as USEBIO 1.2 (DOMAIN §9.2), the way EBU tools read it: participants with their
 * places and totals, every session and section with its travellers, teams as MATCHes, and the deals in
 * a HANDSET. Figures are printed as the event holds them; nothing is computed here.
 */
export function printUsebio(event: InterchangeEvent): string {
  return [...usebioPieces(event)].join('');
}

/** `printUsebio`'s text in pieces, each made when asked for (a section's participants, a board's lines): a national file streams out. */
export function* usebioPieces(event: InterchangeEvent): Generator<string> {
  const twoWinner = event.contestants.some((c) => c.direction !== null);
  const usebio: XmlOut = {
    name: 'USEBIO',
    attributes: [['Version', '1.2']],
    children: () => [
      ...(event.club ? [{ name: 'CLUB', children: [...leaf('CLUB_NAME', event.club.name), ...leaf('CLUB_ID_NUMBER', event.club.id)] }] : []),
      {
        name: 'EVENT',
        attributes: [['EVENT_TYPE', event.kind]],
        children: () => [
          ...leaf('PROGRAM_NAME', 'Traveller'),
          ...leaf('EVENT_DESCRIPTION', event.name),
          ...leaf('DATE', dateOut(event.date)),
          ...leaf('BOARD_SCORING_METHOD', event.scoring ? SCORING_OUT[event.scoring] : null),
          ...leaf('MATCH_SCORING_METHOD', event.victoryPoints ? 'VICTORY_POINTS' : null),
          ...leaf('WINNER_TYPE', twoWinner ? 2 : 1),
          ...leaf('SESSION_COUNT', event.sessions.length),
          ...participantsOut(event.contestants.filter((c) => c.section === null || event.sessions.length === 0), event.kind),
          ...sessionsOut(event),
        ],
      },
      ...handsetOut(event.sessions),
    ],
  };
  yield `<?xml version="1.0" encoding="UTF-8"?>\n${USEBIO_DOCTYPE}\n`;
  yield* xmlPieces(usebio, 0);
}

function participantsOut(contestants: InterchangeContestant[], kind: EventKindInFile): XmlOut[] {
  if (contestants.length === 0) return [];
  return [{ name: 'PARTICIPANTS', children: () => contestants.map((c) => (kind === 'TEAMS' ? teamOut(c) : kind === 'PAIRS' ? pairOut(c) : individualOut(c))) }];
}

function figuresOut(figures: ContestantFigures): XmlOut[] {
  return [...leaf('PLACE', figures.place), ...leaf('TOTAL_SCORE', figures.score), ...leaf('PERCENTAGE', figures.percentage), ...leaf('BOARDS_PLAYED', figures.boardsPlayed)];
}

function playerOut(player: InterchangePlayer): XmlOut {
  return { name: 'PLAYER', children: [...leaf('PLAYER_NAME', player.name === '' ? null : player.name), ...leaf('NATIONAL_ID_NUMBER', player.memberNumber)] };
}

function pairOut(c: InterchangeContestant): XmlOut {
  return { name: 'PAIR', children: [...leaf('PAIR_NUMBER', c.number), ...leaf('DIRECTION', c.direction), ...figuresOut(c.figures), ...c.players.map(playerOut)] };
}

function teamOut(c: InterchangeContestant): XmlOut {
  const attributes: [string, string][] = [['TEAM_ID', numberText(c.number)]];
  if (c.name !== null) attributes.push(['TEAM_NAME', c.name]);
  return { name: 'TEAM', attributes, children: [...figuresOut(c.figures), ...c.players.map(playerOut)] };
}

/** An individual is one PLAYER whose PLAYER_NUMBER is its number in the event. */
function individualOut(c: InterchangeContestant): XmlOut {
  const player = c.players[0];
  return {
    name: 'PLAYER',
    children: [...leaf('PLAYER_NUMBER', c.number), ...leaf('PLAYER_NAME', c.name ?? player?.name ?? null), ...leaf('NATIONAL_ID_NUMBER', player?.memberNumber ?? null), ...figuresOut(c.figures)],
  };
}

/**
 * Contestants numbered per section are listed in the SECTION of the first session that has it; a
 * section no session has is added to the first session, so that its contestants are not lost.
 */
function sessionsOut(event: InterchangeEvent): XmlOut[] {
  const placed = new Set<string>();
  const inSessions = new Set(event.sessions.flatMap((s) => [...s.sections.map((x) => x.letter), ...s.lines.map((l) => l.section)]));
  const homeless = [...new Set(event.contestants.map((c) => c.section).filter((l): l is string => l !== null && !inSessions.has(l)))];
  // Grouped once: a national session's 500 sections each searched its 240,000 lines and the event's 20,000 pairs.
  const contestantsIn = groupBy(event.contestants, (c) => c.section);
  return event.sessions.map((session, index) => {
    const letters = [...new Set([...session.sections.map((s) => s.letter), ...session.lines.map((l) => l.section), ...(index === 0 ? homeless : [])])];
    const played = new Set(session.lines.map((l) => l.board));
    const boardsWithoutLines = session.boards.filter((b) => !played.has(b.number)).map((b) => boardOut(b.number, []));
    const bySection = groupBy(session.lines, (l) => l.section);
    // Made as they are written, in order: a section's pairs go in the first session that has it.
    const sections = function* (): Generator<XmlOut> {
      for (const [i, letter] of letters.entries()) {
        const contestants = placed.has(letter) ? [] : (contestantsIn.get(letter) ?? []);
        placed.add(letter);
        const lines = bySection.get(letter) ?? [];
        yield {
          name: 'SECTION',
          attributes: [['SECTION_ID', letter]],
          children: function* () {
            yield* participantsOut(contestants, event.kind);
            if (i === 0) yield* boardsWithoutLines;
            yield* event.kind === 'TEAMS' ? matchesOut(lines) : boardsOut(session, lines);
          },
        };
      }
    };
    return {
      name: 'SESSION',
      attributes: [['SESSION_ID', numberText(session.number)]],
      children: letters.length > 0 ? sections : boardsWithoutLines,
    };
  });
}

/** Boards in the session's order, each with its lines in the event's order. */
function* boardsOut(session: InterchangeSession, lines: InterchangeLine[]): Generator<XmlOut> {
  const byBoard = groupBy(lines, (l) => l.board);
  const numbers = new Set([...session.boards.map((b) => b.number), ...byBoard.keys()]);
  for (const number of numbers) {
    const own = byBoard.get(number);
    // Each line made as it is written: one section can hold a whole national field's board.
    if (own) yield { name: 'BOARD', children: () => [...leaf('BOARD_NUMBER', number), ...own.map((l) => travellerLineOut(l, null))] };
  }
}

function boardOut(number: number, lines: XmlOut[]): XmlOut {
  return { name: 'BOARD', children: [...leaf('BOARD_NUMBER', number), ...lines] };
}

/**
 * A teams MATCH is one round between two teams: TEAM is the lower number, and each line's DIRECTION
 * says where TEAM sat at that table.
 */
function matchesOut(lines: InterchangeLine[]): XmlOut[] {
  const matches = new Map<string, { round: number | null; team: number; opposing: number; lines: InterchangeLine[] }>();
  for (const line of lines) {
    const team = Math.min(line.nsPair, line.ewPair);
    const opposing = Math.max(line.nsPair, line.ewPair);
    const key = `${line.round ?? ''}|${team}|${opposing}`;
    const match = matches.get(key) ?? { round: line.round, team, opposing, lines: [] };
    match.lines.push(line);
    matches.set(key, match);
  }
  return [...matches.values()].map((match) => {
    const boards = [...new Set(match.lines.map((l) => l.board))].map((number) =>
      boardOut(
        number,
        match.lines.filter((l) => l.board === number).map((l) => travellerLineOut(l, l.nsPair === match.team ? 'NS' : 'EW')),
      ),
    );
    return {
      name: 'MATCH',
      children: [...leaf('ROUND_NUMBER', match.round), ...leaf('TEAM', match.team), ...leaf('OPPOSING_TEAM', match.opposing), ...boards],
    };
  });
}

/** `teamSat` is set inside a MATCH: the line then says where TEAM sat instead of naming pair numbers. */
function travellerLineOut(line: InterchangeLine, teamSat: Direction | null): XmlOut {
  const f = line.figures;
  return {
    name: 'TRAVELLER_LINE',
    children: [
      ...(teamSat ? leaf('DIRECTION', teamSat) : [...leaf('NS_PAIR_NUMBER', line.nsPair), ...leaf('EW_PAIR_NUMBER', line.ewPair)]),
      ...resultOut(line),
      ...leaf('NS_MATCH_POINTS', f.nsMatchpoints),
      ...leaf('EW_MATCH_POINTS', f.ewMatchpoints),
      ...leaf('NS_PERCENTAGE', f.nsPercentage),
      ...leaf('EW_PERCENTAGE', f.ewPercentage),
      ...leaf('NS_CROSS_IMP_POINTS', f.nsImps),
      ...leaf('EW_CROSS_IMP_POINTS', f.ewImps),
      ...(teamSat ? [] : leaf('ROUND_NUMBER', line.round)),
      ...leaf('TABLE_NUMBER', line.table),
    ],
  };
}

/** CONTRACT, PLAYED_BY, LEAD, TRICKS (taken by declarer) and SCORE; adjusted scores as "A60A40", NS first. */
function resultOut(line: InterchangeLine): XmlOut[] {
  const score = leaf('SCORE', line.figures.nsScore);
  if (line.artificial) return [...leaf('CONTRACT', ARTIFICIAL_OUT[line.artificial.ns] + ARTIFICIAL_OUT[line.artificial.ew]), ...score];
  if (line.notPlayed || line.contract === null) return leaf('CONTRACT', 'NOT_PLAYED');
  if (line.contract === 'PASS') return [...leaf('CONTRACT', 'PASS'), ...leaf('LEAD', line.lead), ...score];
  return [...leaf('CONTRACT', line.contract), ...leaf('PLAYED_BY', line.declarer), ...leaf('LEAD', line.lead), ...leaf('TRICKS', line.tricks), ...score];
}

/** One HANDSET for the event: the first deal given for each board number. */
function handsetOut(sessions: InterchangeSession[]): XmlOut[] {
  const deals = new Map<number, string>();
  for (const board of sessions.flatMap((s) => s.boards)) {
    if (board.deal !== null && !deals.has(board.number)) deals.set(board.number, board.deal);
  }
  if (deals.size === 0) return [];
  const boards = [...deals].sort(([a], [b]) => a - b).map(([number, deal]) => {
    const hands = parseDeal(deal);
    return {
      name: 'BOARD',
      children: [
        ...leaf('BOARD_NUMBER', number),
        ...(['N', 'E', 'S', 'W'] as const).map((seat) => ({
          name: 'HAND',
          children: [
            ...leaf('DIRECTION', SEAT_NAMES[seat]),
            ...leaf('CLUBS', hands[seat][3]),
            ...leaf('DIAMONDS', hands[seat][2]),
            ...leaf('HEARTS', hands[seat][1]),
            ...leaf('SPADES', hands[seat][0]),
          ],
        })),
      ],
    };
  });
  return [{ name: 'HANDSET', children: boards }];
}
