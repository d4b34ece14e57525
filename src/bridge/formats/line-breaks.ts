/** Line ends between `from` and `to`: LF, CRLF (once) and a lone CR, as text editors count lines. */
export function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) breaks++;
  }
  return breaks;
}
