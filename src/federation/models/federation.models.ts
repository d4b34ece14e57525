import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Direction } from '../../common/enums.js';
import { Player } from '../../players/models/player.model.js';

@ObjectType({ description: 'One event a player played in, with partners and result' })
export class PlayerHistoryEntry {
  @Field(() => ID) eventId: string;
  @Field() eventName: string;
  @Field(() => Date, { nullable: true }) startsOn: Date | null;
  @Field(() => ID, { nullable: true }) organizationId: string | null;
  @Field(() => Int) contestantNumber: number;
  @Field(() => Direction, { nullable: true }) direction: Direction | null;
  @Field() contestantName: string;
  @Field(() => [Player]) partners: Player[];
  @Field(() => String, { nullable: true, description: 'Place in the event ranking ("3="); null when not ranked' }) place: string | null;
  @Field(() => Float, { nullable: true }) score: number | null;
  @Field(() => Float, { nullable: true }) percentage: number | null;
  @Field({ description: 'All sessions of the event are published' }) official: boolean;
}

@ObjectType()
export class AwardTierModel {
  @Field(() => Int) minContestants: number;
  @Field(() => [Float]) points: number[];
}

@ObjectType({ description: 'A federation’s award scale for one category of event' })
export class AwardScaleModel {
  @Field(() => ID) id: string;
  @Field(() => ID) organizationId: string;
  @Field() name: string;
  @Field() category: string;
  @Field(() => [AwardTierModel]) tiers: AwardTierModel[];
}

@ObjectType()
export class EventAward {
  @Field(() => ID) eventId: string;
  @Field() eventName: string;
  @Field(() => Date, { nullable: true }) startsOn: Date | null;
  @Field() category: string;
  @Field() place: string;
  @Field(() => Float) points: number;
}

@ObjectType({ description: 'A player’s awards from official results: one person per member number across the federation’s clubs' })
export class PlayerAwards {
  @Field(() => String, { nullable: true }) memberNumber: string | null;
  @Field() name: string;
  @Field(() => [ID], { description: 'The player records (one per club) counted as this person' }) playerIds: string[];
  @Field(() => Float) total: number;
  @Field(() => [EventAward]) events: EventAward[];
}
