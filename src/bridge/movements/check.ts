import type { Movement, MovementRow } from './movement.js';

export interface MovementProblem {
  round: number;
  table?: number;
  message: string;
}

/** The contestant key of a row side: in a Mitchell NS 3 and EW 3 are different pairs. */
export function contestantKey(movement: Pick<Movement, 'numbering'>, number: number, side: 'NS' | 'EW'): string {
  return movement.numbering === 'NS_EW' ? `${side}${number}` : String(number);
}

/** Team movements seat each team twice a round (open NS, closed EW) and duplicate the boards per match. */
const isTeams = (movement: Movement) => movement.kind === 'ROUND_ROBIN' || movement.kind === 'SWISS';

/**
 * Checks a generated or imported movement (DOMAIN §6.3, §6.6): a pair sits at one table a round
 * and plays a board once. A board may be at several tables in one round — a relay, duplicated
 * sets, a barometer, "every table plays the same boards" — as long as no pair meets it twice;
 * Neuberg's N is then the number of tables that play it. In team movements the same holds per
 * room: a team sits once NS and once EW, and plays each board once in each direction.
 */
export function checkMovement(movement: Movement): MovementProblem[] {
  const teams = isTeams(movement);
  const seatKey = (number: number, side: 'NS' | 'EW') => (teams ? `${number} ${side}` : contestantKey(movement, number, side));
  const problems: MovementProblem[] = [];
  const played = new Map<string, Set<number>>();
  const byRound = new Map<number, MovementRow[]>();
  for (const row of movement.rows) byRound.set(row.round, [...(byRound.get(row.round) ?? []), row]);
  for (const [round, rows] of [...byRound].sort((a, b) => a[0] - b[0])) {
    const seated = new Map<string, number>();
    for (const row of rows) {
      if (row.ns === row.ew && movement.numbering === 'ONE_FIELD') problems.push({ round, table: row.table, message: `Pair ${row.ns} plays against itself` });
      for (const [side, number] of [['NS', row.ns], ['EW', row.ew]] as const) {
        const key = seatKey(number, side);
        const other = seated.get(key);
        if (other !== undefined) problems.push({ round, table: row.table, message: `Pair ${key} sits at tables ${other} and ${row.table}` });
        seated.set(key, row.table);
      }
      if (row.sitOut) continue;
      for (const [side, number] of [['NS', row.ns], ['EW', row.ew]] as const) {
        const key = seatKey(number, side);
        const boards = played.get(key) ?? new Set<number>();
        for (const b of row.boards) {
          if (boards.has(b)) problems.push({ round, table: row.table, message: `Pair ${key} plays board ${b} a second time` });
          boards.add(b);
        }
        played.set(key, boards);
      }
    }
  }
  return problems;
}
