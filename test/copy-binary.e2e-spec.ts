import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import pg from 'pg';
import { copyTuples, type BinaryType } from '../src/database/copy-binary.js';
import { databaseTarget } from '../src/database/connection.js';
import { copyInto } from '../src/database/copy-rows.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/**
 * COPY's binary format (database/copy-binary.ts), as a national import writes its result lines:
 * whatever the values, the database stores exactly what was sent — UUIDs, numbers, any text, an
 * enum's label, a jsonb document — and nulls as nulls.
 */
describe('binary COPY into PostgreSQL', () => {
  let db: TestDatabase;
  let client: pg.Client;
  type Row = { id: string; n: number | null; t: string | null; e: 'PLAYED' | 'NOT_PLAYED' | null; j: string | null };
  const COLUMNS = ['id', 'n', 't', 'e', 'j'];
  const TYPES: { type: BinaryType; value: (r: Row) => string | number | null }[] = [
    { type: 'uuid', value: (r) => r.id },
    { type: 'int4', value: (r) => r.n },
    { type: 'text', value: (r) => r.t },
    { type: 'text', value: (r) => r.e },
    { type: 'jsonb', value: (r) => r.j },
  ];
  /** Rows in one COPY, `size` a chunk. */
  async function copy(rows: Row[], size: number): Promise<void> {
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < rows.length; i += size) chunks.push(copyTuples(TYPES, rows.slice(i, i + size)));
    await copyInto(client, 'BinaryProbe', COLUMNS, chunks);
  }
  const stored = async () => (await client.query<Row>('SELECT "id", "n", "t", "e"::text AS "e", "j"::text AS "j" FROM "BinaryProbe" ORDER BY "id"')).rows;

  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
    const { connectionString, schema } = databaseTarget(db.url);
    client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
    await client.query(`CREATE TYPE "Kind" AS ENUM ('PLAYED', 'NOT_PLAYED'); CREATE TABLE "BinaryProbe" ("id" uuid PRIMARY KEY, "n" int4, "t" text, "e" "Kind", "j" jsonb)`);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('stores every value as it was sent', async () => {
    const text = fc.oneof(fc.constant(null), fc.string({ unit: fc.constantFrom('a', '\\', '\t', '\n', '\r', 'N', '.', '"', ',', '\u0001', 'é', '𝄞', '中') }), fc.string({ unit: 'grapheme', maxLength: 30 }));
    const json = fc.oneof(fc.constant(null), fc.jsonValue().map((v) => JSON.stringify(v)));
    const row = fc.record({ n: fc.oneof(fc.constant(null), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), t: text, e: fc.constantFrom(null, 'PLAYED' as const, 'NOT_PLAYED' as const), j: json });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), async (drawn, size) => {
        const rows = drawn.map((r) => ({ id: randomUUID(), ...r })).sort((a, b) => (a.id < b.id ? -1 : 1));
        await client.query('BEGIN');
        try {
          await copy(rows, size);
          const back = await stored();
          expect(back.map(({ j, ...r }) => r)).toEqual(rows.map(({ j, ...r }) => r));
          // jsonb keeps the document, not the text: compared as values.
          expect(back.map((r) => (r.j === null ? null : JSON.parse(r.j)))).toEqual(rows.map((r) => (r.j === null ? null : JSON.parse(r.j))));
        } finally {
          await client.query('ROLLBACK');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses an enum label the type does not have, and writes nothing', async () => {
    await client.query('BEGIN');
    await expect(copy([{ id: randomUUID(), n: 1, t: null, e: 'WON' as never, j: null }], 1)).rejects.toThrow(/invalid input value for enum/);
    await client.query('ROLLBACK');
    expect(await stored()).toEqual([]);
  });
});
