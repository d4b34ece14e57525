import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Direction } from '../../common/enums.js';
import { LocalDateScalar } from '../../common/local-date.scalar.js';
import { Player } from '../../players/models/player.model.js';

@ObjectType({ description: 'One event a player played in, with partners and result' })
export class PlayerHistoryEntry {
  @Field(() => ID, { description: 'The event’s id' }) eventId: string;
  @Field({ description: 'The event’s name' }) eventName: string;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day of play; null when the event has no date' }) startsOn: Date | null;
  @Field(() => ID, { nullable: true, description: 'The club or federation that ran the event; null when none' })
  organizationId: string | null;
  @Field(() => Int, { description: 'The player’s pair, team or player number in the event' }) contestantNumber: number;
  @Field(() => Direction, { nullable: true, description: 'Home direction in a two-winner Mitchell; null in one field' })
  direction: Direction | null;
  @Field({ description: 'The pair or team name as ranked' }) contestantName: string;
  @Field(() => [Player], { description: 'The other players of the pair or team' }) partners: Player[];
  @Field(() => String, { nullable: true, description: 'Place in the event ranking ("3="); null when not ranked' }) place: string | null;
  @Field(() => Float, { nullable: true, description: 'Event total in the event’s unit (MPs, IMPs, VPs); null when not ranked' })
  score: number | null;
  @Field(() => Float, { nullable: true, description: 'MP events: the event percentage; null otherwise' }) percentage: number | null;
  @Field({ description: 'All sessions of the event are published' }) official: boolean;
}

@ObjectType('AwardTier', { description: 'Award points by place for fields of at least `minContestants`' })
export class AwardTierModel {
  @Field(() => Int, { description: 'The tier applies when the field has at least this many contestants' }) minContestants: number;
  @Field(() => [Float], { description: 'Points for 1st, 2nd, 3rd… place' }) points: number[];
}

@ObjectType('AwardScale', { description: 'A federation’s award scale for one category of event' })
export class AwardScaleModel {
  @Field(() => ID, { description: 'The scale’s id' }) id: string;
  @Field(() => ID, { description: 'The federation that owns the scale' }) organizationId: string;
  @Field({ description: 'Display name of the scale' }) name: string;
  @Field({ description: 'Event category the scale applies to (matches `Event.category`)' }) category: string;
  @Field(() => [AwardTierModel], { description: 'Tiers by field size' }) tiers: AwardTierModel[];
}

@ObjectType({ description: 'Award points a player earned in one event' })
export class EventAward {
  @Field(() => ID, { description: 'The event’s id' }) eventId: string;
  @Field({ description: 'The event’s name' }) eventName: string;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day of play; null when the event has no date' }) startsOn: Date | null;
  @Field({ description: 'The event’s award category' }) category: string;
  @Field({ description: 'Place in the event ranking ("3=")' }) place: string;
  @Field(() => Float, { description: 'Award points earned, 2 decimals; tied contestants share the combined award of their places' }) points: number;
}

@ObjectType({ description: 'A player’s awards from official results: one person per member number across the federation’s clubs' })
export class PlayerAwards {
  @Field(() => String, { nullable: true, description: 'Federation member number; null for a player without one' }) memberNumber: string | null;
  @Field({ description: 'The player’s name' }) name: string;
  @Field(() => [ID], { description: 'The player records (one per club) counted as this person' }) playerIds: string[];
  @Field(() => Float, { description: 'Sum of the award points below' }) total: number;
  @Field(() => [EventAward], { description: 'The events that earned points, by date' }) events: EventAward[];
}
