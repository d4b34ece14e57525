import { Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsEnum, IsOptional, IsUUID, Length, Matches, ValidateNested } from 'class-validator';
import { SectionHostInput } from './section-hosts.js';
import { FileFormat } from '../models/import-report.model.js';

export enum ContentEncoding {
  TEXT = 'TEXT',
  BASE64 = 'BASE64',
}
registerEnumType(ContentEncoding, { name: 'ContentEncoding', description: 'How the file is written in the input’s content: TEXT, or BASE64 for binary files (BWS)' });

@InputType({ description: 'A file sent inside GraphQL (up to about 700 KB). Larger files: POST /api/v1/imports/{format} with the file as the body.' })
export class ImportFileInput {
  @Field(() => FileFormat, { description: 'PBN, USEBIO, BWS or CSV' }) @IsEnum(FileFormat) format: FileFormat;
  @Field({ description: 'The file: text, or base64 (BWS is binary)' }) @Length(1, 1_000_000) content: string;
  @Field(() => ContentEncoding, { nullable: true, defaultValue: ContentEncoding.TEXT, description: 'TEXT (default) or BASE64 (needed for BWS, a binary file)' }) @IsOptional() @IsEnum(ContentEncoding) encoding?: ContentEncoding;
  @Field(() => ID, { nullable: true, description: 'Add the file’s sessions to this event instead of creating one' }) @IsOptional() @IsUUID() eventId?: string;
  @Field(() => [SectionHostInput], {
    nullable: true,
    description: 'Simultaneous events: the club running each of the file’s sections. A letter left out keeps the host it has in the event’s other sessions (none: the organiser’s)',
  })
  @IsOptional()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => SectionHostInput)
  hosts?: SectionHostInput[];
  @Field({ nullable: true, defaultValue: false, description: 'Check everything and answer the report; write nothing' }) @IsOptional() @IsBoolean() dryRun?: boolean;
  @Field({ nullable: true, defaultValue: false, description: 'A corrected file may change results after the correction period (Law 79C2, a director’s decision)' }) @IsOptional() @IsBoolean() override?: boolean;
  @Field({ nullable: true, description: 'The file’s name, for the audit trail (the import’s own entry, a re-import’s corrections), 1–200 printable characters' })
  @IsOptional()
  @Length(1, 200)
  @Matches(/^[^\u0000-\u001f\u007f]*$/, { message: 'fileName must be printable' })
  fileName?: string;
}
