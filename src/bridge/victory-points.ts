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

const tables = new Map<number, Int32Array>();

/** Winner's VPs in hundredths for margins 0 … ⌈B⌉ (20.00 from ⌈B⌉ on). Cached per board count. */
export function vpTable(boards: number): Int32Array {
  if (!Number.isInteger(boards) || boards < 1 || boards > 1000) {
    throw new InvalidScoringError(`Number of boards must be a whole number from 1 to 1000, got ${boards}`, 'boards');
  }
  const cached = tables.get(boards);
  if (cached) return cached;
  const b = blitz(boards);
  const last = Math.ceil(b);
  const v = new Int32Array(last + 1);
  for (let m = 0; m <= last; m++) {
    const raw = m >= b ? 20 : 10 + (10 * (1 - TAU ** ((3 * m) / b))) / (1 - TAU3);
    // Half up to hundredths; the epsilon keeps x.xx5 from being read as x.xx4999….
    v[m] = Math.min(2000, Math.floor(raw * 100 + 0.5 + 1e-9));
  }
  enforceConcavity(v);
  tables.set(boards, v);
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
export function victoryPoints(margin: number, boards: number, fractional: FractionalMargin = 'INTERPOLATE'): VictoryPoints {
  if (!Number.isFinite(margin) || margin < 0) {
    throw new InvalidScoringError(`The margin is the absolute IMP difference, 0 or more; got ${margin}`, 'margin');
  }
  const table = vpTable(boards);
  const at = (m: number) => (m >= table.length ? 2000 : table[m]);
  const whole = Math.floor(margin);
  let hundredths: number;
  if (whole === margin) hundredths = at(whole);
  else if (fractional === 'FORMULA') {
    const b = blitz(boards);
    hundredths = margin >= b ? 2000 : Math.floor((10 + (10 * (1 - TAU ** ((3 * margin) / b))) / (1 - TAU3)) * 100 + 0.5);
  } else hundredths = Math.round(at(whole) + (at(whole + 1) - at(whole)) * (margin - whole));
  return { winner: hundredths / 100, loser: (2000 - hundredths) / 100 };
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

export function discreteVictoryPoints(scale: DiscreteVpScale, margin: number, boards: number): VictoryPoints {
  const range = scale.ranges.find((r) => boards >= r.minBoards && boards <= r.maxBoards);
  if (!range) throw new InvalidScoringError(`The ${scale.name} scale has no table for ${boards} boards`, 'boards');
  if (margin < 0) throw new InvalidScoringError(`The margin is the absolute IMP difference, 0 or more; got ${margin}`, 'margin');
  const step = [...range.steps].reverse().find((s) => margin >= s.fromImps)!;
  return { winner: step.winner, loser: step.loser };
}
