import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { CarryForward as StoredCarryForward } from '../../bridge/scoring/rules.js';

/** The scoring rules an event sets (Law 78D leaves them to the regulations); names fixed in ../shared/API.md. */
export enum Factoring {
  NEUBERG = 'NEUBERG',
  RATIO = 'RATIO',
}
registerEnumType(Factoring, { name: 'Factoring', description: 'How a board with fewer results than expected is factored to the full top: Neuberg (default) or straight ratio' });

export enum FouledSmallGroups {
  NEUBERG = 'NEUBERG',
  FIXED_PERCENTAGES = 'FIXED_PERCENTAGES',
}
registerEnumType(FouledSmallGroups, {
  name: 'FouledSmallGroups',
  description: 'A fouled board’s groups of 1–3 scores that are not its largest (Law 87): NEUBERG like any group (default), or FIXED_PERCENTAGES of the top by place in the group (60; 65/55; 70/60/50)',
});

export enum DatumRounding {
  NEAREST_10 = 'NEAREST_10',
  TOWARD_ZERO_10 = 'TOWARD_ZERO_10',
  NONE = 'NONE',
}
registerEnumType(DatumRounding, { name: 'DatumRounding', description: 'Butler datum: to the nearest 10, halves away from zero (default), to 10 toward zero, or NONE (the exact trimmed mean)' });

export enum ImpDifferenceRounding {
  HALF_OPEN = 'HALF_OPEN',
  NEAREST_10 = 'NEAREST_10',
}
registerEnumType(ImpDifferenceRounding, {
  name: 'ImpDifferenceRounding',
  description:
    'A point difference that is not a multiple of 10 (against an unrounded Butler datum): HALF_OPEN reads the IMP scale’s steps as half-open (15 → 0, 45 → 1; default), NEAREST_10 rounds it to 10 first (15 → 20 → 1), as some software does (DOMAIN §4.1)',
});

export enum ScoreAcross {
  SECTION = 'SECTION',
  SESSION = 'SESSION',
}
registerEnumType(ScoreAcross, {
  name: 'ScoreAcross',
  description: 'SECTION (default): each section is its own field. SESSION: sections of a session that play the same boards are one field, ranked together',
});

export enum SessionWeighting {
  BOARDS = 'BOARDS',
  EQUAL = 'EQUAL',
}
registerEnumType(SessionWeighting, {
  name: 'SessionWeighting',
  description: 'How session results combine into the event’s: percentages (or IMPs per board) weighted by boards played (default), or each session equally',
});

export enum VpBoards {
  PLAYED = 'PLAYED',
  SCHEDULED = 'SCHEDULED',
}
registerEnumType(VpBoards, { name: 'VpBoards', description: 'The number of boards a VP scale is read for: boards scored (default), or boards scheduled (cancelled ones included)' });

export enum VpFractionalMargin {
  INTERPOLATE = 'INTERPOLATE',
  FORMULA = 'FORMULA',
}
registerEnumType(VpFractionalMargin, {
  name: 'VpFractionalMargin',
  description: 'A fractional IMP margin (weighted scores) on a continuous VP scale: INTERPOLATE between the table’s whole margins (default), or the scale’s FORMULA rounded to 2 decimals (DOMAIN §5.1)',
});

export enum TeamsTotalPoints {
  AGGREGATE = 'AGGREGATE',
  BOARD_A_MATCH = 'BOARD_A_MATCH',
}
registerEnumType(TeamsTotalPoints, {
  name: 'TeamsTotalPoints',
  description: 'Teams scored TOTAL_POINTS (Law 78C): AGGREGATE adds the point differences (default); BOARD_A_MATCH gives each board 1, ½ or 0 to the team that scored more, tied or less',
});

export enum TieBreak {
  HEAD_TO_HEAD_VP = 'HEAD_TO_HEAD_VP',
  HEAD_TO_HEAD_IMP = 'HEAD_TO_HEAD_IMP',
  IMP_QUOTIENT = 'IMP_QUOTIENT',
  MATCHES_WON = 'MATCHES_WON',
}
registerEnumType(TieBreak, { name: 'TieBreak', description: 'Team tie-breaks, applied in the order the event lists them' });

export enum AwardRule {
  FIXED = 'FIXED',
  OWN_AVERAGE = 'OWN_AVERAGE',
  BETTER_OF_FIXED_AND_AVERAGE = 'BETTER_OF_FIXED_AND_AVERAGE',
}
registerEnumType(AwardRule, { name: 'AwardRule', description: 'A bye or forfeit award: fixed VPs, the team’s own average VPs per match, or the better of the two' });

@ObjectType({ description: 'Values of artificial adjusted scores (Law 12C2): percent of a top, and IMPs of average plus' })
export class ArtificialScores {
  @Field(() => Float, { description: 'Average plus, percent of a top (default 60)' }) averagePlus: number;
  @Field(() => Float, { description: 'Average, percent of a top (default 50)' }) average: number;
  @Field(() => Float, { description: 'Average minus, percent of a top (default 40)' }) averageMinus: number;
  @Field(() => Float, { description: 'IMPs of average plus (default 3); average minus is its negative' }) imps: number;
}

@ObjectType({ description: 'Law 12C2(d): the values of a contestant’s artificial adjusted scores in a session from its `from`-th on' })
export class MultipleArtificialScores {
  @Field(() => Int, { description: 'The contestant’s artificial score of a session (in the order played) from which these values apply: 2 = the second and every later one' }) from: number;
  @Field(() => Float, { description: 'Average plus from then on, percent of a top' }) averagePlus: number;
  @Field(() => Float, { description: 'Average from then on, percent of a top' }) average: number;
  @Field(() => Float, { description: 'Average minus from then on, percent of a top' }) averageMinus: number;
  @Field(() => Float, { description: 'IMPs of average plus from then on; average minus is its negative' }) imps: number;
}

@ObjectType({ description: 'How many scores a Butler datum drops at each end: a count or a percentage (capped so one score remains)' })
export class ButlerTrim {
  @Field(() => Int, { nullable: true, description: 'Results dropped at each end before the datum is averaged; null when `percentPerEnd` is used' }) perEnd: number | null;
  @Field(() => Float, { nullable: true, description: 'Percent of the results dropped at each end; null when `perEnd` is used' }) percentPerEnd: number | null;
}

@ObjectType({ description: 'One step of a VP table: from this IMP margin on, these VPs' })
export class VpStep {
  @Field(() => Int, { description: 'The smallest IMP margin of the row' }) fromImps: number;
  @Field(() => Float, { description: 'VPs of the winner' }) winner: number;
  @Field(() => Float, { description: 'VPs of the loser' }) loser: number;
}

@ObjectType({ description: 'The steps of a VP table for matches of minBoards to maxBoards boards' })
export class VpScaleRange {
  @Field(() => Int, { description: 'Fewest boards the table applies to' }) minBoards: number;
  @Field(() => Int, { description: 'Most boards the table applies to' }) maxBoards: number;
  @Field(() => [VpStep], { description: 'Rows by rising IMP margin' }) steps: VpStep[];
}

@ObjectType({ description: 'An organiser’s own VP table (vpScale CUSTOM)' })
export class VpScaleTable {
  @Field({ description: 'Name of the scale' }) name: string;
  @Field(() => [VpScaleRange], { description: 'Tables by match length' }) ranges: VpScaleRange[];
}

@ObjectType({ description: 'What a bye (or a forfeit, to the team that was ready) is worth' })
export class VpAward {
  @Field(() => AwardRule, { description: 'FIXED, OWN_AVERAGE or BETTER_OF_FIXED_AND_AVERAGE' }) rule: AwardRule;
  @Field(() => Float, { nullable: true, description: 'Fixed VPs; null: 60 % of the scale’s maximum (12 of 20)' }) vps: number | null;
}

@ObjectType({ description: 'A forfeited match: the award to the team that was ready, and the VPs of the team that forfeited' })
export class ForfeitAward extends VpAward {
  @Field(() => Float, { description: 'VPs of the team that forfeited' }) loserVps: number;
}

@ObjectType({ description: 'Knockout carry-over: IMPs a team starts its match with' })
export class CarryOver {
  @Field(() => ID, { description: 'The team (contestant id) that carries the IMPs' }) team: string;
  @Field(() => ID, { description: 'The opponent (contestant id) of the match' }) opponent: string;
  @Field(() => Float, { description: 'IMPs carried over (negative: a deficit)' }) imps: number;
}

@ObjectType({ description: 'What one contestant of a final carries from its qualifying event' })
export class CarriedForwardEntry {
  @Field(() => ID, { description: 'The contestant in the final' }) contestantId: string;
  @Field(() => ID, { description: 'The same pair or team in the qualifying event' }) fromContestantId: string;
  @Field(() => Float, { nullable: true, description: 'Pairs: the qualifying percentage (matchpoints) or IMPs/points a board, 2 decimals' }) qualifyingFigure: number | null;
  @Field(() => Int, { description: 'Boards of the qualifying result' }) boards: number;
  @Field(() => Float, { description: 'The qualifying total (matchpoints, IMPs, VPs or points), 2 decimals' }) qualifyingScore: number;
}

@ObjectType('CarryForward', { description: 'A final’s carry-forward from its qualifying event, as set (setCarryForward)' })
export class CarryForwardModel {
  @Field(() => ID, { description: 'The qualifying event' }) fromEventId: string;
  @Field({ description: 'The part of the qualifying result carried, exact ("1/2")' }) fraction: string;
  @Field(() => [CarriedForwardEntry], { description: 'One entry per contestant of the final found in the qualifying ranking' }) entries: CarriedForwardEntry[];
  /** Not a field: the carry-forward as stored, for `stale`. */
  stored: StoredCarryForward;
}
