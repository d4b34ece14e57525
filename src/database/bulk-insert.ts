import type { PrismaTx } from './prisma.service.js';

/** A column of a bulk insert: its name and the PostgreSQL type its values are sent as. */
export interface BulkColumn<R> {
  name: string;
  /** Array element type of the parameter (uuid, int4, text, timestamptz …). */
  type: string;
  /** What the parameter is cast to in the table, when it differs (an enum, jsonb). */
  cast?: string;
  value: (row: R) => string | number | boolean | null;
}

/** Rows per statement: each column is one array parameter, so this bounds a statement's size, not its parameter count. */
export const BULK_CHUNK = 10_000;
/**
 * Rows per statement when the service's own thread encodes them: encoding 10,000 rows (and the
 * collection after it) held the event loop for 100–200 ms; 2,000 keep each turn short.
 */
const EVENT_LOOP_CHUNK = 2_000;

/**
 * Many rows into one table inside the caller's transaction, one statement per 2,000 rows: each
 * column goes as one array parameter and `unnest` turns the arrays back into rows. Prisma's
 * createMany sends one parameter per cell and builds an object per row, which at a national
 * field's 240,000 results is most of an import's time and memory.
 */
export async function bulkInsert<R>(tx: PrismaTx, table: string, columns: BulkColumn<R>[], rows: readonly R[]): Promise<void> {
  await insertEncoded(tx, table, columns, encodedChunks(columns, rows, EVENT_LOOP_CHUNK));
}

/**
 * Chunks already encoded by `encodedChunks` (perhaps in another thread: a national file's results
 * are encoded where they were read, so the service's event loop only forwards text).
 */
export async function insertEncoded(tx: PrismaTx, table: string, columns: Omit<BulkColumn<never>, 'value'>[], chunks: Iterable<string[]> | AsyncIterable<string[]>, beforeChunk?: () => void): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const selected = columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${selected} FROM unnest(${arrays}) AS t(${aliases})`;
  // The caller's chance to give up between statements (a shutdown): its transaction then rolls back whole.
  beforeChunk?.();
  for await (const literals of chunks) {
    await tx.$executeRawUnsafe(sql, ...literals);
    beforeChunk?.();
  }
}

/** The rows, `size` at a time, as one PostgreSQL array literal per column (pure: runs in any thread). */
export function* encodedChunks<R>(columns: Pick<BulkColumn<R>, 'value'>[], rows: readonly R[], size = BULK_CHUNK): Generator<string[]> {
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    yield columns.map((c) => arrayLiteral(chunk.map(c.value)));
  }
}

/** `{"a","b",NULL,3}`: every text element quoted (backslash and quote escaped), so no content can break the literal. */
function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const elements = values.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/[\\"]/g, '\\$&')}"` : String(v)));
  return `{${elements.join(',')}}`;
}
