import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { databaseTarget, databaseUrl } from './connection.js';

/**
 * The Prisma client of the whole service. The URL is read when Nest builds the service (not at
 * import), so main.ts can start the embedded database first. Connections open lazily: the service
 * boots even while the database is down, and /health says so.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor() {
    const { connectionString, schema } = databaseTarget(databaseUrl());
    // search_path too, so raw statements (bulk inserts) name tables as Prisma's own queries do.
    super({ adapter: new PrismaPg({ connectionString, connectionTimeoutMillis: 5_000, options: `-c search_path="${schema}"` }, { schema }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

/** The client handed to code running inside `prisma.$transaction(async (tx) => …)`. */
export type PrismaTx = Prisma.TransactionClient;
