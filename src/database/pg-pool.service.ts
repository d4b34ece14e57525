import { Injectable, OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { databaseTarget, databaseUrl } from './connection.js';

/**
 * A plain `pg` pool beside Prisma, for the two hot paths: travellers in (group commits of many
 * posts in one transaction, see results/traveller-writer.ts) and revision probes for the caches.
 * Prisma stays the way everything else reads and writes. Connections open lazily, like Prisma's.
 */
@Injectable()
export class PgPool implements OnModuleDestroy {
  readonly pool: pg.Pool;

  constructor() {
    const { connectionString, schema } = databaseTarget(databaseUrl());
    this.pool = new pg.Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // Unqualified table names resolve in the configured schema, as they do for Prisma.
      options: `-c search_path="${schema}"`,
      types: sharedInstants(),
    });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    this.pool.on('error', () => {});
  }

  query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<pg.QueryResult<T>> {
    return this.pool.query<T>(text, params);
  }

  /** Runs `work` in one transaction on one connection: committed if it returns, rolled back if it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

/** A statement and its parameters. */
export interface Statement {
  text: string;
  params: unknown[];
}

/** Where rows are read from: the pool (`PgPool`), or one connection (`queriesOn`). */
export interface RowSource {
  query<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
  /** Several statements in one round trip, where the source is one connection (its queries may not overlap); else each is sent on its own, side by side. */
  queryAll?(statements: Statement[]): Promise<pg.QueryResultRow[][]>;
}

/**
 * Queries on one connection (a transaction's: PrismaService.connectionOf) that read rows as the
 * pool does (`sharedInstants`), so what a transaction reads has the shapes the caches hold.
 * `queryAll` sends its statements as one round trip (a connection runs one query at a time: they
 * are queued as one, ahead of whatever the transaction sends next); their parameters, UUIDs only,
 * are written into the text.
 */
export function queriesOn(client: pg.ClientBase): Required<RowSource> {
  const types = sharedInstants();
  return {
    query: <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => client.query<T>({ text, values, types }),
    queryAll: async (statements: Statement[]) => {
      const text = statements.map((s) => s.text.replace(/\$(\d+)/g, (_, n: string) => uuidLiteral(s.params[Number(n) - 1]))).join(';\n');
      const results = (await client.query({ text, types })) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(results) ? results : [results]).map((r) => r.rows);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Anything but what a list of UUIDs is written with. */
const NOT_IN_A_UUID_LIST = /[^0-9a-f,{}-]/i;

/**
 * Many ids as one array literal (`{id,id,…}`), for a `$n::uuid[]` parameter: bound as a text the
 * server parses (the driver takes `toPostgres`), or written into a batch's text by `uuidLiteral`.
 * A national import's 20,000 ids each checked as a UUID took its event loop 10–20 ms; a list is
 * checked once for characters that could end the literal, and the server's cast checks each id.
 */
export class UuidList {
  readonly text: string;
  constructor(ids: readonly string[]) {
    this.text = `{${ids.join(',')}}`;
  }
  toPostgres(): string {
    return this.text;
  }
}

/** A UUID, an array of them or a `UuidList`, as an SQL literal; anything else is refused (never written into SQL). */
export function uuidLiteral(value: unknown): string {
  if (value instanceof UuidList) {
    if (NOT_IN_A_UUID_LIST.test(value.text)) throw new Error('Only UUIDs are written into a statement’s text');
    return `'${value.text}'`;
  }
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) throw new Error('Only UUIDs are written into a statement’s text');
  return Array.isArray(value) ? `'{${ids.join(',')}}'` : `'${ids[0]}'`;
}

const TIMESTAMPTZ = 1184;

/**
 * The driver's type parsers, but an instant equal to the one read just before is the same Date:
 * rows written by one transaction share their timestamps (a national import's 20,000 pairs and
 * 40,000 players, read for the scoring cache, made 120,000 Date objects from a handful of texts,
 * ~200 ms). Decided once for the pool, not per query (the revision probe of every read
 * goes through here). Rows may then share a Date object; nothing in the service changes a Date
 * in place.
 */
function sharedInstants(): pg.CustomTypesConfig {
  const parseInstant = pg.types.getTypeParser(TIMESTAMPTZ, 'text');
  let last: { text: string; date: Date } | null = null;
  const instant = (text: string) => (last?.text === text ? last.date : (last = { text, date: parseInstant(text) }).date);
  return { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ && format !== 'binary' ? instant : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig['getTypeParser'] };
}
