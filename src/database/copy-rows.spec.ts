import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { copyBytes, copyField, CopyWriter } from './copy-rows.js';

/** COPY's text format read back as PostgreSQL reads it (only the escapes copyField writes, and `\N`). */
function readCopyText(text: string): (string | null)[][] {
  const rows = text.split('\n');
  expect(rows.pop()).toBe(''); // every row ends with a newline
  const unescape = (field: string) => (field === '\\N' ? null : field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c));
  return rows.map((row) => row.split('\t').map(unescape));
}

describe('COPY text', () => {
  it('escapes what would end a field or a row, or read as null or the end of the data', () => {
    expect(copyField('a\tb')).toBe('a\\tb');
    expect(copyField('a\nb\r')).toBe('a\\nb\\r');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('\\.')).toBe('\\\\.');
    expect(copyField('C:\\temp')).toBe('C:\\\\temp');
    expect(copyField('O’Brien & "Smith"')).toBe('O’Brien & "Smith"');
    expect(copyField(null)).toBe('\\N');
    expect(copyField('')).toBe('');
    expect(copyField(-420)).toBe('-420');
    expect(copyField(true)).toBe('true');
  });

  it('gives back every row and value, whatever the text holds', () => {
    const value = fc.oneof(fc.constant(null), fc.integer(), fc.string({ unit: fc.constantFrom('a', '\\', '\t', '\n', '\r', 'N', '.', '"', ',', '\u0001') }), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value, value)), (rows) => {
        const text = new TextDecoder().decode(copyBytes([0, 1, 2].map((i) => ({ value: (r: (typeof rows)[number]) => r[i] })), rows));
        expect(readCopyText(text)).toEqual(rows.map((r) => r.map((v) => (v === null ? null : String(v)))));
      }),
    );
  });

  it('writes the bytes of its fields as copyField gives them, tab-separated and encoded, lone surrogates and all', () => {
    const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.maxSafeInteger(), fc.constant(-0), fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '\ud800', '\udc00', '\\', '\t', '\n', '\r', '\u0001', '\u007f') }), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 4 })), (rows) => {
        const writer = new CopyWriter([0, 1, 2, 3].map((i) => (r: (typeof rows)[number]) => r[i % r.length]));
        for (const row of rows) writer.row(row);
        expect(writer.rows).toBe(rows.length);
        const text = rows.map((r) => `${[0, 1, 2, 3].map((i) => copyField(r[i % r.length])).join('\t')}\n`).join('');
        expect(Buffer.from(writer.take()).equals(Buffer.from(text))).toBe(true);
        expect(writer.take().length).toBe(0); // taken: the writer starts again
      }),
    );
  });

  it('grows past its first buffer, within a field too', () => {
    const long = 'é\t'.repeat(50_000);
    const rows = [[long, 1], ['x'.repeat(70_000), -2]];
    const bytes = copyBytes([{ value: (r: (string | number)[]) => r[0] }, { value: (r) => r[1] }], rows);
    expect(Buffer.from(bytes).toString()).toBe(`${copyField(long)}\t1\n${'x'.repeat(70_000)}\t-2\n`);
  });
});
