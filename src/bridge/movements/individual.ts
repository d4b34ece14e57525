import { InvalidMovementError } from '../errors.js';
import { checkMovement } from './check.js';
import { boardSet, mod, type Movement, type MovementRow } from './movement.js';

/**
 * An individual (Law 4) for 4k players: partners change every round and nobody partners anyone
 * twice. Each round's partnerships are one round of the circle method (a 1-factorisation of the
 * players), two partnerships to a table. Every table plays the round's board set (duplicated
 * boards): partners change every round, so rotating sets would make players meet boards again.
 * Rows list partnerships as `ns`/`ew` = the two players' numbers packed as p·100 + q.
 */
export function individual(options: { players: number; boardsPerRound?: number; rounds?: number }): Movement {
  const n = options.players;
  const k = options.boardsPerRound ?? 2;
  if (!Number.isInteger(n) || n < 8 || n % 4 !== 0 || n > 64) {
    throw new InvalidMovementError(`An individual movement needs a multiple of 4 players from 8 to 64, got ${n}; import another one as CUSTOM rows`, 'tables');
  }
  const m = n - 1;
  const rounds = options.rounds ?? m;
  if (rounds < 1 || rounds > m) throw new InvalidMovementError(`An individual for ${n} players has 1 to ${m} rounds`, 'rounds');
  const tables = n / 4;
  const rows: MovementRow[] = [];
  for (let r = 0; r < rounds; r++) {
    // Circle method: player n stays, the others rotate; partnership j is (r + j, r − j).
    const partnerships: [number, number][] = [[n, mod(r, m) + 1]];
    for (let j = 1; j < n / 2; j++) partnerships.push([mod(r + j, m) + 1, mod(r - j, m) + 1]);
    for (let t = 0; t < tables; t++) {
      const [a, b] = partnerships[2 * t];
      const [c, d] = partnerships[2 * t + 1];
      rows.push({ round: r + 1, table: t + 1, ns: a * 100 + b, ew: c * 100 + d, boards: boardSet(r + 1, k) });
    }
  }
  const movement: Movement = { kind: 'INDIVIDUAL', tables, rounds, boardsPerRound: k, numbering: 'ONE_FIELD', rows };
  const problems = checkMovement(movement);
  if (problems.length) throw new InvalidMovementError(`No sound individual for ${n} players over ${rounds} rounds; import one as CUSTOM rows`, 'tables');
  return movement;
}

/** The two players of a packed partnership number. */
export const partners = (packed: number): [number, number] => [Math.floor(packed / 100), packed % 100];
