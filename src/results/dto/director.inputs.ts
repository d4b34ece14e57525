import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Seat } from '../../common/enums.js';

export enum AdjustmentKind {
  ARTIFICIAL = 'ARTIFICIAL',
  ASSIGNED = 'ASSIGNED',
  NOT_PLAYED = 'NOT_PLAYED',
}
registerEnumType(AdjustmentKind, { name: 'AdjustmentKind' });

/** Law 12C2: average plus, average, average minus. */
export enum ArtificialScore {
  A_PLUS = 'A_PLUS',
  AVERAGE = 'AVERAGE',
  A_MINUS = 'A_MINUS',
}
registerEnumType(ArtificialScore, { name: 'ArtificialScore' });

export enum PenaltyUnit {
  MP = 'MP',
  PERCENT_OF_TOP = 'PERCENT_OF_TOP',
  IMP = 'IMP',
  VP = 'VP',
  DISQUALIFIED = 'DISQUALIFIED',
}
registerEnumType(PenaltyUnit, { name: 'PenaltyUnit' });

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

@InputType({ description: 'Which line of which board: the board and the two contestants' })
export class LineRefInput {
  @Field({ nullable: true }) @IsOptional() @Transform(upper) @Matches(/^[A-Z]{1,2}$/) section?: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(999) board: number;
  @Field(() => Int) @IsInt() @Min(1) nsPair: number;
  @Field(() => Int) @IsInt() @Min(1) ewPair: number;
}

@InputType({ description: 'One possible result of an assigned score, with its weight' })
export class WeightedResultInput {
  @Field() @Length(1, 12) contract: string;
  @Field(() => Seat, { nullable: true }) @IsOptional() @IsEnum(Seat) declarer?: Seat;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(13) tricks?: number;
  @Field({ nullable: true }) @IsOptional() @Matches(/^(=|[+-]\d{1,2})$/) result?: string;
  @Field({ description: 'Exact weight: "3/5", "0.6" or "1"' }) @Matches(/^(\d+\/\d+|\d+(\.\d+)?)$/, { message: 'weight must be a fraction such as 3/5 or a decimal such as 0.6' }) weight: string;
}

@InputType()
export class AdjustScoreInput extends LineRefInput {
  @Field(() => ID) @IsUUID() sessionId: string;
  @Field(() => AdjustmentKind) @IsEnum(AdjustmentKind) kind: AdjustmentKind;
  @Field(() => ArtificialScore, { nullable: true }) @IsOptional() @IsEnum(ArtificialScore) ns?: ArtificialScore;
  @Field(() => ArtificialScore, { nullable: true }) @IsOptional() @IsEnum(ArtificialScore) ew?: ArtificialScore;
  @Field(() => [WeightedResultInput], { nullable: true, description: 'Assigned score for NS (and for EW too, unless split)' })
  @IsOptional()
  @ArrayMinSize(1)
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => WeightedResultInput)
  assigned?: WeightedResultInput[];
  @Field(() => [WeightedResultInput], { nullable: true, description: 'Split score: what EW are scored as, when different' })
  @IsOptional()
  @ArrayMinSize(1)
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => WeightedResultInput)
  assignedEw?: WeightedResultInput[];
  @Field() @Length(3, 500) reason: string;
  @Field({ nullable: true, description: 'Law cited; defaults to 12C2 (artificial) or 12C1(c) (assigned)' }) @IsOptional() @Length(1, 20) law?: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

@InputType({ description: 'Law 87: which tables played which version of a fouled board' })
export class MarkFouledBoardInput {
  @Field(() => ID) @IsUUID() sessionId: string;
  @Field({ nullable: true }) @IsOptional() @Transform(upper) @Matches(/^[A-Z]{1,2}$/) section?: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(999) board: number;
  @Field(() => Int, { description: 'Version number (1 is the board as dealt)' }) @IsInt() @Min(1) @Max(9) form: number;
  @Field(() => [LineRefInput], { description: 'The lines that played this version' }) @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => LineRefInput) lines: LineRefInput[];
  @Field() @Length(3, 500) reason: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

@InputType({ description: 'Law 90 procedural penalty, or a disqualification' })
export class AddPenaltyInput {
  @Field(() => ID) @IsUUID() sessionId: string;
  @Field(() => ID) @IsUUID() contestantId: string;
  @Field(() => PenaltyUnit) @IsEnum(PenaltyUnit) unit: PenaltyUnit;
  @Field({ nullable: true, description: 'Exact amount, e.g. "25" (% of a top), "3" (IMPs), "1/2"' })
  @IsOptional()
  @Matches(/^(\d+\/\d+|\d+(\.\d+)?)$/, { message: 'amount must be a positive number or fraction' })
  amount?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) board?: number;
  @Field() @Length(3, 500) reason: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 20) law?: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}
