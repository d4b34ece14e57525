import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { copyField, copyText } from './copy-rows.js';

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
        const text = copyText([0, 1, 2].map((i) => ({ value: (r: (typeof rows)[number]) => r[i] })), rows);
        expect(readCopyText(text)).toEqual(rows.map((r) => r.map((v) => (v === null ? null : String(v)))));
      }),
    );
  });
});
