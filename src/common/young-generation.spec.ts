import { settleYoungGeneration } from './young-generation.js';

describe('settling the young generation after a large piece of work', () => {
  it('collects (V8 lends its collector once) and keeps what is still referenced', () => {
    const kept = Array.from({ length: 10_000 }, (_, i) => ({ i, label: `line ${i}` }));
    expect(settleYoungGeneration()).toBe(true);
    expect(settleYoungGeneration()).toBe(true);
    expect(kept.every((x, i) => x.i === i && x.label === `line ${i}`)).toBe(true);
  });

  it('leaves the global scope as it was: the collector is not exposed as `gc` to the service', () => {
    settleYoungGeneration();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
