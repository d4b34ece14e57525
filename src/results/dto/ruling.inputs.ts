import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsBoolean, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { IsReason } from '../../common/reason.js';

@InputType({ description: 'A request for the director’s ruling (Law 92B: within the appeal period)' })
export class RequestRulingInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => ID, { description: 'The contestant asking (a pair or team of the event)' }) @IsUUID() contestantId: string;
  @Field(() => Int, { nullable: true, description: 'The board it is about; leave out for the session' }) @IsOptional() @IsInt() @Min(1) @Max(999) board?: number;
  @Field({ description: 'What happened and what is asked, 3–500 characters' }) @IsReason() reason: string;
  @Field({ nullable: true, description: 'After the Law 92B period: the tournament organiser accepts a late request (audited)' }) @IsOptional() @IsBoolean() override?: boolean;
}

@InputType({ description: 'The director’s ruling on a request, given once; a score it changes is then adjusted with adjustScore' })
export class GiveRulingInput {
  @Field(() => ID, { description: 'The request’s id' }) @IsUUID() id: string;
  @Field({ description: 'The ruling as the players will read it, 3–500 characters' }) @IsReason() ruling: string;
  @Field({ nullable: true, description: 'The Law it applies, e.g. 12C1 or 16B (1–12 letters, digits and dots)' }) @IsOptional() @Matches(/^[0-9]{1,2}[A-Z0-9.()]{0,10}$/i, { message: 'law is a Law’s number and paragraph, e.g. 12C1' }) law?: string;
}
