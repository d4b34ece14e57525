import { describe, expect, it } from '@jest/globals';
import { BadInputError } from './errors.js';
import { decodeCursor, encodeCursor, pageQuery, toPage } from './pagination.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('cursor pagination', () => {
  it('round-trips cursors and refuses foreign ones', () => {
    expect(decodeCursor(encodeCursor(id(7)))).toBe(id(7));
    expect(() => decodeCursor('bm90LWFuLWlk')).toThrow(BadInputError);
  });

  it('asks for one row more than the page to know whether another follows', () => {
    expect(pageQuery({ first: 2 })).toEqual({ take: 3 });
    expect(pageQuery({ first: 2, after: encodeCursor(id(1)) })).toEqual({ take: 3, skip: 1, cursor: { id: id(1) } });
  });

  it('builds the page', () => {
    const rows = [1, 2, 3].map((n) => ({ id: id(n) }));
    const page = toPage(rows, { first: 2 }, 10);
    expect(page.nodes).toEqual(rows.slice(0, 2));
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: encodeCursor(id(2)) });
    expect(toPage(rows.slice(0, 1), { first: 2 }, 1).pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor(id(1)) });
    expect(toPage([], { first: 2 }, 0).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });
});
