import { placeWithin } from '../bridge/ranking.js';
import type { RankedList } from '../bridge/scoring/index.js';
import type { ScoredEvent } from './event-scoring.js';

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

/** The contestants each host club hosts (the inverse of `contestantHosts`). */
export function clubMembers(hosts: ReadonlyMap<string, string>): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const [contestant, club] of hosts) {
    const list = members.get(club);
    if (list) list.push(contestant);
    else members.set(club, [contestant]);
  }
  return members;
}

/**
 * Each hosted contestant's place in its club's list: the national order and ties, within the
 * field it is ranked in (a two-winner field's NS and EW pairs each get their own club list).
 * Worked out for the contestants read, from the ranks of the club's others (a club hosts a few
 * hundred pairs), and remembered for this ranking: a correction's new ranking is not placed club
 * by club for 20,000 pairs when a reader asks for one line.
 */
export class ClubPlaces {
  private readonly known = new Map<string, ClubPlace | null>();

  constructor(
    private readonly ranking: RankedList,
    private readonly hosts: ReadonlyMap<string, string>,
    private readonly members: ReadonlyMap<string, readonly string[]>,
  ) {}

  of(contestantId: string): ClubPlace | null {
    let placed = this.known.get(contestantId);
    if (placed === undefined) this.known.set(contestantId, (placed = this.place(contestantId)));
    return placed;
  }

  private place(contestantId: string): ClubPlace | null {
    const clubId = this.hosts.get(contestantId);
    const at = clubId === undefined ? undefined : this.ranking.positionOf(contestantId);
    if (at === undefined) return null;
    const field = this.ranking.fieldAt(at);
    const others: number[] = [];
    for (const other of this.members.get(clubId!) ?? []) {
      const there = other === contestantId ? undefined : this.ranking.positionOf(other);
      if (there !== undefined && this.ranking.fieldAt(there) === field) others.push(this.ranking.rankAt(there));
    }
    return { clubId: clubId!, ...placeWithin(this.ranking.rankAt(at), others) };
  }
}
