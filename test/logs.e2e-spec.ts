import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { buildService, serviceProcess, type ServiceProcess } from './support/service-process.js';

/**
 * What an operator sees: one start banner (URL, database, the first start's admin key in a box),
 * then one JSON line per request — request id, method, route, status, duration, the key's name —
 * and never a key itself.
 */
describe('logs and the start banner', () => {
  let db: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    // No TRAVELLER_ADMIN_KEY and an empty database: the first start makes the bootstrap key.
    service = await serviceProcess(db.url, { TRAVELLER_ADMIN_KEY: '' }, [], { captureOutput: true });
    await service.start();
  });
  afterAll(async () => {
    await service?.kill();
    await db?.drop();
  });

  const jsonLines = () =>
    service
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);

  it('prints one banner with the URL, the database and the admin key, and logs the key nowhere else', async () => {
    const out = service.output();
    const banner = out.slice(out.indexOf('┌'), out.indexOf('┘') + 1);
    expect(banner).toContain(`Traveller is running at ${service.url}`);
    expect(banner).toMatch(/Database: postgresql:\/\//);
    const key = /(trv_\S+)/.exec(banner)?.[1];
    expect(key).toBeDefined();
    expect(out.split(key!).length - 1).toBe(1);
    // Everything else is JSON a collector can read; Nest's start-up chatter is kept for debug.
    const rest = out.replace(banner, '').split('\n').filter((l) => l.trim());
    expect(rest.every((l) => l.startsWith('{'))).toBe(true);
    expect(rest.some((l) => l.includes('Mapped {'))).toBe(false);
  });

  it('logs every request once, refused ones included, with the request id, route, status, duration and key name', async () => {
    const key = /(trv_\S+)/.exec(service.output())![1];
    const events = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-request-id': 'trace-42' }, body: '{"query":"{ events { totalCount } }"}' });
    expect(events.status).toBe(200);
    expect(events.headers.get('x-request-id')).toBe('trace-42');
    const refused = await fetch(`${service.url}/api/v1/sessions/00000000-0000-4000-8000-000000000000/results`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer trv_not_a_real_key' }, body: '{}' });
    expect(refused.status).toBe(401);
    const made = refused.headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(200);
    const lines = jsonLines();
    const ok = lines.filter((l) => l.reqId === 'trace-42');
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ req: { method: 'POST', route: '/graphql' }, res: { status: 200 }, key: expect.stringMatching(/^key \w+ \(bootstrap admin\)$/) });
    expect(typeof ok[0].ms).toBe('number');
    const bad = lines.filter((l) => l.reqId === made);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ level: 40, res: { status: 401 }, key: null, req: { method: 'POST' } });
    // Neither the good key's secret nor the bad one is written anywhere but the banner.
    expect(service.output().split(key).length - 1).toBe(1);
    expect(service.output()).not.toContain('trv_not_a_real_key');
  });
});
