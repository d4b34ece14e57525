import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { CreatePlayerInput, PlayersArgs, UpdatePlayerInput } from './dto/player.inputs.js';
import { Player, PlayerConnection } from './models/player.model.js';
import { PlayersService } from './players.service.js';

@Resolver(() => Player)
export class PlayersResolver {
  constructor(private readonly playersService: PlayersService) {}

  @Query(() => PlayerConnection, { description: 'Players, by name; filter by organisation, member number or name' })
  players(@Args() args: PlayersArgs) {
    return this.playersService.list(args);
  }

  @Query(() => Player)
  player(@IdArg() id: string) {
    return this.playersService.get(id);
  }

  @Mutation(() => Player)
  @Requires('DIRECTOR', (a) => ({ kind: 'ownOrganization', organizationId: a.input?.organizationId }), 'Creating a player')
  createPlayer(@Args('input') input: CreatePlayerInput, @CurrentPrincipal() principal: Principal) {
    return this.playersService.create({ ...input, organizationId: input.organizationId ?? principal.organizationId ?? undefined });
  }

  @Mutation(() => Player)
  @Requires('DIRECTOR', (a) => ({ kind: 'player', id: a.id }), 'Changing a player')
  updatePlayer(@IdArg() id: string, @Args('input') input: UpdatePlayerInput) {
    return this.playersService.update(id, input);
  }
}
