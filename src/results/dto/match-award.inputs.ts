import { IsReason } from '../../common/reason.js';
import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export enum MatchAwardKind {
  BYE = 'BYE',
  FORFEIT = 'FORFEIT',
}
registerEnumType(MatchAwardKind, { name: 'MatchAwardKind', description: 'BYE: the team sits out the round. FORFEIT: the team did not play its match; its opponent gets the forfeit award' });

@InputType({ description: 'A bye or a forfeited match of a team event; valued by the event’s byeAward / forfeitAward' })
export class RecordMatchAwardInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => Int, { description: 'Round of the match, 1–999' }) @IsInt() @Min(1) @Max(999) round: number;
  @Field(() => MatchAwardKind, { description: 'BYE or FORFEIT' }) @IsEnum(MatchAwardKind) kind: MatchAwardKind;
  @Field(() => ID, { description: 'BYE: the team with the bye. FORFEIT: the team that did not play' }) @IsUUID() contestantId: string;
  @Field(() => ID, { nullable: true, description: 'FORFEIT: the team that was ready to play' }) @IsOptional() @IsUUID() opponentId?: string;
  @Field({ description: 'Why: shown in the audit trail' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'After the correction period (Law 79C2)' }) @IsOptional() @IsBoolean() override?: boolean;
}

@InputType({ description: 'Withdraws a bye or forfeit award; audited' })
export class RevokeMatchAwardInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => ID, { description: 'The award’s id' }) @IsUUID() id: string;
  @Field({ description: 'Why: shown in the audit trail' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'After the correction period (Law 79C2)' }) @IsOptional() @IsBoolean() override?: boolean;
}
