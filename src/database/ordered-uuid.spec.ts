import { describe, expect, it } from '@jest/globals';
import { orderedUuid } from './ordered-uuid.js';

describe('orderedUuid', () => {
  it('is a version 7, RFC 9562 variant UUID', () => {
    expect(orderedUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts in the order the ids were made, also many within a millisecond', () => {
    const ids = Array.from({ length: 10_000 }, orderedUuid);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the time it was made', () => {
    const before = Date.now();
    const id = orderedUuid();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });
});
