import { IsReason } from '../../common/reason.js';
import { Field, Float, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsUUID, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Direction, Seat } from '../../common/enums.js';

export enum AdjustmentKind {
  ARTIFICIAL = 'ARTIFICIAL',
  ASSIGNED = 'ASSIGNED',
  NOT_PLAYED = 'NOT_PLAYED',
  ABSENT_PAIR = 'ABSENT_PAIR',
  DIRECT = 'DIRECT',
}
registerEnumType(AdjustmentKind, {
  name: 'AdjustmentKind',
  description:
    'ARTIFICIAL: A+/A/A− per side (Law 12C2). ASSIGNED: a result, or weighted results (Law 12C1(c)), split per side if need be. NOT_PLAYED: no score for anyone. ABSENT_PAIR: one pair did not turn up; the pair present gets presentPercentage, the absent pair 0 %, and the others are matchpointed among themselves (matchpoint pairs). DIRECT: each side’s figure given directly in matchpoints, percent or IMPs (Law 86D; the 1999 Chinese rules)',
});

/** The unit of a direct award. */
export enum DirectAwardUnit {
  MATCHPOINTS = 'MATCHPOINTS',
  PERCENT = 'PERCENT',
  IMPS = 'IMPS',
}
registerEnumType(DirectAwardUnit, { name: 'DirectAwardUnit', description: 'MATCHPOINTS or PERCENT (of the board’s top) in matchpoint events; IMPS in IMP pairs and teams' });

/** Law 12C2: average plus, average, average minus. */
export enum ArtificialScore {
  A_PLUS = 'A_PLUS',
  AVERAGE = 'AVERAGE',
  A_MINUS = 'A_MINUS',
}
registerEnumType(ArtificialScore, { name: 'ArtificialScore', description: 'Law 12C2 artificial score: A_PLUS (average plus), AVERAGE, A_MINUS (average minus)' });

export enum PenaltyUnit {
  MP = 'MP',
  PERCENT_OF_TOP = 'PERCENT_OF_TOP',
  IMP = 'IMP',
  VP = 'VP',
  DISQUALIFIED = 'DISQUALIFIED',
}
registerEnumType(PenaltyUnit, { name: 'PenaltyUnit', description: 'What a penalty amount counts: MP (matchpoints), PERCENT_OF_TOP, IMP, VP, or DISQUALIFIED (no amount)' });

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

@InputType({ description: 'Which line of which board: the board and the two contestants' })
export class LineRefInput {
  @Field({ nullable: true, description: 'Section letter; optional when the session has one section' }) @IsOptional() @Transform(upper) @Matches(/^[A-Z]{1,2}$/) section?: string;
  @Field(() => Int, { description: 'Board number' }) @IsInt() @Min(1) @Max(999) board: number;
  @Field(() => Int, { description: 'Contestant number sitting NS' }) @IsInt() @Min(1) nsPair: number;
  @Field(() => Int, { description: 'Contestant number sitting EW' }) @IsInt() @Min(1) ewPair: number;
  @Field(() => Int, { nullable: true, description: 'Round the line was (or would have been) played in; kept on a new line, and tells an arrow-switched round apart' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(99)
  round?: number;
  @Field(() => Int, { nullable: true, description: 'Table number, when known' }) @IsOptional() @IsInt() @Min(1) @Max(999) table?: number;
  @Field(() => Int, { nullable: true, description: 'The version of the line this decision was taken on (0: no line yet); CONFLICT when it changed since' })
  @IsOptional()
  @IsInt()
  @Min(0)
  expectedVersion?: number;
}

@InputType({ description: 'One possible result of an assigned score, with its weight' })
export class WeightedResultInput {
  @Field({ description: 'Contract, e.g. "4S", "3NTX", "PASS"' }) @Length(1, 12) contract: string;
  @Field(() => Seat, { nullable: true, description: 'Declarer’s seat; not for PASS' }) @IsOptional() @IsEnum(Seat) declarer?: Seat;
  @Field(() => Int, { nullable: true, description: 'Tricks taken by declarer, 0–13; or give `result` (one of them is needed unless the contract is PASS)' }) @IsOptional() @IsInt() @Min(0) @Max(13) tricks?: number;
  @Field({ nullable: true, description: 'Result relative to the contract: "=", "+1", "-2"' }) @IsOptional() @Matches(/^(=|[+-]\d{1,2})$/) result?: string;
  @Field({ description: 'Exact weight: "3/5", "0.6" or "1"' }) @Matches(/^(\d+\/\d+|\d+(\.\d+)?)$/, { message: 'weight must be a fraction such as 3/5 or a decimal such as 0.6' }) weight: string;
}

const EXACT = /^-?(\d+\/\d+|\d+(\.\d+)?)$/;

@InputType({ description: 'A direct award: each side’s figure on the board, exact ("7", "3.5", "-2", "14/3")' })
export class DirectAwardInput {
  @Field(() => DirectAwardUnit, { description: 'MATCHPOINTS, PERCENT or IMPS' }) @IsEnum(DirectAwardUnit) unit: DirectAwardUnit;
  @Field({ description: 'NS figure, a number or fraction: 7, 3.5, -2, 14/3' }) @Matches(EXACT, { message: 'ns must be a number or fraction such as 7, 3.5, -2 or 14/3' }) ns: string;
  @Field({ description: 'EW figure, a number or fraction: 7, 3.5, -2, 14/3' }) @Matches(EXACT, { message: 'ew must be a number or fraction such as 7, 3.5, -2 or 14/3' }) ew: string;
}

@InputType({ description: 'A director’s adjusted score on one line (Laws 12, 86); audited' })
export class AdjustScoreInput extends LineRefInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => AdjustmentKind, { description: 'ARTIFICIAL, ASSIGNED, NOT_PLAYED, ABSENT_PAIR or DIRECT' }) @IsEnum(AdjustmentKind) kind: AdjustmentKind;
  @Field(() => ArtificialScore, { nullable: true, description: 'ARTIFICIAL: NS’s artificial score (Law 12C2)' }) @IsOptional() @IsEnum(ArtificialScore) ns?: ArtificialScore;
  @Field(() => ArtificialScore, { nullable: true, description: 'ARTIFICIAL: EW’s artificial score (Law 12C2)' }) @IsOptional() @IsEnum(ArtificialScore) ew?: ArtificialScore;
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
  @Field(() => Direction, { nullable: true, description: 'ABSENT_PAIR: which side did not turn up' }) @IsOptional() @IsEnum(Direction) absentDirection?: Direction;
  @Field(() => Float, { nullable: true, description: 'ABSENT_PAIR: percent of the top the pair present gets (default 60)' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  presentPercentage?: number;
  @Field(() => DirectAwardInput, { nullable: true, description: 'DIRECT: each side’s figure' }) @IsOptional() @ValidateNested() @Type(() => DirectAwardInput) award?: DirectAwardInput;
  @Field({ description: 'Why: shown in the audit trail' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'Law cited; defaults to 12C2 (artificial), 12C1(c) (assigned), 86D (direct)' }) @IsOptional() @Length(1, 20) law?: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

@InputType({ description: 'Law 87: which tables played which version of a fouled board' })
export class MarkFouledBoardInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field({ nullable: true, description: 'Section letter; optional when the session has one section' }) @IsOptional() @Transform(upper) @Matches(/^[A-Z]{1,2}$/) section?: string;
  @Field(() => Int, { description: 'Board number' }) @IsInt() @Min(1) @Max(999) board: number;
  @Field(() => Int, { description: 'Version number (1 is the board as dealt)' }) @IsInt() @Min(1) @Max(9) form: number;
  @Field(() => [LineRefInput], { description: 'The lines that played this version' }) @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => LineRefInput) lines: LineRefInput[];
  @Field({ description: 'Why: shown in the audit trail' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

@InputType({ description: 'Law 90 procedural penalty, or a disqualification' })
export class AddPenaltyInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => ID, { description: 'The contestant penalised' }) @IsUUID() contestantId: string;
  @Field(() => PenaltyUnit, { description: 'What `amount` counts' }) @IsEnum(PenaltyUnit) unit: PenaltyUnit;
  @Field({ nullable: true, description: 'Exact amount, e.g. "25" (% of a top), "3" (IMPs), "1/2"' })
  @IsOptional()
  @Matches(/^(\d+\/\d+|\d+(\.\d+)?)$/, { message: 'amount must be a positive number or fraction' })
  amount?: string;
  @Field(() => Int, { nullable: true, description: 'The board it is given on; leave out for a session penalty' }) @IsOptional() @IsInt() @Min(1) board?: number;
  @Field({ description: 'Why: shown to players and in the audit trail' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'The Law cited, e.g. 90B, 1–20 characters' }) @IsOptional() @Length(1, 20) law?: string;
  @Field({ nullable: true, description: 'After the correction period: the Director and the TO are satisfied the record is wrong (Law 79C2)' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}
