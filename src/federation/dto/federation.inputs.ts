import { IsReason } from '../../common/reason.js';
import { Field, Float, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsNumber, IsInt, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';

@InputType({ description: 'A director merges a duplicate player into the one that stays; audited, nothing deleted' })
export class MergePlayersInput {
  @Field(() => ID, { description: 'The player who stays' }) @IsUUID() keepId: string;
  @Field(() => ID, { description: 'The duplicate: its events move to the player who stays' }) @IsUUID() duplicateId: string;
  @Field({ description: 'Why: shown in the audit trail' }) @IsReason() reason: string;
}

@InputType({ description: 'Award points by place for fields of at least `minContestants`' })
export class AwardTierInput {
  @Field(() => Int, { description: 'The tier applies when the field has at least this many contestants' }) @IsInt() @Min(1) @Max(100_000) minContestants: number;
  @Field(() => [Float], { description: 'Points for 1st, 2nd, 3rd… place (1–500 values, each ≥ 0)' }) @ArrayMinSize(1) @ArrayMaxSize(500) @IsNumber({}, { each: true }) @Min(0, { each: true }) points: number[];
}

@InputType({ description: 'Sets (or replaces) the federation’s award scale for a category of event' })
export class SetAwardScaleInput {
  @Field(() => ID, { description: 'The federation' }) @IsUUID() organizationId: string;
  @Field({ description: 'Events with this category earn awards by this scale' }) @Length(1, 50) category: string;
  @Field({ description: 'Display name, 1–200 characters' }) @Length(1, 200) name: string;
  @Field(() => [AwardTierInput], { description: 'Tiers by field size (1–50)' }) @ArrayMinSize(1) @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => AwardTierInput) tiers: AwardTierInput[];
}
