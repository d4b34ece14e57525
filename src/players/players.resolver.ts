import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import { authorizeRead, type Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { CreatePlayerInput, PlayersArgs, UpdatePlayerInput } from './dto/player.inputs.js';
import { Player, PlayerConnection } from './models/player.model.js';
import { PlayersService } from './players.service.js';
import { PlayerPrivacy } from './player-privacy.service.js';

@Resolver(() => Player)
export class PlayersResolver {
  constructor(
    private readonly playersService: PlayersService,
    private readonly scopes: ScopeService,
    private readonly privacy: PlayerPrivacy,
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
    // A list must not find, nor order by, names an organisation does not publish (INITIALS, HIDDEN):
    // where a withheld name sorts among names the reader chose would tell it.
    return this.playersService.list(args, await this.searchableBy(principal));
  }

  @ResolveField(() => String, { description: 'Name: in full for keys of the player’s club, its federation and global admins; for everyone else as the club’s namePolicy publishes it (full, initials, or "(withheld)")' })
  name(@Parent() player: Player, @CurrentPrincipal() principal: Principal | null) {
    return this.privacy.name(player, principal);
  }

  @ResolveField(() => String, { nullable: true, description: 'Federation member number: only for keys of the player’s club, its federation and global admins; null for everyone else' })
  memberNumber(@Parent() player: Player, @CurrentPrincipal() principal: Principal | null) {
    return this.privacy.memberNumber(player, principal);
  }

  /** Organisations whose full names the reader may search and list: its own and its member clubs (null: all). */
  private async searchableBy(principal: Principal | null): Promise<string[] | null> {
    if (principal && principal.organizationId === null) return null;
    if (!principal?.organizationId) return [];
    const own = principal.organizationId;
    return [own, ...(await this.playersService.memberClubs(own))];
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
