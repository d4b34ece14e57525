import iconv from 'iconv-lite';
import { SIMPLIFIED_COMMON, TRADITIONAL_COMMON } from './common-hanzi.js';
import { decodeWindows1252 } from './windows-1252.js';

/*
 * A file that is not UTF-8 and names no charset was saved in the Windows "ANSI" code page of the
 * machine that wrote it: windows-1252 in Western Europe; GBK (read as its superset GB18030) on
 * Chinese Windows in mainland China, where Excel's plain "CSV" is GBK; Big5 (code page 950) on
 * Traditional-Chinese Windows in Taiwan and Hong Kong.
 */

/** Code pages a file may name; an undeclared file is only ever GB18030 or Big5 (code page 950). */
export type ChineseCodePage = 'gb18030' | 'big5' | 'big5-hkscs';
type UndeclaredChinese = Exclude<ChineseCodePage, 'big5-hkscs'>;
export type CodePage = UndeclaredChinese | 'windows-1252';

/** Charset labels naming GBK or one of its subsets/supersets (read as GB18030), Big5 and its Windows forms, or Big5 with the Hong Kong supplement. */
const CHINESE_LABELS = new Map<string, ChineseCodePage>([
  ...['gb18030', 'gbk', 'gb2312', 'gb_2312', 'gb_2312-80', 'cp936', 'ms936', 'windows-936', 'x-gbk', 'euc-cn', 'csgb2312', 'chinese'].map((l) => [l, 'gb18030'] as const),
  ...['big5', 'big-5', 'big5-tw', 'cn-big5', 'csbig5', 'x-big5', 'x-x-big5', 'cp950', 'ms950', 'windows-950', 'x-windows-950'].map((l) => [l, 'big5'] as const),
  ...['big5-hkscs', 'big5hkscs', 'big5_hkscs'].map((l) => [l, 'big5-hkscs'] as const),
]);

/** The Chinese code page a charset label names, or null when it names none. */
export function chineseCodePageOf(label: string): ChineseCodePage | null {
  return CHINESE_LABELS.get(label.trim().toLowerCase()) ?? null;
}

/**
 * Bytes in a Chinese code page. GB18030 and Big5 by Node's ICU (TextDecoder), whose Big5 is Windows'
 * code page 950: a code of the Hong Kong supplement (HKSCS) comes out as a private-use code point,
 * as on Windows without the supplement installed, since the same codes are a Taiwanese machine's
 * own characters (its EUDC). A file that names Big5-HKSCS gets the supplement's characters, by
 * iconv-lite (ICU has no HKSCS): the Cantonese 嘅 咗 啲 of Hong Kong names and notes. The two
 * readings differ on no other character but one box (F9FE: ▓ against ￭).
 */
export function decodeChinese(bytes: Uint8Array, page: ChineseCodePage): string {
  if (page === 'big5-hkscs') return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'big5hkscs');
  return new TextDecoder(page).decode(bytes);
}

/** Which code page bytes that are not UTF-8 are in (see `readUndeclared`). */
export function undeclaredCodePage(bytes: Uint8Array): CodePage {
  return readUndeclared(bytes).codePage;
}

/** Bytes that are not UTF-8 and declare no charset, decoded in the code page `undeclaredCodePage` finds. */
export function decodeUndeclared(bytes: Uint8Array): string {
  return readUndeclared(bytes).text;
}

/**
 * The code page of bytes that are not UTF-8, and their text. Big5 and GB18030 accept most of each
 * other's bytes (GB2312 text is nearly all valid Big5, and much Big5 valid GBK), so their structure
 * cannot tell them apart; what they say can: read the right way, Chinese is mostly a few hundred
 * common characters, read the wrong way a scatter of rarer ones. Big5 when the file's first 64 KiB
 * read as Big5 (`readsAsBig5`) and the whole file decodes strictly so; else GB18030 or windows-1252
 * (`readsAsGb18030`), from the one strict GB18030 decoding that is also its text.
 */
function readUndeclared(bytes: Uint8Array): { codePage: CodePage; text: string } {
  const head = fileHead(bytes);
  const headAs = { big5: strictly('big5', head), gb18030: strictly('gb18030', head) };
  // A file no longer than its head is decoded once each way, not again whole.
  const wholeAs = (page: UndeclaredChinese) => (head === bytes ? headAs[page] : strictly(page, bytes));
  const big5 = readsAsBig5(headAs.big5, headAs.gb18030) ? wholeAs('big5') : null;
  if (big5 !== null) return { codePage: 'big5', text: big5 };
  const gb18030 = wholeAs('gb18030');
  if (gb18030 !== null && readsAsGb18030(bytes, gb18030)) return { codePage: 'gb18030', text: gb18030 };
  return { codePage: 'windows-1252', text: decodeWindows1252(bytes) };
}

/** Enough of a file to tell Big5 from GB18030 by: a national file's first thousand lines or so say what the rest would. */
const HEAD_BYTES = 64 * 1024;

/**
 * The file's first HEAD_BYTES, cut after a byte below 0x30 (a space, comma, quote, slash or line end):
 * never a byte of a Big5 or GB18030 code but its first, so no code is cut in two.
 */
function fileHead(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= HEAD_BYTES) return bytes;
  let end = HEAD_BYTES;
  while (end > 0 && bytes[end - 1] >= 0x30) end--;
  return bytes.subarray(0, end || HEAD_BYTES);
}

function strictly(page: UndeclaredChinese, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(page, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Big5 when its reading is mostly common traditional characters, and has two more of them than the
 * GB18030 reading has common simplified ones. Read the wrong way, either code page gives about one
 * common character in ten. Two more, not one more: a two-character GB2312 name can read as two
 * common Big5 characters where its own reading has one (郭航: 廖瑤), and with two more every name of
 * a common surname and any GB2312 character stays GB18030, as before. Mostly: a European name can be
 * valid Big5 and land on a common character ("Ángel": C1 6E reads 聲), but not on mostly common ones.
 */
function readsAsBig5(big5: string | null, gb18030: string | null): boolean {
  if (big5 === null) return false;
  const traditional = commonCharacters(big5, TRADITIONAL_COMMON);
  const simplified = gb18030 === null ? 0 : commonCharacters(gb18030, SIMPLIFIED_COMMON).common;
  return traditional.common >= simplified + 2 && 2 * traditional.common >= traditional.chinese;
}

/**
 * GB18030 when the reading holds a CJK ideograph and most of the two-byte codes have a trail byte of
 * 0xA1–0xFE (the GB2312 area, where everyday Chinese text lies); the trail test is what keeps
 * European files as they were: an accented letter followed by an ASCII letter ("Müller": FC 6C) is
 * itself a valid GBK code for a rare ideograph, but with an ASCII trail byte; a high trail byte needs
 * two accented letters in a row.
 */
function readsAsGb18030(bytes: Uint8Array, text: string): boolean {
  if (!CJK_IDEOGRAPH.test(text)) return false;
  const { highTrail, asciiTrail } = countTwoByteCodes(bytes);
  return highTrail > asciiTrail;
}

/** Han characters, and private-use ones (a code page's user-defined codes, where misread bytes also land). */
const CHINESE_CHARACTER = /[\p{Script=Han}\p{Co}]/gu;

function commonCharacters(text: string, common: ReadonlySet<string>): { chinese: number; common: number } {
  let chinese = 0;
  let found = 0;
  for (const [character] of text.matchAll(CHINESE_CHARACTER)) {
    chinese++;
    if (common.has(character)) found++;
  }
  return { chinese, common: found };
}

/** A UTF-16 file's text, when it starts with a UTF-16 byte order mark (Notepad's "Unicode"); else null. */
export function decodeUtf16(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return null;
}

const CJK_IDEOGRAPH = /\p{Script=Han}/u;

/** GB18030's byte structure: 00–7F alone; a lead 81–FE then a trail 40–FE, or 30–39 and two more bytes. */
function countTwoByteCodes(bytes: Uint8Array): { highTrail: number; asciiTrail: number } {
  let highTrail = 0;
  let asciiTrail = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] < 0x81 || i + 1 >= bytes.length) {
      i++;
    } else if (bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39) {
      i += 4;
    } else {
      if (bytes[i + 1] >= 0xa1) highTrail++;
      else asciiTrail++;
      i += 2;
    }
  }
  return { highTrail, asciiTrail };
}
