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
}

/** A file that could not be read, as it crosses from the reading thread: the domain error's message and field, or any other error's message. */
export type ReadFailure = { domain: true; message: string; field?: string } | { domain: false; message: string };

/** Parses and plans a file (pure and synchronous: the import runs it in a worker thread for large files). */
export function readFile(format: FileFormat, file: Buffer): FileRead {
  const outcome = PARSERS[format](file);
  const plan = planImport(outcome.event);
  plan.rejected.unshift(...outcome.rejected);
  const given = outcome.event.sessions.flatMap((s) => s.boards.filter((b) => b.deal && b.doubleDummy).map((b) => ({ session: s.number, board: b })));
  return { plan, doubleDummy: { given, sessions: outcome.event.sessions.length } };
}

export function readFailure(error: unknown): ReadFailure {
  if (error instanceof DomainError) return { domain: true, message: error.message, field: error.field };
  return { domain: false, message: (error as Error)?.message ?? String(error) };
}
