import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum FileFormat {
  PBN = 'PBN',
  USEBIO = 'USEBIO',
  BWS = 'BWS',
  CSV = 'CSV',
}
registerEnumType(FileFormat, { name: 'FileFormat', description: 'Files Traveller reads: PBN 2.1, USEBIO 1.2+, Bridgemate BWS, Traveller’s travellers CSV' });

export enum ExportFormat {
  PBN = 'PBN',
  USEBIO = 'USEBIO',
  RANKING_CSV = 'RANKING_CSV',
  TRAVELLERS_CSV = 'TRAVELLERS_CSV',
}
registerEnumType(ExportFormat, { name: 'ExportFormat', description: 'PBN, USEBIO, RANKING_CSV (the event ranking) or TRAVELLERS_CSV (every traveller line)' });

@ObjectType('RejectedItem', { description: 'A line or item of a file that was not imported, and why' })
export class RejectedItemModel {
  @Field({ description: 'Where in the file: "line 112", "BOARD 3 / TRAVELLER_LINE 4", "ReceivedData ID 57"' }) source: string;
  @Field({ description: 'Why it was not imported' }) reason: string;
}

@ObjectType('FigureDifference', { description: 'A figure of the file that Traveller, recomputing from contracts and tricks, computes differently' })
export class FigureDifferenceModel {
  @Field({ description: 'Where in the file' }) source: string;
  @Field({ description: '"board 3, NS 2 v EW 5" or "NS pair 3"' }) item: string;
  @Field({ description: 'nsScore, nsMatchpoints, nsPercentage, nsImps, place, score, percentage, boardsPlayed …' }) figure: string;
  @Field({ description: 'The file’s value' }) file: string;
  @Field(() => String, { nullable: true, description: 'Traveller’s value (2 decimals)' }) traveller: string | null;
}

@ObjectType({ description: 'How many of the file’s own figures Traveller checked, and how many differ' })
export class ComparedCounts {
  @Field(() => Int, { description: 'Traveller lines whose figures were compared' }) lines: number;
  @Field(() => Int, { description: 'Of those, lines with at least one difference' }) linesDiffering: number;
  @Field(() => Int, { description: 'Ranking rows compared' }) contestants: number;
  @Field(() => Int, { description: 'Of those, rows with at least one difference' }) contestantsDiffering: number;
}

export enum LineChangeKind {
  CORRECTED = 'CORRECTED',
  ADDED = 'ADDED',
  MISSING = 'MISSING',
}
registerEnumType(LineChangeKind, { name: 'LineChangeKind', description: 'What a re-import did to a traveller line: CORRECTED in place, ADDED, or MISSING from the new file (kept as it was)' });

@ObjectType('LineChange', { description: 'One traveller line a re-import corrected, added, or found missing from the new file' })
export class LineChangeModel {
  @Field(() => LineChangeKind, { description: 'CORRECTED, ADDED or MISSING' }) change: LineChangeKind;
  @Field(() => Int, { description: 'Session number' }) session: number;
  @Field({ description: 'Section letter' }) section: string;
  @Field(() => Int, { description: 'Board number' }) board: number;
  @Field(() => Int, { description: 'NS pair number' }) nsPair: number;
  @Field(() => Int, { description: 'EW pair number' }) ewPair: number;
  @Field(() => String, { nullable: true, description: 'The stored line before ("4S by N, 10 tricks (NS 420)"); null for an added line' }) before: string | null;
  @Field(() => String, { nullable: true, description: 'The line after; null for a missing line (it stays as it was)' }) after: string | null;
}

@ObjectType('ReimportReport', { description: 'What a corrected file changed in the event it identifies (same organisation, event name, date and session numbers)' })
export class ReimportReportModel {
  @Field(() => Int, { description: 'Lines corrected in place (version bumped, audited with before and after)' }) corrected: number;
  @Field(() => Int, { description: 'Lines added' }) added: number;
  @Field(() => Int, { description: 'Lines identical to the stored ones, left untouched' }) unchanged: number;
  @Field(() => Int, { description: 'Stored lines the new file does not have: kept, never deleted; a director removes one deliberately' }) missing: number;
  @Field(() => [LineChangeModel], { description: 'Every corrected, added and missing line (at most 1,000)' }) changes: LineChangeModel[];
}

@ObjectType('ImportReport', { description: 'What an import did: the event, what was imported, what was not, and where the file’s figures differ' })
export class ImportReportModel {
  @Field(() => ID, { description: 'The event created or filled' }) eventId: string;
  @Field(() => FileFormat, { description: 'The file’s format' }) format: FileFormat;
  @Field({ description: 'The same file was imported into the same place before: nothing was written this time' }) alreadyImported: boolean;
  @Field({ description: 'A dry run: the report of what the import would do; nothing was written' }) dryRun: boolean;
  @Field(() => ReimportReportModel, { nullable: true, description: 'Set when the file corrected an event already there: what changed, line by line' }) reimport: ReimportReportModel | null;
  @Field(() => Int, { description: 'Sessions imported' }) sessions: number;
  @Field(() => Int, { description: 'Boards imported' }) boards: number;
  @Field(() => Int, { description: 'Contestants imported' }) contestants: number;
  @Field(() => Int, { description: 'Traveller lines imported' }) lines: number;
  @Field(() => [RejectedItemModel], { description: 'Items not imported, and why' }) rejected: RejectedItemModel[];
  @Field(() => [String], { description: 'Things imported that a director should check' }) warnings: string[];
  @Field(() => [FigureDifferenceModel], { description: 'At most 1,000; `compared` counts them all' }) differences: FigureDifferenceModel[];
  @Field(() => ComparedCounts, { description: 'Counts of the figures compared with the file’s own' }) compared: ComparedCounts;
}

@ObjectType('ExportedFile', { description: 'A file made from an event’s results' })
export class ExportedFileModel {
  @Field({ description: 'Suggested file name' }) fileName: string;
  @Field({ description: 'MIME type, e.g. text/csv' }) contentType: string;
  @Field({ description: 'The file’s text' }) content: string;
}
