import { placesWithin } from '../bridge/ranking.js';
import type { RankingRow, ScoredEvent } from './event-scoring.js';

/** A contestant's club in a simultaneous event and its place among that club's contestants. */
export interface ClubPlace {
  clubId: string;
  place: string;
  rank: number;
}

/**
 * The host club of each contestant of a simultaneous event: pairs are numbered per section letter,
 * and a letter's sections have one host in every session (sectionHost keeps it so). A contestant
 * without a letter, or of a section the event's organisation runs, has none.
 */
export function contestantHosts(scored: ScoredEvent): Map<string, string> {
  const byLetter = new Map<string, string | null>();
  for (const s of scored.data.sessions) {
    for (const x of s.sections) {
      const host = x.organizationId ?? null;
      byLetter.set(x.letter, byLetter.has(x.letter) && byLetter.get(x.letter) !== host ? null : host);
    }
  }
  const hosts = new Map<string, string>();
  for (const c of scored.data.contestants.values()) {
    const host = c.section ? byLetter.get(c.section.toUpperCase()) : null;
    if (host) hosts.set(c.id, host);
  }
  return hosts;
}

/**
 * Each hosted contestant's place in its club's list: the national order and ties, within the
 * field it is ranked in (a two-winner field's NS and EW pairs each get their own club list).
 */
export function clubPlaces(rows: readonly RankingRow[], hosts: ReadonlyMap<string, string>): Map<string, ClubPlace> {
  if (!hosts.size) return new Map(); // no host clubs (not a simultaneous): nothing to place, whatever the field's size
  const groupOf = (r: RankingRow) => {
    const host = hosts.get(r.contestant.id);
    return host ? `${host}|${r.field}` : null;
  };
  const placed = placesWithin(rows, groupOf, (r) => r.rank);
  const byContestant = new Map<string, ClubPlace>();
  rows.forEach((r, i) => {
    const p = placed[i];
    if (p) byContestant.set(r.contestant.id, { clubId: hosts.get(r.contestant.id)!, ...p });
  });
  return byContestant;
}
