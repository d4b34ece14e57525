import type { ImportReport } from './figures-report.js';
import type { FileFormat, ImportReportModel, LineChangeKind } from './models/import-report.model.js';

/** The report as GraphQL and REST show it: figures as text, so "3=" and 61.25 travel alike. */
export function reportModel(report: ImportReport): ImportReportModel {
  return {
    ...report,
    format: report.format as FileFormat,
    dryRun: report.dryRun ?? false,
    reimport: report.reimport ? { ...report.reimport, changes: report.reimport.changes.map((c) => ({ ...c, change: c.change as LineChangeKind })) } : null,
    differences: report.differences.map((d) => ({ ...d, file: String(d.file), traveller: d.traveller === null ? null : String(d.traveller) })),
  };
}
