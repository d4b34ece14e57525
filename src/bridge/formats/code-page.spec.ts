import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import { chineseCodePageOf, decodeChinese, decodeUndeclared, undeclaredCodePage } from './code-page.js';
import { SIMPLIFIED_COMMON, TRADITIONAL_COMMON } from './common-hanzi.js';

const gb18030 = (text: string) => iconv.encode(text, 'gb18030');
const big5 = (text: string) => iconv.encode(text, 'big5');
const windows1252 = (text: string) => iconv.encode(text, 'windows-1252');

/** Pairs' names, as a club's file lists them: Taiwan and Hong Kong (traditional), mainland China (simplified). */
const TAIWAN = ['陳建宏', '林淑芬', '黃志明', '張雅婷', '李宗翰', '王俊傑', '吳佩珊', '劉家豪', '蔡宜君', '楊承恩'];
const HONG_KONG = ['陳大文', '黃志強', '李嘉欣', '梁家輝', '何婉儀', '張國榮'];
const MAINLAND = ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨帆', '赵磊', '黄丽', '周杰', '吴霞'];

/** A travellers CSV of `lines` lines naming the pairs (past 64 KiB from about a thousand lines). */
const travellers = (names: string[], lines: number) =>
  ['Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks', ...Array.from({ length: lines }, (_, i) => `1,A,${1 + (i % 24)},${1 + (i % 10)},${11 + (i % 10)},${names[i % names.length]} & ${names[(i + 3) % names.length]},${names[(i + 5) % names.length]} & ${names[(i + 7) % names.length]},4H,N,10`)].join('\r\n');

describe('undeclaredCodePage: bytes that are not UTF-8 and name no charset', () => {
  it.each([
    ['names of common characters', '张伟,王芳'],
    ['a rare character among common ones (镕: E9 46, an ASCII trail byte)', '朱镕基 & 王芳'],
    ['full-width punctuation and digits', '张伟（１）：王芳'],
    ['one pair', `${MAINLAND[0]} & ${MAINLAND[1]}`],
    ['a name whose bytes read as two common Big5 characters (郭航: 廖瑤)', '郭航'],
  ])('GB18030 for Chinese text: %s', (_, text) => {
    expect(undeclaredCodePage(gb18030(text))).toBe('gb18030');
    expect(decodeUndeclared(gb18030(text))).toBe(text);
  });

  it.each([
    ['one Taiwanese pair', '陳建宏 & 林淑芬'],
    ['one name', '林淑芬'],
    ['a Hong Kong pair', '陳大文 & 黃志強'],
    ['an event’s name', '台北市橋牌協會雙人賽'],
    ['a line of a travellers CSV', `1,A,1,1,2,${TAIWAN[2]} & ${TAIWAN[3]},${HONG_KONG[2]} & ${HONG_KONG[3]},4H,N,10`],
  ])('Big5 (code page 950, Taiwan and Hong Kong) for traditional Chinese text: %s', (_, text) => {
    expect(undeclaredCodePage(big5(text))).toBe('big5');
    expect(decodeUndeclared(big5(text))).toBe(text);
  });

  it('tells long files apart, whole: Big5 and GB18030 travellers of 3,000 lines', () => {
    const traditional = travellers([...TAIWAN, ...HONG_KONG], 3000);
    const simplified = travellers(MAINLAND, 3000);
    expect(big5(traditional).length).toBeGreaterThan(64 * 1024);
    expect(undeclaredCodePage(big5(traditional))).toBe('big5');
    expect(decodeUndeclared(big5(traditional))).toBe(traditional);
    expect(undeclaredCodePage(gb18030(simplified))).toBe('gb18030');
    expect(decodeUndeclared(gb18030(simplified))).toBe(simplified);
  });

  // Each of these decodes as GB18030 without error and gives an ideograph ("Müller": FC 6C), with an ASCII trail byte.
  it.each(['Müller Françoise', 'Zoë Brontë', 'Ångström', 'Café – O’Brien €', 'José, Renée', 'Søren Kierkegård', 'Šimon “Ace” Dvorák'])('windows-1252 for European text: %s', (text) => {
    expect(undeclaredCodePage(windows1252(text))).toBe('windows-1252');
    expect(decodeUndeclared(windows1252(text))).toBe(text);
  });

  // Valid Big5 too, an accented capital and a letter making one code: "Á" "n" (C1 6E) reads 聲, a common character.
  it.each(['Ángel Álvarez', 'Ádám Ágnes', 'Åsa Öberg', 'Ärger Öl Übel'])('windows-1252 for European text that is also valid Big5: %s', (text) => {
    expect(undeclaredCodePage(windows1252(text))).toBe('windows-1252');
    expect(decodeUndeclared(windows1252(text))).toBe(text);
  });

  it('windows-1252 when the bytes are not valid GB18030 at all, or hold no Chinese character', () => {
    expect(undeclaredCodePage(windows1252('Zoé,'))).toBe('windows-1252');
    expect(undeclaredCodePage(gb18030('（１）'))).toBe('windows-1252');
  });
});

describe('chineseCodePageOf: a declared charset', () => {
  it.each(['GBK', 'gb2312', 'GB18030', 'CP936', ' windows-936 '])('%s is read as GB18030', (label) => expect(chineseCodePageOf(label)).toBe('gb18030'));
  it.each(['Big5', 'cp950', 'x-big5', 'MS950', 'windows-950', 'csBig5'])('%s is read as Big5', (label) => expect(chineseCodePageOf(label)).toBe('big5'));
  it.each(['BIG5-HKSCS', 'big5hkscs'])('%s is read as Big5 with the Hong Kong supplement', (label) => expect(chineseCodePageOf(label)).toBe('big5-hkscs'));
  it.each(['UTF-8', 'ISO-8859-1', 'shift_jis'])('%s is neither', (label) => expect(chineseCodePageOf(label)).toBeNull());

  it('decodes Big5 as Windows’ code page 950 does', () => {
    expect(decodeChinese(big5(TAIWAN.join(',')), 'big5')).toBe(TAIWAN.join(','));
  });

  it('decodes Big5-HKSCS with the supplement’s characters, and Big5 without them (private use)', () => {
    const hongKong = '陳嘅咗,黃啲喺';
    const bytes = iconv.encode(hongKong, 'big5hkscs');
    expect(decodeChinese(bytes, 'big5-hkscs')).toBe(hongKong);
    expect(decodeChinese(big5(TAIWAN.join(',')), 'big5-hkscs')).toBe(TAIWAN.join(','));
    expect([...decodeChinese(bytes, 'big5')].filter((c) => /\p{Co}/u.test(c))).toHaveLength(4);
  });
});

describe('the common characters', () => {
  it('are written alike in both scripts or in pairs: as many of each', () => {
    expect(SIMPLIFIED_COMMON.size).toBe(TRADITIONAL_COMMON.size);
    expect(SIMPLIFIED_COMMON.size).toBeGreaterThan(500);
  });

  // A simplified character outside GB2312, or a traditional one outside Big5's characters, would be a typo: those files never hold it.
  it('simplified ones are GB2312 characters, traditional ones Big5 characters', () => {
    const code = (bytes: Buffer) => (bytes.length === 2 ? bytes.readUInt16BE(0) : 0);
    const notGb2312 = [...SIMPLIFIED_COMMON].filter((c) => !(code(iconv.encode(c, 'gb18030')) >= 0xb0a1 && code(iconv.encode(c, 'gb18030')) <= 0xf7fe));
    const notBig5 = [...TRADITIONAL_COMMON].filter((c) => !(code(iconv.encode(c, 'big5')) >= 0xa440 && code(iconv.encode(c, 'big5')) <= 0xf9d5));
    expect({ notGb2312, notBig5 }).toEqual({ notGb2312: [], notBig5: [] });
  });
});
