import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, sql, type TestDatabase } from './support/database.js';
import { expectedUdt, readPrismaSchema } from './support/prisma-schema.js';

/** Hand-written migrations must build exactly the database schema.prisma describes. */
describe('migrated database matches schema.prisma', () => {
  let db: TestDatabase;
  const { models, enums } = readPrismaSchema();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('has a table for every model and no table the schema does not know', async () => {
    const rows = await sql<{ table_name: string }>(
      db.url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name <> '_prisma_migrations'`,
      [db.schema],
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(models.map((m) => m.name).sort());
  });

  it.each(models.map((m) => [m.name, m] as const))('%s: every field has its column, type, nullability and default', async (_, model) => {
    const columns = await sql<{ column_name: string; udt_name: string; is_nullable: string; column_default: string | null }>(
      db.url,
      `SELECT column_name, udt_name, is_nullable, column_default FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`,
      [db.schema, model.name],
    );
    const actual = Object.fromEntries(
      columns.map((c) => [c.column_name, { type: c.udt_name, nullable: c.is_nullable === 'YES', hasDefault: c.column_default !== null }]),
    );
    const expected = Object.fromEntries(
      model.fields.map((f) => [
        f.name,
        // Prisma creates scalar lists as nullable arrays.
        { type: expectedUdt(f, enums), nullable: f.optional || f.list, hasDefault: f.hasDefault },
      ]),
    );
    expect(actual).toEqual(expected);
  });

  it.each(models.map((m) => [m.name, m] as const))('%s: unique keys and foreign keys are in place', async (_, model) => {
    const uniques = await sql<{ columns: string[] }>(
      db.url,
      `SELECT array_agg(a.attname ORDER BY k.ord)::text[] AS columns
         FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE n.nspname = $1 AND t.relname = $2 AND i.indisunique
        GROUP BY i.indexrelid`,
      [db.schema, model.name],
    );
    const key = (cols: string[]) => cols.join(',');
    expect(uniques.map((u) => key(u.columns)).sort()).toEqual(model.uniques.map(key).sort());

    const fks = await sql<{ column: string; references: string }>(
      db.url,
      `SELECT DISTINCT kcu.column_name AS column, ccu.table_name AS references
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
         JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = $1 AND tc.table_name = $2`,
      [db.schema, model.name],
    );
    const fk = (f: { column: string; references: string }) => `${f.column}->${f.references}`;
    expect(fks.map(fk).sort()).toEqual(model.foreignKeys.map(fk).sort());
  });

  it('has every enum with the same values in the same order', async () => {
    const rows = await sql<{ name: string; labels: string[] }>(
      db.url,
      `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = $1 GROUP BY t.typname`,
      [db.schema],
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.labels]))).toEqual(Object.fromEntries(enums));
  });
});
