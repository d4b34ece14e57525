import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { startTestApp, type TestApp } from './support/app.js';

describe('HTTP surface', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers ok while the database answers', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('a browser opening /graphql gets a readable JSON answer', async () => {
    const res = await t.http().get('/graphql').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.message).toMatch(/POST \/graphql/);
  });

  it('serves the OpenAPI docs with local assets only', async () => {
    const page = await t.http().get('/api/docs').expect(200);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
    await t.http().get('/api/docs/swagger-ui-bundle.js').expect(200);
    const spec = await t.http().get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(spec.body.paths)).toContain('/health');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.http().get('/nope').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('the committed schema.gql is the schema the service serves (run `npm run schema:gql` after changing it)', () => {
    const served = printSchema(t.app.get(GraphQLSchemaHost).schema) + '\n';
    expect(readFileSync('schema.gql', 'utf8')).toBe(served);
  });
});

describe('GET /health without a database', () => {
  it('answers 503', async () => {
    const t = await startTestApp({ url: 'postgresql://postgres@127.0.0.1:1/none', schema: 'public', drop: async () => {} });
    try {
      const res = await t.http().get('/health').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await t.close();
    }
  });
});
