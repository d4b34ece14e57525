import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type pg from 'pg';
import { copyTuples } from '../src/database/copy-binary.js';
import { copyInto } from '../src/database/copy-rows.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';

/**
 * COPY inside a Prisma interactive transaction (database/copy-rows.ts): on the transaction's own
 * connection, so its rows commit or roll back with everything else the transaction wrote, and any
 * text arrives as it was sent.
 */
describe('COPY on a Prisma transaction’s connection', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  const probe = (where = '') => sql<{ id: number; a: string | null; b: string | null }>(db.url, `SELECT "id", "a", "b" FROM "CopyProbe" ${where} ORDER BY "id"`);
  type Row = { id: number; a: string | null; b: string | null };
  /** `rows` as one chunk of COPY tuples. */
  const COLUMNS = [
    { type: 'int4' as const, value: (r: Row) => r.id },
    { type: 'text' as const, value: (r: Row) => r.a },
    { type: 'text' as const, value: (r: Row) => r.b },
  ];
  const tuples = (rows: Row[]) => copyTuples(COLUMNS, rows);
  /** Rows into the probe table in one COPY, `size` a chunk. */
  const copyRows = (client: pg.ClientBase, rows: Row[], size = 2_000) => copyInto(client, 'CopyProbe', ['id', 'a', 'b'], Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => tuples(rows.slice(i * size, (i + 1) * size))));

  beforeAll(async () => {
    db = await createTestDatabase();
    await sql(db.url, 'CREATE TABLE "CopyProbe" ("id" int PRIMARY KEY, "a" text, "b" text)');
    process.env.DATABASE_URL = db.url;
    prisma = new PrismaService();
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('finds each transaction’s own connection, also with several at once', async () => {
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        prisma.$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO "CopyProbe" ("id", "a") VALUES (${1000 + n}, 'uncommitted')`;
          const client = await prisma.connectionOf(tx);
          // Only the transaction itself sees its uncommitted row, and the same transaction id.
          const [mine] = (await client.query<{ id: number; xid: string }>('SELECT "id", txid_current()::text AS "xid" FROM "CopyProbe" WHERE "id" = $1', [1000 + n])).rows;
          const [{ xid }] = await tx.$queryRaw<{ xid: string }[]>`SELECT txid_current()::text AS "xid"`;
          expect(mine).toEqual({ id: 1000 + n, xid });
          return xid;
        }),
      ),
    );
    expect(new Set(seen).size).toBe(3);
    await sql(db.url, 'DELETE FROM "CopyProbe"');
  });

  it('writes any text as it was sent: tabs, newlines, backslashes, \\N, \\., quotes, any script', async () => {
    const text = fc.oneof(fc.constant(null), fc.string({ unit: fc.constantFrom('a', '\\', '\t', '\n', '\r', 'N', '.', '"', "'", ',', '\u0001', 'é', '𝄞') }), fc.string({ unit: 'grapheme', maxLength: 30 }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, text), { maxLength: 30 }), async (pairs) => {
        const rows = pairs.map(([a, b], id) => ({ id, a, b }));
        await prisma.$transaction(async (tx) => copyRows(await prisma.connectionOf(tx), rows, 7));
        expect(await probe()).toEqual(rows);
        await sql(db.url, 'DELETE FROM "CopyProbe"');
      }),
      { numRuns: 30 },
    );
  });

  it('rolls back with its transaction: an error after the COPY, a row the table refuses, a stop between chunks', async () => {
    const rows = Array.from({ length: 50 }, (_, id) => ({ id, a: `row ${id}`, b: null }));
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "CopyProbe" ("id", "a") VALUES (-1, 'before')`;
        await copyRows(await prisma.connectionOf(tx), rows, 10);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await probe()).toEqual([]);

    // Row 5 twice: the primary key refuses the COPY, and the transaction with it.
    await expect(prisma.$transaction(async (tx) => copyRows(await prisma.connectionOf(tx), [...rows, rows[5]], 10))).rejects.toThrow(/duplicate key/);
    expect(await probe()).toEqual([]);

    // Given up after the first of three chunks (as a shutdown does): the COPY is cancelled, the error is the caller's.
    let checks = 0;
    const giveUp = () => {
      if (++checks === 2) throw new Error('stopping');
    };
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "CopyProbe" ("id", "a") VALUES (-1, 'before')`;
        await copyInto(await prisma.connectionOf(tx), 'CopyProbe', ['id', 'a', 'b'], [1, 2, 3].map((id) => tuples([{ id, a: 'xyz'[id - 1], b: null }])), giveUp);
      }),
    ).rejects.toThrow('stopping');
    expect(checks).toBe(2);
    expect(await probe()).toEqual([]);

    // The connections are healthy afterwards: the next transactions COPY and commit.
    for (let i = 0; i < 3; i++) await prisma.$transaction(async (tx) => copyRows(await prisma.connectionOf(tx), [{ id: i, a: 'after', b: null }]));
    expect(await probe()).toEqual([0, 1, 2].map((id) => ({ id, a: 'after', b: null })));
  });
});
