import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import { authorizeRead, type Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { CreatePlayerInput, PlayersArgs, UpdatePlayerInput } from './dto/player.inputs.js';
import { Player, PlayerConnection } from './models/player.model.js';
import { PlayersService } from './players.service.js';

@Resolver(() => Player)
export class PlayersResolver {
  constructor(
    private readonly playersService: PlayersService,
    private readonly scopes: ScopeService,
  ) {}

  @Query(() => PlayerConnection, { description: 'Players, by name; filter by organisation, member number (with a key of the organisation or its federation, as playersByMemberNumber) or name' })
  async players(@Args() args: PlayersArgs, @CurrentPrincipal() principal: Principal | null) {
    if (args.memberNumber !== undefined) {
      // Finding a person by member number is for the club's and its federation's keys, as playersByMemberNumber.
      const organizationId = args.organizationId ?? principal?.organizationId ?? undefined;
      const what = 'Looking players up by member number';
      if (organizationId === undefined) authorizeRead(principal, null, what);
      else authorizeRead(principal, await this.scopes.resolve({ kind: 'organization', id: organizationId }, principal), what);
      return this.playersService.list({ ...args, organizationId });
    }
    return this.playersService.list(args);
  }

  @Query(() => Player, { description: 'One player by id (NOT_FOUND when unknown)' })
  player(@IdArg() id: string) {
    return this.playersService.get(id);
  }

  @Mutation(() => Player, { description: 'Adds a player to an organisation’s register (DIRECTOR of that organisation)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'ownOrganization', organizationId: a.input?.organizationId }), 'Creating a player')
  createPlayer(@Args('input') input: CreatePlayerInput, @CurrentPrincipal() principal: Principal) {
    return this.playersService.create({ ...input, organizationId: input.organizationId ?? principal.organizationId ?? undefined });
  }

  @Mutation(() => Player, { description: 'Changes a player’s name or member number (DIRECTOR)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'player', id: a.id }), 'Changing a player')
  updatePlayer(@IdArg() id: string, @Args('input') input: UpdatePlayerInput) {
    return this.playersService.update(id, input);
  }
}
