import { Turn } from '../common/turns.js';
import { frac, type Fraction } from '../bridge/fraction.js';
import * as core from '../bridge/scoring/index.js';
import type { Result } from '../generated/prisma/client.js';
import { indexEventPositions, type ContestantWithPlayers, type EventData, type SessionData, type StoredResult } from './event-data.js';

/**
 * The event scored by the pure core (src/bridge/scoring) over its stored rows. Nothing here
 * decides a score: this file only names the core's types for the rows the service loads and
 * rounds figures for display.
 */
export type ScoredEvent = core.ScoredEvent<EventData>;
export type ScoredSession = core.ScoredSession<SessionData>;
export type RankingRow = core.RankingRow<ContestantWithPlayers>;
export type { LineFigures, ScoringKind } from '../bridge/scoring/index.js';
export { scoringKind } from '../bridge/scoring/index.js';

export const scoreEvent = (data: EventData, previous?: ScoredEvent, changes?: ReadonlyMap<string, core.SessionChanges<StoredResult>>): ScoredEvent => core.scoreEvent(data, previous, changes);

/** The longest the event loop is held by one slice of a whole scoring. */
const SLICE_MS = 25;

/**
 * A whole scoring in slices of at most ~`sliceMs` (25 ms by default), the event loop free in
 * between: a national field (240,000 lines, seconds of CPU) is scored after an import or a set-up
 * change while /health, posts and other reads go on being answered. Same result as `scoreEvent`.
 */
export async function scoreEventInSlices(data: EventData, sliceMs = SLICE_MS): Promise<ScoredEvent> {
  const steps = core.scoreEventSteps(data);
  const turn = new Turn(sliceMs, 1);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (turn.over()) await turn.next();
  }
}

/** A scoring being made ready for its first reads and correction in the background (`readyForReads`). */
export interface Readying {
  /** Settles once the sessions' rankings are made and their lines indexed. */
  ready: Promise<void>;
  /** The remaining slices run without their pauses: a read now waits for them. */
  hurry(): void;
}

/**
 * The event made ready for its first reads and correction (`core.readyRankings`, then `core.readyIndexes` and the positions), in slices
 * of at most ~`sliceMs` `pauseMs` apart, so pages read meanwhile do not wait on it. A read of the
 * event before it is ready hurries it and waits (`Readying`), instead of making the whole ranking
 * again in one turn — a national session's held the event loop 35–50 ms, and every read arriving
 * then with it, as the first page after an import was read. It waits for the indexing too (~80 ms
 * of a national field's): left to go on in slices, it was the first walk's pages' extra work —
 * in six alternating pairs of runs, the first walk's page p99 9.6–19.0 ms waiting against 11.1–27.4
 * not (every pair in favour), the first page ~60 ms later (410 → 469 ms on average).
 */
export function readyForReads(data: EventData, scored: ScoredEvent, sliceMs: number, pauseMs: number): Readying {
  const rankings = new Turn(sliceMs, 1, pauseMs);
  const indexing = new Turn(sliceMs, 1, pauseMs);
  const ranked = inTurns(core.readyRankings(scored), rankings);
  const indexed = ranked.then(() => inTurns(indexes(data, scored), indexing));
  return { ready: indexed.catch(() => {}), hurry: () => (rankings.hurry(), indexing.hurry()) };
}

/** The second part of the readying: the scoring state's lines, then the cached rows, indexed by id. */
function* indexes(data: EventData, scored: ScoredEvent): Generator<void, void> {
  yield* core.readyIndexes(scored);
  yield* indexEventPositions(data);
}

/** `steps` run to their end, pausing where `turn` says. */
async function inTurns(steps: Iterable<void>, turn: Turn): Promise<void> {
  for (const _ of steps) if (turn.over()) await turn.next();
}

export const rankingRows = (scored: ScoredEvent, sessions: ScoredSession[]): RankingRow[] => core.rankingRows(scored, sessions);
export type RankedList = core.RankedList<ContestantWithPlayers>;
/** `rankingRows` read a position at a time (a national session's rows made only when read). */
export const rankedList = (scored: ScoredEvent, sessions: ScoredSession[]): RankedList => core.rankedList(scored, sessions);

/**
 * `exact().round(2)` (half away from zero), read from a floating-point twin when it is clearly
 * away from a rounding boundary: the two can only differ at one, and the exact value of a national
 * field's total costs BigInt arithmetic (a page of 100 rows: most of its time).
 */
export function roundedFrom(approx: number | null | undefined, exact: () => Fraction): number {
  if (approx === undefined || approx === null || !Number.isFinite(approx)) return exact().round(2);
  const hundredths = Math.abs(approx) * 100;
  const margin = 1e-9 * Math.max(1, hundredths);
  if (Math.abs(hundredths - Math.floor(hundredths) - 0.5) <= margin) return exact().round(2);
  const whole = Math.floor(hundredths + 0.5);
  return whole === 0 ? 0 : (approx < 0 ? -whole : whole) / 100;
}

/** A ranking row's score as published (2 decimals), its exact value worked out only near a rounding boundary. */
export function shownScore(r: RankingRow): number {
  return roundedFrom(r.approxScore, () => r.score);
}

/** A ranking row's percentage as published (2 decimals; null where the method has none), exact only where the rounding needs it. */
export function shownPercentage(r: RankingRow): number | null {
  if (r.approxPercentage === undefined) return r.percentage ? r.percentage.round(2) : null;
  return r.approxPercentage === null ? null : roundedFrom(r.approxPercentage, () => r.percentage!);
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

export function shownFigures(s: ScoredSession, r: Pick<Result, 'id'>): ShownFigures {
  const figures = s.lines.get(r.id) ?? {};
  const top = figures.top;
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
