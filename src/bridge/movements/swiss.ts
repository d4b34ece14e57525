import { InvalidMovementError } from '../errors.js';
import { seededRandom } from '../random.js';

export interface SwissStanding {
  number: number;
  /** Current total (VPs or MPs); higher is better. */
  score: number;
}

export interface SwissOptions {
  standings: SwissStanding[];
  /** Matches already played, as [a, b] pairs of contestant numbers. */
  history?: [number, number][];
  /** Contestants who have had a bye already. */
  byes?: number[];
  /** Round 1: a seeded random draw, or top half v bottom half by the order given. */
  firstRound?: 'RANDOM' | 'RANKED';
  seed?: number;
  /** Repeat meetings allowed once this many rounds have passed since (configurable); default never. */
  allowRepeats?: boolean;
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
  const met = new Set((options.history ?? []).flatMap(([a, b]) => [`${a}:${b}`, `${b}:${a}`]));
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
  const clean = pairUp(numbers, (a, b) => !met.has(`${a}:${b}`));
  if (clean) return { matches: clean, bye, repeats: false };
  if (options.allowRepeats === false) throw new InvalidMovementError('Every possible draw repeats a match', 'standings');
  return { matches: pairUp(numbers, () => true)!, bye, repeats: true };
}

/** Backtracking: the first unpaired meets the nearest allowed one below; give up after a budget. */
function pairUp(numbers: number[], allowed: (a: number, b: number) => boolean, budget = 200_000): [number, number][] | null {
  const taken = new Array<boolean>(numbers.length).fill(false);
  const out: [number, number][] = [];
  let steps = 0;
  const go = (): boolean => {
    const i = taken.indexOf(false);
    if (i < 0) return true;
    if (++steps > budget) return false;
    taken[i] = true;
    for (let j = i + 1; j < numbers.length; j++) {
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
