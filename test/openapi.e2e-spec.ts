import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, type TestApp } from './support/app.js';

/**
 * The REST contract as a client generator reads it (/api/docs/openapi.json): every operation's
 * answers described with a schema, errors included, keys marked where they are needed (and only
 * there), and no error from Redocly's recommended rules.
 */
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.as(null).get('/api/docs/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

  it('passes Redocly’s recommended rules without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('gives every answer of every operation a schema, and every error the error body', () => {
    const missing: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const content = response.content as Record<string, { schema?: unknown }> | undefined;
        if (!content || !Object.values(content).every((c) => c.schema)) missing.push(`${name} ${status}`);
        if (Number(status) >= 400 && Number(status) < 500 && !JSON.stringify(content ?? {}).includes('#/components/schemas/ErrorBody')) missing.push(`${name} ${status} without ErrorBody`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks a key as needed exactly where the service asks for one', async () => {
    for (const { name, op } of operations()) {
      const marked = (op.security ?? doc.security ?? []).some((s: Record<string, unknown>) => 'bearer' in s);
      const [method, path] = name.split(' ');
      const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000').replace('{format}', 'pbn');
      const res = await t.as(null)[method.toLowerCase() as 'get' | 'post'](concrete.replace('imports/00000000-0000-4000-8000-000000000000', 'imports/pbn')).send(method === 'POST' ? 'x' : undefined);
      expect({ name, asksForKey: res.status === 401 }).toEqual({ name, asksForKey: marked });
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.bearerFormat).not.toMatch(/JWT/);
  });

  it('says what a post of results returns, field by field', () => {
    const created = doc.paths['/api/v1/sessions/{id}/results'].post.responses['201'].content['application/json'].schema;
    expect(JSON.stringify(created)).toContain('StoredLineBody');
    expect(doc.components.schemas.TravellerLineBody.properties.nsScore).toMatchObject({ type: 'number', nullable: true });
    for (const status of ['400', '401', '403', '409', '413', '429']) expect(doc.paths['/api/v1/sessions/{id}/results'].post.responses[status]).toBeDefined();
  });
});
