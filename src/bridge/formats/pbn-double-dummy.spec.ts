import { describe, expect, it } from '@jest/globals';
import { doubleDummyTricksTag, optimumResultRows, readDoubleDummyTricks } from './pbn-double-dummy.js';

describe('PBN double-dummy tags', () => {
  // From a BridgeComposer hand record (Big Deal), whose OptimumResultTable lists N, S, E, W.
  const tag = '66477665877785677856';
  // Ours: strains S, H, D, C, NT, each for N, E, S, W.
  const counts = [6, 7, 6, 7, 4, 8, 5, 8, 7, 5, 8, 5, 7, 6, 7, 6, 6, 7, 6, 7];

  it('reads DoubleDummyTricks as declarers N, S, E, W, each NT, S, H, D, C', () => {
    expect(readDoubleDummyTricks(tag)).toEqual(counts);
    expect(doubleDummyTricksTag(counts)).toBe(tag);
  });

  it('refuses a value that is not 20 trick digits', () => {
    expect(readDoubleDummyTricks('6647766587778567785')).toBeNull();
    expect(readDoubleDummyTricks('66477665877785677e56')).toBeNull();
  });

  it('writes the OptimumResultTable rows in the same order', () => {
    expect(optimumResultRows(counts).slice(0, 6)).toEqual([
      ['N', 'NT', '6'],
      ['N', 'S', '6'],
      ['N', 'H', '4'],
      ['N', 'D', '7'],
      ['N', 'C', '7'],
      ['S', 'NT', '6'],
    ]);
  });
});
