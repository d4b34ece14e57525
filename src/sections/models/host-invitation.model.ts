import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A simultaneous event’s invitation to a club outside the owning federation to host sections; it hosts once it has accepted' })
export class HostInvitation {
  @Field(() => ID, { description: 'The event' }) eventId: string;
  @Field(() => ID, { description: 'The club invited' }) organizationId: string;
  @Field({ description: 'The key that invited (its label)' }) invitedBy: string;
  @Field(() => Date, { nullable: true, description: 'When the club accepted; null while the invitation waits' }) acceptedAt: Date | null;
  @Field(() => Date, { description: 'When the organiser invited' }) createdAt: Date;
}
