import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { frac } from './fraction.js';
import type { BoardLine } from './matchpoints.js';
import { matchSides, sideVictoryPoints, teamMatches, type TeamLine } from './team-matches.js';
import { victoryPoints } from './victory-points.js';

/** Open room: A sits NS against B; closed room: B sits NS against A. */
const rooms = (board: number, open: number | BoardLine | null, closed: number | BoardLine | null, round: number | null = 1): TeamLine[] => {
  const line = (id: string, s: number | BoardLine | null): BoardLine | null => (s === null ? null : typeof s === 'number' ? { id, ns: s } : s);
  return [
    { id: `o${board}`, board, round, ns: 'A', ew: 'B', line: line(`o${board}`, open) },
    { id: `c${board}`, board, round, ns: 'B', ew: 'A', line: line(`c${board}`, closed) },
  ];
};

describe('team-of-four match (DOMAIN §4.2)', () => {
  it('IMPs the difference of the two rooms for the team sitting NS in the open room', () => {
    // +620 in the open room against +170 in the closed: 450 → 10 IMPs to A.
    const [m] = teamMatches([...rooms(1, 620, 170), ...rooms(2, -100, 140), ...rooms(3, 420, 420)]);
    expect(m.boards.map((b) => [b.board, b.homeScore.toNumber(), b.awayScore.toNumber()])).toEqual([
      [1, 10, -10],
      [2, -6, 6],
      [3, 0, 0],
    ]);
    expect([m.homeScore.toNumber(), m.awayScore.toNumber(), m.boardsScored]).toEqual([4, -4, 3]);
  });

  it('keeps raw point differences in total points (Law 78C)', () => {
    const [m] = teamMatches([...rooms(1, 620, 170), ...rooms(2, -100, 140)], 'POINTS');
    expect(m.homeScore.toNumber()).toBe(450 - 240);
  });

  it('waits for the second room, and cancels a board not played in one room', () => {
    const [m] = teamMatches([...rooms(1, 620, 170), ...rooms(2, 100, null), rooms(3, 420, 0)[0]]);
    expect(m.boards.map((b) => b.state)).toEqual(['SCORED', 'NOT_PLAYED', 'PENDING']);
    expect(m.boardsScored).toBe(1);
  });

  it('does not compare two versions of a fouled board (Law 87)', () => {
    const [m] = teamMatches(rooms(1, { id: 'o1', ns: 620, form: 1 }, { id: 'c1', ns: 170, form: 2 }));
    expect(m.boards[0].state).toBe('FOULED');
  });

  it('separates matches by round, and by opponents', () => {
    const other: TeamLine[] = [
      { id: 'x', board: 1, round: 1, ns: 'C', ew: 'D', line: { id: 'x', ns: 100 } },
      { id: 'y', board: 1, round: 1, ns: 'D', ew: 'C', line: { id: 'y', ns: 100 } },
    ];
    expect(teamMatches([...rooms(1, 620, 170, 1), ...rooms(9, 620, 170, 2), ...other])).toHaveLength(3);
  });
});

describe('adjusted scores in team play (DOMAIN §4.5, Law 12C2(b), Law 86)', () => {
  it('weights the IMPs of an assigned score, not its points: 14/3 IMPs', () => {
    const assigned: BoardLine = { id: 'o1', ns: [{ nsScore: 620, weight: frac(2, 3) }, { nsScore: -100, weight: frac(1, 3) }] };
    const [m] = teamMatches(rooms(1, assigned, 140));
    expect(m.boards[0].homeScore.equals(frac(14, 3))).toBe(true);
    expect(m.boards[0].awayScore.equals(frac(-14, 3))).toBe(true);
  });

  it('gives each side its artificial score, ±3 IMPs, whatever the other room did', () => {
    const [m] = teamMatches(rooms(1, { id: 'o1', artificial: { ns: 'A+', ew: 'A-' } }, 1430));
    expect([m.boards[0].homeScore.toNumber(), m.boards[0].awayScore.toNumber()]).toEqual([3, -3]);
  });

  it('lets a split score stand unbalanced outside knockouts', () => {
    // Open room: NS scored as +620, EW as +420 (non-balancing). Closed room +170.
    const [m] = teamMatches(rooms(1, { id: 'o1', ns: 620, ew: 420 }, 170));
    expect([m.boards[0].homeScore.toNumber(), m.boards[0].awayScore.toNumber()]).toEqual([10, -6]); // 170 − 420 = −250
  });
});

describe('victory points of a match (DOMAIN §5.1)', () => {
  it('gives the winner and the loser their shares of the WBF 2013 scale', () => {
    const [m] = teamMatches([...rooms(1, 620, 170), ...rooms(2, -100, 140), ...rooms(3, 420, 420)]);
    const [home, away] = matchSides(m);
    const vp = victoryPoints(4, 3);
    expect(sideVictoryPoints(home).toNumber()).toBe(vp.winner);
    expect(sideVictoryPoints(away).toNumber()).toBe(vp.loser);
    expect([home.won.toNumber(), home.lost.toNumber()]).toEqual([10, 6]);
  });

  it('balances: two sides of a match without split scores add up to 20 VPs', () => {
    const score = fc.integer({ min: -760, max: 760 }).map((x) => x * 10);
    fc.assert(
      fc.property(fc.array(fc.tuple(score, score), { minLength: 1, maxLength: 16 }), (boards) => {
        const [m] = teamMatches(boards.flatMap(([o, c], i) => rooms(i + 1, o, c)));
        const [home, away] = matchSides(m);
        expect(home.score.add(away.score).isZero()).toBe(true);
        expect(sideVictoryPoints(home).add(sideVictoryPoints(away)).toNumber()).toBeCloseTo(20, 9);
      }),
    );
  });
});
