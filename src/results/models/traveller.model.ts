import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { ResultStatus, Seat, Vulnerability } from '../../common/enums.js';

@ObjectType({ description: 'One line of a traveller: a board played (or adjusted) at one table' })
export class TravellerLine {
  @Field(() => ID) id: string;
  @Field() section: string;
  @Field(() => Int) board: number;
  @Field(() => Int, { nullable: true }) round: number | null;
  @Field(() => Int, { nullable: true }) table: number | null;
  @Field(() => Int, { description: 'Contestant number sitting NS' }) nsPair: number;
  @Field(() => Int, { description: 'Contestant number sitting EW' }) ewPair: number;
  @Field(() => String, { nullable: true, description: 'Canonical contract, e.g. 4HX or PASS' }) contract: string | null;
  @Field(() => Seat, { nullable: true }) declarer: Seat | null;
  @Field(() => Int, { nullable: true, description: 'Tricks taken by declarer' }) tricks: number | null;
  @Field(() => String, { nullable: true, description: 'Relative result: =, +1, -2' }) result: string | null;
  @Field(() => String, { nullable: true }) lead: string | null;
  @Field(() => ResultStatus) status: ResultStatus;
  @Field(() => Int, { nullable: true, description: 'Computed by Traveller (Law 77)' }) nsScore: number | null;
  @Field(() => Float, { nullable: true }) nsMatchpoints: number | null;
  @Field(() => Float, { nullable: true }) ewMatchpoints: number | null;
  @Field(() => Float, { nullable: true }) nsPercentage: number | null;
  @Field(() => Float, { nullable: true }) ewPercentage: number | null;
  @Field(() => Float, { nullable: true }) nsImps: number | null;
  @Field(() => Float, { nullable: true }) ewImps: number | null;
  @Field(() => String, { nullable: true, description: 'Adjusted score as shown to players, e.g. "A+/A−", with its Law' })
  adjustment: string | null;
  @Field(() => String, { nullable: true, description: 'Why the line does not fit the movement (Law 15), when accepted' })
  movementIssue: string | null;
  @Field(() => Int, { description: '1, then +1 for each correction' }) version: number;
}

@ObjectType({ description: 'All results of one board in a session, scored' })
export class Traveller {
  @Field(() => ID) sessionId: string;
  @Field(() => Int) board: number;
  @Field(() => Seat) dealer: Seat;
  @Field(() => Vulnerability) vulnerability: Vulnerability;
  @Field(() => String, { nullable: true }) deal: string | null;
  @Field(() => Float, { nullable: true, description: 'Matchpoint top of the board (MP events)' }) top: number | null;
  @Field({ description: 'True while the director hides travellers until the session ends: lines and deal are then empty for the public' })
  hidden: boolean;
  @Field(() => [TravellerLine]) lines: TravellerLine[];
}

@ObjectType()
export class SubmitResultPayload {
  @Field(() => TravellerLine) line: TravellerLine;
  @Field({ description: 'False when the same line was stored already (a retry): nothing changed' }) created: boolean;
  @Field({ description: 'True when the post was a correction of a stored line' }) corrected: boolean;
}
