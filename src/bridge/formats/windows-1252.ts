/** windows-1252 bytes 0x80–0x9F (the five unassigned ones keep their code point, as in the WHATWG table). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * windows-1252 bytes to text. Node's TextDecoder reads "windows-1252" (and the Latin-1 and ASCII
 * labels, which mean it) as plain Latin-1, so the 0x80–0x9F row is mapped here: € and curly quotes,
 * not control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}
