import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RULES, rulesOf } from './rules.js';

describe('an event’s stored scoring options', () => {
  it('reads the defaults under what is stored', () => {
    expect(rulesOf({ scoringOptions: { factoring: 'RATIO' }, vpScale: null })).toEqual({ ...DEFAULT_RULES, factoring: 'RATIO' });
  });

  it.each([
    ['factoring', 'LINEAR'],
    ['fouledSmallGroups', 'ACBL'],
    ['butlerDatumRounding', 'UP'],
    ['teamsTotalPoints', 'BAM'],
    ['vpFractionalMargin', 'ROUND'],
  ])('refuses a stored %s that is not one of its words (%s) rather than scoring some other way', (key, value) => {
    expect(() => rulesOf({ scoringOptions: { [key]: value }, vpScale: null })).toThrow(new RegExp(`^${key} is one of .*; got ${value}$`));
  });
});
