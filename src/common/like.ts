/** A name filter's text taken literally: `%`, `_` and `\` are not wildcards (Prisma's `contains` passes them to LIKE). */
export function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
