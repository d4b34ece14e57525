import { decodeWindows1252 } from './windows-1252.js';

/*
 * A file that is not UTF-8 and names no charset was saved in the Windows "ANSI" code page of the
 * machine that wrote it: windows-1252 in Western Europe, GBK (read as its superset GB18030) on
 * Chinese Windows, where Excel's plain "CSV" is GBK.
 */

export type CodePage = 'gb18030' | 'windows-1252';

/** Charset labels naming GBK or one of its subsets/supersets; all are read as GB18030. */
const GB_LABELS = new Set(['gb18030', 'gbk', 'gb2312', 'gb_2312', 'gb_2312-80', 'cp936', 'ms936', 'windows-936', 'x-gbk', 'euc-cn', 'csgb2312', 'chinese']);

export function isGbLabel(label: string): boolean {
  return GB_LABELS.has(label.trim().toLowerCase());
}

/** Strict GB18030 (ICU's decoder in Node's TextDecoder; GBK and GB2312 are its subsets). */
export function decodeGb18030(bytes: Uint8Array): string {
  return new TextDecoder('gb18030').decode(bytes);
}

/**
 * Which code page bytes that are not UTF-8 are in. GB18030 when they decode as GB18030 without an
 * invalid sequence, hold a CJK ideograph, and most of their two-byte codes have a trail byte of
 * 0xA1–0xFE (the GB2312 area, where everyday Chinese text lies); windows-1252 otherwise. The trail
 * test is what keeps European files as they were: an accented letter followed by an ASCII letter
 * ("Müller": FC 6C) is itself a valid GBK code for a rare ideograph, but with an ASCII trail byte;
 * a high trail byte needs two accented letters in a row.
 */
export function undeclaredCodePage(bytes: Uint8Array): CodePage {
  return asGb18030(bytes) === null ? 'windows-1252' : 'gb18030';
}

/** Bytes that are not UTF-8 and declare no charset, decoded in the code page `undeclaredCodePage` finds. */
export function decodeUndeclared(bytes: Uint8Array): string {
  return asGb18030(bytes) ?? decodeWindows1252(bytes);
}

/** The bytes' text if `undeclaredCodePage` takes them for GB18030 (decoded once, strictly), else null. */
function asGb18030(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('gb18030', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (!CJK_IDEOGRAPH.test(text)) return null;
  const { highTrail, asciiTrail } = countTwoByteCodes(bytes);
  return highTrail > asciiTrail ? text : null;
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
