import { ApiProperty } from '@nestjs/swagger';

export class RejectedItemBody {
  @ApiProperty({ example: 'line 112', description: 'Where in the file' }) source: string;
  @ApiProperty({ example: 'tricks must be between 0 and 13' }) reason: string;
}

export class FigureDifferenceBody {
  @ApiProperty({ example: 'line 40' }) source: string;
  @ApiProperty({ example: 'board 3, NS 2 v EW 5' }) item: string;
  @ApiProperty({ example: 'nsMatchpoints' }) figure: string;
  @ApiProperty({ example: '7.5', description: 'The file’s value' }) file: string;
  @ApiProperty({ type: String, nullable: true, example: '7.00', description: 'Traveller’s value (2 decimals)' }) traveller: string | null;
}

export class ComparedCountsBody {
  @ApiProperty() lines: number;
  @ApiProperty() linesDiffering: number;
  @ApiProperty() contestants: number;
  @ApiProperty() contestantsDiffering: number;
}

export class LineChangeBody {
  @ApiProperty({ enum: ['CORRECTED', 'ADDED', 'MISSING'] }) change: string;
  @ApiProperty() session: number;
  @ApiProperty() section: string;
  @ApiProperty() board: number;
  @ApiProperty() nsPair: number;
  @ApiProperty() ewPair: number;
  @ApiProperty({ type: String, nullable: true, example: '4S by N, 10 tricks (NS 420)' }) before: string | null;
  @ApiProperty({ type: String, nullable: true, example: '4S by N, 11 tricks (NS 450)' }) after: string | null;
}

export class ReimportReportBody {
  @ApiProperty({ description: 'Lines corrected in place (audited)' }) corrected: number;
  @ApiProperty() added: number;
  @ApiProperty() unchanged: number;
  @ApiProperty({ description: 'Stored lines the new file does not have: kept, never deleted' }) missing: number;
  @ApiProperty({ type: [LineChangeBody] }) changes: LineChangeBody[];
}

/** The answer to an import: where the file went, what was refused, and where its figures differ from ours. */
export class ImportReportBody {
  @ApiProperty({ format: 'uuid' }) eventId: string;
  @ApiProperty({ enum: ['USEBIO', 'PBN', 'BWS', 'CSV'] }) format: string;
  @ApiProperty({ description: 'The same file was imported into the same place before: nothing was written this time' }) alreadyImported: boolean;
  @ApiProperty({ description: 'A dry run: nothing was written' }) dryRun: boolean;
  @ApiProperty({ type: ReimportReportBody, nullable: true, description: 'Set when the file corrected an event already there' }) reimport: ReimportReportBody | null;
  @ApiProperty() sessions: number;
  @ApiProperty() boards: number;
  @ApiProperty() contestants: number;
  @ApiProperty({ description: 'Traveller lines imported' }) lines: number;
  @ApiProperty({ type: [RejectedItemBody] }) rejected: RejectedItemBody[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: [FigureDifferenceBody], description: 'At most 1,000; `compared` counts them all' }) differences: FigureDifferenceBody[];
  @ApiProperty({ type: ComparedCountsBody }) compared: ComparedCountsBody;
}
