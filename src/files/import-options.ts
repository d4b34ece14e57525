import type { ImportReport } from './figures-report.js';

/** How an import is run, beyond the file and where it goes. */
export interface ImportOptions {
  /** Run everything, answer the report, write nothing (the transaction is rolled back). */
  dryRun?: boolean;
  /** Law 79C2: apply a corrected file after the correction period (a director's decision). */
  override?: boolean;
  /** Named in the audit trail's reason ("Re-import of club-night.pbn"). */
  fileName?: string;
}

/**
 * Thrown inside the import's transaction to roll it back with the report of what would have been
 * written; `catch` turns it back into a value.
 */
export class DryRun extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }

  static async catch<T>(work: Promise<T>): Promise<T | DryRun> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof DryRun) return error;
      throw error;
    }
  }
}
