import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { IdIndex } from './id-index.js';

/**
 * An IdIndex answers as a Map from id to index would, whatever the sequence of items placed and
 * taken out (their indexes used again, as a session's freed slots are), through its growth.
 */
describe('items found by id', () => {
  it('answers as a Map would, whatever is placed, added unindexed, taken out, made room for or indexed in between (property)', () => {
    // `add`: an item put in the array without `set` (as a session's first lines are), found once
    // `indexUpTo` reaches it; `reserve`: room made ahead; `index`: a part of the array indexed.
    const op = fc.oneof(
      ...(['place', 'add', 'take'] as const).map((kind) => fc.record({ kind: fc.constant(kind), n: fc.integer({ min: 0, max: 300 }) })),
      fc.record({ kind: fc.constant('reserve' as const), n: fc.integer({ min: 0, max: 600 }) }),
      fc.record({ kind: fc.constant('index' as const), n: fc.integer({ min: 0, max: 40 }) }),
    );
    const idOf = (n: number) => `01a2218c-5865-7000-8325-${String(n).padStart(12, '0')}`;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const ids: (string | undefined)[] = [];
        const free: number[] = [];
        const model = new Map<string, number>();
        const index = new IdIndex((i) => ids[i]);
        for (const { kind, n } of ops) {
          const id = idOf(n);
          if (kind === 'index') index.indexUpTo(ids.length, n);
          else if (kind === 'reserve') index.reserve(n);
          else if (kind === 'add' && !model.has(id)) model.set(id, ids.push(id) - 1);
          else if (kind === 'place' && !model.has(id)) {
            const at = free.pop() ?? ids.length;
            ids[at] = id;
            index.set(id, at);
            index.set(id, at); // again: nothing changes
            model.set(id, at);
          } else if (kind === 'take' && model.has(id)) {
            index.delete(id);
            free.push(model.get(id)!);
            ids[model.get(id)!] = undefined;
            model.delete(id);
          }
        }
        expect(index.indexUpTo(ids.length)).toBe(true);
        const all = Array.from({ length: 301 }, (_, n) => idOf(n));
        expect(index.size).toBe(model.size);
        expect(all.map((id) => [index.get(id), index.has(id)])).toEqual(all.map((id) => [model.get(id), model.has(id)]));
      }),
      { numRuns: 500 },
    );
  });

  it('finds every one of many ids (its buckets grown and rehashed on the way)', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `id-${i}`);
    const index = new IdIndex((i) => ids[i]);
    ids.forEach((id, i) => index.set(id, i));
    expect(ids.every((id, i) => index.get(id) === i)).toBe(true);
    expect(index.get('id-50000')).toBeUndefined();
  });
});
