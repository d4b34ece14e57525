import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { BINARY_HEADER, BINARY_TRAILER, BinaryCopyWriter, binaryTypeOf } from './copy-binary.js';

type Row = [string | null, number | null, string | null, string | null];
const writer = () =>
  new BinaryCopyWriter<Row>([
    { type: 'uuid', value: (r) => r[0] },
    { type: 'int4', value: (r) => r[1] },
    { type: 'text', value: (r) => r[2] },
    { type: 'jsonb', value: (r) => r[3] },
  ]);

describe('COPY binary tuples', () => {
  it('writes a field count, then each field as its length and bytes (−1 for null), big-endian', () => {
    const w = writer();
    w.row(['0190b5d2-7c1e-7abc-8def-0123456789ab', -420, 'Ö\t', '{"a":1}']);
    w.row([null, null, null, null]);
    expect(w.rows).toBe(2);
    const hex = Buffer.from(w.take()).toString('hex');
    expect(hex).toBe(
      [
        '0004',
        '00000010', '0190b5d27c1e7abc8def0123456789ab',
        '00000004', 'fffffe5c',
        '00000003', 'c39609',
        '00000008', '01', Buffer.from('{"a":1}').toString('hex'),
        '0004', 'ffffffff', 'ffffffff', 'ffffffff', 'ffffffff',
      ].join(''),
    );
    expect(w.rows).toBe(0); // taken: the writer starts again
  });

  it('has the format’s header and trailer', () => {
    expect(Buffer.from(BINARY_HEADER).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0' + '\0'.repeat(8));
    expect([...BINARY_TRAILER]).toEqual([0xff, 0xff]);
  });

  it('refuses what the text format’s reader would refuse, rather than writing it', () => {
    for (const bad of ['0190b5d2-7c1e-7abc-8def-0123456789a', '0190b5d2x7c1e-7abc-8def-0123456789ab', '0190b5d2-7c1e-7abc-8def-0123456789ag', 'é190b5d2-7c1e-7abc-8def-0123456789ab']) {
      expect(() => writer().row([bad, 1, null, null])).toThrow('Not a UUID');
    }
    for (const bad of [2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN]) expect(() => writer().row([null, bad, null, null])).toThrow('int4');
  });

  it('writes each UUID’s own bytes, whether a column repeats its last one or not, across chunks (property)', () => {
    const pool = fc.constantFrom('0190b5d2-7c1e-7abc-8def-0123456789ab', '0190B5D2-7C1E-7ABC-8DEF-0123456789AC', 'ffffffff-0000-4000-8000-000000000001');
    const lines = fc.array(fc.record({ a: pool, b: fc.option(pool), take: fc.boolean() }), { maxLength: 30 });
    fc.assert(
      fc.property(lines, (rows) => {
        const w = new BinaryCopyWriter<{ a: string; b: string | null }>([{ type: 'uuid', value: (r) => r.a }, { type: 'uuid', value: (r) => r.b }]);
        const written: Buffer[] = [];
        for (const r of rows) {
          w.row(r);
          if (r.take) written.push(Buffer.from(w.take()));
        }
        written.push(Buffer.from(w.take()));
        const bytes = (id: string | null) => (id === null ? 'ffffffff' : `00000010${id.replace(/-/g, '').toLowerCase()}`);
        expect(Buffer.concat(written).toString('hex')).toBe(rows.map((r) => `0002${bytes(r.a)}${bytes(r.b)}`).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('grows past its first buffer', () => {
    const w = writer();
    const long = 'x'.repeat(70_000) + '𝄞';
    w.row([null, null, long, null]);
    const bytes = Buffer.from(w.take());
    expect(bytes.readInt32BE(2 + 4 * 2)).toBe(70_004);
    expect(bytes.subarray(14, 14 + 70_004).equals(Buffer.from(long))).toBe(true);
    expect(bytes.readInt32BE(14 + 70_004)).toBe(-1);
  });

  it('takes a bulk column’s type: enums as text, jsonb by its cast', () => {
    expect(binaryTypeOf({ type: 'uuid' })).toBe('uuid');
    expect(binaryTypeOf({ type: 'text', cast: '"ResultStatus"' })).toBe('text');
    expect(binaryTypeOf({ type: 'text', cast: 'jsonb' })).toBe('jsonb');
    expect(() => binaryTypeOf({ type: 'timestamptz' })).toThrow('No binary COPY encoding');
  });
});
