import { fileError } from './csv-cells.js';
import { countLineBreaks } from './line-breaks.js';
import { decodeUndeclared, decodeUtf16 } from './code-page.js';

/* CSV in, below the columns: a file's bytes decoded and split into records of cells (RFC 4180, "," or ";"). */

// ───────────────────────────── decoding ─────────────────────────────

/**
 * Bytes to text: a UTF-16 byte order mark says UTF-16; otherwise UTF-8 when the bytes are valid UTF-8,
 * else the code page Excel's plain "CSV" uses: GBK (read as GB18030) on Chinese Windows, Big5 on
 * Traditional-Chinese Windows, windows-1252 in Western Europe, told apart by `undeclaredCodePage`.
 * A UTF-8 BOM is dropped.
 */
export function decodeCsv(input: Buffer | string): string {
  const text = typeof input === 'string' ? input : decodeBytes(input);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function decodeBytes(bytes: Buffer): string {
  const utf16 = decodeUtf16(bytes);
  if (utf16 !== null) return utf16;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return decodeUndeclared(bom ? bytes.subarray(3) : bytes);
  }
}

/** Control characters other than tab and line ends never occur in a text file: they mean binary data. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function refuseBinary(text: string): void {
  const found = CONTROL_CHARACTER.exec(text);
  if (!found) return;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  throw fileError(1 + countLineBreaks(text, 0, found.index), `control character U+${code}: this is binary data, not a CSV text file (save it from the spreadsheet as "CSV UTF-8")`);
}

// ───────────────────────────── records ─────────────────────────────

export interface CsvRecord {
  /** Line of the file where the record starts (a quoted cell may span lines). */
  line: number;
  cells: string[];
}

type Separator = ',' | ';';

/** European spreadsheets separate cells with ";" (the comma is their decimal mark): a header line without a comma says so. */
export function separatorOf(text: string): Separator {
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
export function* readRecords(text: string, separator: Separator): Generator<CsvRecord> {
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
    cells.push(trimmed(text, from, at));
    from = at + 1;
  }
  cells.push(trimmed(text, from, end));
  return cells;
}

/** `text` from `from` to `to`, trimmed; trimmed by `trim` only when an end may be white space (a national file has 3.6 million cells, nearly none padded). */
function trimmed(text: string, from: number, to: number): string {
  if (from === to) return '';
  const cell = text.slice(from, to);
  return mayBeSpace(text.charCodeAt(from)) || mayBeSpace(text.charCodeAt(to - 1)) ? cell.trim() : cell;
}

/** Whether `trim` could remove this character: ASCII white space and control characters, or anything past ASCII (no-break and other Unicode spaces). */
const mayBeSpace = (code: number) => code <= 32 || code >= 127;

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
export function* nonBlank(records: Iterable<CsvRecord>): Generator<CsvRecord> {
  for (const record of records) if (record.cells.some((cell) => cell !== '')) yield record;
}
