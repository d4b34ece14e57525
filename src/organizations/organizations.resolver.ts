import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import {
  CreateOrganizationInput,
  OrganizationsArgs,
  UpdateOrganizationInput,
} from './dto/organization.inputs.js';
import { Organization, OrganizationConnection } from './models/organization.model.js';
import { OrganizationsService } from './organizations.service.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';

@Resolver(() => Organization)
export class OrganizationsResolver {
  constructor(
    private readonly organizationsService: OrganizationsService,
    private readonly privacy: PlayerPrivacy,
  ) {}

  @Query(() => OrganizationConnection, { description: 'Clubs and federations, by name' })
  organizations(@Args() args: OrganizationsArgs) {
    return this.organizationsService.list(args);
  }

  @Query(() => Organization, { description: 'One club or federation by id (NOT_FOUND when unknown)' })
  organization(@IdArg() id: string) {
    return this.organizationsService.get(id);
  }

  @Mutation(() => Organization, { description: 'A global admin creates any organisation; a federation’s admin creates its member clubs' })
  @Requires('ADMIN', (a) => (a.input?.federationId ? { kind: 'organization', id: a.input.federationId } : { kind: 'global' }), 'Creating an organisation')
  createOrganization(@Args('input') input: CreateOrganizationInput) {
    return this.organizationsService.create(input);
  }

  @Mutation(() => Organization, { description: 'Changes an organisation’s name, code, federation or name policy (ADMIN of it)' })
  @Requires('ADMIN', (a) => ({ kind: 'organization', id: a.id }), 'Changing an organisation')
  async updateOrganization(@IdArg() id: string, @Args('input') input: UpdateOrganizationInput, @CurrentPrincipal() principal: Principal) {
    const saved = await this.organizationsService.update(id, input, principal.organizationId === null);
    this.privacy.forget(id);
    return saved;
  }

  @Mutation(() => Organization, { description: 'A federation’s admin accepts a club’s request to join it (the club asked with updateOrganization(federationId:))' })
  @Requires('ADMIN', (a) => ({ kind: 'membershipRequest', id: a.clubId }), 'Accepting a member club')
  acceptMemberClub(@IdArg('clubId') clubId: string, @CurrentPrincipal() principal: Principal) {
    return this.organizationsService.acceptMember(clubId, principal.organizationId);
  }

  @ResolveField(() => Organization, { nullable: true, description: 'The federation the club belongs to; null when none' })
  federation(@Parent() org: Organization) {
    return org.federationId ? this.organizationsService.get(org.federationId) : null;
  }
}
