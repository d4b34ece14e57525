import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { ResultStatus, Seat, Vulnerability } from '../../common/enums.js';
import { Connection } from '../../common/pagination.js';

@ObjectType({ description: 'One line of a traveller: a board played (or adjusted) at one table' })
export class TravellerLine {
  @Field(() => ID, { description: 'The line’s id' }) id: string;
  @Field({ description: 'Section letter' }) section: string;
  @Field(() => Int, { description: 'Board number' }) board: number;
  @Field(() => Int, { nullable: true, description: 'Round the board was played in; null when not known' }) round: number | null;
  @Field(() => Int, { nullable: true, description: 'Table number; null when not known' }) table: number | null;
  @Field(() => Int, { description: 'Contestant number sitting NS' }) nsPair: number;
  @Field(() => Int, { description: 'Contestant number sitting EW' }) ewPair: number;
  @Field(() => String, { nullable: true, description: 'Name of the pair (or team) sitting NS, as the event lists it' }) nsName: string | null;
  @Field(() => String, { nullable: true, description: 'Name of the pair (or team) sitting EW, as the event lists it' }) ewName: string | null;
  @Field(() => String, { nullable: true, description: 'Canonical contract, e.g. 4HX or PASS' }) contract: string | null;
  @Field(() => Seat, { nullable: true, description: 'Declarer’s seat; null when passed out or not played' }) declarer: Seat | null;
  @Field(() => Int, { nullable: true, description: 'Tricks taken by declarer' }) tricks: number | null;
  @Field(() => String, { nullable: true, description: 'Relative result: =, +1, -2' }) result: string | null;
  @Field(() => String, { nullable: true, description: 'Opening lead as suit and rank, e.g. "SK"; null when not recorded' }) lead: string | null;
  @Field(() => ResultStatus, { description: 'PLAYED, PASSED_OUT, ARTIFICIAL, ASSIGNED or NOT_PLAYED' }) status: ResultStatus;
  @Field(() => Int, { nullable: true, description: 'Computed by Traveller (Law 77)' }) nsScore: number | null;
  @Field(() => Float, { nullable: true, description: 'MP events: NS matchpoints on the board; null otherwise' }) nsMatchpoints: number | null;
  @Field(() => Float, { nullable: true, description: 'MP events: EW matchpoints on the board; null otherwise' }) ewMatchpoints: number | null;
  @Field(() => Float, { nullable: true, description: 'MP events: NS matchpoints as a percentage of the top; null otherwise' }) nsPercentage: number | null;
  @Field(() => Float, { nullable: true, description: 'MP events: EW matchpoints as a percentage of the top; null otherwise' }) ewPercentage: number | null;
  @Field(() => Float, { nullable: true, description: 'IMP events: NS IMPs on the board; null otherwise' }) nsImps: number | null;
  @Field(() => Float, { nullable: true, description: 'IMP events: EW IMPs on the board; null otherwise' }) ewImps: number | null;
  @Field(() => String, { nullable: true, description: 'Adjusted score as shown to players, e.g. "A+/A−", with its Law' })
  adjustment: string | null;
  @Field(() => String, { nullable: true, description: 'Why the line does not fit the movement (Law 15), when accepted' })
  movementIssue: string | null;
  @Field(() => Int, { description: '1, then +1 for each correction' }) version: number;
}

@ObjectType({ description: 'Lines of a board’s traveller, a page at a time' })
export class TravellerLineConnection extends Connection(TravellerLine) {}

@ObjectType({ description: 'All results of one board in a session, scored' })
export class Traveller {
  @Field(() => ID, { description: 'The session' }) sessionId: string;
  @Field(() => Int, { description: 'Board number' }) board: number;
  @Field(() => Seat, { description: 'Dealer (Law 2)' }) dealer: Seat;
  @Field(() => Vulnerability, { description: 'Vulnerability (Law 2)' }) vulnerability: Vulnerability;
  @Field(() => String, { nullable: true, description: 'The four hands in PBN form ("N:AKQ.…"); null without a hand record or while hidden' }) deal: string | null;
  @Field(() => Float, { nullable: true, description: 'Matchpoint top of the board (MP events)' }) top: number | null;
  @Field({ description: 'True while the director hides travellers until the session ends: lines and deal are then empty for the public' })
  hidden: boolean;
  @Field(() => [TravellerLine], { description: 'One line per table that played the board' }) lines: TravellerLine[];
}

@ObjectType({ description: 'What `submitResult` stored' })
export class SubmitResultPayload {
  @Field(() => TravellerLine, { description: 'The line as stored and scored' }) line: TravellerLine;
  @Field({ description: 'False when the same line was stored already (a retry): nothing changed' }) created: boolean;
  @Field({ description: 'True when the post was a correction of a stored line' }) corrected: boolean;
}
