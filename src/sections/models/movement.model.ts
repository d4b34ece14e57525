import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Direction, MovementKind } from '../../common/enums.js';

@ObjectType({ description: 'One table in one round: who sits where and which boards they play' })
export class MovementTable {
  @Field(() => Int, { description: 'Table number' }) table: number;
  @Field(() => Int, { description: 'Contestant number listed NS' }) ns: number;
  @Field(() => Int, { description: 'Contestant number listed EW' }) ew: number;
  @Field(() => [Int], { description: 'Boards played at the table this round' }) boards: number[];
  @Field({ description: 'The pair listed NS sits EW this round' }) arrowSwitch: boolean;
  @Field({ description: 'Faces the phantom: no play this round' }) sitOut: boolean;
  @Field({ description: 'Shares its boards with another table (relay)' }) relay: boolean;
}

@ObjectType({ description: 'One round of a movement' })
export class MovementRound {
  @Field(() => Int, { description: 'Round number, from 1' }) number: number;
  @Field(() => [MovementTable], { description: 'Who sits where this round, by table' }) tables: MovementTable[];
}

@ObjectType('Movement', { description: 'The movement of a section' })
export class MovementModel {
  @Field(() => MovementKind, { description: 'The movement kind' }) kind: MovementKind;
  @Field(() => Int, { description: 'Number of tables' }) tables: number;
  @Field(() => Int, { description: 'Boards per round' }) boardsPerRound: number;
  @Field({ description: 'NS_EW: NS 1 and EW 1 are different pairs (Mitchell); ONE_FIELD otherwise' }) numbering: string;
  @Field(() => [MovementRound], { description: 'Rounds in order' }) rounds: MovementRound[];
}

@ObjectType({ description: 'A contestant’s round: where to sit, whom to play, which boards' })
export class GuideCardRound {
  @Field(() => Int, { description: 'Round number' }) round: number;
  @Field(() => Int, { nullable: true, description: 'Table to go to; null when sitting out' }) table: number | null;
  @Field(() => Direction, { nullable: true, description: 'Where the contestant sits' }) direction: Direction | null;
  @Field(() => Int, { nullable: true, description: 'Opponents’ contestant number; null when sitting out' }) opponent: number | null;
  @Field(() => [Int], { description: 'Boards to play this round' }) boards: number[];
  @Field({ description: 'No play this round (phantom opponent or not in the movement)' }) sitOut: boolean;
}

@ObjectType({ description: 'A table’s card: for each round, who sits there and which boards' })
export class TableCardRound {
  @Field(() => Int, { description: 'Round number' }) round: number;
  @Field(() => Int, { description: 'Contestant number listed NS' }) ns: number;
  @Field(() => Int, { description: 'Contestant number listed EW' }) ew: number;
  @Field(() => [Int], { description: 'Boards played this round' }) boards: number[];
  @Field({ description: 'The pair listed NS sits EW this round' }) arrowSwitch: boolean;
  @Field({ description: 'Faces the phantom: no play this round' }) sitOut: boolean;
}

@ObjectType({ description: 'One match of a Swiss draw' })
export class SwissMatch {
  @Field(() => Int, { description: 'Table number' }) table: number;
  @Field(() => Int, { description: 'Home: NS in the open room' }) home: number;
  @Field(() => Int, { description: 'Away team’s contestant number' }) away: number;
}

@ObjectType('SwissDraw', { description: 'The next Swiss round' })
export class SwissDrawModel {
  @Field(() => [SwissMatch], { description: 'The matches, by table' }) matches: SwissMatch[];
  @Field(() => Int, { nullable: true, description: 'The team with the bye; null when the number of teams is even' }) bye: number | null;
  @Field({ description: 'True when no draw without repeat matches existed' }) repeats: boolean;
}

@ObjectType({ description: 'A line the movement expects that has not been stored: a board at a table in a round' })
export class ExpectedLine {
  @Field(() => Int, { description: 'Round' }) round: number;
  @Field(() => Int, { description: 'Table' }) table: number;
  @Field(() => Int, { description: 'Board' }) board: number;
  @Field(() => Int, { description: 'The pair (or team) seated NS, after an arrow switch' }) ns: number;
  @Field(() => Int, { description: 'The pair (or team) seated EW' }) ew: number;
}
