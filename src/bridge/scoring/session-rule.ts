import { Fraction, frac } from '../fraction.js';
import type { Artificial } from '../matchpoints.js';
import { artificialImpValueOf } from './imp-boards.js';
import { artificialValuesOf } from './matchpoint-boards.js';
import type { ArtificialScores, ScoringRules } from './rules.js';
import type { LineFigures } from './session-scores.js';
import type { Side } from './session-state.js';
import type { Tally } from './tallies.js';

type Figure = keyof LineFigures;

/** The values each side's artificial score takes where Law 12C2(d) varies them; null: the event's own (Law 12C2(a), (b)). */
export type VariedValues = Record<Side, ArtificialScores | null>;

const valuesOf = (side: Side, rules: ScoringRules, varied: VariedValues | null) => varied?.[side] ?? rules.artificialScores;

/**
 * Law 12C2(d): an artificial line's figures with the varied values for the sides that have them (a
 * share of the board's top, or IMPs), the other side's as its board scored them.
 */
export function variedFigures(base: LineFigures, top: Fraction | null, codes: { ns: Artificial; ew: Artificial }, varied: VariedValues): LineFigures {
  const figures = { ...base };
  for (const side of ['ns', 'ew'] as Side[]) {
    const values = varied[side];
    if (!values) continue;
    if (top) figures[side === 'ns' ? 'nsMatchpoints' : 'ewMatchpoints'] = artificialValuesOf(values)[codes[side]].mul(top);
    else figures[side === 'ns' ? 'nsImps' : 'ewImps'] = artificialImpValueOf(codes[side], values);
  }
  return figures;
}

/** A figure not worked out yet: its floating-point value, and how to get it exactly. */
interface Deferred {
  approx: number;
  exact: () => Fraction;
}

/**
 * Law 12C2(c), once the session's other boards are scored: a side given average plus whose own
 * result on the boards without adjusted scores is better gets that instead (its percentage of the
 * top, or its IMPs per board); a side given average minus whose own is worse keeps its own.
 * Average is unaffected. A side whose own result decides its figure gets it exactly only when the
 * figure is read (`SessionRuleFigures`): its own total's denominator in a national field is
 * hundreds of bits, and a correction revalues a hundred such sides whose figures nobody may read.
 */
export function sessionRuleFigures(contestants: [number, number], top: Fraction | null, codes: { ns: Artificial; ew: Artificial }, base: LineFigures, own: (contestant: number) => Tally, rules: ScoringRules, varied: VariedValues | null = null): LineFigures {
  const deferred: Partial<Record<Figure, Deferred>> = {};
  let any = false;
  for (const side of ['ns', 'ew'] as Side[]) {
    const code = codes[side];
    const tally = own(contestants[side === 'ns' ? 0 : 1]);
    const values = valuesOf(side, rules, varied);
    if (!weighed(code, tally, top, values)) continue;
    if (top) {
      const value = artificialValuesOf(values)[code];
      const share = tally.approx / tally.approxTops;
      deferred[side === 'ns' ? 'nsMatchpoints' : 'ewMatchpoints'] = { approx: betterApprox(code, value.toNumber(), share) * top.toNumber(), exact: () => better(code, value, tally.score.div(tally.tops)).mul(top) };
    } else {
      const value = artificialImpValueOf(code, values);
      deferred[side === 'ns' ? 'nsImps' : 'ewImps'] = { approx: betterApprox(code, value.toNumber(), tally.approx / tally.boards), exact: () => better(code, value, tally.score.div(frac(tally.boards))) };
    }
    any = true;
  }
  return any ? new SessionRuleFigures(base, deferred) : base;
}

/**
 * Whether Law 12C2(c) leaves both sides' board figures as they are (`sessionRuleFigures` would
 * answer `base` itself), decided without making anything: a correction asks it of the artificial
 * lines of thousands of sides, most of whose figures stand.
 */
export function sessionRuleStands(contestants: [number, number], top: Fraction | null, codes: { ns: Artificial; ew: Artificial }, own: (contestant: number) => Tally, rules: ScoringRules): boolean {
  return !weighed(codes.ns, own(contestants[0]), top, rules.artificialScores) && !weighed(codes.ew, own(contestants[1]), top, rules.artificialScores);
}

/**
 * A side whose own result is weighed against its artificial figure: not for average, nor without
 * boards of play; with matchpoints, not when its own percentage is clearly on the far side of the
 * artificial value (the board's figure, that value of the top, then stands).
 */
function weighed(code: Artificial, tally: Tally, top: Fraction | null, values: ArtificialScores): boolean {
  if (code === 'A' || !tally.boards) return false;
  if (!top) return true;
  return tally.approxTops !== 0 && !clearlyWorse(code, tally.approx / tally.approxTops, artificialValuesOf(values)[code].toNumber());
}

/**
 * An artificial line's figures after Law 12C2(c): the sides' own results are worked out exactly
 * when first read; the session's running tallies take their floating-point values (`approx`).
 */
export class SessionRuleFigures implements LineFigures {
  private readonly known: LineFigures;

  constructor(
    base: LineFigures,
    private readonly deferred: Partial<Record<Figure, Deferred>>,
  ) {
    this.known = { ...base };
  }

  get nsMatchpoints(): Fraction | undefined {
    return this.figure('nsMatchpoints');
  }

  get ewMatchpoints(): Fraction | undefined {
    return this.figure('ewMatchpoints');
  }

  get top(): Fraction | undefined {
    return this.known.top;
  }

  get nsImps(): Fraction | undefined {
    return this.figure('nsImps');
  }

  get ewImps(): Fraction | undefined {
    return this.figure('ewImps');
  }

  /** A side's figure in floating point, without working it out. */
  approx(side: Side): number {
    const keys: Figure[] = side === 'ns' ? ['nsMatchpoints', 'nsImps'] : ['ewMatchpoints', 'ewImps'];
    for (const key of keys) {
      const d = this.deferred[key];
      if (d) return d.approx;
      const known = this.known[key];
      if (known) return known.toNumber();
    }
    return 0;
  }

  private figure(key: Figure): Fraction | undefined {
    const d = this.deferred[key];
    if (d) {
      this.known[key] = d.exact();
      delete this.deferred[key];
    }
    return this.known[key];
  }
}

/**
 * The side's own percentage is on the far side of the artificial value by more than floating-point
 * error, so `better` keeps the value: decided without the exact total, whose denominator in a
 * national field is hundreds of bits (most A+ sides are under 60 %, most A− sides over 40 %).
 */
function clearlyWorse(code: Artificial, own: number, base: number): boolean {
  const margin = 1e-9 * Math.max(1, Math.abs(own), Math.abs(base));
  return code === 'A+' ? own < base - margin : own > base + margin;
}

const better = (code: Artificial, base: Fraction, own: Fraction) => (code === 'A+' ? (own.compare(base) > 0 ? own : base) : own.compare(base) < 0 ? own : base);
const betterApprox = (code: Artificial, base: number, own: number) => (code === 'A+' ? Math.max(base, own) : Math.min(base, own));
