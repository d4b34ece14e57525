import type { SwissMatchPlayed, SwissStanding } from '../bridge/movements/swiss.js';
import type { RankingRow } from '../bridge/scoring/standings.js';
import type { EventData } from './event-data.js';
import type { ScoredEvent } from './event-scoring.js';

/**
 * What the next Swiss round is drawn from, read off the event itself (DOMAIN §6.5): its ranking
 * over all sessions as it stands (standings by contestant number), every match already played
 * (teams: the matches of each session; pairs: the two pairs of each traveller line) with its round
 * counted across sessions, and the byes recorded. Pure: the resolver reads the scored event.
 */
export interface SwissInput {
  standings: SwissStanding[];
  history: SwissMatchPlayed[];
  byes: number[];
}

export function swissInputOf(scored: ScoredEvent, rows: readonly RankingRow[]): SwissInput | { problem: string } {
  const contestants = [...scored.data.contestants.values()];
  if (new Set(contestants.map((c) => c.number)).size !== contestants.length) return { problem: 'The event numbers its contestants per section: a Swiss draw needs numbers unique across the event' };
  const numberOf = (id: string) => scored.data.contestants.get(id)?.number;
  const disqualified = new Set(scored.data.sessions.flatMap((s) => s.penalties.filter((p) => p.unit === 'DISQUALIFIED').map((p) => p.contestantId)));
  // The ranking's order and figure (a percentage where there is one: boards differ); the unplaced last.
  const placed = rows.map((r) => ({ number: r.contestant.number, score: (r.percentage ?? r.score).toNumber() }));
  const lowest = Math.min(0, ...placed.map((s) => s.score));
  const seen = new Set(placed.map((s) => s.number));
  const unplaced = contestants.filter((c) => !seen.has(c.number) && !disqualified.has(c.id)).map((c) => ({ number: c.number, score: lowest }));
  const history: SwissMatchPlayed[] = [];
  const byes: number[] = [];
  const offsets = roundOffsets(scored.data);
  for (const [i, s] of [...scored.sessions.values()].entries()) {
    const before = offsets[i];
    const met = scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS' ? s.matches.map((m) => [m.home, m.away, m.round] as const) : s.data.results.map((r) => [r.nsContestantId, r.ewContestantId, r.round] as const);
    const known = new Set<string>();
    for (const [a, b, round] of met) {
      const [x, y] = [numberOf(a), numberOf(b)];
      if (x === undefined || y === undefined) continue;
      // A teams match has two rooms, a pairs meeting several boards: one entry each.
      const key = `${Math.min(x, y)}:${Math.max(x, y)}:${round}`;
      if (known.has(key)) continue;
      known.add(key);
      history.push(round === null ? [x, y] : [x, y, before + round]);
    }
    for (const a of s.data.awards) if (a.kind === 'BYE' && numberOf(a.contestantId) !== undefined) byes.push(numberOf(a.contestantId)!);
  }
  // The ranking leaves a disqualified contestant out already (Law 91).
  return { standings: [...placed, ...unplaced], history, byes };
}

/** Rounds are counted across sessions: each session's rounds follow the last round of those before it (by its lines and awards). */
function roundOffsets(data: EventData): number[] {
  let before = 0;
  return data.sessions.map((s) => {
    const offset = before;
    before += Math.max(0, ...s.results.map((r) => r.round ?? 0), ...s.awards.map((a) => a.round));
    return offset;
  });
}

/**
 * A lagged Swiss (DOMAIN §6.5): the event as it stood after `round` (counted across sessions), its
 * later lines and awards left out, for the standings the next draw uses; every match played still
 * counts as history. A line without a round cannot be placed, so such an event is refused.
 */
export function eventThroughRound(data: EventData, round: number): EventData | { problem: string } {
  if (data.sessions.some((s) => s.results.some((r) => r.round === null))) return { problem: 'standingsAfterRound needs every line’s round: some lines were posted without one' };
  const offsets = roundOffsets(data);
  return {
    ...data,
    sessions: data.sessions.map((s, i) => ({ ...s, results: s.results.filter((r) => offsets[i] + r.round! <= round), awards: s.awards.filter((a) => offsets[i] + a.round <= round) })),
  };
}
