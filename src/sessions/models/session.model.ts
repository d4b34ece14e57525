import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { SessionStatus } from '../../common/enums.js';

@ObjectType({ description: 'One sitting of an event; sessions are numbered in the order they are played' })
export class Session {
  @Field(() => ID) id: string;
  @Field(() => ID) eventId: string;
  @Field(() => Int) number: number;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => Date, { nullable: true }) startsAt: Date | null;
  @Field(() => SessionStatus) status: SessionStatus;
  @Field(() => Date, { nullable: true, description: 'When the results were made official' }) publishedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'End of the Law 79C correction period' }) correctionDeadline: Date | null;
  @Field(() => Date, { nullable: true, description: 'End of the Law 92B appeal period' }) appealDeadline: Date | null;
  @Field({ description: 'Travellers, scorecards and hands are hidden from the public until the session ends (COMPLETED or published)' })
  hideTravellers: boolean;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}
