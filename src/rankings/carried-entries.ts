import { Fraction, frac } from '../bridge/fraction.js';
import type { CarriedEntry } from '../bridge/scoring/index.js';
import type { RankingRow } from '../bridge/scoring/standings.js';
import type { ContestantWithPlayers } from './event-data.js';

/**
 * A final's carry-forward worked out from its qualifying event's ranking (DOMAIN §7): each
 * contestant of the final is found in the qualifying ranking as the same players (or, where a side
 * lists no players, the same name), unless the director pairs them up by hand. Pure: the service
 * reads both events and stores what this gives.
 */
export interface CarriedEntries {
  entries: CarriedEntry[];
  /** Contestants of the final found in no qualifying row (or in more than one): they carry nothing. */
  unmatched: string[];
}

export interface QualifyingFigures {
  rows: readonly RankingRow<ContestantWithPlayers>[];
  /** Matchpoints: the share a board is the percentage over 100; otherwise the score a board. */
  matchpoints: boolean;
  teams: boolean;
  /** Sessions the contestant has boards in (its weight under EQUAL session weighting). */
  sessionsOf(contestantId: string): number;
}

export function carriedEntries(final: Iterable<ContestantWithPlayers>, qualifying: QualifyingFigures, pairedByHand: ReadonlyMap<string, string> = new Map()): CarriedEntries {
  const byId = new Map(qualifying.rows.map((r) => [r.contestant.id, r]));
  const byKey = new Map<string, RankingRow<ContestantWithPlayers>[]>();
  for (const r of qualifying.rows) byKey.set(sideKey(r.contestant), [...(byKey.get(sideKey(r.contestant)) ?? []), r]);
  const entries: CarriedEntry[] = [];
  const unmatched: string[] = [];
  for (const c of final) {
    const handPicked = pairedByHand.get(c.id);
    const found = handPicked !== undefined ? [byId.get(handPicked)].filter((r) => r !== undefined) : (byKey.get(sideKey(c)) ?? []);
    if (found.length !== 1) {
      unmatched.push(c.id);
      continue;
    }
    entries.push(entryOf(c.id, found[0], qualifying));
  }
  return { entries, unmatched };
}

/**
 * Whether the qualifying ranking has moved since the carry-forward was worked out (a correction, a
 * ruling, a contestant gone): some entry would now carry something else.
 */
export function carriedEntriesStale(entries: readonly CarriedEntry[], qualifying: QualifyingFigures): boolean {
  const byId = new Map(qualifying.rows.map((r) => [r.contestant.id, r]));
  return entries.some((e) => {
    const row = byId.get(e.from);
    if (!row) return true;
    const now = entryOf(e.contestant, row, qualifying);
    return now.share !== e.share || now.score !== e.score || now.boards !== e.boards || now.sessions !== e.sessions;
  });
}

function entryOf(contestant: string, row: RankingRow<ContestantWithPlayers>, q: QualifyingFigures): CarriedEntry {
  const share = q.teams ? null : q.matchpoints ? (row.percentage ?? Fraction.ZERO).div(frac(100)) : row.boards ? row.score.div(frac(row.boards)) : Fraction.ZERO;
  return { contestant, from: row.contestant.id, share: share?.toString() ?? null, boards: row.boards, sessions: q.sessionsOf(row.contestant.id), score: row.score.toString() };
}

/** The same pair or team: the same players in any order; a side with no players listed, by its name (case and spacing aside). */
function sideKey(c: ContestantWithPlayers): string {
  const players = c.players.map((p) => p.player.id).sort();
  return players.length ? `players:${players.join(',')}` : `name:${c.name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}
