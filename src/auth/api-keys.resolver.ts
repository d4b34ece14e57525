import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import { Actor, CurrentPrincipal } from './actor.decorator.js';
import { ApiKeysService } from './api-keys.service.js';
import { CreateApiKeyInput } from './dto/api-key.inputs.js';
import { ApiKeyModel, CreatedApiKey } from './models/api-key.model.js';
import type { Principal } from './principal.js';
import { Requires } from './requires.decorator.js';

/** Keys are an organisation's admins' business. */
const ownOrganization = (args: Record<string, any>) => ({ kind: 'ownOrganization' as const, organizationId: args.input?.organizationId ?? args.organizationId });

@Resolver()
export class ApiKeysResolver {
  constructor(private readonly keys: ApiKeysService) {}

  @Mutation(() => CreatedApiKey, { description: 'A new API key for an organisation (or one of its events); the key is shown once' })
  @Requires('ADMIN', ownOrganization, 'Creating an API key')
  createApiKey(@Args('input') input: CreateApiKeyInput, @CurrentPrincipal() principal: Principal, @Actor() actor: string) {
    return this.keys.create({ ...input, organizationId: input.organizationId ?? principal.organizationId }, actor);
  }

  @Mutation(() => ApiKeyModel, { description: 'Revokes a key at once (other instances stop trusting it within 5 s)' })
  @Requires('ADMIN', (args) => ({ kind: 'apiKey', id: args.id }), 'Revoking an API key')
  revokeApiKey(@IdArg() id: string) {
    return this.keys.revoke(id);
  }

  @Query(() => [ApiKeyModel], { description: 'The keys of an organisation (without their secrets)' })
  @Requires('ADMIN', ownOrganization, 'Listing API keys')
  apiKeys(@Args('organizationId', { type: () => ID, nullable: true }) organizationId: string | undefined, @CurrentPrincipal() principal: Principal) {
    return this.keys.list(organizationId ?? principal.organizationId);
  }
}
