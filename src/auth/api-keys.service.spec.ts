import { afterEach, describe, expect, it } from '@jest/globals';
import type { PrismaService } from '../database/prisma.service.js';
import { ApiKeysService } from './api-keys.service.js';
import { UnauthenticatedError } from './principal.js';

const ADMIN = 'admin-key-for-this-test-0123456789';
/** No stored key: every key but the admin key is unknown. */
const service = () => new ApiKeysService({ apiKey: { findUnique: async () => null } } as unknown as PrismaService);

describe('the admin key (TRAVELLER_ADMIN_KEY)', () => {
  const before = process.env.TRAVELLER_ADMIN_KEY;
  afterEach(() => {
    process.env.TRAVELLER_ADMIN_KEY = before;
  });

  it('is an admin, and a key as long in characters but not in bytes is just unknown (it threw a RangeError)', async () => {
    process.env.TRAVELLER_ADMIN_KEY = ADMIN;
    expect((await service().verify(ADMIN)).role).toBe('ADMIN');
    await expect(service().verify(`${ADMIN.slice(0, -1)}é`)).rejects.toThrow(UnauthenticatedError);
    await expect(service().verify(ADMIN.slice(0, -1))).rejects.toThrow(UnauthenticatedError);
  });
});
