import { InvalidScoringError } from '../errors.js';
import { Fraction } from '../fraction.js';
import type { TieBreak } from '../team-standings.js';
import { DEFAULT_TIE_BREAKS } from '../team-standings.js';
import type { DiscreteVpScale } from '../victory-points.js';

/**
 * The scoring rules an event sets (Law 78D leaves them to the regulations). Every option here is
 * settable on an event (CreateEventInput / UpdateEventInput) and read back on it; nothing else
 * changes how an event is scored.
 */
export type MatchpointScale = 'TWO_POINT' | 'ONE_POINT';
export type Factoring = 'NEUBERG' | 'RATIO';
export type ScoreAcross = 'SECTION' | 'SESSION';
/** A fouled board's small groups (1–3 scores, not the largest): Neuberg like any group, or fixed percentages (Law 87, DOMAIN §3.2). */
export type FouledSmallGroups = 'NEUBERG' | 'FIXED_PERCENTAGES';
export type DatumRounding = 'NEAREST_10' | 'TOWARD_ZERO_10' | 'NONE';
/** A difference that is not a multiple of 10 (only against an unrounded datum): the scale's steps half-open, or rounded to 10 first (DOMAIN §4.1). */
export type ImpDifferenceRounding = 'HALF_OPEN' | 'NEAREST_10';
/** How session percentages combine into the event's: weighted by boards played, or each session equally. */
export type SessionWeighting = 'BOARDS' | 'EQUAL';
export type VpScaleName = 'WBF_2013' | 'WBF_2013_DISCRETE' | 'VP_25' | 'VP_30' | 'CUSTOM';
/** The boards a VP scale is read for: those scored, or those scheduled (cancelled boards included). */
export type VpBoards = 'PLAYED' | 'SCHEDULED';
/** A fractional IMP margin (weighted scores) on a continuous VP scale: between the table's neighbours, or the formula itself (DOMAIN §5.1). */
export type VpFractionalMargin = 'INTERPOLATE' | 'FORMULA';
/** Teams scored in total points (Law 78C): the points added up, or each board won, tied or lost (board-a-match). */
export type TeamsTotalPoints = 'AGGREGATE' | 'BOARD_A_MATCH';
/** What a bye or a forfeit is worth: a fixed award, the team's own average, or the better of the two. */
export type AwardRule = 'FIXED' | 'OWN_AVERAGE' | 'BETTER_OF_FIXED_AND_AVERAGE';

export interface ArtificialScores {
  /** Percent of a top (Law 12C2(a)): 60, 50, 40 unless the regulations say otherwise. */
  averagePlus: number;
  average: number;
  averageMinus: number;
  /** IMPs of average plus (Law 12C2(b)); average minus is its negative, average 0. */
  imps: number;
}

/**
 * Law 12C2(d): a contestant that fails to obtain a result on several boards of a session gets, from
 * its `from`-th artificial adjusted score of the session on (in the order played: by round, then
 * board number), these values instead of `artificialScores` (Law 12C2(c) still weighs its own
 * percentage against them).
 */
export interface MultipleArtificial extends ArtificialScores {
  from: number;
}

/**
 * A final's carry-forward from its qualifying stage (DOMAIN §7), worked out when the director sets
 * it and kept as it was then: `fraction` of each contestant's qualifying result counts in the final's
 * event ranking. Pairs: the qualifying figure a board (a fraction of the top in matchpoints, IMPs or
 * points a board otherwise) counts as `fraction` × its qualifying boards played at that figure, so
 * with 1/2 a final's matchpoints gain S × FT / (2 × QT), the EBU's formula. Teams: `fraction` × the
 * qualifying VPs (or IMPs, points) are added to the total.
 */
export interface CarryForward {
  fromEventId: string;
  /** Exact, e.g. "1/2". */
  fraction: string;
  entries: CarriedEntry[];
}

export interface CarriedEntry {
  /** The contestant in this event (the final). */
  contestant: string;
  /** The same pair or team in the qualifying event. */
  from: string;
  /** Pairs: the qualifying figure a board, exact (matchpoints: a fraction of the top, 0 to 1). */
  share: string | null;
  /** Pairs: boards the qualifying result was over, and its sessions (the weight under EQUAL session weighting). */
  boards: number;
  sessions: number;
  /** The qualifying total in the ranking's unit (teams: VPs, IMPs or points), exact. */
  score: string;
}

export type ButlerTrim = { perEnd: number } | { percentPerEnd: number };

export interface VpAward {
  rule: AwardRule;
  /** The fixed award; null: 60 % of the scale's maximum (12 of 20). */
  vps: number | null;
}

export interface ScoringRules {
  matchpointScale: MatchpointScale;
  factoring: Factoring;
  fouledSmallGroups: FouledSmallGroups;
  artificialScores: ArtificialScores;
  /** Law 12C2(c): a side's own session percentage replaces a worse A+ (better A−). */
  sessionPercentageRule: boolean;
  /** Law 12C2(d): the values of a contestant's later artificial scores in a session; null: every one takes `artificialScores`. */
  multipleArtificial: MultipleArtificial | null;
  /** Null: keep all scores when n ≤ 3, else drop ceil((n − 10)/15) + 1 at each end. */
  butlerTrim: ButlerTrim | null;
  butlerDatumRounding: DatumRounding;
  impDifferenceRounding: ImpDifferenceRounding;
  /** IMPs a pair wins in one round count at most this; losses are not capped. Null: no cap. */
  impCapPerRound: number | null;
  /** Cross-IMPs: each line's IMPs scaled to this many comparisons (its average × k). Null: the average over its n − 1 (DOMAIN §4.4). */
  crossImpComparisons: number | null;
  scoreAcross: ScoreAcross;
  sessionWeighting: SessionWeighting;
  vpScale: VpScaleName | null;
  customVpScale: DiscreteVpScale | null;
  vpBoards: VpBoards;
  vpFractionalMargin: VpFractionalMargin;
  teamsTotalPoints: TeamsTotalPoints;
  /** Board-a-match: a difference of 10 points is a tie (conditions of contest). */
  boardAMatchTenIsTie: boolean;
  tieBreaks: TieBreak[];
  byeAward: VpAward;
  forfeitAward: VpAward & { loserVps: number };
  /** A knockout: each pair of teams plays one match over all its segments, with carry-over. */
  knockout: boolean;
  /** Knockout carry-over: IMPs a team starts its match with. */
  carryOver: { team: string; opponent: string; imps: number }[];
  /** A final's carry-forward from its qualifying stage, counted in the ranking over all its sessions; null: none. */
  carryForward: CarryForward | null;
}

export const DEFAULT_RULES: ScoringRules = {
  matchpointScale: 'TWO_POINT',
  factoring: 'NEUBERG',
  fouledSmallGroups: 'NEUBERG',
  artificialScores: { averagePlus: 60, average: 50, averageMinus: 40, imps: 3 },
  sessionPercentageRule: true,
  multipleArtificial: null,
  butlerTrim: null,
  butlerDatumRounding: 'NEAREST_10',
  impDifferenceRounding: 'HALF_OPEN',
  impCapPerRound: null,
  crossImpComparisons: null,
  scoreAcross: 'SECTION',
  sessionWeighting: 'BOARDS',
  vpScale: null,
  customVpScale: null,
  vpBoards: 'PLAYED',
  vpFractionalMargin: 'INTERPOLATE',
  teamsTotalPoints: 'AGGREGATE',
  boardAMatchTenIsTie: false,
  tieBreaks: DEFAULT_TIE_BREAKS,
  byeAward: { rule: 'FIXED', vps: null },
  forfeitAward: { rule: 'FIXED', vps: null, loserVps: 0 },
  knockout: false,
  carryOver: [],
  carryForward: null,
};

/** The options kept in Event.scoringOptions (JSON): any subset of the rules except the VP scale's name. */
export type StoredRules = Partial<Omit<ScoringRules, 'vpScale'>>;

/**
 * An event's rules: its stored options over the defaults, with the scale named in Event.vpScale.
 * Stored options were validated when set; a value that is not one of ours is refused loudly rather
 * than scored some other way.
 */
export function rulesOf(event: { scoringOptions?: unknown; vpScale?: string | null }): ScoringRules {
  const stored = (event.scoringOptions ?? {}) as StoredRules;
  if (typeof stored !== 'object' || Array.isArray(stored)) throw new InvalidScoringError('The event’s scoring options are not an object');
  const rules: ScoringRules = { ...DEFAULT_RULES };
  for (const key of Object.keys(DEFAULT_RULES) as (keyof ScoringRules)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined && value !== null && key !== 'vpScale') (rules as unknown as Record<string, unknown>)[key] = value;
  }
  rules.artificialScores = { ...DEFAULT_RULES.artificialScores, ...(stored.artificialScores ?? {}) };
  rules.vpScale = (event.vpScale as VpScaleName | null | undefined) ?? null;
  checkRules(rules);
  return rules;
}

/** The rules that take one of a few words, and those words (the API's enums say the same). */
const CHOICES = {
  matchpointScale: ['TWO_POINT', 'ONE_POINT'],
  factoring: ['NEUBERG', 'RATIO'],
  fouledSmallGroups: ['NEUBERG', 'FIXED_PERCENTAGES'],
  butlerDatumRounding: ['NEAREST_10', 'TOWARD_ZERO_10', 'NONE'],
  impDifferenceRounding: ['HALF_OPEN', 'NEAREST_10'],
  scoreAcross: ['SECTION', 'SESSION'],
  sessionWeighting: ['BOARDS', 'EQUAL'],
  vpBoards: ['PLAYED', 'SCHEDULED'],
  vpFractionalMargin: ['INTERPOLATE', 'FORMULA'],
  teamsTotalPoints: ['AGGREGATE', 'BOARD_A_MATCH'],
} as const satisfies Partial<Record<keyof ScoringRules, readonly string[]>>;

/** Boards a session may have, at most (a section lists at most 500). */
const MAX_BOARDS_A_SESSION = 500;

function checkArtificial(name: string, a: ArtificialScores): void {
  for (const [key, value] of Object.entries({ averagePlus: a.averagePlus, average: a.average, averageMinus: a.averageMinus })) {
    if (!(typeof value === 'number' && value >= 0 && value <= 100)) throw new InvalidScoringError(`${name}.${key} is a percentage of a top, 0 to 100; got ${value}`, `${name}.${key}`);
  }
  if (!(typeof a.imps === 'number' && a.imps >= 0 && a.imps <= 24)) throw new InvalidScoringError(`${name}.imps must be 0 to 24; got ${a.imps}`, `${name}.imps`);
}

/** The checks the API applies before it stores options, shared so stored data obeys the same ones. */
export function checkRules(rules: ScoringRules): void {
  for (const [key, allowed] of Object.entries(CHOICES) as [keyof typeof CHOICES, readonly string[]][]) {
    if (!allowed.includes(rules[key])) throw new InvalidScoringError(`${key} is one of ${allowed.join(', ')}; got ${rules[key]}`, key);
  }
  checkArtificial('artificialScores', rules.artificialScores);
  const multiple = rules.multipleArtificial;
  if (multiple) {
    checkArtificial('multipleArtificial', multiple);
    if (!(Number.isInteger(multiple.from) && multiple.from >= 2 && multiple.from <= MAX_BOARDS_A_SESSION)) {
      throw new InvalidScoringError(`multipleArtificial.from is the contestant's artificial score of a session the varied values start at, 2 to ${MAX_BOARDS_A_SESSION}; got ${multiple.from}`, 'multipleArtificial.from');
    }
  }
  const trim = rules.butlerTrim;
  if (trim) {
    const keys = Object.keys(trim).filter((k) => (trim as Record<string, unknown>)[k] !== undefined && (trim as Record<string, unknown>)[k] !== null);
    if (keys.length !== 1) throw new InvalidScoringError('butlerTrim takes one of perEnd or percentPerEnd, not both or neither', 'butlerTrim');
    if ('perEnd' in trim && trim.perEnd !== undefined && !(Number.isInteger(trim.perEnd) && trim.perEnd >= 0 && trim.perEnd <= 100)) {
      throw new InvalidScoringError(`butlerTrim.perEnd must be a whole number of scores, 0 to 100; got ${trim.perEnd}`, 'butlerTrim.perEnd');
    }
    if ('percentPerEnd' in trim && trim.percentPerEnd !== undefined && !(trim.percentPerEnd >= 0 && trim.percentPerEnd < 50)) {
      throw new InvalidScoringError(`butlerTrim.percentPerEnd must be at least 0 and under 50; got ${trim.percentPerEnd}`, 'butlerTrim.percentPerEnd');
    }
  }
  if (rules.crossImpComparisons !== null && !(Number.isInteger(rules.crossImpComparisons) && rules.crossImpComparisons >= 1)) {
    throw new InvalidScoringError(`crossImpComparisons is a whole number of comparisons, 1 or more; got ${rules.crossImpComparisons}`, 'crossImpComparisons');
  }
  if (rules.impCapPerRound !== null && !(rules.impCapPerRound > 0)) throw new InvalidScoringError(`impCapPerRound must be above 0; got ${rules.impCapPerRound}`, 'impCapPerRound');
  if (rules.carryForward) checkCarryForward(rules.carryForward);
  if (rules.vpScale === 'CUSTOM' && !rules.customVpScale) throw new InvalidScoringError('vpScale CUSTOM needs the table (customVpScale)', 'customVpScale');
}

/** A stored carry-forward reads as the one set: exact figures, a fraction above 0 and at most 1. */
function checkCarryForward(carry: CarryForward): void {
  const exact = (text: unknown, field: string) => {
    try {
      return Fraction.parse(String(text));
    } catch {
      throw new InvalidScoringError(`carryForward.${field} is not an exact number: ${String(text)}`, `carryForward.${field}`);
    }
  };
  const fraction = exact(carry.fraction, 'fraction');
  if (fraction.compare(Fraction.ZERO) <= 0 || fraction.compare(Fraction.ONE) > 0) throw new InvalidScoringError(`carryForward.fraction is above 0 and at most 1; got ${carry.fraction}`, 'carryForward.fraction');
  for (const e of carry.entries) {
    exact(e.score, 'entries.score');
    if (e.share !== null) exact(e.share, 'entries.share');
  }
}
