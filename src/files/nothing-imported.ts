import type { FileFormat, RejectedItem } from '../bridge/formats/interchange.js';
import { BadInputError } from '../common/errors.js';

/** What an import would take from its file. */
export interface FileTaken {
  /** Lines it would write. */
  lines: number;
  /** Lines and items of the file it refused, with the reasons. */
  rejected: readonly RejectedItem[];
  /** Whether it would write any deal (a hand record imports with no line at all). */
  dealsTaken: boolean;
}

/**
 * A file of which every line was refused and that brings no deal either is refused whole, saying
 * how many lines and why: written, it would leave an empty event (whose corrected file was then a
 * 409) or a section import would answer "no line" without the reasons. The event import (its dry
 * run too) and a club's section file (section-import.ts) refuse such a file with the same 400.
 */
export function refuseIfNothingImported(format: FileFormat, taken: FileTaken): void {
  if (taken.lines > 0 || taken.rejected.length === 0 || taken.dealsTaken) return;
  const first = taken.rejected.slice(0, 3).map((r) => `${r.source}: ${r.reason}`).join('; ');
  const more = taken.rejected.length > 3 ? '; …' : '';
  throw new BadInputError(
    `No line of the ${format} file could be imported (${taken.rejected.length} refused: ${first}${more}); nothing was written. Correct the file and import it again`,
    ['file'],
  );
}
