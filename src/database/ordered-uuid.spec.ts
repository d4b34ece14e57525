import { describe, expect, it, jest } from '@jest/globals';
import { orderedUuid } from './ordered-uuid.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('orderedUuid', () => {
  it('is a version 7, RFC 9562 variant UUID', () => {
    expect(orderedUuid()).toMatch(V7);
  });

  it('sorts in the order the ids were made, also many within a millisecond', () => {
    const ids = Array.from({ length: 10_000 }, orderedUuid);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(V7);
  });

  it('carries the time it was made', () => {
    const before = Date.now();
    const id = orderedUuid();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('has random bits that differ from id to id, past each draw of random bytes', () => {
    const tails = Array.from({ length: 5_000 }, () => orderedUuid().slice(19));
    expect(new Set(tails).size).toBe(tails.length);
    // Each hex digit of the 48 random ones after the variant takes many values.
    for (let at = 5; at < 17; at++) expect(new Set(tails.map((t) => t[at])).size).toBeGreaterThan(8);
  });

  // Last: the frozen clock leaves the ids a few milliseconds ahead of it.
  it('borrows the next millisecond past 4,096 ids in one, still in order', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const ids = Array.from({ length: 10_000 }, orderedUuid);
      expect([...ids].sort()).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      const ms = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      expect(ms(ids[ids.length - 1]) - ms(ids[0])).toBeGreaterThanOrEqual(2);
    } finally {
      now.mockRestore();
    }
  });
});
