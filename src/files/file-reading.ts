import { createHash } from 'node:crypto';
import { DomainError } from '../bridge/errors.js';
import type { FileFormat, InterchangeEvent, ParseOutcome, RejectedItem } from '../bridge/formats/interchange.js';
import { planImport, planOutline, plannedLines, type ImportPlan, type PlannedResult } from './import-plan.js';
import { resultChunks, type ResultChunk, type ResultIds } from './result-rows.js';

/** A format's parser. */
export type Parser = (input: Buffer) => ParseOutcome;

/**
 * Each format's parser, loaded when a file of it is first read: a national file's reading thread
 * starts with only the CSV parser (loading all four, the BWS reader's Access library and the
 * USEBIO reader's XML parser among them, held its start ~100–150 ms).
 */
const PARSERS: Record<FileFormat, () => Promise<Parser>> = {
  PBN: async () => (await import('../bridge/formats/pbn.js')).parsePbn,
  USEBIO: async () => (await import('../bridge/formats/usebio.js')).parseUsebio,
  BWS: async () => (await import('../bridge/formats/bws.js')).parseBws,
  CSV: async () => (await import('../bridge/formats/csv.js')).parseTravellersCsv,
};

export const parserFor = (format: FileFormat): Promise<Parser> => PARSERS[format]();

/** The boards whose double-dummy table the file gives, with their deals (checked after the import). */
export interface DoubleDummyGiven {
  given: { session: number; board: ParseOutcome['event']['sessions'][number]['boards'][number] }[];
  sessions: number;
}

/** What an import needs of a file: its plan, and the double-dummy tables to check. */
export interface FileRead {
  plan: ImportPlan;
  doubleDummy: DoubleDummyGiven;
  /** Whether the file gives figures of its own to compare with Traveller's (else its lines are let go: see readFile). */
  figures: boolean;
}

/** Whether any line or contestant of the file carries a figure of its own (compareFigures compares only those). */
const hasFigures = (plan: ImportPlan) => plan.contestants.some((c) => Object.keys(c.file.figures).length) || plan.sessions.some((s) => s.results.some((r) => Object.keys(r.file.figures).length));

/** A file's line or contestant once nothing will compare its figures: where it is in the file, and no more. */
const NO_FIGURES = Object.freeze({});
const sourceOnly = (of: { source: string }) => ({ source: of.source, figures: NO_FIGURES }) as never;

/** A file that could not be read, as it crosses from the reading thread: the domain error's message and field, or any other error's message. */
export type ReadFailure = { domain: true; message: string; field?: string } | { domain: false; message: string };

/** Parses and plans a file, whole (a section's file: see FilePlan for an import's). */
export async function readFile(format: FileFormat, file: Buffer): Promise<FileRead> {
  const outcome = (await parserFor(format))(file);
  const plan = planImport(outcome.event);
  plan.rejected.unshift(...outcome.rejected);
  const given = outcome.event.sessions.flatMap((s) => s.boards.filter((b) => b.deal && b.doubleDummy).map((b) => ({ session: s.number, board: b })));
  const figures = hasFigures(plan);
  if (!figures) {
    // Nothing will compare the file's own lines: the plan stops holding them (a national file's
    // 240,000 parsed lines need not cross from the worker or stay in memory during the writes).
    for (const c of plan.contestants) c.file = sourceOnly(c.file);
    for (const s of plan.sessions) for (const r of s.results) r.file = sourceOnly(r.file);
  }
  return { plan, doubleDummy: { given, sessions: outcome.event.sessions.length }, figures };
}

/** What planning a file's lines found, once every line was planned. */
export interface LinesPlanned {
  /** Lines imported, per session of the plan. */
  lineCounts: number[];
  /** Lines refused: the parser's first, then the plan's. */
  rejected: RejectedItem[];
  /** Whether the file gives figures of its own to compare with Traveller's (see readFile). */
  figures: boolean;
}

/** A file's identity in `FileImport` (the same bytes again answer the first import), worked out where the file is read. */
export const sha256Of = (file: Uint8Array): string => createHash('sha256').update(file).digest('hex');

/**
 * A file for an import: parsed, its plan's outline made at once, its lines planned only as they
 * are encoded for the database (`resultChunks`), so the transaction writes the event, contestants
 * and sections while the lines are still to be planned, and each chunk is planned while the
 * database inserts the one before. Planned lines are let go once encoded unless the file has
 * figures of its own (the report compares them after the commit) or the whole plan is asked for
 * (a re-import compares every line).
 */
export class FilePlan {
  readonly outline: ImportPlan;
  readonly doubleDummy: DoubleDummyGiven;
  /** Lines in the file, refused ones included. */
  readonly fileLines: number;
  /** The parsed file, until every line is planned. */
  private file: InterchangeEvent | null;
  /** Whether planned lines are kept: the parsed file has figures that the report may compare. */
  private readonly keep: boolean;
  private lineCounts: number[] | null = null;
  /** Whether the planned lines are in the outline's sessions. */
  private linesKept = false;

  constructor(parse: Parser, bytes: Buffer) {
    const outcome = parse(bytes);
    this.file = outcome.event;
    this.outline = planOutline(outcome.event);
    this.outline.rejected.push(...outcome.rejected);
    const given = outcome.event.sessions.flatMap((s) => s.boards.filter((b) => b.deal && b.doubleDummy).map((b) => ({ session: s.number, board: b })));
    this.doubleDummy = { given, sessions: outcome.event.sessions.length };
    this.fileLines = outcome.event.sessions.reduce((n, s) => n + s.lines.length, 0);
    this.keep = outcome.event.contestants.some((c) => Object.keys(c.figures).length) || outcome.event.sessions.some((s) => s.lines.some((l) => Object.keys(l.figures).length));
    if (!this.keep) for (const c of this.outline.contestants) c.file = sourceOnly(c.file);
  }

  /** Every line planned and encoded for `insertEncoded` under the transaction's ids, a chunk at a time, and as written if asked. */
  resultChunks(ids: ResultIds, written: boolean): Generator<ResultChunk> {
    return resultChunks(this.plannedLines(this.keep), ids, written);
  }

  /** The whole plan, every line in it (planned now if they were not yet). */
  whole(): ImportPlan {
    if (this.file) for (const lines of this.plannedLines(true)) for (const _ of lines);
    else if (!this.linesKept) throw new Error('The plan’s lines were let go once written');
    return this.outline;
  }

  /** What planning the lines found (once they are all planned). */
  planned(): LinesPlanned {
    if (!this.lineCounts) throw new Error('The file’s lines are not all planned yet');
    return { lineCounts: this.lineCounts, rejected: this.outline.rejected, figures: this.keep && hasFigures(this.outline) };
  }

  /** Each session's lines as they are planned, kept in the plan or not; the parsed file is let go. */
  private plannedLines(keep: boolean): Iterable<PlannedResult>[] {
    const file = this.file;
    if (!file) throw new Error('The file’s lines were planned already');
    this.file = null;
    this.linesKept = keep;
    const { outline } = this;
    const counts = outline.sessions.map(() => 0);
    const allPlanned = () => (this.lineCounts = counts);
    if (!counts.length) allPlanned();
    return outline.sessions.map((session, i) => ({
      *[Symbol.iterator]() {
        for (const r of plannedLines(file, outline, i)) {
          counts[i]++;
          if (keep) session.results.push(r);
          yield r;
        }
        if (i === counts.length - 1) allPlanned();
      },
    }));
  }
}

export function readFailure(error: unknown): ReadFailure {
  if (error instanceof DomainError) return { domain: true, message: error.message, field: error.field };
  return { domain: false, message: (error as Error)?.message ?? String(error) };
}
