import { InvalidMovementError } from '../errors.js';
import { boardSet, mod, type Movement, type MovementRow } from './movement.js';

export interface MitchellOptions {
  tables: number;
  boardsPerRound?: number;
  /** Fewer rounds than the movement allows (a shorter session). */
  rounds?: number;
  /** Even tables: skip after half the rounds (n − 1 rounds), or relay and bye stand (n rounds). */
  evenVariant?: 'SKIP' | 'RELAY';
  /** Rounds whose arrows are switched, so the field can be ranked as one (one-winner Mitchell). */
  arrowSwitchRounds?: number[];
  /** A half table: this pair is the phantom and its opponents sit out. */
  phantom?: { number: number; direction: 'NS' | 'EW' };
}

/**
 * Mitchell (DOMAIN §6.2): NS pair t stays at table t, EW pairs move up one table a round, boards
 * move down. Odd tables: n rounds, everyone meets everyone. Even tables need the skip (EW move two
 * tables once, after n/2 rounds; n − 1 rounds) or a relay (tables 1 and n share) with a bye stand.
 */
export function mitchell(options: MitchellOptions): Movement {
  const n = options.tables;
  const k = options.boardsPerRound ?? 2;
  if (!Number.isInteger(n) || n < 2 || n > 60) throw new InvalidMovementError(`A Mitchell needs 2 to 60 tables, got ${n}`, 'tables');
  if (!Number.isInteger(k) || k < 1 || k > 8) throw new InvalidMovementError(`Boards per round must be 1 to 8, got ${k}`, 'boardsPerRound');
  const variant = n % 2 === 1 ? 'ODD' : (options.evenVariant ?? 'SKIP');
  const maxRounds = variant === 'SKIP' ? n - 1 : n;
  const rounds = options.rounds ?? maxRounds;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > maxRounds) {
    throw new InvalidMovementError(
      `A ${n}-table Mitchell${variant === 'SKIP' ? ' with a skip' : ''} has at most ${maxRounds} rounds, got ${rounds}`,
      'rounds',
    );
  }
  const switched = new Set(options.arrowSwitchRounds ?? []);
  for (const r of switched) {
    if (!Number.isInteger(r) || r < 1 || r > rounds) throw new InvalidMovementError(`Arrow-switch round ${r} is not a round of this movement (1–${rounds})`, 'arrowSwitchRounds');
  }
  const phantom = options.phantom;
  if (phantom && (phantom.number < 1 || phantom.number > n)) throw new InvalidMovementError(`The phantom must be a pair 1–${n}`, 'phantom');

  const rows: MovementRow[] = [];
  for (let r = 1; r <= rounds; r++) {
    for (let t = 1; t <= n; t++) {
      const skip = variant === 'SKIP' && r > n / 2 ? 1 : 0;
      const ew = mod(t - r - skip, n) + 1;
      const set = variant === 'RELAY' ? relaySet(t, r, n) : mod(t + r - 2, n) + 1;
      const row: MovementRow = { round: r, table: t, ns: t, ew, boards: boardSet(set, k) };
      if (switched.has(r)) row.arrowSwitch = true;
      if (variant === 'RELAY' && (t === 1 || t === n)) row.relay = true;
      if (phantom && ((phantom.direction === 'NS' && t === phantom.number) || (phantom.direction === 'EW' && ew === phantom.number))) row.sitOut = true;
      rows.push(row);
    }
  }
  return { kind: 'MITCHELL', tables: n, rounds, boardsPerRound: k, numbering: 'NS_EW', phantom, rows };
}

/**
 * Relay and bye stand: in round 1 tables t ≤ n/2 play set t, the relay (tables 1 and n) set 1, the
 * bye stand holds n/2 + 1, tables n/2 < t < n play t + 1; every set moves one place a round.
 */
function relaySet(t: number, r: number, n: number): number {
  const base = t === n ? 1 : t <= n / 2 ? t : t + 1;
  return mod(base + r - 2, n) + 1;
}

/** The set on the bye stand in round r of an n-table relay Mitchell. */
export function byeStandSet(r: number, n: number): number {
  return mod(n / 2 + 1 + r - 2, n) + 1;
}
