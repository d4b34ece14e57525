import { Global, Module } from '@nestjs/common';
import { PgPool } from './pg-pool.service.js';
import { PrismaService } from './prisma.service.js';
import { Revisions } from './revisions.service.js';

@Global()
@Module({ providers: [PrismaService, PgPool, Revisions], exports: [PrismaService, PgPool, Revisions] })
export class DatabaseModule {}
