import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Direction, ResultsStanding } from '../../common/enums.js';
import { Connection } from '../../common/pagination.js';
import { Player } from '../../players/models/player.model.js';

@ObjectType({ description: 'A contestant as a ranking shows it' })
export class RankedContestant {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true, description: 'Section letter when pairs are numbered per section' }) section: string | null;
  @Field(() => Int) number: number;
  @Field(() => Direction, { nullable: true, description: 'Home direction in a two-winner Mitchell; null in one field' })
  direction: Direction | null;
  @Field() name: string;
  @Field(() => [Player]) players: Player[];
}

@ObjectType({ description: 'One line of a ranking' })
export class RankingEntry {
  @Field({ description: '"1", "2", "3=" …: tied contestants share a place' }) place: string;
  @Field(() => Int, { description: 'The place as a number (3 for "3=")' }) rank: number;
  @Field(() => RankedContestant) contestant: RankedContestant;
  @Field(() => Float, { description: 'Matchpoints (or IMPs, VPs), rounded to 2 decimals for display' }) score: number;
  @Field({ description: 'The exact score, e.g. "199/2"' }) exactScore: string;
  @Field({
    description:
      'The field the contestant is placed in: "" when everyone is in one field; "NS" or "EW" in a two-winner Mitchell; the section first ("A NS") when sections are scored apart; "3 v 7" for a knockout match',
  })
  field: string;
  @Field(() => Float, { nullable: true, description: 'MP events: percentage of the tops of the boards played, 2 decimals' })
  percentage: number | null;
  @Field(() => Int) boardsPlayed: number;
  @Field(() => Float, { nullable: true, description: 'Law 90 penalties deducted from the score (already taken off)' }) penalty: number | null;
  @Field({ description: 'False while the results are provisional (not yet published, Law 79C)' }) official: boolean;
  @Field(() => ResultsStanding, { description: 'PROVISIONAL, OFFICIAL (correction and appeal periods running) or FINAL' })
  standing: keyof typeof ResultsStanding;
}

@ObjectType({ description: 'A page of a ranking, in ranking order; cursors are the contestants’ ids' })
export class RankingEntryConnection extends Connection(RankingEntry) {}

@ObjectType({ description: 'One board of a contestant’s session' })
export class ScorecardLine {
  @Field(() => Int) board: number;
  @Field(() => Int, { nullable: true }) round: number | null;
  @Field(() => Direction, { description: 'Where the contestant sat on this board' }) direction: Direction;
  @Field(() => Int, { description: 'Opponents’ contestant number' }) opponent: number;
  @Field(() => String, { nullable: true }) contract: string | null;
  @Field(() => String, { nullable: true }) declarer: string | null;
  @Field(() => String, { nullable: true }) result: string | null;
  @Field(() => Int, { nullable: true, description: 'From the contestant’s side' }) score: number | null;
  @Field(() => Float, { nullable: true }) matchpoints: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'IMPs against the datum or the field (IMP pairs); in teams, the board’s IMPs, on the line where the team sat NS',
  })
  imps: number | null;
  @Field(() => Float, { nullable: true }) top: number | null;
  @Field(() => String, { nullable: true }) adjustment: string | null;
}

@ObjectType()
export class Scorecard {
  @Field(() => RankedContestant) contestant: RankedContestant;
  @Field({ description: 'True while the director hides travellers until the session ends: lines are then empty for the public' })
  hidden: boolean;
  @Field(() => [ScorecardLine]) lines: ScorecardLine[];
  @Field(() => Float, { nullable: true }) percentage: number | null;
  @Field(() => Float, { description: 'The session total in the event’s unit (MPs, IMPs, VPs or points), after penalties' }) matchpoints: number;
}
