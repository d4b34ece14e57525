import { Field, Float, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';
import { MatchpointScale, VpScale } from '../models/event.model.js';
import { AwardRule, DatumRounding, Factoring, FouledSmallGroups, ImpDifferenceRounding, ScoreAcross, SessionWeighting, TeamsTotalPoints, TieBreak, VpBoards, VpFractionalMargin } from '../models/scoring-rules.model.js';

@InputType({ description: 'Values of artificial adjusted scores; a null field keeps the value in force (default 60 / 50 / 40 % and 3 IMPs)' })
export class ArtificialScoresInput {
  @Field(() => Float, { nullable: true, description: 'Average plus, percent of a top (0–100; default 60)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) averagePlus?: number;
  @Field(() => Float, { nullable: true, description: 'Average, percent of a top (0–100; default 50)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) average?: number;
  @Field(() => Float, { nullable: true, description: 'Average minus, percent of a top (0–100; default 40)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) averageMinus?: number;
  @Field(() => Float, { nullable: true, description: 'IMPs of average plus (0–24; default 3); average minus is its negative' }) @IsOptional() @IsNumber() @Min(0) @Max(24) imps?: number;
}

@InputType({ description: 'Law 12C2(d): a contestant without a result on several boards of a session gets these values from its `from`-th artificial adjusted score on; a null value keeps the one in force, or takes the event’s artificialScores' })
export class MultipleArtificialInput {
  @Field(() => Int, { description: 'The contestant’s artificial score of a session (in the order played: by round, then board) from which the values below apply, 2–500; 0 turns the rule off' })
  @IsInt()
  @Min(0)
  @Max(500)
  from: number;
  @Field(() => Float, { nullable: true, description: 'Average plus, percent of a top (0–100)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) averagePlus?: number;
  @Field(() => Float, { nullable: true, description: 'Average, percent of a top (0–100)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) average?: number;
  @Field(() => Float, { nullable: true, description: 'Average minus, percent of a top (0–100)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) averageMinus?: number;
  @Field(() => Float, { nullable: true, description: 'IMPs of average plus (0–24); average minus is its negative' }) @IsOptional() @IsNumber() @Min(0) @Max(24) imps?: number;
}

@InputType({ description: 'Butler trimming: give one of perEnd (scores dropped at each end) or percentPerEnd' })
export class ButlerTrimInput {
  @Field(() => Int, { nullable: true, description: 'Results dropped at each end before the datum is averaged (0–100)' }) @IsOptional() @IsInt() @Min(0) @Max(100) perEnd?: number;
  @Field(() => Float, { nullable: true, description: 'Percent of the results dropped at each end (0–49.99)' }) @IsOptional() @IsNumber() @Min(0) @Max(49.99) percentPerEnd?: number;
}

@InputType({ description: 'One row of a VP table: from this IMP margin up, the winner and loser get these VPs' })
export class VpStepInput {
  @Field(() => Int, { description: 'The smallest IMP margin of the row (0–1000)' }) @IsInt() @Min(0) @Max(1000) fromImps: number;
  @Field(() => Float, { description: 'VPs of the winner' }) @IsNumber() @Min(0) @Max(100) winner: number;
  @Field(() => Float, { description: 'VPs of the loser' }) @IsNumber() @Min(0) @Max(100) loser: number;
}

@InputType({ description: 'A VP table for matches of `minBoards`–`maxBoards` boards' })
export class VpScaleRangeInput {
  @Field(() => Int, { description: 'Fewest boards the table applies to' }) @IsInt() @Min(1) @Max(1000) minBoards: number;
  @Field(() => Int, { description: 'Most boards the table applies to' }) @IsInt() @Min(1) @Max(1000) maxBoards: number;
  @Field(() => [VpStepInput], { description: 'Rows by rising IMP margin, the first from 0' }) @ArrayMinSize(1) @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => VpStepInput) steps: VpStepInput[];
}

@InputType({ description: 'An organiser’s own VP table, used with vpScale CUSTOM' })
export class VpScaleTableInput {
  @Field({ description: 'Name of the scale, 1–100 characters' }) @Length(1, 100) name: string;
  @Field(() => [VpScaleRangeInput], { description: 'Tables by match length' }) @ArrayMinSize(1) @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => VpScaleRangeInput) ranges: VpScaleRangeInput[];
}

@InputType({ description: 'What a bye (or a forfeit, to the team that was ready) is worth' })
export class VpAwardInput {
  @Field(() => AwardRule, { description: 'FIXED, OWN_AVERAGE or BETTER_OF_FIXED_AND_AVERAGE' }) @IsEnum(AwardRule) rule: AwardRule;
  @Field(() => Float, { nullable: true, description: 'Fixed VPs; null: 60 % of the scale’s maximum' }) @IsOptional() @IsNumber() @Min(0) @Max(100) vps?: number;
}

@InputType({ description: 'A forfeited match: the award to the ready team and the forfeiting team’s VPs' })
export class ForfeitAwardInput extends VpAwardInput {
  @Field(() => Float, { nullable: true, description: 'VPs of the team that forfeited (default 0)' }) @IsOptional() @IsNumber() @Min(0) @Max(100) loserVps?: number;
}

@InputType({ description: 'Knockout carry-over: IMPs a team starts its match against an opponent with' })
export class CarryOverInput {
  @Field(() => ID, { description: 'The team (contestant id) that carries the IMPs' }) @IsUUID() team: string;
  @Field(() => ID, { description: 'The opponent (contestant id) of the match' }) @IsUUID() opponent: string;
  @Field(() => Float, { description: 'IMPs carried over (negative: a deficit), −1000 to 1000' }) @IsNumber() @Min(-1000) @Max(1000) imps: number;
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
  @Field(() => ArtificialScoresInput, { nullable: true, description: 'Values of artificial adjusted scores (Law 12C2)' }) @IsOptional() @ValidateNested() @Type(() => ArtificialScoresInput) artificialScores?: ArtificialScoresInput;
  @Field({ nullable: true, description: 'Law 12C2(c): a side’s own session result replaces a worse A+ (or a better A−); default true' })
  @IsOptional()
  @IsBoolean()
  sessionPercentageRule?: boolean;
  @Field(() => MultipleArtificialInput, { nullable: true, description: 'Law 12C2(d), events scored in matchpoints or IMPs: the values of a contestant’s later artificial scores in a session (default: none varied)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => MultipleArtificialInput)
  multipleArtificial?: MultipleArtificialInput;
  @Field(() => ButlerTrimInput, { nullable: true, description: 'Default: keep all when n ≤ 3, else drop ceil((n − 10)/15) + 1 at each end' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ButlerTrimInput)
  butlerTrim?: ButlerTrimInput;
  @Field(() => FouledSmallGroups, { nullable: true, description: 'A fouled board’s small groups (Law 87): NEUBERG (default) or FIXED_PERCENTAGES' })
  @IsOptional()
  @IsEnum(FouledSmallGroups)
  fouledSmallGroups?: FouledSmallGroups;
  @Field(() => DatumRounding, { nullable: true, description: 'Butler datum rounding: NEAREST_10 (default), TOWARD_ZERO_10 or NONE' }) @IsOptional() @IsEnum(DatumRounding) butlerDatumRounding?: DatumRounding;
  @Field(() => ImpDifferenceRounding, { nullable: true, description: 'A difference that is not a multiple of 10 (an unrounded datum): HALF_OPEN (default) or NEAREST_10 first' })
  @IsOptional()
  @IsEnum(ImpDifferenceRounding)
  impDifferenceRounding?: ImpDifferenceRounding;
  @Field(() => Float, { nullable: true, description: 'IMPs a pair wins in one round count at most this (losses uncapped)' })
  @IsOptional()
  @IsNumber()
  @Min(0.01)
  @Max(1000)
  impCapPerRound?: number;
  @Field(() => Int, { nullable: true, description: 'Cross-IMPs scaled to this many comparisons (1–1000); default: the average over each board’s comparisons' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  crossImpComparisons?: number;
  @Field(() => ScoreAcross, { nullable: true, description: 'SECTION (default) or SESSION: which sections are one field' }) @IsOptional() @IsEnum(ScoreAcross) scoreAcross?: ScoreAcross;
  @Field(() => SessionWeighting, { nullable: true, description: 'BOARDS (default) or EQUAL: how sessions combine into the event’s result' }) @IsOptional() @IsEnum(SessionWeighting) sessionWeighting?: SessionWeighting;
  @Field(() => VpScaleTableInput, { nullable: true, description: 'The event’s own VP table, used when vpScale is CUSTOM' }) @IsOptional() @ValidateNested() @Type(() => VpScaleTableInput) customVpScale?: VpScaleTableInput;
  @Field(() => VpBoards, { nullable: true, description: 'PLAYED (default) or SCHEDULED: the board count a VP scale is read for' }) @IsOptional() @IsEnum(VpBoards) vpBoards?: VpBoards;
  @Field(() => VpFractionalMargin, { nullable: true, description: 'INTERPOLATE (default) or FORMULA: the VPs of a fractional IMP margin on WBF_2013, VP_25 or VP_30' })
  @IsOptional()
  @IsEnum(VpFractionalMargin)
  vpFractionalMargin?: VpFractionalMargin;
  @Field(() => TeamsTotalPoints, { nullable: true, description: 'Teams scored TOTAL_POINTS: AGGREGATE (default) or BOARD_A_MATCH' })
  @IsOptional()
  @IsEnum(TeamsTotalPoints)
  teamsTotalPoints?: TeamsTotalPoints;
  @Field({ nullable: true, description: 'Board-a-match: a difference of 10 points is a tie, not a win (default false)' }) @IsOptional() @IsBoolean() boardAMatchTenIsTie?: boolean;
  @Field(() => [TieBreak], { nullable: true, description: 'Team tie-breaks in order (default HEAD_TO_HEAD_VP, HEAD_TO_HEAD_IMP, IMP_QUOTIENT, MATCHES_WON)' })
  @IsOptional()
  @ArrayMaxSize(4)
  @IsEnum(TieBreak, { each: true })
  tieBreaks?: TieBreak[];
  @Field(() => VpAwardInput, { nullable: true, description: 'What a bye is worth (teams)' }) @IsOptional() @ValidateNested() @Type(() => VpAwardInput) byeAward?: VpAwardInput;
  @Field(() => ForfeitAwardInput, { nullable: true, description: 'What a forfeited match is worth (teams)' }) @IsOptional() @ValidateNested() @Type(() => ForfeitAwardInput) forfeitAward?: ForfeitAwardInput;
  @Field({ nullable: true, description: 'Teams: each pair of teams plays one knockout match over all its segments' }) @IsOptional() @IsBoolean() knockout?: boolean;
  @Field(() => [CarryOverInput], { nullable: true, description: 'Knockout carry-over, one entry per team and match' })
  @IsOptional()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => CarryOverInput)
  carryOver?: CarryOverInput[];
}
