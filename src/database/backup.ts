import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { databaseTarget } from './connection.js';
import { defaultDataDir } from './embedded-postgres.js';
import { migrate } from './migrate.js';

/**
 * Backups that need no pg_dump: the embedded PostgreSQL ships none, and a system pg_dump older
 * than the server refuses it. A backup is one gzip file: a header naming the migration level,
 * then every table's rows as PostgreSQL COPY text, read in one consistent snapshot. A restore
 * needs a database at the same migration level (the same Traveller version) and writes
 * everything in one transaction: it lands whole or not at all.
 */
const MAGIC = 'TRAVELLER-BACKUP 1';
const SKIPPED = new Set(['_prisma_migrations']);

export interface BackupSummary {
  migration: string;
  tables: number;
  rows: number;
}

/** Tables of the schema, parents before children (foreign keys), so a restore can load them in order. */
async function tablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (await client.query<{ name: string }>(`SELECT c.relname AS name FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' ORDER BY c.relname`)).rows
    .map((r) => r.name)
    .filter((t) => !SKIPPED.has(t));
  const deps = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visit = (t: string, path = new Set<string>()) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const d of deps.rows) if (d.child === t) visit(d.parent, path);
    ordered.push(t);
  };
  for (const t of tables) visit(t);
  return ordered;
}

async function migrationLevel(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ name: string }>(`SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1`);
  if (!rows.length) throw new Error('This database has no Traveller migrations applied: nothing to back up');
  return rows[0].name;
}

async function connect(url: string): Promise<pg.Client> {
  const { connectionString, schema } = databaseTarget(url);
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  return client;
}

export async function backup(url: string, file: string): Promise<BackupSummary> {
  const client = await connect(url);
  const out = createGzip();
  const written = pipeline(out, createWriteStream(file, { flags: 'wx' }));
  try {
    // One snapshot for every table: the backup is of one moment even while the service writes.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migration = await migrationLevel(client);
    const tables = await tablesInOrder(client);
    out.write(`${MAGIC}\nmigration ${migration}\n`);
    let rows = 0;
    for (const table of tables) {
      const count = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
      out.write(`table ${table} ${count}\n`);
      const copy = client.query(copyStreams.to(`COPY "${table}" TO STDOUT`));
      for await (const chunk of copy) out.write(chunk);
      out.write('\\.\n');
      rows += count;
    }
    await client.query('COMMIT');
    out.end();
    await written;
    return { migration, tables: tables.length, rows };
  } catch (error) {
    out.destroy();
    throw error;
  } finally {
    await client.end();
  }
}

/** Reads a backup back: its migration level, then each table's COPY text. */
async function* readBackup(file: string): AsyncGenerator<{ kind: 'migration'; name: string } | { kind: 'table'; name: string; rows: number; lines: AsyncGenerator<string> }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    return r.done ? null : r.value;
  };
  if ((await next()) !== MAGIC) throw new Error(`${file} is not a Traveller backup`);
  const level = /^migration (\S+)$/.exec((await next()) ?? '');
  if (!level) throw new Error(`${file} does not say its migration level`);
  yield { kind: 'migration', name: level[1] };
  for (let header = await next(); header !== null; header = await next()) {
    const m = /^table (\S+) (\d+)$/.exec(header);
    if (!m) throw new Error(`${file} is damaged near "${header.slice(0, 40)}"`);
    async function* body(): AsyncGenerator<string> {
      for (let line = await next(); line !== '\\.'; line = await next()) {
        if (line === null) throw new Error(`${file} ends in the middle of table ${m![1]}`);
        yield `${line}\n`;
      }
    }
    const rows = body();
    yield { kind: 'table', name: m[1], rows: Number(m[2]), lines: rows };
    for await (const _ of rows); // a consumer that stopped early still leaves the reader at the next table
  }
}

export async function restore(url: string, file: string, { replace = false } = {}): Promise<BackupSummary> {
  await migrate(url);
  const client = await connect(url);
  try {
    const level = await migrationLevel(client);
    const tables = new Set(await tablesInOrder(client));
    const nonEmpty = (await client.query<{ n: string }>('SELECT count(*) AS n FROM "Organization"')).rows[0].n !== '0' || (await client.query<{ n: string }>('SELECT count(*) AS n FROM "Event"')).rows[0].n !== '0';
    if (nonEmpty && !replace) throw new Error('This database already holds organisations or events: restore with --replace to overwrite them');
    await client.query('BEGIN');
    // Our own triggers (revisions) stay off while rows go back as they were; foreign keys stay checked.
    for (const t of tables) await client.query(`ALTER TABLE "${t}" DISABLE TRIGGER USER`);
    await client.query(`TRUNCATE ${[...tables].map((t) => `"${t}"`).join(', ')} CASCADE`);
    let restored = 0;
    let count = 0;
    for await (const part of readBackup(file)) {
      if (part.kind === 'migration') {
        if (part.name !== level) throw new Error(`The backup is at migration ${part.name} and this database at ${level}: restore it with the Traveller version that made it`);
        continue;
      }
      if (!tables.has(part.name)) throw new Error(`The backup has a table ${part.name} this database does not`);
      const copy = client.query(copyStreams.from(`COPY "${part.name}" FROM STDIN`));
      await pipeline(Readable.from(part.lines), copy as unknown as Writable);
      // The rows PostgreSQL took, as it reports them: no second scan of the table.
      const n = copy.rowCount;
      if (n !== part.rows) throw new Error(`Table ${part.name}: the backup says ${part.rows} rows, ${n} were read`);
      restored += n;
      count++;
    }
    // Sequences (the audit trail's order) continue after the restored rows.
    const sequences = await client.query<{ table: string; column: string }>(
      `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of sequences.rows) {
      await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(COALESCE((SELECT max("${s.column}") FROM "${s.table}"), 0), 1), (SELECT count(*) > 0 FROM "${s.table}"))`, [`"${s.table}"`, s.column]);
    }
    // Back on as the migrations left them: ENABLE ALWAYS, so they fire in a bulk load's replica mode too (bulk-load.ts).
    await client.query('SELECT traveller_triggers_always()');
    await client.query('COMMIT');
    return { migration: level, tables: count, rows: restored };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * The database to back up or restore: DATABASE_URL, else the embedded one — the running service's
 * server when its postmaster.pid says one is up (read from it, never stopped), else started here.
 */
export async function targetDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const pidFile = join(defaultDataDir(), 'postmaster.pid');
  if (existsSync(pidFile)) {
    const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
    const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    const answers = await probe.connect().then(() => true, () => false);
    await probe.end().catch(() => {});
    if (answers) return { url, stop: async () => {} };
  }
  const { startEmbeddedPostgres } = await import('./embedded-postgres.js');
  const db = await startEmbeddedPostgres();
  return { url: db.url, stop: db.stop };
}
