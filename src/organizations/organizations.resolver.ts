import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import {
  CreateOrganizationInput,
  OrganizationsArgs,
  UpdateOrganizationInput,
} from './dto/organization.inputs.js';
import { Organization, OrganizationConnection } from './models/organization.model.js';
import { OrganizationsService } from './organizations.service.js';

@Resolver(() => Organization)
export class OrganizationsResolver {
  constructor(private readonly organizationsService: OrganizationsService) {}

  @Query(() => OrganizationConnection, { description: 'Clubs and federations, by name' })
  organizations(@Args() args: OrganizationsArgs) {
    return this.organizationsService.list(args);
  }

  @Query(() => Organization)
  organization(@IdArg() id: string) {
    return this.organizationsService.get(id);
  }

  @Mutation(() => Organization)
  createOrganization(@Args('input') input: CreateOrganizationInput) {
    return this.organizationsService.create(input);
  }

  @Mutation(() => Organization)
  updateOrganization(@IdArg() id: string, @Args('input') input: UpdateOrganizationInput) {
    return this.organizationsService.update(id, input);
  }

  @ResolveField(() => Organization, { nullable: true })
  federation(@Parent() org: Organization) {
    return org.federationId ? this.organizationsService.get(org.federationId) : null;
  }
}
