import type { Movement } from './movement.js';

/** A line the movement expects: the board played at a table in a round, by the pairs (or teams) seated there. */
export interface ExpectedLine {
  round: number;
  table: number;
  board: number;
  /** Contestant numbers as seated (after an arrow switch). */
  ns: number;
  ew: number;
}

/**
 * DOMAIN §6.6 (8): the lines of the movement with no stored line for that board and those pairs
 * as seated, by round and table; a sit-out has none. A line marked not played or adjusted is a
 * stored line. Null for the movements whose lines are not one pair against another (individual,
 * and a Swiss, drawn round by round).
 */
export function missingLines(movement: Movement, stored: readonly { board: number; ns: number; ew: number }[], round?: number): ExpectedLine[] | null {
  if (expectedLineCount(movement) === null) return null;
  const have = new Set(stored.map((l) => `${l.board}:${l.ns}:${l.ew}`));
  const rows = movement.rows.filter((r) => !r.sitOut && (round === undefined || r.round === round)).sort((a, b) => a.round - b.round || a.table - b.table);
  const out: ExpectedLine[] = [];
  for (const r of rows) {
    const [ns, ew] = r.arrowSwitch ? [r.ew, r.ns] : [r.ns, r.ew];
    for (const board of r.boards) if (!have.has(`${board}:${ns}:${ew}`)) out.push({ round: r.round, table: r.table, board, ns, ew });
  }
  return out;
}

/** How many lines the movement expects in all (each board of each table that is not a sit-out); null as for `missingLines`. */
export function expectedLineCount(movement: Movement): number | null {
  if (movement.kind === 'INDIVIDUAL' || movement.kind === 'SWISS') return null;
  return movement.rows.reduce((n, r) => n + (r.sitOut ? 0 : r.boards.length), 0);
}
