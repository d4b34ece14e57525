import { Field, Float, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';
import { MatchpointScale, VpScale } from '../models/event.model.js';
import { AwardRule, DatumRounding, Factoring, ScoreAcross, SessionWeighting, TieBreak, VpBoards } from '../models/scoring-rules.model.js';

@InputType({ description: 'Values of artificial adjusted scores; a null field keeps the value in force (default 60 / 50 / 40 % and 3 IMPs)' })
export class ArtificialScoresInput {
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber() @Min(0) @Max(100) averagePlus?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber() @Min(0) @Max(100) average?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber() @Min(0) @Max(100) averageMinus?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber() @Min(0) @Max(24) imps?: number;
}

@InputType({ description: 'Butler trimming: give one of perEnd (scores dropped at each end) or percentPerEnd' })
export class ButlerTrimInput {
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(100) perEnd?: number;
  @Field(() => Float, { nullable: true }) @IsOptional() @IsNumber() @Min(0) @Max(49.99) percentPerEnd?: number;
}

@InputType()
export class VpStepInput {
  @Field(() => Int) @IsInt() @Min(0) @Max(1000) fromImps: number;
  @Field(() => Float) @IsNumber() @Min(0) @Max(100) winner: number;
  @Field(() => Float) @IsNumber() @Min(0) @Max(100) loser: number;
}

@InputType()
export class VpScaleRangeInput {
  @Field(() => Int) @IsInt() @Min(1) @Max(1000) minBoards: number;
  @Field(() => Int) @IsInt() @Min(1) @Max(1000) maxBoards: number;
  @Field(() => [VpStepInput]) @ArrayMinSize(1) @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => VpStepInput) steps: VpStepInput[];
}

@InputType({ description: 'An organiser’s own VP table, used with vpScale CUSTOM' })
export class VpScaleTableInput {
  @Field() @Length(1, 100) name: string;
  @Field(() => [VpScaleRangeInput]) @ArrayMinSize(1) @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => VpScaleRangeInput) ranges: VpScaleRangeInput[];
}

@InputType()
export class VpAwardInput {
  @Field(() => AwardRule) @IsEnum(AwardRule) rule: AwardRule;
  @Field(() => Float, { nullable: true, description: 'Fixed VPs; null: 60 % of the scale’s maximum' }) @IsOptional() @IsNumber() @Min(0) @Max(100) vps?: number;
}

@InputType()
export class ForfeitAwardInput extends VpAwardInput {
  @Field(() => Float, { nullable: true, description: 'VPs of the team that forfeited (default 0)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) loserVps?: number;
}

@InputType({ description: 'Knockout carry-over: IMPs a team starts its match against an opponent with' })
export class CarryOverInput {
  @Field(() => ID) @IsUUID() team: string;
  @Field(() => ID) @IsUUID() opponent: string;
  @Field(() => Float) @IsNumber() @Min(-1000) @Max(1000) imps: number;
}

/**
 * The event's scoring rules, on CreateEventInput and UpdateEventInput (nullable: null keeps the
 * value in force, or the default shown). Every one is honoured by the scoring core.
 */
@InputType({ isAbstract: true })
export abstract class ScoringRulesFields {
  @Field(() => VpScale, { nullable: true, description: 'IMP-to-VP conversion of team matches' }) @IsOptional() @IsEnum(VpScale) vpScale?: VpScale;
  @Field(() => MatchpointScale, { nullable: true, description: 'TWO_POINT (default) or ONE_POINT (ACBL)' }) @IsOptional() @IsEnum(MatchpointScale) matchpointScale?: MatchpointScale;
  @Field(() => Factoring, { nullable: true, description: 'NEUBERG (default) or RATIO' }) @IsOptional() @IsEnum(Factoring) factoring?: Factoring;
  @Field(() => ArtificialScoresInput, { nullable: true }) @IsOptional() @ValidateNested() @Type(() => ArtificialScoresInput) artificialScores?: ArtificialScoresInput;
  @Field({ nullable: true, description: 'Law 12C2(c): a side’s own session result replaces a worse A+ (or a better A−); default true' })
  @IsOptional()
  @IsBoolean()
  sessionPercentageRule?: boolean;
  @Field(() => ButlerTrimInput, { nullable: true, description: 'Default: keep all when n ≤ 3, else drop ceil((n − 10)/15) + 1 at each end' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ButlerTrimInput)
  butlerTrim?: ButlerTrimInput;
  @Field(() => DatumRounding, { nullable: true }) @IsOptional() @IsEnum(DatumRounding) butlerDatumRounding?: DatumRounding;
  @Field(() => Float, { nullable: true, description: 'IMPs a pair wins in one round count at most this (losses uncapped)' })
  @IsOptional()
  @IsNumber()
  @Min(0.01)
  @Max(1000)
  impCapPerRound?: number;
  @Field(() => ScoreAcross, { nullable: true }) @IsOptional() @IsEnum(ScoreAcross) scoreAcross?: ScoreAcross;
  @Field(() => SessionWeighting, { nullable: true }) @IsOptional() @IsEnum(SessionWeighting) sessionWeighting?: SessionWeighting;
  @Field(() => VpScaleTableInput, { nullable: true }) @IsOptional() @ValidateNested() @Type(() => VpScaleTableInput) customVpScale?: VpScaleTableInput;
  @Field(() => VpBoards, { nullable: true }) @IsOptional() @IsEnum(VpBoards) vpBoards?: VpBoards;
  @Field(() => [TieBreak], { nullable: true, description: 'Team tie-breaks in order (default HEAD_TO_HEAD_VP, HEAD_TO_HEAD_IMP, IMP_QUOTIENT, MATCHES_WON)' })
  @IsOptional()
  @ArrayMaxSize(4)
  @IsEnum(TieBreak, { each: true })
  tieBreaks?: TieBreak[];
  @Field(() => VpAwardInput, { nullable: true }) @IsOptional() @ValidateNested() @Type(() => VpAwardInput) byeAward?: VpAwardInput;
  @Field(() => ForfeitAwardInput, { nullable: true }) @IsOptional() @ValidateNested() @Type(() => ForfeitAwardInput) forfeitAward?: ForfeitAwardInput;
  @Field({ nullable: true, description: 'Teams: each pair of teams plays one knockout match over all its segments' }) @IsOptional() @IsBoolean() knockout?: boolean;
  @Field(() => [CarryOverInput], { nullable: true, description: 'Knockout carry-over, one entry per team and match' })
  @IsOptional()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => CarryOverInput)
  carryOver?: CarryOverInput[];
}
