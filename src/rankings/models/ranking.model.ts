import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Direction, ResultsStanding, Seat } from '../../common/enums.js';
import { Connection } from '../../common/pagination.js';
import { Player } from '../../players/models/player.model.js';

@ObjectType({ description: 'A contestant as a ranking shows it' })
export class RankedContestant {
  @Field(() => ID, { description: 'The contestant’s id (use it for `scorecard` and `contestant` queries)' }) id: string;
  @Field(() => String, { nullable: true, description: 'Section letter when pairs are numbered per section' }) section: string | null;
  @Field(() => Int, { description: 'Pair, team or player number as printed on the guide card' }) number: number;
  @Field(() => Direction, { nullable: true, description: 'Home direction in a two-winner Mitchell; null in one field' })
  direction: Direction | null;
  @Field({ description: 'Display name (the players’ names when no team or pair name was given)' }) name: string;
  @Field(() => [Player], { description: 'The players, in seat order' }) players: Player[];
  /** Not a field: the event, whose organisation's name policy the name follows. */
  eventId: string;
}

@ObjectType({ description: 'In a simultaneous event: the club running a contestant’s section, and the contestant’s place among that club’s contestants' })
export class RankingClub {
  @Field(() => ID, { description: 'The club (organisation) id' }) id: string;
  @Field({ description: 'The club’s name' }) name: string;
  @Field({
    description:
      'Place among the club’s contestants of the same field, in the order of the whole field: "1", "2=" (tied only when tied in the whole field too). The entry’s own `place` stays the place in the whole (national) field',
  })
  place: string;
  @Field(() => Int, { description: 'The club place as a number (2 for "2=")' }) rank: number;
}

@ObjectType({ description: 'One line of a ranking' })
export class RankingEntry {
  @Field({ description: '"1", "2", "3=" …: tied contestants share a place' }) place: string;
  @Field(() => Int, { description: 'The place as a number (3 for "3=")' }) rank: number;
  @Field(() => RankedContestant, { description: 'Who is placed' }) contestant: RankedContestant;
  @Field(() => Float, { description: 'Matchpoints (or IMPs, VPs), rounded to 2 decimals for display' }) score: number;
  @Field({ description: 'The exact score, e.g. "199/2"' }) exactScore: string;
  @Field({
    description:
      'The field the contestant is placed in: "" when everyone is in one field; "NS" or "EW" in a two-winner Mitchell; the section first ("A NS") when sections are scored apart; "3 v 7" for a knockout match',
  })
  field: string;
  @Field(() => Float, { nullable: true, description: 'MP events: percentage of the tops of the boards played, 2 decimals' })
  percentage: number | null;
  @Field(() => Int, { description: 'Boards that count for this contestant (played or assigned a score)' }) boardsPlayed: number;
  @Field(() => Float, { nullable: true, description: 'Law 90 penalties deducted from the score (already taken off)' }) penalty: number | null;
  @Field(() => Float, { nullable: true, description: 'A final’s carry-forward from its qualifying stage, included in the score (event ranking; setCarryForward); null when none' }) carriedForward: number | null;
  @Field({ description: 'False while the results are provisional (not yet published, Law 79C)' }) official: boolean;
  @Field(() => ResultsStanding, { description: 'PROVISIONAL, OFFICIAL (correction and appeal periods running) or FINAL' })
  standing: keyof typeof ResultsStanding;
  @Field(() => RankingClub, { nullable: true, description: 'Simultaneous events: the host club of the contestant’s section and its club place; null when the event’s own organisation runs the section' })
  club: RankingClub | null;
}

@ObjectType({ description: 'A page of a ranking, in ranking order; cursors are the contestants’ ids' })
export class RankingEntryConnection extends Connection(RankingEntry) {}

@ObjectType({ description: 'One board of a contestant’s session' })
export class ScorecardLine {
  @Field(() => Int, { description: 'Board number' }) board: number;
  @Field(() => Int, { nullable: true, description: 'Round the board was played in; null when not known' }) round: number | null;
  @Field(() => Direction, { description: 'Where the contestant sat on this board' }) direction: Direction;
  @Field(() => Int, { description: 'Opponents’ contestant number' }) opponent: number;
  @Field(() => String, { nullable: true, description: 'Contract as "4HX" or "PASS"; null for an artificial or assigned score' })
  contract: string | null;
  @Field(() => Seat, { nullable: true, description: 'Declarer’s seat; null when passed out or not played' }) declarer: Seat | null;
  @Field(() => String, { nullable: true, description: 'Result relative to the contract: "=", "+1", "-2"; null when not played' })
  result: string | null;
  @Field(() => Int, { nullable: true, description: 'From the contestant’s side' }) score: number | null;
  @Field(() => Float, { nullable: true, description: 'Matchpoints earned on the board (MP events); null otherwise' }) matchpoints: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'IMPs against the datum or the field (IMP pairs); in teams, the board’s IMPs, on the line where the team sat NS',
  })
  imps: number | null;
  @Field(() => Float, { nullable: true, description: 'The board’s matchpoint top (MP events); null otherwise' }) top: number | null;
  @Field(() => String, { nullable: true, description: 'The director’s adjustment as text ("A60/40", weighted score…); null when none' })
  adjustment: string | null;
}

@ObjectType({ description: 'A contestant’s personal score card for one session' })
export class Scorecard {
  @Field(() => RankedContestant, { description: 'Whose card it is' }) contestant: RankedContestant;
  @Field({ description: 'True while the director hides travellers until the session ends: lines are then empty for the public' })
  hidden: boolean;
  @Field(() => [ScorecardLine], { description: 'One line per board, by round then board' }) lines: ScorecardLine[];
  @Field(() => Float, { nullable: true, description: 'MP events: the session percentage, 2 decimals; null otherwise' }) percentage: number | null;
  @Field(() => Float, { description: 'The session total in the event’s unit (MPs, IMPs, VPs or points), after penalties' }) score: number;
  @Field(() => Float, {
    description: 'The session total in the event’s unit, as `score`',
    deprecationReason: 'Carries IMPs and points too despite its name: use `score`',
  })
  matchpoints: number;
}

@ObjectType({ description: 'One tied contestant after the split: its place among the tied and the figure that placed it' })
export class SplitTieEntry {
  @Field(() => RankedContestant, { description: 'The contestant' }) contestant: RankedContestant;
  @Field({ description: '"1", "2", "1=" …: among the tied only; still equal on the figure: still tied' }) place: string;
  @Field(() => Float, { description: 'The figure (matchpoints as a share of the top in percent, IMPs or points, or a count of boards), 2 decimals' }) figure: number;
}

@ObjectType({ description: 'A pairs tie split by the method asked for' })
export class SplitTie {
  @Field(() => [SplitTieEntry], { description: 'The tied contestants, best first' }) entries: SplitTieEntry[];
}
