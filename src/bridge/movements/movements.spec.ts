import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkMovement, contestantKey } from './check.js';
import { howell, howellBase } from './howell.js';
import { byeStandSet, mitchell } from './mitchell.js';
import type { Movement } from './movement.js';
import { roundRobin } from './round-robin.js';
import { validateLine } from './validate-line.js';

/** Cells "NS-EW / set" by round, as DOMAIN §6 prints them (one board per round: set = board). */
const cells = (m: Movement) =>
  Array.from({ length: m.rounds }, (_, r) =>
    m.rows.filter((row) => row.round === r + 1).sort((a, b) => a.table - b.table).map((row) => `${row.ns}-${row.ew}/${row.boards[0]}`),
  );

const meetings = (m: Movement) => {
  const met = new Set<string>();
  for (const row of m.rows) if (!row.sitOut) met.add(`${contestantKey(m, row.ns, 'NS')}|${contestantKey(m, row.ew, 'EW')}`);
  return met;
};

describe('Mitchell (DOMAIN §6.2)', () => {
  it('reproduces the 6-table skip Mitchell', () => {
    expect(cells(mitchell({ tables: 6, boardsPerRound: 1 }))).toEqual([
      ['1-1/1', '2-2/2', '3-3/3', '4-4/4', '5-5/5', '6-6/6'],
      ['1-6/2', '2-1/3', '3-2/4', '4-3/5', '5-4/6', '6-5/1'],
      ['1-5/3', '2-6/4', '3-1/5', '4-2/6', '5-3/1', '6-4/2'],
      ['1-3/4', '2-4/5', '3-5/6', '4-6/1', '5-1/2', '6-2/3'],
      ['1-2/5', '2-3/6', '3-4/1', '4-5/2', '5-6/3', '6-1/4'],
    ]);
  });

  it('reproduces the 6-table relay and bye stand Mitchell', () => {
    const m = mitchell({ tables: 6, boardsPerRound: 1, evenVariant: 'RELAY' });
    expect(cells(m)).toEqual([
      ['1-1/1', '2-2/2', '3-3/3', '4-4/5', '5-5/6', '6-6/1'],
      ['1-6/2', '2-1/3', '3-2/4', '4-3/6', '5-4/1', '6-5/2'],
      ['1-5/3', '2-6/4', '3-1/5', '4-2/1', '5-3/2', '6-4/3'],
      ['1-4/4', '2-5/5', '3-6/6', '4-1/2', '5-2/3', '6-3/4'],
      ['1-3/5', '2-4/6', '3-5/1', '4-6/3', '5-1/4', '6-2/5'],
      ['1-2/6', '2-3/1', '3-4/2', '4-5/4', '5-6/5', '6-1/6'],
    ]);
    expect([1, 2, 3, 4, 5, 6].map((r) => byeStandSet(r, 6))).toEqual([4, 5, 6, 1, 2, 3]);
  });

  it('is sound for 3–30 tables in every variant (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom<'SKIP' | 'RELAY'>('SKIP', 'RELAY'), (n, k, evenVariant) => {
        const m = mitchell({ tables: n, boardsPerRound: k, evenVariant });
        expect(checkMovement(m)).toEqual([]);
        const met = meetings(m);
        // Odd and relay: every NS meets every EW; skip: all but one each.
        expect(met.size).toBe(n % 2 === 1 || evenVariant === 'RELAY' ? n * n : n * (n - 1));
        // Each set is played by every table each round, except the relay's shared set.
        const perRound = new Set(m.rows.filter((r) => r.round === 1).map((r) => r.boards[0]));
        expect(perRound.size).toBe(n % 2 === 0 && evenVariant === 'RELAY' ? n - 1 : n);
      }),
      { numRuns: 60 },
    );
  });

  it('marks arrow-switched rounds and the phantom’s sit-outs', () => {
    const m = mitchell({ tables: 5, arrowSwitchRounds: [5], phantom: { number: 3, direction: 'EW' } });
    expect(m.rows.filter((r) => r.arrowSwitch).map((r) => r.round)).toEqual([5, 5, 5, 5, 5]);
    expect(m.rows.filter((r) => r.sitOut).map((r) => r.ew)).toEqual([3, 3, 3, 3, 3]);
  });

  it('refuses what cannot be played', () => {
    expect(() => mitchell({ tables: 6, rounds: 6 })).toThrow(/at most 5 rounds/);
    expect(() => mitchell({ tables: 5, arrowSwitchRounds: [7] })).toThrow(/not a round/);
  });
});

describe('Howell (DOMAIN §6.3)', () => {
  it('reproduces the 8-pair complete Howell', () => {
    const m = howell({ tables: 4, boardsPerRound: 1 });
    expect(cells(m)).toEqual([
      ['8-1/1', '2-7/3', '3-6/5', '4-5/2'],
      ['8-2/2', '3-1/4', '4-7/6', '5-6/3'],
      ['8-3/3', '4-2/5', '5-1/7', '6-7/4'],
      ['8-4/4', '5-3/6', '6-2/1', '7-1/5'],
      ['8-5/5', '6-4/7', '7-3/2', '1-2/6'],
      ['8-6/6', '7-5/1', '1-4/3', '2-3/7'],
      ['8-7/7', '1-6/2', '2-5/4', '3-4/1'],
    ]);
  });

  it.each([4, 6, 7, 8, 9, 10])('is complete for %i tables: everyone meets everyone once, plays every set once', (n) => {
    const m = howell({ tables: n, boardsPerRound: 1 });
    expect(checkMovement(m)).toEqual([]);
    const pairs = new Set<string>();
    for (const r of m.rows) pairs.add([r.ns, r.ew].sort((a, b) => a - b).join('-'));
    expect(pairs.size).toBe((2 * n * (2 * n - 1)) / 2);
    expect(m.rows).toHaveLength(n * (2 * n - 1));
  });

  it('says where no complete Howell exists (Room squares of side 3 and 5)', () => {
    expect(howellBase(3)).toBeNull();
    expect(howellBase(5)).toBeNull();
    expect(() => howell({ tables: 5 })).toThrow(/No complete Howell exists for 10 pairs/);
  });
});

describe('team round robin (DOMAIN §6.4)', () => {
  it('reproduces the 6-team Berger table', () => {
    const m = roundRobin({ teams: 6, boardsPerRound: 1 });
    const matches = (r: number) =>
      m.rows.filter((row) => row.round === r && row.table <= 3).map((row) => [row.ns, row.ew].sort((a, b) => a - b).join('–'));
    expect([1, 2, 3, 4, 5].map(matches)).toEqual([
      ['1–6', '2–5', '3–4'],
      ['1–2', '3–5', '4–6'],
      ['1–3', '2–6', '4–5'],
      ['1–4', '2–3', '5–6'],
      ['1–5', '2–4', '3–6'],
    ]);
  });

  it('meets everyone once, seats both rooms, and gives byes to odd fields (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), (teams) => {
        const m = roundRobin({ teams });
        expect(checkMovement(m)).toEqual([]);
        const played = new Set<string>();
        for (const r of m.rows) if (!r.sitOut) played.add([r.ns, r.ew].sort((a, b) => a - b).join('-'));
        expect(played.size).toBe((teams * (teams - 1)) / 2);
        expect(m.rows.filter((r) => r.sitOut).length).toBe(teams % 2 ? 2 * teams : 0);
      }),
      { numRuns: 30 },
    );
  });
});

describe('validating a traveller line (DOMAIN §6.6)', () => {
  const m = mitchell({ tables: 5, boardsPerRound: 2, arrowSwitchRounds: [5], phantom: { number: 5, direction: 'EW' } });
  // Round 2: table 1 is NS 1 v EW 5 (the phantom); table 2 is NS 2 v EW 1 on set 3 (boards 5, 6).

  it('accepts the right line, with or without round and table', () => {
    expect(validateLine(m, { round: 2, table: 2, board: 5, ns: 2, ew: 1 }).fits).toBe(true);
    expect(validateLine(m, { board: 6, ns: 2, ew: 1 })).toMatchObject({ fits: true, row: { round: 2, table: 2 } });
  });

  it.each([
    [{ round: 2, table: 2, board: 7, ns: 2, ew: 1 }, 'WRONG_BOARD', /plays boards 5, 6, not board 7/],
    [{ round: 2, table: 2, board: 5, ns: 2, ew: 3 }, 'WRONG_PAIR', /is NS 2 v EW 1, not NS 2 v EW 3/],
    [{ round: 9, table: 2, board: 5, ns: 2, ew: 1 }, 'UNKNOWN_ROUND_OR_TABLE', /no table 2 in round 9/],
    [{ board: 99, ns: 2, ew: 1 }, 'BOARD_NOT_IN_MOVEMENT', /Board 99/],
    [{ round: 2, table: 1, board: 3, ns: 1, ew: 5 }, 'PHANTOM', /phantom/],
    [{ board: 7, ns: 2, ew: 1 }, 'WRONG_BOARD', /meet in round 2 on boards 5, 6/],
  ])('refuses %j: %s', (line, problem, message) => {
    const verdict = validateLine(m, line);
    expect(verdict).toMatchObject({ fits: false, problem });
    expect(verdict.fits ? '' : verdict.message).toMatch(message);
  });

  it('refuses a board a pair has already played', () => {
    expect(validateLine(m, { round: 2, table: 2, board: 5, ns: 2, ew: 1 }, [{ board: 5, ns: 2, ew: 1 }])).toMatchObject({ problem: 'ALREADY_PLAYED' });
  });

  it('reads arrow-switched rounds with the pairs swapped', () => {
    const row = m.rows.find((r) => r.round === 5 && r.table === 3)!;
    expect(validateLine(m, { round: 5, table: 3, board: row.boards[0], ns: row.ew, ew: row.ns }).fits).toBe(true);
    expect(validateLine(m, { round: 5, table: 3, board: row.boards[0], ns: row.ns, ew: row.ew })).toMatchObject({ problem: 'WRONG_PAIR' });
  });
});
