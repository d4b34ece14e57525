import { describe, expect, it } from '@jest/globals';
import { frac } from './fraction.js';
import { applyPenalties, penaltyInScore, withoutDisqualified } from './penalties.js';
import { teamStandings, type TeamMatch } from './team-standings.js';
import { teamMatches, type TeamLine } from './team-matches.js';
import { boardAMatchPoints } from './total-points.js';

describe('Law 78C total points', () => {
  // Home NS in the open room, away NS in the closed room; each board's NS scores of the two rooms.
  const boards = [
    { open: 620, closed: 170 },
    { open: -100, closed: -100 },
    { open: 420, closed: 430 },
    { open: -50, closed: 140 },
  ];
  const lines: TeamLine[] = boards.flatMap((b, i) => [
    { id: `o${i}`, board: i + 1, round: 1, ns: 'H', ew: 'A', line: { id: `o${i}`, ns: b.open } },
    { id: `c${i}`, board: i + 1, round: 1, ns: 'A', ew: 'H', line: { id: `c${i}`, ns: b.closed } },
  ]);
  const totals = (unit: 'POINTS' | 'BOARD_A_MATCH', tenIsTie = false) => {
    const [m] = teamMatches(lines, unit, { tenIsTie });
    return [m.homeScore.toNumber(), m.awayScore.toNumber()];
  };
  it('adds the raw differences', () => expect(totals('POINTS')).toEqual([450 + 0 - 10 - 190, -(450 + 0 - 10 - 190)]));
  it('scores board-a-match 1/½/0, with the 10-point rule configurable', () => {
    expect(totals('BOARD_A_MATCH')).toEqual([1.5, 2.5]);
    expect(totals('BOARD_A_MATCH', true)).toEqual([2, 2]);
    expect([450, 10, 0, -10, -190].map((d) => boardAMatchPoints(d).toString())).toEqual(['1', '1', '1/2', '0', '0']);
    expect([10, -10].map((d) => boardAMatchPoints(d, { tenIsTie: true }).toString())).toEqual(['1/2', '1/2']);
  });
  it('weighs a board-a-match result of a weighted assigned score, never the points (DOMAIN §4.5)', () => {
    // Open room assigned 1/2 of +420 and 1/2 of −50 against +170 in the closed room: ½·1 + ½·0.
    const weighted: TeamLine[] = [
      { id: 'o', board: 1, round: 1, ns: 'H', ew: 'A', line: { id: 'o', ns: [{ nsScore: 420, weight: frac(1, 2) }, { nsScore: -50, weight: frac(1, 2) }] } },
      { id: 'c', board: 1, round: 1, ns: 'A', ew: 'H', line: { id: 'c', ns: 170 } },
    ];
    const [m] = teamMatches(weighted, 'BOARD_A_MATCH');
    expect([m.homeScore.toString(), m.awayScore.toString()]).toEqual(['1/2', '1/2']);
  });
});

describe('Law 90 procedural penalties (DOMAIN §8.4)', () => {
  it('deducts a quarter of a top in matchpoints, apart from the board scores', () => {
    const r = applyPenalties(frac(120), [{ unit: 'PERCENT_OF_TOP', amount: frac(25), reason: 'Slow play' }], { top: frac(18), scoring: 'MP' });
    expect(r.deducted.toNumber()).toBe(4.5);
    expect(r.total.toNumber()).toBe(115.5);
  });
  it('deducts IMPs and VPs in their own units only', () => {
    expect(penaltyInScore({ unit: 'IMP', amount: frac(3), reason: 'Misboarding' }, { scoring: 'IMP' }).toNumber()).toBe(3);
    expect(() => penaltyInScore({ unit: 'VP', amount: frac(1), reason: 'x' }, { scoring: 'MP', top: frac(10) })).toThrow(/cannot be deducted/);
    expect(() => penaltyInScore({ unit: 'MP', amount: frac(-1), reason: 'x' }, { scoring: 'MP' })).toThrow(/positive/);
  });
  it('leaves a disqualified contestant out of the ranking', () => {
    expect(withoutDisqualified([{ id: 1 }, { id: 2, disqualified: true }])).toEqual([{ id: 1 }]);
  });
});

describe('team standings by VP with the tie-breaks of DOMAIN §7', () => {
  const match = (team: string, opponent: string, vps: number, impsFor: number, impsAgainst: number): TeamMatch[] => [
    { team, opponent, vps: frac(vps), impsFor: frac(impsFor), impsAgainst: frac(impsAgainst) },
    { team: opponent, opponent: team, vps: frac(20 - vps), impsFor: frac(impsAgainst), impsAgainst: frac(impsFor) },
  ];
  it('ranks by total VPs', () => {
    const matches = [...match('A', 'B', 12, 30, 20), ...match('A', 'C', 4, 10, 40), ...match('B', 'C', 12, 25, 20)];
    // A 16, B 20, C 24.
    expect(teamStandings(matches).map((p) => `${p.place}:${p.item.team}`)).toEqual(['1:C', '2:B', '3:A']);
  });

  it('lists teams that share a place in the order the caller gives (their numbers), not by id', () => {
    // A drawn match, 10–10 on VPs and IMPs: "Z" is team 1, "A" team 2.
    const numbers: Record<string, string> = { Z: '1', A: '2' };
    expect(teamStandings(match('A', 'Z', 10, 20, 20), [], new Map(), new Set(), (t) => numbers[t]).map((p) => `${p.place}:${p.item.team}`)).toEqual(['1=:Z', '1=:A']);
  });

  it('breaks a VP tie by the match between the tied teams', () => {
    // A 22, C 22 (B 16): C beat A head to head, so C is first.
    const matches = [...match('A', 'B', 15, 40, 20), ...match('A', 'C', 7, 10, 25), ...match('B', 'C', 5, 10, 30)];
    expect(teamStandings(matches).map((p) => `${p.place}:${p.item.team}`)).toEqual(['1:C', '2:A', '3:B']);
  });

  it('shares the place when every tie-break is level', () => {
    // A beats B, B beats C, C beats A by the same margins: all on 20 VPs, nothing separates them.
    const three = [...match('A', 'B', 12, 30, 20), ...match('B', 'C', 12, 30, 20), ...match('C', 'A', 12, 30, 20)];
    expect(teamStandings(three).map((p) => p.place)).toEqual(['1=', '1=', '1=']);
  });

  it('uses the IMP quotient when the head-to-head is level', () => {
    const matches = [...match('A', 'B', 10, 20, 20), ...match('A', 'C', 15, 40, 10), ...match('B', 'C', 15, 30, 20)];
    // A 25 (quotient 60/30), B 25 (50/40): head to head 10–10 and 0 IMPs → quotient puts A first.
    expect(teamStandings(matches).map((p) => `${p.place}:${p.item.team}`)).toEqual(['1:A', '2:B', '3:C']);
  });
});
