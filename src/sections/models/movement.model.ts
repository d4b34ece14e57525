import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Direction, MovementKind } from '../../common/enums.js';

@ObjectType({ description: 'One table in one round: who sits where and which boards they play' })
export class MovementTable {
  @Field(() => Int) table: number;
  @Field(() => Int, { description: 'Contestant number listed NS' }) ns: number;
  @Field(() => Int, { description: 'Contestant number listed EW' }) ew: number;
  @Field(() => [Int]) boards: number[];
  @Field({ description: 'The pair listed NS sits EW this round' }) arrowSwitch: boolean;
  @Field({ description: 'Faces the phantom: no play this round' }) sitOut: boolean;
  @Field({ description: 'Shares its boards with another table (relay)' }) relay: boolean;
}

@ObjectType()
export class MovementRound {
  @Field(() => Int) number: number;
  @Field(() => [MovementTable]) tables: MovementTable[];
}

@ObjectType('Movement', { description: 'The movement of a section' })
export class MovementModel {
  @Field(() => MovementKind) kind: MovementKind;
  @Field(() => Int) tables: number;
  @Field(() => Int, { description: 'Boards per round' }) boardsPerRound: number;
  @Field({ description: 'NS_EW: NS 1 and EW 1 are different pairs (Mitchell); ONE_FIELD otherwise' }) numbering: string;
  @Field(() => [MovementRound]) rounds: MovementRound[];
}

@ObjectType({ description: 'A contestant’s round: where to sit, whom to play, which boards' })
export class GuideCardRound {
  @Field(() => Int) round: number;
  @Field(() => Int, { nullable: true }) table: number | null;
  @Field(() => Direction, { nullable: true, description: 'Where the contestant sits' }) direction: Direction | null;
  @Field(() => Int, { nullable: true }) opponent: number | null;
  @Field(() => [Int]) boards: number[];
  @Field({ description: 'No play this round (phantom opponent or not in the movement)' }) sitOut: boolean;
}

@ObjectType({ description: 'A table’s card: for each round, who sits there and which boards' })
export class TableCardRound {
  @Field(() => Int) round: number;
  @Field(() => Int) ns: number;
  @Field(() => Int) ew: number;
  @Field(() => [Int]) boards: number[];
  @Field() arrowSwitch: boolean;
  @Field() sitOut: boolean;
}

@ObjectType()
export class SwissMatch {
  @Field(() => Int) table: number;
  @Field(() => Int, { description: 'Home: NS in the open room' }) home: number;
  @Field(() => Int) away: number;
}

@ObjectType('SwissDraw', { description: 'The next Swiss round' })
export class SwissDrawModel {
  @Field(() => [SwissMatch]) matches: SwissMatch[];
  @Field(() => Int, { nullable: true }) bye: number | null;
  @Field({ description: 'True when no draw without repeat matches existed' }) repeats: boolean;
}
