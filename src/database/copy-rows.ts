import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { BulkColumn } from './bulk-insert.js';

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

/** The rows as COPY text: a tab between fields, a newline after each row (pure: runs in any thread). */
export function copyText<R>(columns: Pick<BulkColumn<R>, 'value'>[], rows: readonly R[]): string {
  const values = columns.map((c) => c.value);
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < values.length; c++) text += (c ? '\t' : '') + copyField(values[c](row));
    text += '\n';
  }
  return text;
}

/** `COPY "table" ("a", "b", …) FROM STDIN`: text format, tab-separated, `\N` for null. */
const copySql = (table: string, columns: readonly string[]) => `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;

/**
 * Chunks of COPY text (perhaps encoded in another thread, see `copyText`) into `table`, one
 * `COPY … FROM STDIN` a chunk, on `client`, which must be the caller's transaction's connection
 * (PrismaService.connectionOf) and run nothing else until this returns. A statement a chunk, not
 * one for all: the database checks a statement's foreign keys at its end, so it checks this
 * chunk's while the next is being encoded, rather than all of them once the last has arrived.
 * `beforeChunk` may throw to give up between statements (a shutdown): the caller's transaction
 * must then roll back. Unlike a statement through Prisma, the rows are never turned into query
 * parameters, JSON or objects on the way: the bytes go to the socket as they are.
 */
export async function copyInto(client: pg.ClientBase, table: string, columns: readonly string[], chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, beforeChunk?: () => void): Promise<void> {
  const sql = copySql(table, columns);
  beforeChunk?.();
  for await (const chunk of chunks) {
    await pipeline(Readable.from([chunk]), client.query(copyStreams.from(sql)));
    beforeChunk?.();
  }
}
