import { InvalidScoringError } from './errors.js';

/**
 * WBF 2013 continuous 20-point scale (DOMAIN §5.1): VP(M) = 10 + 10·(1 − τ^(3M/B)) / (1 − τ³)
 * for margins below the blitz B = 15·√boards, 20 from there on. Values are rounded to hundredths
 * and then corrected so that no extra IMP is worth more than the one before it.
 */
const TAU = (Math.sqrt(5) - 1) / 2;
const TAU3 = TAU ** 3;

export function blitz(boards: number): number {
  return 15 * Math.sqrt(boards);
}

const tables = new Map<string, Int32Array>();

/**
 * Winner's VPs in hundredths for margins 0 … ⌈B⌉ (the maximum from ⌈B⌉ on). Cached per board
 * count. `max` scales the same curve to a 25- or 30-point scale (half the maximum for a draw).
 */
export function vpTable(boards: number, max = 20): Int32Array {
  if (!Number.isInteger(boards) || boards < 1 || boards > 1000) {
    throw new InvalidScoringError(`Number of boards must be a whole number from 1 to 1000, got ${boards}`, 'boards');
  }
  const key = `${boards}/${max}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const b = blitz(boards);
  const last = Math.ceil(b);
  const v = new Int32Array(last + 1);
  const half = max / 2;
  for (let m = 0; m <= last; m++) {
    const raw = m >= b ? max : half + (half * (1 - TAU ** ((3 * m) / b))) / (1 - TAU3);
    // Half up to hundredths; the epsilon keeps x.xx5 from being read as x.xx4999….
    v[m] = Math.min(max * 100, Math.floor(raw * 100 + 0.5 + 1e-9));
  }
  enforceConcavity(v);
  tables.set(key, v);
  return v;
}

/**
 * The WBF 2013 scale in whole VPs: each margin gets its continuous value rounded to the nearest
 * VP (halves up), so each whole VP covers a range of margins. The ranges are then made
 * non-decreasing in width, as the WBF requires, by moving a threshold up where a range is
 * narrower than the one before it. Winner's VPs for margins 0 … ⌈B⌉.
 */
export function discreteVpTable(boards: number, max = 20): Int32Array {
  const continuous = vpTable(boards, max);
  const v = continuous.map((h) => Math.floor(h / 100 + 0.5));
  // starts[k]: first margin with VP ≥ half + k.
  const half = max / 2;
  for (let changed = true; changed; ) {
    changed = false;
    const starts: number[] = [];
    for (let k = 1; k <= half; k++) starts.push(v.findIndex((x) => x >= half + k));
    for (let k = 1; k < starts.length; k++) {
      const previous = k === 1 ? starts[0] : starts[k - 1] - starts[k - 2];
      const width = starts[k] - starts[k - 1];
      if (starts[k] > 0 && starts[k - 1] > 0 && width < previous) {
        v[starts[k]] -= 1;
        changed = true;
        break;
      }
    }
  }
  return v;
}

/** While some step is larger than the one before it, add 0.01 to the middle value (DOMAIN §5.1 step 2). */
function enforceConcavity(v: Int32Array): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i + 1 < v.length; i++) {
      if (v[i + 1] - v[i] > v[i] - v[i - 1]) {
        v[i] += 1;
        changed = true;
      }
    }
  }
}

export type FractionalMargin = 'INTERPOLATE' | 'FORMULA';

export interface VictoryPoints {
  winner: number;
  loser: number;
}

/**
 * VPs of a match won by `margin` IMPs (≥ 0) over `boards` boards. Whole margins read the corrected
 * table; fractional ones (weighted scores) interpolate between neighbours by default.
 */
export function victoryPoints(margin: number, boards: number, fractional: FractionalMargin = 'INTERPOLATE', max = 20): VictoryPoints {
  if (!Number.isFinite(margin) || margin < 0) {
    throw new InvalidScoringError(`The margin is the absolute IMP difference, 0 or more; got ${margin}`, 'margin');
  }
  const table = vpTable(boards, max);
  const top = max * 100;
  const at = (m: number) => (m >= table.length ? top : table[m]);
  const whole = Math.floor(margin);
  let hundredths: number;
  if (whole === margin) hundredths = at(whole);
  else if (fractional === 'FORMULA') {
    const b = blitz(boards);
    const half = max / 2;
    hundredths = margin >= b ? top : Math.floor((half + (half * (1 - TAU ** ((3 * margin) / b))) / (1 - TAU3)) * 100 + 0.5);
  } else hundredths = Math.round(at(whole) + (at(whole + 1) - at(whole)) * (margin - whole));
  return { winner: hundredths / 100, loser: (top - hundredths) / 100 };
}

/** Whole-VP form of the WBF 2013 scale; a fractional margin (weighted scores) counts to the nearest IMP, halves up. */
export function discreteWbfVictoryPoints(margin: number, boards: number, max = 20): VictoryPoints {
  if (!Number.isFinite(margin) || margin < 0) {
    throw new InvalidScoringError(`The margin is the absolute IMP difference, 0 or more; got ${margin}`, 'margin');
  }
  const table = discreteVpTable(boards, max);
  const m = Math.floor(margin + 0.5);
  const winner = m >= table.length ? max : table[m];
  return { winner, loser: max - winner };
}

/**
 * A discrete VP scale as data (DOMAIN §5.3): for each range of board counts, the IMP margins at
 * which each award starts. Old and national scales are added as data, never as code.
 */
export interface DiscreteVpScale {
  name: string;
  ranges: { minBoards: number; maxBoards: number; steps: { fromImps: number; winner: number; loser: number }[] }[];
}

export const ACBL_20_POINT: DiscreteVpScale = {
  name: 'ACBL 20-point',
  ranges: [
    {
      minBoards: 6,
      maxBoards: 8,
      steps: [
        { fromImps: 0, winner: 10, loser: 10 },
        { fromImps: 1, winner: 11, loser: 9 },
        { fromImps: 3, winner: 12, loser: 8 },
        { fromImps: 5, winner: 13, loser: 7 },
        { fromImps: 8, winner: 14, loser: 6 },
        { fromImps: 11, winner: 15, loser: 5 },
        { fromImps: 14, winner: 16, loser: 4 },
        { fromImps: 17, winner: 17, loser: 3 },
        { fromImps: 20, winner: 18, loser: 2 },
        { fromImps: 24, winner: 19, loser: 1 },
        { fromImps: 28, winner: 20, loser: 0 },
      ],
    },
  ],
};

/** A discrete scale's award; a fractional margin (weighted scores) counts to the nearest IMP, halves up. */
export function discreteVictoryPoints(scale: DiscreteVpScale, margin: number, boards: number): VictoryPoints {
  const range = scale.ranges.find((r) => boards >= r.minBoards && boards <= r.maxBoards);
  if (!range) throw new InvalidScoringError(`The ${scale.name} scale has no table for ${boards} boards`, 'boards');
  if (margin < 0) throw new InvalidScoringError(`The margin is the absolute IMP difference, 0 or more; got ${margin}`, 'margin');
  const m = Math.floor(margin + 0.5);
  const step = [...range.steps].reverse().find((s) => m >= s.fromImps) ?? range.steps[0];
  return { winner: step.winner, loser: step.loser };
}

/** What is wrong with a discrete scale given as data, or null: ranges and steps must cover every margin in order. */
export function discreteScaleProblem(scale: DiscreteVpScale): string | null {
  if (!scale.ranges.length) return 'A VP scale needs at least one range of board counts';
  for (const [i, r] of scale.ranges.entries()) {
    if (!(Number.isInteger(r.minBoards) && Number.isInteger(r.maxBoards) && r.minBoards >= 1 && r.maxBoards >= r.minBoards)) return `ranges.${i}: boards must run from minBoards to maxBoards (whole numbers from 1)`;
    if (!r.steps.length || r.steps[0].fromImps !== 0) return `ranges.${i}: the first step must start at 0 IMPs`;
    for (let k = 1; k < r.steps.length; k++) {
      if (!(r.steps[k].fromImps > r.steps[k - 1].fromImps)) return `ranges.${i}.steps.${k}: fromImps must increase`;
      if (r.steps[k].winner < r.steps[k - 1].winner) return `ranges.${i}.steps.${k}: the winner's VPs must not fall as the margin grows`;
    }
    if (r.steps.some((s) => s.winner < 0 || s.loser < 0)) return `ranges.${i}: VPs cannot be negative`;
  }
  const sorted = [...scale.ranges].sort((a, b) => a.minBoards - b.minBoards);
  for (let i = 1; i < sorted.length; i++) if (sorted[i].minBoards <= sorted[i - 1].maxBoards) return 'Ranges of board counts overlap';
  return null;
}
