import { DomainError } from '../bridge/errors.js';
import { parseBws } from '../bridge/formats/bws.js';
import { parseTravellersCsv } from '../bridge/formats/csv.js';
import type { FileFormat, ParseOutcome } from '../bridge/formats/interchange.js';
import { parsePbn } from '../bridge/formats/pbn.js';
import { parseUsebio } from '../bridge/formats/usebio.js';
import { planImport, type ImportPlan } from './import-plan.js';

const PARSERS: Record<FileFormat, (input: Buffer) => ParseOutcome> = {
  PBN: parsePbn,
  USEBIO: parseUsebio,
  BWS: parseBws,
  CSV: parseTravellersCsv,
};

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

/** Parses and plans a file (pure and synchronous: the import runs it in a worker thread for large files). */
export function readFile(format: FileFormat, file: Buffer): FileRead {
  const outcome = PARSERS[format](file);
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

export function readFailure(error: unknown): ReadFailure {
  if (error instanceof DomainError) return { domain: true, message: error.message, field: error.field };
  return { domain: false, message: (error as Error)?.message ?? String(error) };
}
