import { InvalidMovementError } from '../errors.js';
import { checkMovement } from './check.js';
import { howell } from './howell.js';
import { individual } from './individual.js';
import { mitchell } from './mitchell.js';
import type { Movement, MovementKind, MovementRow } from './movement.js';
import { roundRobin } from './round-robin.js';

/** What a director asks for (API.md's MovementInput). */
export interface MovementParams {
  kind: MovementKind;
  tables?: number;
  rounds?: number;
  boardsPerRound?: number;
  arrowSwitchRounds?: number[];
  relay?: boolean;
  phantom?: boolean;
  rows?: MovementRow[];
}

/** Builds the movement a section asks for; an imported (CUSTOM) one must pass the same checks. */
export function generateMovement(p: MovementParams): Movement {
  const tables = p.tables ?? 0;
  switch (p.kind) {
    case 'MITCHELL':
      return mitchell({
        tables,
        boardsPerRound: p.boardsPerRound,
        rounds: p.rounds,
        evenVariant: p.relay ? 'RELAY' : 'SKIP',
        arrowSwitchRounds: p.arrowSwitchRounds,
        // The phantom of a half table is the last EW pair, by convention.
        phantom: p.phantom ? { number: tables, direction: 'EW' } : undefined,
      });
    case 'HOWELL':
      return howell({ tables, boardsPerRound: p.boardsPerRound, rounds: p.rounds, phantom: p.phantom ? 2 * tables : undefined });
    case 'ROUND_ROBIN':
      return roundRobin({ teams: tables, boardsPerRound: p.boardsPerRound });
    case 'INDIVIDUAL':
      // Four players to a table.
      return individual({ players: tables * 4, boardsPerRound: p.boardsPerRound, rounds: p.rounds });
    case 'CUSTOM':
      return imported(p);
    default:
      // A Swiss is drawn round by round from the standings (swissDraw), not laid out in advance.
      throw new InvalidMovementError('A Swiss is drawn round by round from the standings; create the section without a movement, or import rows as CUSTOM', 'kind');
  }
}

function imported(p: MovementParams): Movement {
  const rows = p.rows ?? [];
  if (!rows.length) throw new InvalidMovementError('A CUSTOM movement needs its rows (round, table, ns, ew, boards)', 'rows');
  const movement: Movement = {
    kind: 'CUSTOM',
    tables: Math.max(...rows.map((r) => r.table)),
    rounds: Math.max(...rows.map((r) => r.round)),
    boardsPerRound: Math.max(...rows.map((r) => r.boards.length)),
    numbering: 'ONE_FIELD',
    rows,
  };
  const problems = checkMovement(movement);
  if (problems.length) {
    const first = problems.slice(0, 3).map((x) => `round ${x.round}: ${x.message}`).join('; ');
    throw new InvalidMovementError(`The movement does not work: ${first}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`, 'rows');
  }
  return movement;
}

/** Board numbers a movement uses, ascending. */
export function movementBoards(movement: Movement): number[] {
  return [...new Set(movement.rows.flatMap((r) => r.boards))].sort((a, b) => a - b);
}

/** How many results each board should have: the tables that play it (relays count once each). */
export function expectedResults(movement: Movement): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of movement.rows) {
    if (row.sitOut) continue;
    for (const b of row.boards) counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return counts;
}
