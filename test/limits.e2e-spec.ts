import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from './support/app.js';

/** Abuse limits: GraphQL depth and cost, request rates per address and per key, CORS for club websites. */
describe('abuse limits', () => {
  let t: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { env: { TRAVELLER_CORS_ORIGINS: 'https://club.example' } });
    delete process.env.TRAVELLER_CORS_ORIGINS;
    limited = await startTestApp(undefined, { env: { TRAVELLER_RATE_LIMIT_PER_ADDRESS: '12', TRAVELLER_RATE_LIMIT_PER_KEY: '60' } });
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  it('refuses a query nested too deep, saying the limit', async () => {
    const deep = `{ events { nodes { organization { federation { federation { federation { federation { federation { federation { federation { federation { federation { name } } } } } } } } } } } } }`;
    const res = await t.gqlAs(null, deep);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/nests 13 levels deep; the limit is 12/) });
  });

  it('refuses a query that would cost too much, and takes it paged', async () => {
    const costly = `{ events(first: 100) { nodes { sessions { boards { number deal } sections { letter boards } contestants { name players { name } } } } } }`;
    const res = await t.gqlAs(null, costly);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/would cost about [\d,]+ .*the limit is 100,000.*page with `first`/) });
    expect((await t.gqlAs(null, costly.replace('first: 100', 'first: 5'))).errors).toBeUndefined();
  });

  it('still lets tools read the schema', async () => {
    const res = await t.gqlAs(null, `{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name ofType { name } } } } } } } } }`);
    expect(res.errors).toBeUndefined();
  });

  // 12 a minute refills one request every 5 s: the burst of 10 is spent long before, however slow the machine.
  it('answers 429 with Retry-After past the rate of one address (12 a minute, bursts of 10)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await limited.as(null).get('/health/live')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await limited.as(null).get('/health/live');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/try again in \d+ s/) });
  });

  it('lets the club website named in TRAVELLER_CORS_ORIGINS call from the browser, and no other', async () => {
    const allowed = await t.as(null).options('/graphql').set('Origin', 'https://club.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://club.example');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const other = await t.as(null).options('/graphql').set('Origin', 'https://elsewhere.example').set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts requests with a key against the address and the key', async () => {
    // The address budget is spent above: a key does not buy more from the same address.
    expect((await limited.as(TEST_ADMIN_KEY).get('/health/live')).status).toBe(429);
  });
});
