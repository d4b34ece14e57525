import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { dataOf, startTestApp, TEST_ADMIN_KEY, type TestApp } from './support/app.js';

/** A newcomer is never locked out: the first start of an empty database makes an admin key, once. */
describe('the bootstrap admin key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    process.env.TRAVELLER_ADMIN_KEY = TEST_ADMIN_KEY;
    await t.close();
  });

  it('is made on an empty database without TRAVELLER_ADMIN_KEY, works, and is made only once', async () => {
    const keys = t.app.get(ApiKeysService);
    delete process.env.TRAVELLER_ADMIN_KEY;
    const [first, second] = await Promise.all([keys.bootstrap(), keys.bootstrap()]);
    const key = first ?? second;
    expect([first, second].filter(Boolean)).toHaveLength(1); // two instances starting at once make one key
    expect(key).toMatch(/^trv_/);
    expect(await keys.bootstrap()).toBeNull();
    const org = dataOf(await t.gqlAs(key!, `mutation { createOrganization(input: { name: "First Club" }) { id } }`)).createOrganization;
    expect(org.id).toBeDefined();
    expect((await t.gqlAs(TEST_ADMIN_KEY, `mutation { createOrganization(input: { name: "Second Club" }) { id } }`)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is not made when TRAVELLER_ADMIN_KEY is set', async () => {
    process.env.TRAVELLER_ADMIN_KEY = TEST_ADMIN_KEY;
    expect(await t.app.get(ApiKeysService).bootstrap()).toBeNull();
  });
});
