import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsReason } from '../../common/reason.js';

export enum AppealOutcome {
  UPHELD = 'UPHELD',
  VARIED = 'VARIED',
  DISMISSED = 'DISMISSED',
  WITHDRAWN = 'WITHDRAWN',
}
registerEnumType(AppealOutcome, {
  name: 'AppealOutcome',
  description: 'UPHELD: the ruling is changed as asked. VARIED: changed otherwise. DISMISSED: the ruling stands. WITHDRAWN: the appellants withdrew it',
});

@InputType({ description: 'An appeal of a director’s ruling (Law 92), lodged in the Law 92B period' })
export class LodgeAppealInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => ID, { description: 'The appellants (a pair or team of the event)' }) @IsUUID() contestantId: string;
  @Field(() => Int, { nullable: true, description: 'The board the ruling was on; leave out for a ruling on the session' }) @IsOptional() @IsInt() @Min(1) @Max(999) board?: number;
  @Field({ description: 'What is appealed and why, 3–500 characters' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'After the Law 92B period: the tournament organiser accepts a late appeal (audited)' }) @IsOptional() @IsBoolean() override?: boolean;
}

@InputType({ description: 'The decision on an appeal (Law 93); a score it changes is then adjusted with adjustScore' })
export class DecideAppealInput {
  @Field(() => ID, { description: 'The appeal’s id' }) @IsUUID() id: string;
  @Field(() => AppealOutcome, { description: 'UPHELD, VARIED, DISMISSED or WITHDRAWN' }) @IsEnum(AppealOutcome) outcome: AppealOutcome;
  @Field({ description: 'The decision as the players will read it, 3–500 characters' }) @IsReason() decision: string;
  @Field({ nullable: true, description: 'A dismissed appeal found without merit (the deposit kept, or a warning, as regulations say)' }) @IsOptional() @IsBoolean() withoutMerit?: boolean;
}
