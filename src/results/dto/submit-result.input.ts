import { IsReason } from '../../common/reason.js';
import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEnum,
  IsInt,
  IsOptional,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Seat } from '../../common/enums.js';

const trimUpper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

@InputType({ description: 'A director’s correction of a line already stored (Law 79C while the period runs; Law 79C2 override after it)' })
export class CorrectionInput {
  @Field({ description: 'Why the line changes; kept in the audit trail' })
  @ApiProperty({ example: 'Scorer entered 4S= instead of 4H=' })
  @IsReason()
  reason: string;

  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @ApiPropertyOptional({ example: false })
  @IsOptional()
  @IsBoolean()
  override?: boolean;

  @Field(() => Int, { nullable: true, description: 'The version of the line this correction was decided on; CONFLICT when it changed since' })
  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @IsInt()
  @Min(0)
  expectedVersion?: number;
}

/** One traveller line as table pads and scorers send it; the NS score is computed, never sent. */
@InputType({ description: 'One traveller line, without its session' })
export class ResultLineInput {
  @Field({ nullable: true, description: 'Section letter; optional when the session has one section' })
  @ApiPropertyOptional({ example: 'A' })
  @IsOptional()
  @Transform(trimUpper)
  @Matches(/^[A-Z]{1,2}$/, { message: 'section must be a section letter, e.g. A' })
  section?: string;

  @Field(() => Int, { description: 'Board number, 1–999' }) @ApiProperty({ example: 5 }) @IsInt() @Min(1) @Max(999) board: number;
  @Field(() => Int, { nullable: true, description: 'Round number, 1–99, when known' }) @ApiPropertyOptional({ example: 2 }) @IsOptional() @IsInt() @Min(1) @Max(99) round?: number;
  @Field(() => Int, { nullable: true, description: 'Table number, 1–200, when known' }) @ApiPropertyOptional({ example: 3 }) @IsOptional() @IsInt() @Min(1) @Max(200) table?: number;
  @Field(() => Int, { description: 'Number of the pair (or team) sitting NS' }) @ApiProperty({ example: 3 }) @IsInt() @Min(1) @Max(9999) nsPair: number;
  @Field(() => Int, { description: 'Number of the pair (or team) sitting EW' }) @ApiProperty({ example: 4 }) @IsInt() @Min(1) @Max(9999) ewPair: number;

  @Field({ description: 'PASS, or level + strain + X/XX: 4H, 3NTX, 6SXX' })
  @ApiProperty({ example: '4HX' })
  @Length(1, 12)
  contract: string;

  @Field(() => Seat, { nullable: true, description: 'Required unless the board was passed out' })
  @ApiPropertyOptional({ enum: Seat, example: 'S' })
  @IsOptional()
  @IsEnum(Seat)
  declarer?: Seat;

  @Field(() => Int, { nullable: true, description: 'Tricks taken by declarer, 0–13 (or give result)' })
  @ApiPropertyOptional({ example: 10 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(13)
  tricks?: number;

  @Field({ nullable: true, description: 'Relative result: =, +1, -2 (or give tricks)' })
  @ApiPropertyOptional({ example: '=' })
  @IsOptional()
  @Matches(/^(=|[+-]\d{1,2})$/, { message: 'result must be =, +N or -N' })
  result?: string;

  @Field({ nullable: true, description: 'Opening lead, e.g. SA, H7, DT' })
  @ApiPropertyOptional({ example: 'SA' })
  @IsOptional()
  @Transform(trimUpper)
  @Matches(/^[SHDC](10|[AKQJT2-9])$/, { message: 'lead must be a card such as SA, H7 or DT' })
  lead?: string;

  @Field({ nullable: true, description: 'Any string unique to this line; a retry with the same key changes nothing' })
  @ApiPropertyOptional()
  @IsOptional()
  @Length(1, 100)
  idempotencyKey?: string;

  @Field(() => CorrectionInput, { nullable: true, description: 'A director’s correction of a stored line, with its reason (Law 79C); without it a different line for the same board and pairs is a CONFLICT' })
  @ApiPropertyOptional({ type: CorrectionInput })
  @IsOptional()
  @ValidateNested()
  @Type(() => CorrectionInput)
  correction?: CorrectionInput;
}

@InputType({ description: 'One traveller line of a session; posting the same line again changes nothing' })
export class SubmitResultInput extends ResultLineInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
}

@InputType({ description: 'Several traveller lines of one session, stored together' })
export class SubmitResultsInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => [ResultLineInput], { description: 'The lines' })
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => ResultLineInput)
  lines: ResultLineInput[];
}

/** REST body: one line, or `{ "lines": [...] }` for a batch (all or nothing). */
export class ResultBatchBody {
  @ApiProperty({ type: [ResultLineInput] })
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => ResultLineInput)
  lines: ResultLineInput[];
}
