import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination.js';
import { NamePolicy, OrganizationKind } from '../../common/enums.js';

@ObjectType({ description: 'A club or a federation' })
export class Organization {
  @Field(() => ID, { description: 'The organisation’s id' }) id: string;
  @Field({ description: 'Name' }) name: string;
  @Field(() => String, { nullable: true, description: 'Club or federation code, unique when set' }) code: string | null;
  @Field(() => OrganizationKind, { description: 'CLUB or FEDERATION' }) kind: OrganizationKind;
  @Field(() => ID, { nullable: true, description: 'The federation a club belongs to' }) federationId: string | null;
  @Field(() => ID, { nullable: true, description: 'The federation the club asked to join, until that federation’s admin accepts (acceptMemberClub)' })
  requestedFederationId: string | null;
  @Field(() => NamePolicy, { description: 'How its players’ names show to the public and other organisations: FULL (default), INITIALS or HIDDEN; its own keys and its federation’s always see them in full' })
  namePolicy: NamePolicy;
  @Field({ description: 'When it was created (instant, UTC)' }) createdAt: Date;
  @Field({ description: 'When it was last changed (instant, UTC)' }) updatedAt: Date;
}

@ObjectType({ description: 'A page of organisations; cursors are their ids' })
export class OrganizationConnection extends Connection(Organization) {}
