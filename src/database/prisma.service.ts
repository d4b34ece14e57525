import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { databaseTarget, databaseUrl } from './connection.js';

/**
 * The Prisma client of the whole service. The URL is read when Nest builds the service (not at
 * import), so main.ts can start the embedded database first. Connections open lazily: the service
 * boots even while the database is down, and /health says so.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** The pool's connections by their server process id (see connectionOf). */
  private readonly connections: Map<number, pg.PoolClient>;

  constructor() {
    const { connectionString, schema } = databaseTarget(databaseUrl());
    // search_path too, so raw statements (bulk inserts, COPY) name tables as Prisma's own queries do.
    const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 5_000, options: `-c search_path="${schema}"` });
    const connections = new Map<number, pg.PoolClient>();
    pool.on('connect', (client) => connections.set((client as pg.PoolClient & { processID: number }).processID, client));
    pool.on('remove', (client) => connections.delete((client as pg.PoolClient & { processID: number }).processID));
    super({ adapter: new PrismaPg(pool, { schema, disposeExternalPool: true }) });
    this.connections = connections;
  }

  /**
   * The connection an interactive transaction runs on, for what Prisma cannot send: a `COPY … FROM
   * STDIN` of a national file's rows (database/copy-rows.ts). Found by the server's process id,
   * which the transaction itself reports. Whatever runs on it must finish before `tx` is used again.
   */
  async connectionOf(tx: PrismaTx): Promise<pg.PoolClient> {
    const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS "pid"`;
    const client = this.connections.get(pid);
    if (!client) throw new Error(`No pooled connection has server process ${pid}`);
    return client;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

/** The client handed to code running inside `prisma.$transaction(async (tx) => …)`. */
export type PrismaTx = Prisma.TransactionClient;
