import { contestantKey } from './check.js';
import type { Movement, MovementRow } from './movement.js';

/** Why a traveller line does not fit the movement (DOMAIN §6.6). */
export type LineProblem =
  | 'UNKNOWN_ROUND_OR_TABLE'
  | 'BOARD_NOT_IN_MOVEMENT'
  | 'WRONG_BOARD'
  | 'WRONG_PAIR'
  | 'PHANTOM'
  | 'ALREADY_PLAYED';

export interface LineToCheck {
  round?: number;
  table?: number;
  board: number;
  /** Contestant numbers as physically seated (NS on the line sat NS). */
  ns: number;
  ew: number;
}

export type LineVerdict = { fits: true; row: MovementRow } | { fits: false; problem: LineProblem; message: string };

/**
 * Whether a line fits the movement, and if not exactly why. When round and table are missing the
 * row is found from the pairs and the board. `played` lists lines already stored for the section.
 */
export function validateLine(movement: Movement, line: LineToCheck, played: readonly LineToCheck[] = []): LineVerdict {
  const seats = (row: MovementRow) => (row.arrowSwitch ? { ns: row.ew, ew: row.ns, nsSide: 'EW' as const, ewSide: 'NS' as const } : { ns: row.ns, ew: row.ew, nsSide: 'NS' as const, ewSide: 'EW' as const });
  if (!movement.rows.some((r) => r.boards.includes(line.board))) {
    return { fits: false, problem: 'BOARD_NOT_IN_MOVEMENT', message: `Board ${line.board} is not played in this movement` };
  }
  let row: MovementRow | undefined;
  if (line.round !== undefined && line.table !== undefined) {
    row = movement.rows.find((r) => r.round === line.round && r.table === line.table);
    if (!row) return { fits: false, problem: 'UNKNOWN_ROUND_OR_TABLE', message: `The movement has no table ${line.table} in round ${line.round}` };
    const s = seats(row);
    if (s.ns !== line.ns || s.ew !== line.ew) {
      return { fits: false, problem: 'WRONG_PAIR', message: `Round ${row.round}, table ${row.table} is NS ${s.ns} v EW ${s.ew}, not NS ${line.ns} v EW ${line.ew}` };
    }
    if (!row.boards.includes(line.board)) {
      return { fits: false, problem: 'WRONG_BOARD', message: `Round ${row.round}, table ${row.table} plays boards ${row.boards.join(', ')}, not board ${line.board}` };
    }
  } else {
    row = movement.rows.find((r) => {
      const s = seats(r);
      return s.ns === line.ns && s.ew === line.ew && r.boards.includes(line.board);
    });
    if (!row) {
      const meeting = movement.rows.find((r) => seats(r).ns === line.ns && seats(r).ew === line.ew);
      return meeting
        ? { fits: false, problem: 'WRONG_BOARD', message: `NS ${line.ns} and EW ${line.ew} meet in round ${meeting.round} on boards ${meeting.boards.join(', ')}, not board ${line.board}` }
        : { fits: false, problem: 'WRONG_PAIR', message: `NS ${line.ns} and EW ${line.ew} do not meet on board ${line.board} in this movement` };
    }
  }
  if (row.sitOut) return { fits: false, problem: 'PHANTOM', message: `Round ${row.round}, table ${row.table} faces the phantom: a sit-out has no result` };
  const s = seats(row);
  const nsKey = contestantKey(movement, line.ns, s.nsSide);
  const ewKey = contestantKey(movement, line.ew, s.ewSide);
  const again = played.find((p) => {
    if (p.board !== line.board) return false;
    const keys = [contestantKey(movement, p.ns, 'NS'), contestantKey(movement, p.ew, 'EW')];
    return keys.includes(nsKey) || keys.includes(ewKey);
  });
  if (again) return { fits: false, problem: 'ALREADY_PLAYED', message: `Board ${line.board} already has a result for NS ${again.ns} v EW ${again.ew}` };
  return { fits: true, row };
}
