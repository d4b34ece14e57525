import { Injectable } from '@nestjs/common';
import { DomainError } from '../bridge/errors.js';
import type { FileFormat, RejectedItem } from '../bridge/formats/interchange.js';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { ResultLineInput } from '../results/dto/submit-result.input.js';
import { ResultsService } from '../results/results.service.js';
import { readFile } from './file-reading.js';
import type { ImportPlan, PlannedResult } from './import-plan.js';
import { refuseIfNothingImported } from './nothing-imported.js';

/** A section's file gives it lines only: the boards' deals are the organiser's (updateBoard). */
const SECTION_TAKES_NO_DEAL = false;

export interface SectionImportReport {
  sectionId: string;
  /** Lines stored by this import. */
  created: number;
  /** Lines the section had already, exactly so (the same file again changes nothing). */
  unchanged: number;
  /** Items of the file not taken, and why: unreadable ones, and adjusted scores (the director's to enter). */
  rejected: RejectedItem[];
  /** A dry run: what the import would store, checked as it would be; nothing was written. */
  dryRun: boolean;
}

/**
 * A club's scoring-program file for one section of a simultaneous event (its Bridgemate BWS, its
 * PBN or USEBIO): the file's lines become traveller lines of the section, posted exactly as a pad
 * would (same checks, all or nothing, CONFLICT on a line that differs from a stored one, nothing
 * changed by the same file again). The pairs must be entered already (addContestants), as for
 * pads: a file never adds pairs behind the director's back. Adjusted scores are not taken from
 * a file: they are a director's ruling (adjustScore), listed in `rejected`.
 */
@Injectable()
export class SectionImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly results: ResultsService,
  ) {}

  async import(sectionId: string, format: FileFormat, file: Buffer, fromSection: string | undefined, actor: string, dryRun = false): Promise<SectionImportReport> {
    const section = await this.prisma.section.findUnique({ where: { id: sectionId } });
    if (!section) throw new NotFoundError('Section', sectionId, 'sectionId');
    if (!file.length) throw new BadInputError(`The ${format} file is empty`, ['content']);
    const { planned, rejected } = await this.plannedLines(format, file, fromSection);
    const lines: ResultLineInput[] = [];
    for (const r of planned) {
      if (r.adjustment || !r.contract) rejected.push({ source: r.file.source, reason: `Board ${r.boardNumber}, NS ${r.ns.number} v EW ${r.ew.number}: an adjusted or unplayed score is the director’s to enter (adjustScore)` });
      else lines.push(lineOf(r, section.letter));
    }
    // No line left: every planned line was an adjusted or unplayed score, each listed in rejected.
    refuseIfNothingImported(format, { lines: lines.length, rejected, dealsTaken: SECTION_TAKES_NO_DEAL });
    const stored = await this.results.submitMany(section.sessionId, lines, actor, { dryRun });
    const created = stored.filter((s) => s.created).length;
    return { sectionId, created, unchanged: stored.length - created, rejected, dryRun };
  }

  /** The file's lines of one of its sections: the only one, or the one named. */
  private async plannedLines(format: FileFormat, file: Buffer, fromSection: string | undefined): Promise<{ planned: PlannedResult[]; rejected: RejectedItem[] }> {
    let plan: ImportPlan;
    try {
      ({ plan } = await readFile(format, file));
    } catch (error) {
      if (error instanceof DomainError) throw new BadInputError(error.message, ['content']);
      throw error;
    }
    const refused = plan.rejected; // the parser's refusals first, then the plan's
    // Before the sessions are counted: a CSV whose every line is refused holds none.
    if (!plan.sessions.some((s) => s.results.length)) {
      refuseIfNothingImported(format, { lines: 0, rejected: refused, dealsTaken: SECTION_TAKES_NO_DEAL });
      throw new BadInputError('The file holds no line that can be read', ['content']);
    }
    if (plan.sessions.length !== 1) throw new BadInputError(`The file holds ${plan.sessions.length} sessions; send one session’s file for a section`, ['content']);
    const all = plan.sessions[0].results;
    const letters = [...new Set(all.map((r) => r.sectionLetter))];
    const wanted = fromSection?.trim().toUpperCase() ?? (letters.length === 1 ? letters[0] : undefined);
    if (!wanted) throw new BadInputError(`The file holds sections ${letters.join(', ')}: say which one with fromSection`, ['fromSection']);
    if (!letters.includes(wanted)) throw new BadInputError(`The file has no section ${wanted} (it has ${letters.join(', ') || 'none'})`, ['fromSection']);
    return { planned: all.filter((r) => r.sectionLetter === wanted), rejected: refused };
  }
}

/** A file's line as a pad would post it, into the target section (the file may call it A). */
function lineOf(r: PlannedResult, letter: string): ResultLineInput {
  const lead = r.lead && /^[SHDC](10|[AKQJT2-9])$/.test(r.lead) ? r.lead : undefined;
  return {
    section: letter,
    board: r.boardNumber,
    round: r.round ?? undefined,
    table: r.table ?? undefined,
    nsPair: r.ns.number,
    ewPair: r.ew.number,
    contract: r.contract!,
    declarer: r.declarer ?? undefined,
    tricks: r.contract === 'PASS' ? undefined : (r.tricks ?? undefined),
    lead,
  } as ResultLineInput;
}
