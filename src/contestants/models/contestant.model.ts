import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Direction } from '../../common/enums.js';
import { Player } from '../../players/models/player.model.js';

/** The description of a contestant's `name` wherever a reader's view of it is resolved (the name policy applies). */
export const CONTESTANT_NAME =
  'Display name. A name made of the players’ names shows them as the reader may see each player (outside a player’s club and its federation, as the club publishes them: namePolicy); a chosen pair or team name shows unless the event’s organisation hides names from readers outside it and its federation ("No. 3")';

@ObjectType({ description: 'A pair, team or individual entered in an event' })
export class Contestant {
  @Field(() => ID, { description: 'The contestant’s id' }) id: string;
  @Field(() => ID, { description: 'The event' }) eventId: string;
  @Field(() => String, { nullable: true, description: 'Section letter when pairs are numbered per section; null when numbers are event-wide' })
  section: string | null;
  @Field(() => Int, { description: 'Pair, team or player number within the event (or its section)' }) number: number;
  @Field(() => Direction, {
    nullable: true,
    description: 'Home direction in a two-winner Mitchell (NS 1 and EW 1 are different pairs); null in one field',
  })
  direction: Direction | null;
  @Field({ description: 'Display name' }) name: string;
  @Field(() => [Player], { description: 'In seating order' }) players: Player[];
}
