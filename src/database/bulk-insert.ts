import type { PrismaTx } from './prisma.service.js';

/** A column of a bulk insert: its name and the PostgreSQL type its values are sent as. */
export interface BulkColumn<R> {
  name: string;
  /** Array element type of the parameter (uuid, int4, text, timestamptz …). */
  type: string;
  /** What the parameter is cast to in the table, when it differs (an enum, jsonb). */
  cast?: string;
  value: (row: R) => unknown;
}

/** Rows per statement: each column is one array parameter, so this bounds a statement's size, not its parameter count. */
const CHUNK = 10_000;

/**
 * Many rows into one table inside the caller's transaction, one statement per 10,000 rows: each
 * column goes as one array parameter and `unnest` turns the arrays back into rows. Prisma's
 * createMany sends one parameter per cell and builds an object per row, which at a national
 * field's 240,000 results is most of an import's time and memory.
 */
export async function bulkInsert<R>(tx: PrismaTx, table: string, columns: BulkColumn<R>[], rows: readonly R[], beforeChunk?: () => void): Promise<void> {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const selected = columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${selected} FROM unnest(${arrays}) AS t(${aliases})`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    // The caller's chance to give up between statements (a shutdown): its transaction then rolls back whole.
    beforeChunk?.();
    const chunk = rows.slice(start, start + CHUNK);
    await tx.$executeRawUnsafe(sql, ...columns.map((c) => chunk.map(c.value)));
  }
}
