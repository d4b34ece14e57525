import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import { ForbiddenError, UnauthenticatedError, type Principal } from '../auth/principal.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import { Requires, RequiresAcrossFederation, RequiresKey } from '../auth/requires.decorator.js';
import { graphQLErrorOf } from '../common/error.filter.js';
import { LocalDateScalar } from '../common/local-date.scalar.js';
import { Player } from '../players/models/player.model.js';
import { MergePlayersInput, SetAwardScaleInput } from './dto/federation.inputs.js';
import { FederationService } from './federation.service.js';
import { AwardScaleModel, PlayerAwards, PlayerHistoryEntry } from './models/federation.models.js';

@Resolver(() => Player)
export class FederationResolver {
  constructor(
    private readonly federation: FederationService,
    private readonly privacy: PlayerPrivacy,
  ) {}

  @ResolveField(() => [PlayerHistoryEntry], {
    nullable: true,
    description: 'Every event the player played, latest first, with partners and result. Only for keys of the player’s club, its federation and global admins: FORBIDDEN (and null) for anyone else',
  })
  async history(@Parent() player: Player, @CurrentPrincipal() principal: Principal | null) {
    if (!(await this.privacy.inReach(player.organizationId, principal))) {
      // Field resolvers run outside Nest's exception filters: the error is made here as the filter makes it.
      const error = principal
        ? new ForbiddenError('A player’s history needs a key of the player’s club or its federation; this key is not one')
        : new UnauthenticatedError('A player’s history needs an API key of the player’s club or its federation');
      throw graphQLErrorOf(error.code, error.message);
    }
    // The pair's name as its clubs publish it to this reader: a name made of its players' names would tell a withheld partner's name.
    return Promise.all((await this.federation.history(player.id)).map(async ({ seated, ...entry }) => ({ ...entry, contestantName: await this.privacy.contestantName(seated, principal) })));
  }

  @Query(() => [Player], { description: 'The player records with this member number in a federation’s clubs' })
  @RequiresKey((a) => ({ kind: 'organization', id: a.federationId }), 'Looking players up by member number')
  playersByMemberNumber(@Args('memberNumber') memberNumber: string, @Args('federationId', { type: () => ID }) federationId: string) {
    return this.federation.byMemberNumber(memberNumber, federationId);
  }

  @Mutation(() => Player, { description: 'Merges a duplicate player into the one that stays: its events move over; audited' })
  @RequiresAcrossFederation('DIRECTOR', (a) => [{ kind: 'player', id: a.input?.keepId }, { kind: 'player', id: a.input?.duplicateId }], 'Merging players')
  mergePlayers(@Args('input') input: MergePlayersInput, @Actor() actor: string) {
    return this.federation.merge(input, actor);
  }

  @Mutation(() => AwardScaleModel, { description: 'Sets the federation’s award scale for a category of event' })
  @Requires('ADMIN', (a) => ({ kind: 'organization', id: a.input?.organizationId }), 'Setting an award scale')
  setAwardScale(@Args('input') input: SetAwardScaleInput) {
    return this.federation.setAwardScale(input);
  }

  @Query(() => [AwardScaleModel], { description: 'A federation’s award scales' })
  awardScales(@Args('organizationId', { type: () => ID }) organizationId: string) {
    return this.federation.awardScales(organizationId);
  }

  @Query(() => [PlayerAwards], { description: 'Awards per person from the official results of the federation’s clubs, most first' })
  @RequiresKey((a) => ({ kind: 'organization', id: a.federationId }), 'Awards')
  awards(
    @Args('federationId', { type: () => ID }) federationId: string,
    @Args('from', { type: () => LocalDateScalar, nullable: true }) from?: Date,
    @Args('to', { type: () => LocalDateScalar, nullable: true }) to?: Date,
    @Args('category', { nullable: true }) category?: string,
  ) {
    return this.federation.awards(federationId, { from, to, category });
  }
}
