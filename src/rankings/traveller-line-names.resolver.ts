import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { TravellerLine } from '../results/models/traveller.model.js';
import { TravellerLineNames } from './traveller-line-names.js';

/** A traveller line's pair names as the reader may see them (TravellerLineNames). */
@Resolver(() => TravellerLine)
export class TravellerLineNamesResolver {
  constructor(private readonly names: TravellerLineNames) {}

  @ResolveField(() => String, { nullable: true, description: 'Name of the pair (or team) sitting NS, as the event lists it (and its clubs publish it)' })
  nsName(@Parent() line: TravellerLine, @CurrentPrincipal() principal: Principal | null) {
    return this.names.shown(line, 'ns', principal);
  }

  @ResolveField(() => String, { nullable: true, description: 'Name of the pair (or team) sitting EW, as the event lists it (and its clubs publish it)' })
  ewName(@Parent() line: TravellerLine, @CurrentPrincipal() principal: Principal | null) {
    return this.names.shown(line, 'ew', principal);
  }
}
