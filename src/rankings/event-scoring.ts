import { Fraction, frac, sum } from '../bridge/fraction.js';
import { expectedResults as movementExpected, type Movement } from '../bridge/movements/index.js';
import type { MatchpointOptions, MatchpointScale, SideScore } from '../bridge/matchpoints.js';
import { addBoard, emptyTally, type MatchpointTally } from '../bridge/ranking.js';
import { teamMatches, type MatchResult, type TeamLine } from '../bridge/team-matches.js';
import type { Event, Result, Section } from '../generated/prisma/client.js';
import type { EventData, SessionData } from './event-data.js';
import { boardKey, scoreSession, scoreSessionImps, toBoardLine, type ImpMethod, type ScoredBoard } from './session-scoring.js';

/** How an event's boards are scored, from its kind and ScoringMethod. */
export type ScoringKind = 'MATCHPOINTS' | 'IMPS' | 'TOTAL_POINTS' | 'TEAMS_IMPS' | 'TEAMS_POINTS';

export function scoringKind(event: Pick<Event, 'kind' | 'scoring'>): ScoringKind {
  if (event.kind === 'TEAMS') return event.scoring === 'TOTAL_POINTS' ? 'TEAMS_POINTS' : 'TEAMS_IMPS';
  if (event.scoring === 'TOTAL_POINTS') return 'TOTAL_POINTS';
  return event.scoring === 'MATCHPOINTS' ? 'MATCHPOINTS' : 'IMPS';
}

/** A traveller line's scored figures; absent where the method has none. */
export interface LineFigures {
  nsMatchpoints?: Fraction;
  ewMatchpoints?: Fraction;
  nsImps?: Fraction;
  ewImps?: Fraction;
}

/** A line's figures as published: 2 decimals, percentages of the board's top; null where the method has none. */
export interface ShownFigures {
  nsMatchpoints: number | null;
  ewMatchpoints: number | null;
  nsPercentage: number | null;
  ewPercentage: number | null;
  nsImps: number | null;
  ewImps: number | null;
}

export function shownFigures(s: ScoredSession, r: Pick<Result, 'id' | 'sectionId' | 'boardNumber'>): ShownFigures {
  const figures = s.lines.get(r.id) ?? {};
  const top = s.tops.get(boardKey(r.sectionId, r.boardNumber));
  const rounded = (f: Fraction | undefined) => (f ? f.round(2) : null);
  const pct = (mp: Fraction | undefined) => (mp && top && !top.isZero() ? mp.div(top).mul(frac(100)).round(2) : null);
  return {
    nsMatchpoints: rounded(figures.nsMatchpoints),
    ewMatchpoints: rounded(figures.ewMatchpoints),
    nsPercentage: pct(figures.nsMatchpoints),
    ewPercentage: pct(figures.ewMatchpoints),
    nsImps: rounded(figures.nsImps),
    ewImps: rounded(figures.ewImps),
  };
}

export interface ScoredSession {
  data: SessionData;
  /** Matchpoint events: each board's scoring, reused by the next revision where the board is unchanged. */
  boards: ReadonlyMap<string, ScoredBoard>;
  lines: Map<string, LineFigures>;
  /** Matchpoint tops by board key (MP events). */
  tops: Map<string, Fraction>;
  /** Pairs: each contestant's total (MPs over tops, IMPs or points) and boards played. */
  tallies: Map<string, MatchpointTally>;
  /** Teams: the session's matches. */
  matches: MatchResult[];
}

export interface ScoredEvent {
  data: EventData;
  kind: ScoringKind;
  /** By session id, in playing order. */
  sessions: Map<string, ScoredSession>;
}

/** Scores every session of an event with the pure core; boards unchanged since `previous` are not scored again. */
export function scoreEvent(data: EventData, previous?: ScoredEvent): ScoredEvent {
  const kind = scoringKind(data.event);
  const sameRules = previous?.kind === kind && JSON.stringify(previous.data.event.scoringOptions ?? null) === JSON.stringify(data.event.scoringOptions ?? null);
  const prior = (id: string) => (sameRules ? previous!.sessions.get(id)?.boards : undefined);
  return { data, kind, sessions: new Map(data.sessions.map((s) => [s.session.id, scoreOneSession(s, kind, data.event, prior(s.session.id))])) };
}

function scoreOneSession(s: SessionData, kind: ScoringKind, event: Event, previous?: ReadonlyMap<string, ScoredBoard>): ScoredSession {
  switch (kind) {
    case 'MATCHPOINTS':
      return matchpointSession(s, matchpointOptions(event), previous);
    case 'IMPS':
      // IMPs across the field are cross-IMPs; Butler compares with the datum.
      return impSession(s, event.scoring === 'BUTLER' ? 'BUTLER' : 'CROSS_IMPS');
    case 'TOTAL_POINTS':
      return pointsSession(s);
    default:
      return teamSession(s, kind === 'TEAMS_IMPS' ? 'IMPS' : 'POINTS');
  }
}

const empty = (s: SessionData): ScoredSession => ({ data: s, boards: new Map(), lines: new Map(), tops: new Map(), tallies: new Map(), matches: [] });

/** The event's matchpoint rules (Event.scoringOptions): the scale, 2/1/0 by default or 1/½/0. */
export function matchpointOptions(event: Pick<Event, 'scoringOptions'>): MatchpointOptions {
  const options = (event.scoringOptions ?? {}) as { matchpointScale?: MatchpointScale };
  return options.matchpointScale === 'ONE_POINT' ? { scale: 'ONE_POINT' } : {};
}

function matchpointSession(s: SessionData, options: MatchpointOptions, previous?: ReadonlyMap<string, ScoredBoard>): ScoredSession {
  const scored = scoreSession(s.results, expectedResults(s.results, s.sections), options, previous);
  const lines = new Map<string, LineFigures>();
  const tops = new Map<string, Fraction>();
  for (const [key, board] of scored.boards) {
    tops.set(key, board.top);
    for (const [id, mp] of board.lines) lines.set(id, { nsMatchpoints: mp.ns, ewMatchpoints: mp.ew });
  }
  return { ...empty(s), boards: scored.boards, lines, tops, tallies: scored.tallies };
}

function impSession(s: SessionData, method: ImpMethod): ScoredSession {
  const scored = scoreSessionImps(s.results, method);
  const lines = new Map([...scored.lines].map(([id, l]) => [id, { nsImps: l.ns, ewImps: l.ew }]));
  const tallies = new Map([...scored.tallies].map(([id, t]) => [id, { matchpoints: t.imps, tops: Fraction.ZERO, boards: t.boards }]));
  return { ...empty(s), lines, tallies };
}

/** Law 78C for pairs: each pair's own points, board by board (an assigned score's points weighted). */
function pointsSession(s: SessionData): ScoredSession {
  const out = empty(s);
  const points = (score: SideScore) => (typeof score === 'number' ? frac(score) : sum(score.map((c) => c.weight.mul(frac(c.nsScore)))));
  for (const r of s.results) {
    const line = toBoardLine(r);
    if (!line || 'artificial' in line) continue;
    const ns = points(line.ns);
    const ew = points(line.ew ?? line.ns).neg();
    out.lines.set(r.id, {});
    for (const [id, value] of [[r.nsContestantId, ns], [r.ewContestantId, ew]] as const) {
      out.tallies.set(id, addBoard(out.tallies.get(id) ?? emptyTally(), value, Fraction.ZERO));
    }
  }
  return out;
}

/** Teams: matches from the lines, and each line's IMPs for the team sitting NS at it. */
function teamSession(s: SessionData, unit: 'IMPS' | 'POINTS'): ScoredSession {
  const lines: TeamLine[] = s.results.map((r) => ({ id: r.id, board: r.boardNumber, round: r.round, ns: r.nsContestantId, ew: r.ewContestantId, line: toBoardLine(r) }));
  const matches = teamMatches(lines, unit);
  const figures = new Map<string, LineFigures>();
  if (unit === 'IMPS') {
    for (const m of matches) {
      for (const b of m.boards.filter((x) => x.state === 'SCORED')) {
        if (b.homeLine) figures.set(b.homeLine, { nsImps: b.homeScore, ewImps: b.awayScore });
        if (b.awayLine) figures.set(b.awayLine, { nsImps: b.awayScore, ewImps: b.homeScore });
      }
    }
  }
  return { ...empty(s), lines: figures, matches };
}

/** Tables per board of a stored movement; movements are data that a refresh keeps, so this is worked out once. */
const tablesPerBoard = new WeakMap<object, Map<number, number>>();

function movementCounts(movement: Movement): Map<number, number> {
  let counts = tablesPerBoard.get(movement);
  if (!counts) tablesPerBoard.set(movement, (counts = movementExpected(movement)));
  return counts;
}

/**
 * N for Neuberg: with a movement, the number of tables that play the board; otherwise the most
 * results any board of the section has, so a board missing a result (sit-out, not played) is
 * factored to the field's top while play goes on.
 */
function expectedResults(results: Result[], sections: Section[]) {
  const byMovement = new Map<string, Map<number, number>>();
  for (const s of sections) if (s.movement) byMovement.set(s.id, movementCounts(s.movement as unknown as Movement));
  const most = new Map<string, number>();
  if (byMovement.size < sections.length) {
    const count = new Map<string, number>();
    for (const r of results) {
      if (byMovement.has(r.sectionId)) continue;
      const key = boardKey(r.sectionId, r.boardNumber);
      const n = (count.get(key) ?? 0) + 1;
      count.set(key, n);
      most.set(r.sectionId, Math.max(most.get(r.sectionId) ?? 0, n));
    }
  }
  return (sectionId: string, board: number, present: number) => Math.max(byMovement.get(sectionId)?.get(board) ?? most.get(sectionId) ?? present, present);
}
