import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Turn } from '../common/turns.js';
import { packContestants, packTexts, unpackContestants, unpackTexts } from './packed-texts.js';

describe('texts packed to cross threads', () => {
  it('come back as they were: nulls, empty texts, any characters (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(fc.string({ unit: 'grapheme' }), { nil: null }), { maxLength: 50 }), async (values) => {
        expect(await unpackTexts(packTexts(values), new Turn(1, 1))).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('carry a file’s new contestants and seats whole, in one string a column', async () => {
    const written = {
      eventId: 'e',
      organizationId: null,
      ids: ['c1', 'c2'],
      sections: ['A', null],
      numbers: [1, 2],
      directions: ['NS', null],
      names: ['陳大文 & 林淑芬', ''],
      seats: { contestantIds: ['c1', 'c1'], positions: [1, 2], playerIds: ['p1', 'p2'], names: ['陳大文', '林淑芬'], memberNumbers: ['77', null] },
      storedPlayers: ['p0'],
    };
    const packed = packContestants(written);
    expect(new TextDecoder().decode(packed.names.bytes)).toBe('陳大文 & 林淑芬');
    expect(await unpackContestants(structuredClone(packed))).toEqual(written);
  });
});
