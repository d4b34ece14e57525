import type pg from 'pg';

/**
 * The rows a bulk load wrote into `table`: those `where` picks (SQL over the table as `c`, `$1`
 * standing for `values`), e.g. `c."sessionId" = ANY($1::uuid[])`. It may pick older rows too: they
 * are checked again, which costs time and changes nothing.
 */
export interface LoadedRows {
  table: string;
  where: string;
  values: unknown;
  /**
   * For some of the table's keys, every value the load may have written into the key's columns
   * whose parent row this transaction did not insert itself, by the columns joined with commas
   * ("sectionId,sessionId"), a value being a tuple of them: those keys are checked on these values
   * (their parents found and locked) rather than on the rows read back. A superset will do. A
   * parent the transaction inserted needs no check: it is there, and no other transaction can
   * delete it before this one ends. Only for values the loader could take from nowhere else (as an
   * import maps each line to ids it chose, and fails a line it cannot map): a national file's
   * 240,000 result lines read back and reduced to their distinct keys took the database ~0.2 s,
   * and its 60,000 new contestants' and players' ids looked up and locked ~0.1 s.
   */
  written?: Record<string, readonly (readonly unknown[])[]>;
}

/** A foreign key of a table, as the catalogue describes it. */
interface ForeignKey {
  name: string;
  parent: string;
  columns: string[];
  /** The columns' types, as SQL writes them (`uuid`). */
  types: string[];
  referenced: string[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs `load` (COPY statements into the `loaded` tables, on `client`, inside the caller's transaction)
 * with the tables' foreign keys checked once for the whole load instead of once a row.
 *
 * PostgreSQL checks a foreign key by a trigger a row: for a national simultaneous's 240,000 result
 * lines, three keys cost more than the COPY, the indexes and the parsing together (~1.5 s a key
 * against ~0.9 s for the COPY). Where the service's role may set `session_replication_role`
 * (a superuser, as the embedded and local databases give; or a role granted `SET ON PARAMETER
 * session_replication_role`, PostgreSQL 15+) the load runs in `replica` mode, which fires no
 * per-row key check, and the keys are then checked by one query a table, over its loaded rows or
 * over the values the loader says it wrote (`LoadedRows.written`): the parent rows are locked `FOR
 * KEY SHARE` (as the triggers would, so a concurrent delete waits for this transaction) and any
 * value without its parent fails the load. Unique indexes and check
 * constraints are enforced during the load as always; the service's own triggers are `ENABLE
 * ALWAYS` (migration …_bulk_load_triggers), so they fire in either mode. Without the privilege
 * the load runs as any other statement does, the database checking each row.
 * Answers whether the keys were checked here (rather than by the database's triggers).
 */
export async function loadCheckedOnce(client: pg.ClientBase, loaded: LoadedRows[], load: () => Promise<void>): Promise<boolean> {
  const replica = await replicaMode(client);
  // The keys looked up first: once the load is in, the database may wait on this thread (an import
  // scores its lines meanwhile), so every round trip after it costs a turn of the event loop.
  const keys = replica ? await foreignKeys(client, loaded.map((rows) => rows.table)) : [];
  await load();
  if (!replica) return false;
  await client.query('SET LOCAL session_replication_role TO DEFAULT');
  for (const [i, rows] of loaded.entries()) await checkForeignKeys(client, rows, keys[i]);
  return true;
}

/** `session_replication_role = replica` for the rest of the transaction, if the role may set it. */
async function replicaMode(client: pg.ClientBase): Promise<boolean> {
  await client.query('SAVEPOINT bulk_load');
  try {
    await client.query('SET LOCAL session_replication_role TO replica');
    await client.query('RELEASE SAVEPOINT bulk_load');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error; // insufficient_privilege
    await client.query('ROLLBACK TO SAVEPOINT bulk_load');
    return false;
  }
}

/** The foreign keys of each of `tables`, in one query: by table, in their order. */
async function foreignKeys(client: pg.ClientBase, tables: string[]): Promise<ForeignKey[][]> {
  const columnsOf = (relation: string, keys: string, what = 'a.attname::text') =>
    `ARRAY(SELECT ${what} FROM unnest(c.${keys}) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.${relation} AND a.attnum = k.n ORDER BY k.i)`;
  const { rows } = await client.query<ForeignKey & { table: number }>(
    `SELECT t.i::int AS "table", c.conname AS "name", c.confrelid::regclass::text AS "parent", ${columnsOf('conrelid', 'conkey')} AS "columns",
       ${columnsOf('conrelid', 'conkey', 'format_type(a.atttypid, a.atttypmod)')} AS "types", ${columnsOf('confrelid', 'confkey')} AS "referenced"
     FROM unnest($1::text[]) WITH ORDINALITY t(name, i) JOIN pg_constraint c ON c.conrelid = t.name::regclass AND c.contype = 'f' ORDER BY t.i, c.conname`,
    [tables.map(quoted)],
  );
  return tables.map((_, i) => rows.filter((key) => key.table === i + 1));
}

/**
 * A table's keys checked in one statement: for each key, the distinct values the load wrote
 * (MATCH SIMPLE: a value with a null in the key is not checked) and their parent rows, locked as
 * the key's trigger locks them. A key references a unique key, so it holds when it locked as many
 * parents as it has distinct values; when one does not, a second query names a value without its
 * parent for the error. The values are those `rows.written` gives for the key, else those of the
 * loaded rows, read once for all such keys.
 */
async function checkForeignKeys(client: pg.ClientBase, rows: LoadedRows, keys: ForeignKey[]): Promise<void> {
  if (!keys.length) return;
  const valuesOf = (key: ForeignKey) => rows.written?.[key.columns.join(',')];
  const onRows = keys.filter((key) => !valuesOf(key));
  // $1 is the loaded rows' `values` (their `where` names it) when any key is checked on the rows.
  const params: unknown[] = onRows.length ? [rows.values] : [];
  const steps = onRows.length ? [`loaded AS MATERIALIZED (SELECT ${[...new Set(onRows.flatMap((k) => k.columns))].map((c) => `c.${quoted(c)}`).join(', ')} FROM ${quoted(rows.table)} c WHERE ${rows.where})`] : [];
  keys.forEach((key, i) => {
    const values = valuesOf(key);
    const source = values ? writtenValues(key, params.length + 1) : loadedValues(key);
    if (values) params.push(...byColumn(key, values));
    const parentColumns = key.referenced.map((k) => `p.${quoted(k)}`).join(', ');
    steps.push(`k${i} AS (${source})`, `l${i} AS (SELECT 1 FROM ${key.parent} p WHERE (${parentColumns}) IN (SELECT * FROM k${i}) FOR KEY SHARE OF p)`);
  });
  const missing = keys.map((_, i) => `(SELECT count(*) FROM k${i}) - (SELECT count(*) FROM l${i}) AS "m${i}"`).join(', ');
  const { rows: [counts] } = await client.query<Record<string, string>>(`WITH ${steps.join(', ')} SELECT ${missing}`, params);
  const broken = keys.findIndex((_, i) => counts[`m${i}`] !== '0');
  if (broken < 0) return;
  const key = keys[broken];
  const values = valuesOf(key);
  throw keyBroken(rows.table, key, await (values ? writtenOrphan(client, key, values) : loadedOrphan(client, rows, key)));
}

/** A key's distinct values in the loaded rows (the statement's `loaded`). */
function loadedValues(key: ForeignKey): string {
  return `SELECT DISTINCT ${key.columns.map(quoted).join(', ')} FROM loaded WHERE ${key.columns.map((c) => `${quoted(c)} IS NOT NULL`).join(' AND ')}`;
}

/** A key's distinct values as written (LoadedRows.written): a parameter a column, from `$first` on, their columns v0, v1, … */
function writtenValues(key: ForeignKey, first: number): string {
  const names = key.columns.map((_, i) => `v${i}`);
  return `SELECT DISTINCT * FROM unnest(${key.types.map((type, i) => `$${first + i}::${type}[]`).join(', ')}) AS v(${names.join(', ')}) WHERE ${names.map((v) => `${v} IS NOT NULL`).join(' AND ')}`;
}

/** Written tuples of `key` as one array a column (`writtenValues`' parameters). */
const byColumn = (key: ForeignKey, values: readonly (readonly unknown[])[]) => key.columns.map((_, i) => values.map((tuple) => tuple[i]));

/** A written value of `key` without its parent, as text. */
async function writtenOrphan(client: pg.ClientBase, key: ForeignKey, values: readonly (readonly unknown[])[]): Promise<string | undefined> {
  const matches = key.columns.map((_, i) => `p.${quoted(key.referenced[i])} = v.v${i}`).join(' AND ');
  const { rows: orphans } = await client.query<{ key: string }>(
    `SELECT concat_ws(', ', ${key.columns.map((_, i) => `v${i}`).join(', ')}) AS "key" FROM (${writtenValues(key, 1)}) v WHERE NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${matches}) LIMIT 1`,
    byColumn(key, values),
  );
  return orphans[0]?.key;
}

/** A loaded row's value of `key` without its parent, as text. */
async function loadedOrphan(client: pg.ClientBase, rows: LoadedRows, key: ForeignKey): Promise<string | undefined> {
  const childColumns = key.columns.map((k) => `c.${quoted(k)}`);
  const matches = key.columns.map((_, i) => `p.${quoted(key.referenced[i])} = ${childColumns[i]}`).join(' AND ');
  const notNull = childColumns.map((c) => `${c} IS NOT NULL`).join(' AND ');
  const { rows: orphans } = await client.query<{ key: string }>(
    `SELECT concat_ws(', ', ${childColumns.join(', ')}) AS "key" FROM ${quoted(rows.table)} c WHERE ${rows.where} AND ${notNull} AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${matches}) LIMIT 1`,
    [rows.values],
  );
  return orphans[0]?.key;
}

/** The error of a load that breaks a key, worded as the database words its own (code 23503). */
const keyBroken = (table: string, key: ForeignKey, value: string | undefined) =>
  Object.assign(new Error(`insert into ${quoted(table)} violates foreign key constraint ${quoted(key.name)}: (${key.columns.join(', ')}) = (${value ?? '?'}) is not in ${key.parent}`), { code: '23503' });
