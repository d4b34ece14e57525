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
registerEnumType(ExportFormat, { name: 'ExportFormat' });

@ObjectType('RejectedItem', { description: 'A line or item of a file that was not imported, and why' })
export class RejectedItemModel {
  @Field({ description: 'Where in the file: "line 112", "BOARD 3 / TRAVELLER_LINE 4", "ReceivedData ID 57"' }) source: string;
  @Field() reason: string;
}

@ObjectType('FigureDifference', { description: 'A figure of the file that Traveller, recomputing from contracts and tricks, computes differently' })
export class FigureDifferenceModel {
  @Field() source: string;
  @Field({ description: '"board 3, NS 2 v EW 5" or "NS pair 3"' }) item: string;
  @Field({ description: 'nsScore, nsMatchpoints, nsPercentage, nsImps, place, score, percentage, boardsPlayed …' }) figure: string;
  @Field({ description: 'The file’s value' }) file: string;
  @Field(() => String, { nullable: true, description: 'Traveller’s value (2 decimals)' }) traveller: string | null;
}

@ObjectType()
export class ComparedCounts {
  @Field(() => Int) lines: number;
  @Field(() => Int) linesDiffering: number;
  @Field(() => Int) contestants: number;
  @Field(() => Int) contestantsDiffering: number;
}

@ObjectType('ImportReport', { description: 'What an import did: the event, what was imported, what was not, and where the file’s figures differ' })
export class ImportReportModel {
  @Field(() => ID) eventId: string;
  @Field(() => FileFormat) format: FileFormat;
  @Field({ description: 'The same file was imported into the same place before: nothing was written this time' }) alreadyImported: boolean;
  @Field(() => Int) sessions: number;
  @Field(() => Int) boards: number;
  @Field(() => Int) contestants: number;
  @Field(() => Int, { description: 'Traveller lines imported' }) lines: number;
  @Field(() => [RejectedItemModel]) rejected: RejectedItemModel[];
  @Field(() => [String]) warnings: string[];
  @Field(() => [FigureDifferenceModel], { description: 'At most 1,000; `compared` counts them all' }) differences: FigureDifferenceModel[];
  @Field(() => ComparedCounts) compared: ComparedCounts;
}

@ObjectType('ExportedFile')
export class ExportedFileModel {
  @Field() fileName: string;
  @Field() contentType: string;
  @Field() content: string;
}
