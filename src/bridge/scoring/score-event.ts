import type { MatchResult } from '../team-matches.js';
import type { EventInput, SessionInput } from './event-input.js';
import type { ImpBoard } from './imp-boards.js';
import type { MatchpointBoard } from './matchpoint-boards.js';
import { rulesOf, type ScoringRules } from './rules.js';
import { runSteps, scorePairSessionSteps, updatePairSession, type Lines, type TallyDelta, type PairMethod, type PairSession, type Tallies } from './session-scores.js';
import { scoreTeamSession } from './team-session.js';

/** How an event's boards are scored, from its kind and ScoringMethod. */
export type ScoringKind = 'MATCHPOINTS' | 'IMPS' | 'TOTAL_POINTS' | 'TEAMS_IMPS' | 'TEAMS_POINTS';

export function scoringKind(event: { kind: string; scoring: string }): ScoringKind {
  if (event.kind === 'TEAMS') return event.scoring === 'TOTAL_POINTS' ? 'TEAMS_POINTS' : 'TEAMS_IMPS';
  if (event.scoring === 'TOTAL_POINTS') return 'TOTAL_POINTS';
  return event.scoring === 'MATCHPOINTS' ? 'MATCHPOINTS' : 'IMPS';
}

/** What changed in a session since the previous scoring: new or corrected rows, removed row ids. */
export interface SessionChanges<L> {
  changed: readonly L[];
  removed: readonly string[];
}

export interface ScoredSession<S extends SessionInput = SessionInput> {
  data: S;
  /** Pairs: each field board's scoring, reused by the next revision where the board is unchanged. */
  boards: ReadonlyMap<string, MatchpointBoard | ImpBoard>;
  /** Each line's final figures (after Law 12C2(c)). */
  lines: Lines;
  /** Pairs: each contestant's session. */
  tallies: Tallies;
  /** Teams: the session's matches. */
  matches: MatchResult[];
  /** Pairs: the running sums the next revision updates (see updatePairSession). */
  state?: PairSession<S>['state'];
  /** Pairs, after an update: the tallies before it and the contestants it re-credited. */
  delta?: TallyDelta;
}

export type SessionOf<D extends EventInput> = D['sessions'][number];

export interface ScoredEvent<D extends EventInput = EventInput> {
  data: D;
  rules: ScoringRules;
  kind: ScoringKind;
  /** By session id, in playing order. */
  sessions: Map<string, ScoredSession<SessionOf<D>>>;
}

function pairMethod(kind: ScoringKind, scoring: string): PairMethod {
  if (kind === 'MATCHPOINTS' || kind === 'TOTAL_POINTS') return kind;
  // IMPs across the field are cross-IMPs; Butler compares with the datum.
  return scoring === 'BUTLER' ? 'BUTLER' : 'CROSS_IMPS';
}

/**
 * The whole scoring of an event, as the Laws and the event's rules say: which boards form a field,
 * factoring, adjusted scores and the Law 12C2(c) pass, IMP caps, team matches. Rankings (places,
 * penalties, carry-over) are read from the result with `rankingRows`. A board whose lines are
 * unchanged since `previous` (same rules) keeps its figures. With `changes` (by session id: the
 * rows that changed since `previous`), a pairs session is updated from `previous` instead of
 * regrouped: a post costs about one board however large the field. `previous` is then taken over.
 */
export function scoreEvent<D extends EventInput>(input: D, previous?: ScoredEvent<D>, changes?: ReadonlyMap<string, SessionChanges<D['sessions'][number]['results'][number]>>): ScoredEvent<D> {
  return runSteps(scoreEventSteps(input, previous, changes));
}

/** `scoreEvent` in steps (pausing between fields and every few thousand lines of a whole scoring), for a service to run in slices. */
export function* scoreEventSteps<D extends EventInput>(input: D, previous?: ScoredEvent<D>, changes?: ReadonlyMap<string, SessionChanges<D['sessions'][number]['results'][number]>>): Generator<void, ScoredEvent<D>> {
  const rules = rulesOf(input.event);
  const kind = scoringKind(input.event);
  const sameRules = previous?.kind === kind && JSON.stringify(previous.rules) === JSON.stringify(rules);
  const sessions = new Map<string, ScoredSession<SessionOf<D>>>();
  for (const s of input.sessions as SessionOf<D>[]) {
    if (kind === 'TEAMS_IMPS' || kind === 'TEAMS_POINTS') {
      const team = scoreTeamSession(s, rules, kind === 'TEAMS_IMPS' ? 'IMPS' : rules.teamsTotalPoints === 'BOARD_A_MATCH' ? 'BOARD_A_MATCH' : 'POINTS');
      sessions.set(s.session.id, { ...team, boards: new Map(), tallies: new Map() });
      continue;
    }
    const before = sameRules ? previous!.sessions.get(s.session.id) : undefined;
    const method = pairMethod(kind, input.event.scoring);
    if (before && changes) {
      const delta = changes.get(s.session.id);
      const updated = delta ? updatePairSession(before as unknown as PairSession<SessionOf<D>>, s, rules, method, delta.changed, delta.removed) : { ...before, data: s };
      if (updated) {
        sessions.set(s.session.id, { ...updated, matches: [] });
        continue;
      }
    }
    const prior = before ? { data: before.data, boards: new Map(before.boards), lines: before.lines, tallies: before.tallies } : undefined;
    sessions.set(s.session.id, { ...(yield* scorePairSessionSteps(s, rules, method, prior)), matches: [] });
  }
  return { data: input, rules, kind, sessions };
}
