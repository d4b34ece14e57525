import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import { decodeUndeclared, isGbLabel, undeclaredCodePage } from './code-page.js';

const gb18030 = (text: string) => iconv.encode(text, 'gb18030');
const windows1252 = (text: string) => iconv.encode(text, 'windows-1252');

describe('undeclaredCodePage: bytes that are not UTF-8 and name no charset', () => {
  it.each([
    ['names of common characters', '张伟,王芳'],
    ['a rare character among common ones (镕: E9 46, an ASCII trail byte)', '朱镕基 & 王芳'],
    ['full-width punctuation and digits', '张伟（１）：王芳'],
  ])('GB18030 for Chinese text: %s', (_, text) => {
    expect(undeclaredCodePage(gb18030(text))).toBe('gb18030');
    expect(decodeUndeclared(gb18030(text))).toBe(text);
  });

  // Each of these decodes as GB18030 without error and gives an ideograph ("Müller": FC 6C), with an ASCII trail byte.
  it.each(['Müller Françoise', 'Zoë Brontë', 'Ångström', 'Café – O’Brien €', 'José, Renée', 'Søren Kierkegård'])('windows-1252 for European text: %s', (text) => {
    expect(undeclaredCodePage(windows1252(text))).toBe('windows-1252');
    expect(decodeUndeclared(windows1252(text))).toBe(text);
  });

  it('windows-1252 when the bytes are not valid GB18030 at all, or hold no Chinese character', () => {
    expect(undeclaredCodePage(windows1252('Zoé,'))).toBe('windows-1252');
    expect(undeclaredCodePage(gb18030('（１）'))).toBe('windows-1252');
  });
});

describe('isGbLabel', () => {
  it.each(['GBK', 'gb2312', 'GB18030', 'CP936', ' windows-936 '])('%s is read as GB18030', (label) => expect(isGbLabel(label)).toBe(true));
  it.each(['UTF-8', 'ISO-8859-1', 'big5'])('%s is not', (label) => expect(isGbLabel(label)).toBe(false));
});
