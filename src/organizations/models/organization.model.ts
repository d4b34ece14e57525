import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination.js';
import { OrganizationKind } from '../../common/enums.js';

@ObjectType({ description: 'A club or a federation' })
export class Organization {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true, description: 'Club or federation code, unique when set' }) code: string | null;
  @Field(() => OrganizationKind) kind: OrganizationKind;
  @Field(() => ID, { nullable: true, description: 'The federation a club belongs to' }) federationId: string | null;
  @Field(() => ID, { nullable: true, description: 'The federation the club asked to join, until that federation’s admin accepts (acceptMemberClub)' })
  requestedFederationId: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class OrganizationConnection extends Connection(Organization) {}
