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

/** The rows, `size` at a time, as COPY text, tab between fields, a newline after each row (pure: runs in any thread). */
export function* copyChunks<R>(columns: Pick<BulkColumn<R>, 'value'>[], rows: readonly R[], size = COPY_CHUNK): Generator<string> {
  const values = columns.map((c) => c.value);
  for (let start = 0; start < rows.length; start += size) {
    let text = '';
    for (let i = start; i < Math.min(rows.length, start + size); i++) {
      const row = rows[i];
      for (let c = 0; c < values.length; c++) text += (c ? '\t' : '') + copyField(values[c](row));
      text += '\n';
    }
    yield text;
  }
}

/** `COPY "table" ("a", "b", …) FROM STDIN`: text format, tab-separated, `\N` for null. */
const copySql = (table: string, columns: readonly string[]) => `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;

/**
 * Chunks of COPY text (perhaps encoded in another thread, see `copyChunks`) into `table`, one
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

/**
 * Rows into `table` with one COPY on `client` (as `copyInto`), encoded here `size` at a time as the
 * socket takes them: the database inserts one batch while the next is encoded, and the event loop
 * is free between batches.
 */
export async function copyRows<R>(client: pg.ClientBase, table: string, columns: Pick<BulkColumn<R>, 'name' | 'value'>[], rows: readonly R[], size = 2_000): Promise<void> {
  if (!rows.length) return;
  // One chunk waits while the socket takes the one before.
  await pipeline(Readable.from(copyChunks(columns, rows, size), { highWaterMark: 1 }), client.query(copyStreams.from(copySql(table, columns.map((c) => c.name)))));
}
