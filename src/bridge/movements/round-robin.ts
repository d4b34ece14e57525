import { InvalidMovementError } from '../errors.js';
import { boardSet, mod, type Movement, type MovementRow } from './movement.js';

export interface RoundRobinOptions {
  teams: number;
  boardsPerRound?: number;
}

/**
 * Team round robin by Berger tables (DOMAIN §6.4). With an odd number of teams a bye team T is
 * added; the team drawn against it has a bye. In round r teams a and b meet if a + b ≡ r + 1
 * (mod T − 1), and the team with 2a ≡ r + 1 meets team T. Home (NS in the open room) alternates.
 * Each match is two rows: the open room (table = match) and the closed room (table = match + M).
 */
export function roundRobin(options: RoundRobinOptions): Movement {
  const teams = options.teams;
  const k = options.boardsPerRound ?? 8;
  if (!Number.isInteger(teams) || teams < 2 || teams > 60) throw new InvalidMovementError(`A round robin needs 2 to 60 teams, got ${teams}`, 'tables');
  const T = teams % 2 === 0 ? teams : teams + 1;
  const matchesPerRound = T / 2;
  const rows: MovementRow[] = [];
  for (let r = 1; r <= T - 1; r++) {
    const pairs: [number, number][] = [];
    for (let a = 1; a <= T - 1; a++) {
      if (mod(2 * a, T - 1) === mod(r + 1, T - 1)) pairs.push([a, T]);
      for (let b = a + 1; b <= T - 1; b++) if (mod(a + b, T - 1) === mod(r + 1, T - 1)) pairs.push([a, b]);
    }
    pairs.sort((x, y) => x[0] - y[0]);
    pairs.forEach(([a, b], i) => {
      // Alternate home and away from round to round for balance.
      const [home, away] = r % 2 === 1 ? [a, b] : [b, a];
      const bye = b > teams;
      const match = i + 1;
      const boards = boardSet(1, k).map((x) => (r - 1) * k + x);
      const open: MovementRow = { round: r, table: match, ns: home, ew: away, boards };
      const closed: MovementRow = { round: r, table: match + matchesPerRound, ns: away, ew: home, boards };
      if (bye) open.sitOut = closed.sitOut = true;
      rows.push(open, closed);
    });
  }
  return {
    kind: 'ROUND_ROBIN',
    tables: T,
    rounds: T - 1,
    boardsPerRound: k,
    numbering: 'ONE_FIELD',
    phantom: teams % 2 ? { number: T } : undefined,
    rows: rows.sort((x, y) => x.round - y.round || x.table - y.table),
  };
}
