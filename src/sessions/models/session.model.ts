import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { SessionStatus } from '../../common/enums.js';

@ObjectType({ description: 'One sitting of an event; sessions are numbered in the order they are played' })
export class Session {
  @Field(() => ID, { description: 'The session’s id' }) id: string;
  @Field(() => ID, { description: 'The event the session belongs to' }) eventId: string;
  @Field(() => Int, { description: '1 for the first session of the event, then 2, 3…' }) number: number;
  @Field(() => String, { nullable: true, description: 'Display name, e.g. "Final A"; null when not given' }) name: string | null;
  @Field(() => Date, { nullable: true, description: 'Scheduled start (instant, UTC); null when not given' }) startsAt: Date | null;
  @Field(() => SessionStatus, { description: 'SCHEDULED, IN_PROGRESS, COMPLETED or OFFICIAL (published)' }) status: SessionStatus;
  @Field(() => Date, { nullable: true, description: 'When the results were made official' }) publishedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'End of the Law 79C correction period' }) correctionDeadline: Date | null;
  @Field(() => Date, { nullable: true, description: 'End of the Law 92B appeal period' }) appealDeadline: Date | null;
  @Field({ description: 'Travellers, scorecards and hands are hidden from the public until the session ends (COMPLETED or published)' })
  hideTravellers: boolean;
  @Field(() => Int, { description: 'Law 92 appeals lodged and not yet decided: while any is, the results stay OFFICIAL' }) pendingAppeals: number;
  @Field(() => Int, { description: 'Law 92B ruling requests not yet ruled on: while any is, the results stay OFFICIAL' }) pendingRulings: number;
  @Field({ description: 'When the session was created (instant, UTC)' }) createdAt: Date;
  @Field({ description: 'When the session was last changed (instant, UTC)' }) updatedAt: Date;
}
