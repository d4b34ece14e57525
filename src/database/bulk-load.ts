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
}

/** A foreign key of a table, as the catalogue describes it. */
interface ForeignKey {
  name: string;
  parent: string;
  columns: string[];
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
 * per-row key check, and the keys are then checked by one query a table over its loaded rows: the parent
 * rows are locked `FOR KEY SHARE` (as the triggers would, so a concurrent delete waits for this
 * transaction) and any loaded row without its parent fails the load. Unique indexes and check
 * constraints are enforced during the load as always; the service's own triggers are `ENABLE
 * ALWAYS` (migration …_bulk_load_triggers), so they fire in either mode. Without the privilege
 * the load runs as any other statement does, the database checking each row.
 * Answers whether the keys were checked here (rather than by the database's triggers).
 */
export async function loadCheckedOnce(client: pg.ClientBase, loaded: LoadedRows[], load: () => Promise<void>): Promise<boolean> {
  const replica = await replicaMode(client);
  await load();
  if (!replica) return false;
  await client.query('SET LOCAL session_replication_role TO DEFAULT');
  for (const rows of loaded) await checkForeignKeys(client, rows, await foreignKeys(client, rows.table));
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

async function foreignKeys(client: pg.ClientBase, table: string): Promise<ForeignKey[]> {
  const columnsOf = (relation: string, keys: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(c.${keys}) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.${relation} AND a.attnum = k.n ORDER BY k.i)`;
  const { rows } = await client.query<ForeignKey>(
    `SELECT c.conname AS "name", c.confrelid::regclass::text AS "parent", ${columnsOf('conrelid', 'conkey')} AS "columns", ${columnsOf('confrelid', 'confkey')} AS "referenced"
     FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = 'f' ORDER BY c.conname`,
    [quoted(table)],
  );
  return rows;
}

/**
 * A table's keys over its loaded rows, in one statement that reads those rows once: for each key,
 * the distinct values the rows hold (MATCH SIMPLE: a row with a null in the key is not checked)
 * and their parent rows, locked as the key's trigger locks them. A key references a unique key,
 * so it holds when it locked as many parents as it has distinct values; when one does not, a
 * second query names a value without its parent for the error.
 */
async function checkForeignKeys(client: pg.ClientBase, rows: LoadedRows, keys: ForeignKey[]): Promise<void> {
  if (!keys.length) return;
  const columns = [...new Set(keys.flatMap((k) => k.columns))];
  const steps = keys.flatMap((key, i) => {
    const values = key.columns.map(quoted).join(', ');
    const notNull = key.columns.map((c) => `${quoted(c)} IS NOT NULL`).join(' AND ');
    const parentColumns = key.referenced.map((k) => `p.${quoted(k)}`).join(', ');
    return [
      `k${i} AS (SELECT DISTINCT ${values} FROM loaded WHERE ${notNull})`,
      `l${i} AS (SELECT 1 FROM ${key.parent} p WHERE (${parentColumns}) IN (SELECT * FROM k${i}) FOR KEY SHARE OF p)`,
    ];
  });
  const missing = keys.map((_, i) => `(SELECT count(*) FROM k${i}) - (SELECT count(*) FROM l${i}) AS "m${i}"`).join(', ');
  const { rows: [counts] } = await client.query<Record<string, string>>(
    `WITH loaded AS MATERIALIZED (SELECT ${columns.map((c) => `c.${quoted(c)}`).join(', ')} FROM ${quoted(rows.table)} c WHERE ${rows.where}), ${steps.join(', ')} SELECT ${missing}`,
    [rows.values],
  );
  const broken = keys.find((_, i) => counts[`m${i}`] !== '0');
  if (broken) await refuse(client, rows, broken);
}

/** The load's error for a key some loaded row breaks: the constraint's name and one such value. */
async function refuse(client: pg.ClientBase, rows: LoadedRows, key: ForeignKey): Promise<never> {
  const childColumns = key.columns.map((k) => `c.${quoted(k)}`);
  const matches = key.columns.map((_, i) => `p.${quoted(key.referenced[i])} = ${childColumns[i]}`).join(' AND ');
  const notNull = childColumns.map((c) => `${c} IS NOT NULL`).join(' AND ');
  const { rows: orphans } = await client.query<{ key: string }>(
    `SELECT concat_ws(', ', ${childColumns.join(', ')}) AS "key" FROM ${quoted(rows.table)} c WHERE ${rows.where} AND ${notNull} AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${matches}) LIMIT 1`,
    [rows.values],
  );
  throw Object.assign(new Error(`insert into ${quoted(rows.table)} violates foreign key constraint ${quoted(key.name)}: (${key.columns.join(', ')}) = (${orphans[0]?.key ?? '?'}) is not in ${key.parent}`), { code: '23503' });
}
