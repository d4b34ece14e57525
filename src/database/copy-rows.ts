import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { BulkColumn } from './bulk-insert.js';
import { ByteWriter } from './byte-writer.js';
import { BINARY_HEADER, BINARY_TRAILER } from './copy-binary.js';

/** Rows a chunk of COPY data holds (~2.5 MB of Result lines): one CopyData message, one hand-over between threads. */
export const COPY_CHUNK = 10_000;

/** COPY's text format escapes these; every other character, control characters too, stands for itself. */
const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A value as one field of COPY's text format: `\N` for null, a string with backslash, tab, newline
 * and carriage return escaped (so no content can end a field or a row, or read as `\N` or the
 * end-of-data marker `\.`), numbers and booleans as PostgreSQL reads them.
 */
export function copyField(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(SPECIAL, (c) => ESCAPES[c]);
}

const utf8 = new TextEncoder();
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
/** No separator: a row's first field. */
const NONE = 0;
/** By ASCII code: the letter after the backslash where copyField escapes the character, else 0. */
const ESCAPED_AS = new Uint8Array(0x80);
ESCAPED_AS[BACKSLASH] = BACKSLASH;
ESCAPED_AS[TAB] = 116; // t
ESCAPED_AS[NEWLINE] = 110; // n
ESCAPED_AS[13] = 114; // r

/**
 * Rows as COPY text in UTF-8, written straight into bytes a row at a time: the same bytes as
 * `copyField`s joined by tabs, a newline after each row, and encoded — without building the text,
 * which cost a national import's reading thread a string per cell and a collection after every
 * chunk (pure: runs in any thread).
 */
export class CopyWriter<R> extends ByteWriter {
  constructor(private readonly values: readonly ((row: R) => string | number | boolean | null)[]) {
    super();
  }

  row(row: R): void {
    const { values } = this;
    for (let c = 0; c < values.length; c++) this.field(values[c](row), c ? TAB : NONE);
    this.room(1);
    this.bytes[this.at++] = NEWLINE;
    this.rowWritten();
  }

  /** A field, after `separator` (a tab, or NONE before the first). */
  private field(value: string | number | boolean | null, separator: number): void {
    if (typeof value === 'string') this.text(value, separator);
    else {
      const text = value === null ? '\\N' : copyField(value);
      this.room(text.length + 1);
      if (separator) this.bytes[this.at++] = separator;
      for (let i = 0; i < text.length; i++) this.bytes[this.at++] = text.charCodeAt(i);
    }
  }

  /** ASCII is copied byte by byte (escaped where COPY needs it); from the first other character, the rest goes through copyField and the encoder. */
  private text(value: string, separator: number): void {
    this.room(2 * value.length + 1);
    const { bytes } = this;
    let at = this.at;
    if (separator) bytes[at++] = separator;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) {
        this.at = at;
        this.encoded(copyField(value.slice(i)));
        return;
      }
      const escaped = ESCAPED_AS[c];
      if (escaped) {
        bytes[at++] = BACKSLASH;
        bytes[at++] = escaped;
      } else bytes[at++] = c;
    }
    this.at = at;
  }

  private encoded(text: string): void {
    this.room(3 * text.length); // a UTF-16 unit is at most 3 bytes of UTF-8
    this.at += utf8.encodeInto(text, this.bytes.subarray(this.at)).written;
  }

}

/** The rows as COPY text in UTF-8 (see CopyWriter). */
export function copyBytes<R>(columns: Pick<BulkColumn<R>, 'value'>[], rows: readonly R[]): Uint8Array {
  const writer = new CopyWriter(columns.map((c) => c.value));
  for (const row of rows) writer.row(row);
  return writer.take();
}

/** `COPY "table" ("a", "b", …) FROM STDIN`: text format (tab-separated, `\N` for null) or binary. */
const copySql = (table: string, columns: readonly string[], format: CopyFormat) => `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN${format === 'binary' ? ' (FORMAT binary)' : ''}`;

/** Text (CopyWriter) or binary tuples (BinaryCopyWriter in copy-binary.ts). */
export type CopyFormat = 'text' | 'binary';

/**
 * Chunks of COPY text or binary tuples (perhaps encoded in another thread: `CopyWriter`,
 * `BinaryCopyWriter`; the binary stream's header and trailer are added here) into `table`, in one
 * `COPY … FROM STDIN` streamed a chunk at a time, on `client`, which must be the caller's
 * transaction's connection (PrismaService.connectionOf) and run nothing else until this returns.
 * One statement, not one a chunk: the database goes on inserting while the next chunk arrives,
 * where a statement a chunk left it waiting for each round trip (~0.3 s of a national file's 24
 * chunks); its foreign keys are checked once for the load where the role allows it (bulk-load.ts),
 * else row by row at the statement's end. `beforeChunk` may throw to give up between chunks (a
 * shutdown): the COPY is then abandoned (CopyFail) and the caller's transaction must roll back.
 * Unlike a statement through Prisma, the rows are never turned into query parameters, JSON or
 * objects on the way: the bytes go to the socket as they are.
 */
export async function copyInto(client: pg.ClientBase, table: string, columns: readonly string[], chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, beforeChunk?: () => void, format: CopyFormat = 'text'): Promise<void> {
  const sql = copySql(table, columns, format);
  beforeChunk?.();
  async function* checked() {
    if (format === 'binary') yield BINARY_HEADER;
    for await (const chunk of chunks) {
      yield chunk;
      beforeChunk?.();
    }
    if (format === 'binary') yield BINARY_TRAILER;
  }
  await pipeline(Readable.from(checked()), client.query(copyStreams.from(sql)));
}
