import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('RulingRequest', { description: 'A request for the director’s ruling (Law 92B) and the ruling given. While one waits for its ruling the session’s results stay OFFICIAL' })
export class RulingRequestModel {
  @Field(() => ID, { description: 'The request’s id (use it to give the ruling)' }) id: string;
  @Field(() => ID, { description: 'The session' }) sessionId: string;
  @Field(() => ID, { description: 'The contestant that asked' }) contestantId: string;
  @Field(() => Int, { nullable: true, description: 'The board it is about; null for the session' }) boardNumber: number | null;
  @Field({ description: 'What happened and what is asked' }) reason: string;
  @Field({ description: 'When it was requested (instant, UTC)' }) requestedAt: Date;
  @Field(() => String, { nullable: true, description: 'The ruling; null while pending' }) ruling: string | null;
  @Field(() => String, { nullable: true, description: 'The Law the ruling applies, when the director cites one' }) law: string | null;
  @Field(() => Date, { nullable: true, description: 'When the ruling was given' }) ruledAt: Date | null;
}
