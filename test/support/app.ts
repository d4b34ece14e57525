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

/** The global admin key of every test app (TRAVELLER_ADMIN_KEY); `http` and `gql` send it. */
export const TEST_ADMIN_KEY = 'test-admin-key-2f6c1e0b9a7d4e3f8c5b';

export interface TestApp {
  app: INestApplication;
  /** ws://127.0.0.1:<port>/graphql when started with `listen`. */
  wsUrl?: string;
  db: TestDatabase;
  /** Requests with the admin key. */
  http: () => ReturnType<typeof request.agent>;
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GqlResponse<T>>;
  /** Requests with no key (a club website), or with the key given. */
  as: (key: string | null) => ReturnType<typeof request.agent>;
  gqlAs<T = Record<string, any>>(key: string | null, query: string, variables?: Record<string, unknown>): Promise<GqlResponse<T>>;
  close(): Promise<void>;
}

/** The whole service (AppModule, same HTTP set-up as main.ts) on a fresh, migrated schema. */
export async function startTestApp(db?: TestDatabase, { listen = false, keepDatabase = false, env = {} as Record<string, string> } = {}): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  // Restored on close: a later test file in the same Jest worker must not take this file's
  // database (its schema, or an embedded server stopped with it) for the server to use.
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = database.url;
  process.env.TRAVELLER_ADMIN_KEY = TEST_ADMIN_KEY;
  // Tests make many requests from one address; the rate-limit test sets its own limits. The
  // double-dummy solver is off unless a test turns it on, and no reading thread waits for a large
  // file: they would spend the CPU other tests need.
  Object.assign(process.env, { TRAVELLER_RATE_LIMIT_PER_ADDRESS: '0', TRAVELLER_RATE_LIMIT_PER_KEY: '0', TRAVELLER_SOLVER_THREADS: '0', TRAVELLER_IMPORT_READER_READY: '0', ...env });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: ['fatal'] });
  configureApp(app);
  let wsUrl: string | undefined;
  if (listen) {
    // A real port: WebSocket subscriptions need a listening server.
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    wsUrl = `ws://127.0.0.1:${address.port}/graphql`;
  } else {
    await app.init();
  }
  const as = (key: string | null) => {
    const agent = request.agent(app.getHttpServer());
    return key ? agent.set('Authorization', `Bearer ${key}`) : agent;
  };
  const http = () => as(TEST_ADMIN_KEY);
  const gqlAs = async (key: string | null, query: string, variables?: Record<string, unknown>) => (await as(key).post('/graphql').send({ query, variables })).body;
  return {
    app,
    wsUrl,
    db: database,
    http,
    gql: (query, variables) => gqlAs(TEST_ADMIN_KEY, query, variables),
    as,
    gqlAs,
    close: async () => {
      await app.close();
      if (!keepDatabase) await database.drop();
      // Only while it still names this app's database (two apps of one file may close in any order).
      if (process.env.DATABASE_URL === database.url) {
        if (previousUrl === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = previousUrl;
      }
    },
  };
}

/** The data of a GraphQL answer, failing the test with the errors when there are any. */
export function dataOf<T = Record<string, any>>(res: GqlResponse<T>): T {
  if (res.errors?.length || !res.data) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors)}`);
  return res.data;
}
