import { DomainError } from '../bridge/errors.js';
import { DEFAULT_RULES, rulesOf, type MultipleArtificial, type ScoringRules, type StoredRules } from '../bridge/scoring/index.js';
import { discreteScaleProblem } from '../bridge/victory-points.js';
import { BadInputError } from '../common/errors.js';
import type { ScoringRulesFields } from './dto/scoring-rules.inputs.js';
import { changedSettings } from '../results/settings-change.js';

/** The option fields of an event input, apart from its other columns (vpScale is both: a column, and read by the rules). */
const RULE_KEYS = [
  'matchpointScale',
  'factoring',
  'fouledSmallGroups',
  'artificialScores',
  'sessionPercentageRule',
  'multipleArtificial',
  'butlerTrim',
  'butlerDatumRounding',
  'impDifferenceRounding',
  'impCapPerRound',
  'crossImpComparisons',
  'scoreAcross',
  'sessionWeighting',
  'customVpScale',
  'vpBoards',
  'vpFractionalMargin',
  'teamsTotalPoints',
  'boardAMatchTenIsTie',
  'tieBreaks',
  'byeAward',
  'forfeitAward',
  'knockout',
  'carryOver',
] as const satisfies readonly (keyof ScoringRulesFields)[];

type RuleKey = (typeof RULE_KEYS)[number];

export function splitRules<T extends ScoringRulesFields>(input: T): { rules: Pick<T, RuleKey>; data: Omit<T, RuleKey | 'vpScale'> } {
  const rules: Partial<Record<RuleKey, unknown>> = {};
  const data: Record<string, unknown> = { ...(input as object) };
  for (const key of RULE_KEYS) {
    rules[key] = input[key];
    delete data[key];
  }
  delete data.vpScale;
  return { rules: rules as Pick<T, RuleKey>, data: data as Omit<T, RuleKey | 'vpScale'> };
}

/**
 * The event's stored options after an input: each option given replaces the one in force (the
 * artificial values field by field), null or absent keeps it. The result is checked by the
 * scoring core's own rules, so nothing is stored that would score differently from what was asked.
 */
export function mergeRules(current: StoredRules, input: Partial<Pick<ScoringRulesFields, RuleKey>>, event: { kind: string; scoring: string; vpScale: string | null; contestants: ReadonlySet<string> }): StoredRules {
  const next: Record<string, unknown> = { ...current };
  for (const key of RULE_KEYS) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    next[key] = key === 'artificialScores' ? { ...(current.artificialScores ?? {}), ...defined(value as object) } : plain(value);
  }
  if (input.byeAward) next.byeAward = { rule: input.byeAward.rule, vps: input.byeAward.vps ?? null };
  if (input.forfeitAward) next.forfeitAward = { rule: input.forfeitAward.rule, vps: input.forfeitAward.vps ?? null, loserVps: input.forfeitAward.loserVps ?? 0 };
  if (input.butlerTrim) next.butlerTrim = defined(input.butlerTrim);
  if (input.multipleArtificial) next.multipleArtificial = multipleArtificial(input.multipleArtificial, next as StoredRules, current.multipleArtificial);
  checkFitsEvent(next as StoredRules, event);
  checkScorable(next as StoredRules, event.vpScale);
  return next as StoredRules;
}

/** Options about to be stored, checked by the scoring core's own rules: nothing is stored that would score differently from what was asked. */
export function checkScorable(scoringOptions: StoredRules, vpScale: string | null): void {
  try {
    rulesOf({ scoringOptions, vpScale });
  } catch (error) {
    if (error instanceof DomainError) throw new BadInputError(error.message, [error.field ?? 'input']);
    throw error;
  }
}

/**
 * Law 12C2(d)'s varied values as stored: a value not given keeps the one in force, or is the event's
 * own (as its artificialScores now stand), so the values read back are the ones scored; `from: 0`
 * turns the rule off.
 */
function multipleArtificial(input: NonNullable<ScoringRulesFields['multipleArtificial']>, rules: StoredRules, current: MultipleArtificial | null | undefined): MultipleArtificial | null {
  if (input.from === 0) return null;
  if (input.from === 1) throw new BadInputError('multipleArtificial.from 1 would vary every artificial score: set artificialScores instead, or start at 2', ['multipleArtificial.from']);
  return { ...DEFAULT_RULES.artificialScores, ...(rules.artificialScores ?? {}), ...(current ?? {}), ...defined(input) } as MultipleArtificial;
}

function checkFitsEvent(rules: StoredRules, event: { kind: string; scoring: string; vpScale: string | null; contestants: ReadonlySet<string> }): void {
  if (rules.knockout && event.kind !== 'TEAMS') throw new BadInputError('A knockout is a teams event: knockout needs kind TEAMS', ['knockout']);
  if (rules.teamsTotalPoints === 'BOARD_A_MATCH') {
    // Stored, it would silently do nothing on any other event; a scoring change away from it must say AGGREGATE.
    if (event.kind !== 'TEAMS' || event.scoring !== 'TOTAL_POINTS') throw new BadInputError('Board-a-match is for teams events scored TOTAL_POINTS (set teamsTotalPoints: AGGREGATE to score otherwise)', ['teamsTotalPoints']);
    if (event.vpScale) throw new BadInputError('Board-a-match totals are boards won, not IMPs: they take no VP scale', ['vpScale']);
  }
  // Total points score no artificial adjusted score by percentage or IMPs: nothing there to vary.
  if (rules.multipleArtificial && event.scoring === 'TOTAL_POINTS') {
    throw new BadInputError('multipleArtificial (Law 12C2(d)) is for events scored in matchpoints or IMPs, not total points (send from: 0 to turn it off)', ['multipleArtificial']);
  }
  if (rules.customVpScale) {
    const problem = discreteScaleProblem(rules.customVpScale);
    if (problem) throw new BadInputError(`customVpScale: ${problem}`, ['customVpScale']);
  }
  if (event.vpScale === 'CUSTOM' && !rules.customVpScale) throw new BadInputError('vpScale CUSTOM needs the table: give customVpScale', ['customVpScale']);
  if (rules.tieBreaks && new Set(rules.tieBreaks).size !== rules.tieBreaks.length) throw new BadInputError('Each tie-break may be listed once', ['tieBreaks']);
  for (const [i, c] of (rules.carryOver ?? []).entries()) {
    for (const field of ['team', 'opponent'] as const) {
      if (!event.contestants.has(c[field])) throw new BadInputError(`carryOver.${i}.${field}: ${c[field]} is not a team of this event`, [`carryOver.${i}.${field}`]);
    }
    if (c.team === c.opponent) throw new BadInputError('A team cannot carry over against itself', [`carryOver.${i}.opponent`]);
  }
}

/** The fields that were given (GraphQL input objects carry nulls and class instances; JSON wants plain values). */
function defined(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));
}

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** How an event's results are scored: its method and stored rules. */
interface EventScoring {
  scoring: string;
  vpScale: string | null;
  scoringOptions: unknown;
}

/** The scoring settings an update changes (the rules in force compared, so a default sent again is no change). */
export function scoringChanges(before: EventScoring, after: EventScoring) {
  return changedSettings({ scoring: before.scoring, ...rulesOf(before) }, { scoring: after.scoring, ...rulesOf(after) });
}

/** The rules in force, as Event reads them back (every option with its effective value). */
export function eventRules(event: { scoringOptions: unknown; vpScale: string | null }): ScoringRules {
  let rules = cache.get(event);
  if (!rules) cache.set(event, (rules = rulesOf(event)));
  return rules;
}

const cache = new WeakMap<object, ScoringRules>();
