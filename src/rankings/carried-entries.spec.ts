import { describe, expect, it } from '@jest/globals';
import { Fraction } from '../bridge/fraction.js';
import type { RankingRow } from '../bridge/scoring/standings.js';
import { carriedEntries, carriedEntriesStale } from './carried-entries.js';
import type { ContestantWithPlayers } from './event-data.js';

/** A contestant with players by id (none: known by name). */
const side = (id: string, name: string, players: string[] = []) => ({ id, name, number: 1, direction: null, section: null, players: players.map((p) => ({ player: { id: p } })) }) as unknown as ContestantWithPlayers;
const row = (c: ContestantWithPlayers, score: string, percentage: string | null, boards: number) => ({ contestant: c, field: '', place: '1', rank: 1, score: Fraction.parse(score), percentage: percentage === null ? null : Fraction.parse(percentage), boards, penalty: null }) as RankingRow<ContestantWithPlayers>;

describe('a final’s contestants found in the qualifying ranking', () => {
  const q1 = side('q1', 'Ann & Bob', ['ann', 'bob']);
  const q2 = side('q2', 'Cat & Dan', ['cat', 'dan']);
  const q3 = side('q3', 'The Smiths');
  const rows = [row(q1, '30', '125/2', 24), row(q2, '18', '75/2', 24), row(q3, '24', '50', 20)];
  const mp = { rows, matchpoints: true, teams: false, sessionsOf: () => 2 };

  it('as the same players in any order, or without players by name (case and spacing aside)', () => {
    const final = [side('f1', 'Bob & Ann', ['bob', 'ann']), side('f2', '  the   SMITHS '), side('f3', 'Cat & Eve', ['cat', 'eve'])];
    const { entries, unmatched } = carriedEntries(final, mp);
    expect(entries).toEqual([
      { contestant: 'f1', from: 'q1', share: '5/8', boards: 24, sessions: 2, score: '30' },
      { contestant: 'f2', from: 'q3', share: '1/2', boards: 20, sessions: 2, score: '24' },
    ]);
    expect(unmatched).toEqual(['f3']);
  });

  it('takes the director’s pairing over the players, and finds no one where two qualifying rows match', () => {
    const twins = [...rows, row(side('q4', 'Cat & Dan again', ['dan', 'cat']), '1', '1', 1)];
    const final = [side('f1', 'Cat & Dan', ['cat', 'dan']), side('f2', 'Renamed', ['x', 'y'])];
    expect(carriedEntries(final, { ...mp, rows: twins }).unmatched).toEqual(['f1', 'f2']);
    expect(carriedEntries(final, { ...mp, rows: twins }, new Map([['f2', 'q2']])).entries.map((e) => [e.contestant, e.from])).toEqual([['f2', 'q2']]);
  });

  it('carries IMPs a board for IMP pairs, and the total alone for teams', () => {
    const final = [side('f1', 'x', ['ann', 'bob'])];
    expect(carriedEntries(final, { ...mp, matchpoints: false }).entries[0]).toMatchObject({ share: '5/4', score: '30' });
    expect(carriedEntries(final, { ...mp, teams: true }).entries[0]).toMatchObject({ share: null, score: '30' });
  });

  it('is stale once the qualifying ranking would carry something else, or the pair is gone from it', () => {
    const { entries } = carriedEntries([side('f1', 'x', ['ann', 'bob'])], mp);
    expect(carriedEntriesStale(entries, mp)).toBe(false);
    expect(carriedEntriesStale(entries, { ...mp, rows: [row(q1, '31', '125/2', 24), ...rows.slice(1)] })).toBe(true);
    expect(carriedEntriesStale(entries, { ...mp, rows: rows.slice(1) })).toBe(true);
    expect(carriedEntriesStale(entries, { ...mp, sessionsOf: () => 3 })).toBe(true);
  });
});
