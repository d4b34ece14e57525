import { describe, expect, it } from '@jest/globals';
import { mitchell } from './mitchell.js';
import { missingLines } from './missing-lines.js';
import { roundRobin } from './round-robin.js';

describe('the lines a movement still expects (DOMAIN §6.6)', () => {
  it('every board of every table until its line is stored, in round and table order', () => {
    const movement = mitchell({ tables: 3, boardsPerRound: 2 });
    expect(missingLines(movement, [])).toHaveLength(3 * 3 * 2);
    const row = movement.rows.find((r) => r.round === 1 && r.table === 1)!;
    const left = missingLines(movement, [{ board: row.boards[0], ns: row.ns, ew: row.ew }], 1)!;
    expect(left).toHaveLength(5);
    expect(left[0]).toEqual({ round: 1, table: 1, board: row.boards[1], ns: row.ns, ew: row.ew });
    // The same board by other pairs is another table's line.
    const other = movement.rows.find((r) => r.round === 2 && r.ns !== r.ew)!;
    expect(missingLines(movement, [{ board: other.boards[0], ns: other.ew, ew: other.ns }], 2)).toHaveLength(6);
    expect(missingLines(movement, [{ board: other.boards[0], ns: other.ns, ew: other.ew }], 2)).toHaveLength(5);
  });

  it('a team match in both rooms, and no line against the bye', () => {
    const movement = roundRobin({ teams: 3, boardsPerRound: 1 });
    // Four teams with the bye: one real match a round, two rooms, one board.
    const round1 = missingLines(movement, [], 1)!;
    expect(round1).toHaveLength(2);
    expect(round1[0]).toMatchObject({ ns: round1[1].ew, ew: round1[1].ns });
  });

  it('has nothing to say of a Swiss or an individual', () => {
    expect(missingLines({ kind: 'SWISS', tables: 2, rounds: 1, boardsPerRound: 1, numbering: 'ONE_FIELD', rows: [] }, [])).toBeNull();
  });
});
