import { InvalidMovementError } from '../errors.js';
import { boardSet, mod, type Movement, type MovementRow } from './movement.js';

/**
 * Complete Howell by the circle method (DOMAIN §6.3): pair 2n stays at table 1, the others are
 * residues mod m = 2n − 1. In round r table 1 seats 2n v r, table k + 1 seats r + k v r − k, and
 * plays set s_k + r. Every pair meets every other once and plays every set once iff the base sets
 * are distinct and {s₀} ∪ {s_k ± k} are distinct mod m (a starter): such a Howell is a Room square.
 */
const KNOWN_BASES: Record<number, number[]> = {
  4: [0, 2, 4, 1],
  6: [0, 3, 5, 9, 1, 4],
  7: [0, 3, 5, 9, 1, 6, 2],
  8: [0, 2, 7, 11, 6, 1, 13, 5],
};

/** Tables with no cyclic complete Howell (Room squares of side 3 and 5 do not exist). */
export const NO_COMPLETE_HOWELL = [2, 3, 5];

const searched = new Map<number, number[] | null>();

export function howellBase(tables: number): number[] | null {
  if (KNOWN_BASES[tables]) return KNOWN_BASES[tables];
  if (NO_COMPLETE_HOWELL.includes(tables)) return null;
  if (!searched.has(tables)) searched.set(tables, searchBase(tables));
  return searched.get(tables)!;
}

/** Depth-first search for base sets; small tables answer at once, larger ones within a budget. */
function searchBase(n: number, budget = 2_000_000): number[] | null {
  const m = 2 * n - 1;
  const base = [0];
  const usedSet = new Set([0]);
  const usedMark = new Set([0]);
  let steps = 0;
  const place = (k: number): boolean => {
    if (k === n) return true;
    if (++steps > budget) return false;
    for (let s = 1; s < m; s++) {
      const minus = mod(s - k, m);
      const plus = mod(s + k, m);
      if (usedSet.has(s) || minus === plus || usedMark.has(minus) || usedMark.has(plus)) continue;
      usedSet.add(s);
      usedMark.add(minus).add(plus);
      base.push(s);
      if (place(k + 1)) return true;
      base.pop();
      usedSet.delete(s);
      usedMark.delete(minus);
      usedMark.delete(plus);
    }
    return false;
  };
  return place(1) ? base : null;
}

export interface HowellOptions {
  tables: number;
  boardsPerRound?: number;
  rounds?: number;
  /** An odd number of pairs: this pair is the phantom and its opponents sit out. */
  phantom?: number;
}

export function howell(options: HowellOptions): Movement {
  const n = options.tables;
  const k = options.boardsPerRound ?? 2;
  if (!Number.isInteger(n) || n < 2 || n > 30) throw new InvalidMovementError(`A Howell needs 2 to 30 tables, got ${n}`, 'tables');
  const base = howellBase(n);
  if (!base) {
    throw new InvalidMovementError(
      `No complete Howell exists for ${2 * n} pairs (${n} tables): use a Mitchell, or import the movement your club uses (CUSTOM rows)`,
      'tables',
    );
  }
  const m = 2 * n - 1;
  const rounds = options.rounds ?? m;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > m) throw new InvalidMovementError(`A ${n}-table Howell has 1 to ${m} rounds, got ${rounds}`, 'rounds');
  const rows: MovementRow[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let t = 0; t < n; t++) {
      // Residue x is pair x + 1; pair 2n is stationary at table 1.
      const [ns, ew] = t === 0 ? [2 * n, r + 1] : [mod(r + t, m) + 1, mod(r - t, m) + 1];
      const row: MovementRow = { round: r + 1, table: t + 1, ns, ew, boards: boardSet(mod(base[t] + r, m) + 1, k) };
      // The stationary pair alternates direction for NS/EW balance.
      if (t === 0 && r % 2 === 1) row.arrowSwitch = true;
      if (options.phantom && (ns === options.phantom || ew === options.phantom)) row.sitOut = true;
      rows.push(row);
    }
  }
  return {
    kind: 'HOWELL',
    tables: n,
    rounds,
    boardsPerRound: k,
    numbering: 'ONE_FIELD',
    phantom: options.phantom ? { number: options.phantom } : undefined,
    rows,
  };
}
