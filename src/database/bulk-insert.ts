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

/**
 * Rows per statement: encoding 10,000 rows in the service's thread (and the collection after it)
 * held the event loop for 100–200 ms; 2,000 keep each turn short.
 */
const CHUNK = 2_000;

/**
 * Many rows into one table inside the caller's transaction, one statement per 2,000 rows: each
 * column goes as one array parameter and `unnest` turns the arrays back into rows. Prisma's
 * createMany sends one parameter per cell and builds an object per row. For a few hundred or
 * thousand rows (sections, a re-import's added lines); a national file's rows go by COPY
 * (copy-rows.ts), since Prisma turns each array parameter into JSON and back on the event loop.
 */
export async function bulkInsert<R>(tx: PrismaTx, table: string, columns: BulkColumn<R>[], rows: readonly R[]): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const selected = columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${selected} FROM unnest(${arrays}) AS t(${aliases})`;
  for (const literals of encodedChunks(columns, rows, CHUNK)) await tx.$executeRawUnsafe(sql, ...literals);
}

/** The rows, `size` at a time, as one PostgreSQL array literal per column. */
function* encodedChunks<R>(columns: Pick<BulkColumn<R>, 'value'>[], rows: readonly R[], size: number): Generator<string[]> {
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
