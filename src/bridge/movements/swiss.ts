import { InvalidMovementError } from '../errors.js';
import { seededRandom } from '../random.js';

export interface SwissStanding {
  number: number;
  /** Current total (VPs or MPs); higher is better. */
  score: number;
}

/** A match already played: [a, b] contestant numbers, and the round it was played in when known. */
export type SwissMatchPlayed = [number, number] | [number, number, number];

export interface SwissOptions {
  standings: SwissStanding[];
  /** Matches already played. */
  history?: SwissMatchPlayed[];
  /** Contestants who have had a bye already. */
  byes?: number[];
  /** Round 1: a seeded random draw, or top half v bottom half by the order given. */
  firstRound?: 'RANDOM' | 'RANKED';
  seed?: number;
  /**
   * Two contestants may meet again once this many rounds have passed since they last met (DOMAIN
   * §6.5, configurable: with 2, a match of round 1 may be played again from round 4); a match of no
   * known round is never played again by this rule. Default: never.
   */
  repeatAfterRounds?: number;
  /** The round being drawn: default the round after the last one in the history. */
  round?: number;
  /** When every draw repeats a match, take the closest one (true, the default; `repeats` says so) or refuse (false). */
  allowRepeats?: boolean;
  /**
   * MONRAD (default): 1st v 2nd, 3rd v 4th … DUTCH (chess-style, DOMAIN §6.5): each group of equal
   * scores split into halves, the top half's i-th v the bottom half's i-th; an odd group's last
   * contestant floats down to the next group, and a contestant alone on its score meets the nearest
   * below.
   */
  pairing?: 'MONRAD' | 'DUTCH';
}

export interface SwissDraw {
  matches: [number, number][];
  bye: number | null;
  /** True when no draw without repeats existed and the closest one with repeats was taken. */
  repeats: boolean;
}

/**
 * The next Swiss round (DOMAIN §6.5, Monrad style): contestants in order of score (ties by number),
 * 1st v the nearest eligible below, and so on, backtracking so that nobody meets a former opponent
 * while a draw without repeats exists. An odd field gives the bye to the lowest-ranked contestant
 * who has not had one.
 */
export function swissDraw(options: SwissOptions): SwissDraw {
  const { standings } = options;
  if (standings.length < 2) throw new InvalidMovementError('A Swiss round needs at least 2 contestants', 'standings');
  const meets = mayMeet(options);
  const first = !options.history?.length;
  let order = first && options.firstRound !== 'RANKED' ? shuffled(standings, options.seed ?? 1) : ranked(standings);

  let bye: number | null = null;
  if (order.length % 2 === 1) {
    const hadBye = new Set(options.byes ?? []);
    const candidate = [...order].reverse().find((s) => !hadBye.has(s.number)) ?? order[order.length - 1];
    bye = candidate.number;
    order = order.filter((s) => s.number !== bye);
  }
  if (first && options.firstRound === 'RANKED') {
    const half = order.length / 2;
    return { matches: order.slice(0, half).map((s, i) => [s.number, order[half + i].number]), bye, repeats: false };
  }
  const numbers = order.map((s) => s.number);
  const preferred = options.pairing === 'DUTCH' && !first ? dutchOrder(order.map((s) => s.score)) : nearestBelow;
  const clean = pairUp(numbers, meets, preferred);
  if (clean) return { matches: clean, bye, repeats: false };
  if (options.allowRepeats === false) throw new InvalidMovementError('Every possible draw repeats a match', 'standings');
  return { matches: pairUp(numbers, () => true, preferred)!, bye, repeats: true };
}

/**
 * The opponents the first unpaired contestant (`first`) is offered, best first, among those not
 * `taken`: positions in the ranked list.
 */
type Preference = (first: number, taken: readonly boolean[]) => Iterable<number>;

/** Monrad: the nearest below. */
function* nearestBelow(first: number, taken: readonly boolean[]): Iterable<number> {
  for (let j = first + 1; j < taken.length; j++) if (!taken[j]) yield j;
}

/**
 * Dutch: within the first's score group (an odd group's last floats down to the next), the bottom
 * half in order (its mirror first), then the rest of its own half, then everyone below.
 */
function dutchOrder(scores: number[]): Preference {
  return (first, taken) => {
    const rest = [...nearestBelow(first, taken)];
    const group = [first, ...rest.filter((j) => scores[j] === scores[first])];
    if (group.length === 1) return rest;
    if (group.length % 2 === 1) group.pop();
    const half = group.length / 2;
    const inGroup = new Set(group);
    return [...group.slice(half), ...group.slice(1, half), ...rest.filter((j) => !inGroup.has(j))];
  };
}

/**
 * Whether two contestants may meet in the round drawn: never met, or (with `repeatAfterRounds`) last
 * met more than that many rounds before it.
 */
function mayMeet({ history, repeatAfterRounds: after, round }: SwissOptions): (a: number, b: number) => boolean {
  history ??= [];
  const repeatAfterRounds = after ?? undefined; // an API null is no rule
  const rounds = history.map((m) => m[2]).filter((r): r is number => r !== undefined);
  const drawn = round ?? Math.max(0, ...rounds) + 1;
  // By pair: the round they last met in (Infinity: a match of no known round, never repeated by the rule).
  const last = new Map<string, number>();
  for (const [a, b, r] of history) {
    const when = r ?? Infinity;
    for (const key of [`${a}:${b}`, `${b}:${a}`]) last.set(key, Math.max(last.get(key) ?? -Infinity, when));
  }
  if (repeatAfterRounds !== undefined && !(Number.isInteger(repeatAfterRounds) && repeatAfterRounds >= 0)) throw new InvalidMovementError('repeatAfterRounds is a whole number of rounds, 0 or more', 'repeatAfterRounds');
  for (const r of rounds) if (!(Number.isInteger(r) && r >= 1 && r < drawn)) throw new InvalidMovementError(`A match of round ${r} cannot be in the history of round ${drawn}`, 'history');
  return (a, b) => {
    const met = last.get(`${a}:${b}`);
    return met === undefined || (repeatAfterRounds !== undefined && drawn - met > repeatAfterRounds);
  };
}

/** Backtracking: the first unpaired meets the first allowed one `preferred` offers; give up after a budget. */
function pairUp(numbers: number[], allowed: (a: number, b: number) => boolean, preferred: Preference, budget = 200_000): [number, number][] | null {
  const taken = new Array<boolean>(numbers.length).fill(false);
  const out: [number, number][] = [];
  let steps = 0;
  const go = (): boolean => {
    const i = taken.indexOf(false);
    if (i < 0) return true;
    if (++steps > budget) return false;
    taken[i] = true;
    for (const j of preferred(i, taken)) {
      if (taken[j] || !allowed(numbers[i], numbers[j])) continue;
      taken[j] = true;
      out.push([numbers[i], numbers[j]]);
      if (go()) return true;
      out.pop();
      taken[j] = false;
    }
    taken[i] = false;
    return false;
  };
  return go() ? out : null;
}

function ranked(standings: SwissStanding[]): SwissStanding[] {
  return [...standings].sort((a, b) => b.score - a.score || a.number - b.number);
}

/** A seeded Fisher–Yates shuffle: the same seed always draws the same first round. */
function shuffled(standings: SwissStanding[], seed: number): SwissStanding[] {
  const random = seededRandom(seed);
  const out = [...standings].sort((x, y) => x.number - y.number);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
