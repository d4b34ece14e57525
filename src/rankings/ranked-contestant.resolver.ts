import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { CONTESTANT_NAME } from '../contestants/models/contestant.model.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import { RankedContestant } from './models/ranking.model.js';

/** A ranked contestant's name as the reader may see it (the players follow Player's own fields). */
@Resolver(() => RankedContestant)
export class RankedContestantResolver {
  constructor(private readonly privacy: PlayerPrivacy) {}

  @ResolveField(() => String, { description: CONTESTANT_NAME })
  name(@Parent() contestant: RankedContestant, @CurrentPrincipal() principal: Principal | null) {
    return this.privacy.contestantName(contestant, principal);
  }
}
