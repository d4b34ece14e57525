import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/configure-app.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface GqlResponse<T = Record<string, any>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; fields?: string[]; [k: string]: unknown } }[];
}

export interface TestApp {
  app: INestApplication;
  db: TestDatabase;
  http: () => ReturnType<typeof request>;
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GqlResponse<T>>;
  close(): Promise<void>;
}

/** The whole service (AppModule, same HTTP set-up as main.ts) on a fresh, migrated schema. */
export async function startTestApp(db?: TestDatabase): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  process.env.DATABASE_URL = database.url;
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: ['fatal'] });
  configureApp(app);
  await app.init();
  const http = () => request(app.getHttpServer());
  return {
    app,
    db: database,
    http,
    gql: async (query, variables) => (await http().post('/graphql').send({ query, variables })).body,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The data of a GraphQL answer, failing the test with the errors when there are any. */
export function dataOf<T = Record<string, any>>(res: GqlResponse<T>): T {
  if (res.errors?.length || !res.data) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors)}`);
  return res.data;
}
