import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsOptional, IsUUID, Length, Matches } from 'class-validator';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { ContentEncoding } from './dto/import-file.input.js';
import { FileFormat, RejectedItemModel } from './models/import-report.model.js';
import { SectionImportService } from './section-import.js';
import { SectionLetter } from '../common/validation.js';


@InputType({ description: 'One section’s results from a scoring program’s file (a club’s section of a simultaneous event)' })
export class ImportSectionResultsInput {
  @Field(() => ID, { description: 'The section the lines go to' }) @IsUUID() sectionId: string;
  @Field(() => FileFormat, { description: 'PBN, USEBIO, BWS or CSV' }) @IsEnum(FileFormat) format: FileFormat;
  @Field({ description: 'The file: text, or base64 (BWS is binary)' }) @Length(1, 1_000_000) content: string;
  @Field(() => ContentEncoding, { nullable: true, defaultValue: ContentEncoding.TEXT, description: 'TEXT (default) or BASE64 (needed for BWS)' }) @IsOptional() @IsEnum(ContentEncoding) encoding?: ContentEncoding;
  @Field({ nullable: true, description: 'The file’s section to take, when it holds several (its own letter, which may differ from the target’s)' })
  @IsOptional()
  @SectionLetter()
  @Matches(/^[A-Z0-9]{1,4}$/, { message: 'fromSection must be a section letter' })
  fromSection?: string;
  @Field({ nullable: true, defaultValue: false, description: 'Check the file as the import would (the same refusals) and answer what it would store; write nothing' }) @IsOptional() @IsBoolean() dryRun?: boolean;
}

@ObjectType('SectionImportReport', { description: 'What a section import stored' })
export class SectionImportReportModel {
  @Field(() => ID, { description: 'The section' }) sectionId: string;
  @Field(() => Int, { description: 'Lines stored by this import' }) created: number;
  @Field(() => Int, { description: 'Lines stored already, exactly so (the same file again changes nothing)' }) unchanged: number;
  @Field(() => [RejectedItemModel], { description: 'Items of the file not taken, and why (adjusted scores are the director’s to enter)' }) rejected: RejectedItemModel[];
  @Field({ description: 'A dry run: what the import would store (created, unchanged), checked as it would be; nothing was written' }) dryRun: boolean;
}

@Resolver()
export class SectionImportResolver {
  constructor(private readonly sections: SectionImportService) {}

  @Mutation(() => SectionImportReportModel, {
    description:
      'Posts one section’s lines from a scoring program’s file, as pads would (all or nothing; CONFLICT on a line that differs from a stored one). DIRECTOR of the event, or of the club hosting the section; the pairs must be entered first',
  })
  @Requires('DIRECTOR', (a) => ({ kind: 'section', id: a.input?.sectionId }), 'Importing a section’s results')
  importSectionResults(@Args('input') input: ImportSectionResultsInput, @Actor() actor: string) {
    const file = Buffer.from(input.content, input.encoding === ContentEncoding.BASE64 ? 'base64' : 'utf8');
    return this.sections.import(input.sectionId, input.format, file, input.fromSection, actor, input.dryRun ?? false);
  }
}
