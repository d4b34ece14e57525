import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { AppealOutcome } from '../dto/appeal.inputs.js';

@ObjectType('Appeal', { description: 'An appeal of a director’s ruling (Law 92) and its decision (Law 93). While one is pending the session’s results stay OFFICIAL' })
export class AppealModel {
  @Field(() => ID, { description: 'The appeal’s id (use it to decide it)' }) id: string;
  @Field(() => ID, { description: 'The session' }) sessionId: string;
  @Field(() => ID, { description: 'The appellants' }) contestantId: string;
  @Field(() => Int, { nullable: true, description: 'The board the ruling was on; null for a ruling on the session' }) boardNumber: number | null;
  @Field({ description: 'What is appealed and why' }) reason: string;
  @Field({ description: 'When it was lodged (instant, UTC)' }) lodgedAt: Date;
  @Field(() => AppealOutcome, { nullable: true, description: 'null while pending' }) outcome: string | null;
  @Field(() => String, { nullable: true, description: 'The decision; null while pending' }) decision: string | null;
  @Field({ description: 'Dismissed and found without merit' }) withoutMerit: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was decided' }) decidedAt: Date | null;
}
