import { InvalidScoringError } from '../errors.js';
import { Fraction, frac } from '../fraction.js';
import { butlerDatum, crossImps, impsForDifference, type ButlerOptions } from '../imps.js';
import type { Artificial, SideScore, Weighted } from '../matchpoints.js';
import { lineKind } from './event-input.js';
import type { BoardField } from './fields.js';
import type { ArtificialScores, ScoringRules } from './rules.js';

export type ImpMethod = 'BUTLER' | 'CROSS_IMPS';

export interface LineImps {
  ns: Fraction;
  ew: Fraction;
  artificial?: { ns: Artificial; ew: Artificial };
  /** Not a result of play: left out of the 12C2(c) average. */
  adjusted: boolean;
}

export interface ImpBoard {
  /** Each scored line's position in the field's lines as scored, and its IMPs, side by side. */
  at: Int32Array;
  /** The lines' ids (as `at`), for a board kept by its signature, whose field's order may differ next time. */
  ids?: string[];
  scored: LineImps[];
  signature: string;
}

/** A board is scored in at most this many versions (one per combination of weighted results). */
const MAX_VERSIONS = 10_000;

export function butlerOptions(rules: ScoringRules): ButlerOptions {
  const trim = rules.butlerTrim;
  return {
    trim: !trim ? 'BRIDGE_SCORER' : 'perEnd' in trim ? { count: trim.perEnd } : { percent: trim.percentPerEnd },
    rounding: rules.butlerDatumRounding,
  };
}

/** IMPs of artificial scores (Law 12C2(b)): ± the event's value, 0 for average. */
export const artificialImpValue = (code: Artificial, rules: ScoringRules): Fraction => artificialImpValueOf(code, rules.artificialScores);

/** The same, of a set of values (the event's, or Law 12C2(d)'s varied ones). */
export function artificialImpValueOf(code: Artificial, values: ArtificialScores): Fraction {
  const imps = Fraction.parse(String(values.imps));
  return code === 'A+' ? imps : code === 'A-' ? imps.neg() : Fraction.ZERO;
}

/**
 * IMP pairs over one field board (DOMAIN §4.3–4.5): each played score IMPed against the Butler
 * datum or against every other score (averaged over the comparisons). A weighted assigned score
 * stands for each of its possible results in turn: every version of the board has its own datum
 * (or comparisons), and each line's IMPs are the weighted mean over the versions — IMPs are
 * weighted, never points. Split scores give NS and EW their own lists. Artificial scores are ± the
 * event's IMPs (revisited per session by Law 12C2(c)); direct awards are as given.
 */
export function scoreImpBoard(field: BoardField, rules: ScoringRules, method: ImpMethod, signature: string): ImpBoard | null {
  const ids: string[] = [];
  const at: number[] = [];
  const lines: LineImps[] = [];
  const set = (i: number, line: LineImps) => {
    ids.push(field.lines[i].id);
    at.push(i);
    lines.push(line);
  };
  const forms = new Map<number, { at: number; ns: SideScore; ew: SideScore }[]>();
  for (let i = 0; i < field.lines.length; i++) {
    const k = lineKind(field.lines[i]);
    if (k.kind === 'SCORE') {
      const group = forms.get(k.form) ?? [];
      group.push({ at: i, ns: k.ns, ew: k.ew ?? k.ns });
      forms.set(k.form, group);
    } else if (k.kind === 'ARTIFICIAL') {
      set(i, { ns: artificialImpValue(k.ns, rules), ew: artificialImpValue(k.ew, rules), artificial: { ns: k.ns, ew: k.ew }, adjusted: true });
    } else if (k.kind === 'DIRECT') {
      set(i, { ns: k.ns, ew: k.ew, adjusted: true });
    }
  }
  const against = impsAgainstField(method, rules);
  for (const group of forms.values()) {
    const ns = listImps(group.map((l) => components(l.ns)), against);
    // EW compare their own side's scores, so their list is of what EW are scored as, negated.
    const ew = listImps(group.map((l) => components(l.ew)), against);
    group.forEach((l, i) => set(l.at, { ns: ns[i], ew: ew[i].neg(), adjusted: false }));
  }
  return lines.length ? { ids, at: Int32Array.from(at), scored: lines, signature } : null;
}

const components = (s: SideScore): Weighted[] => (typeof s === 'number' ? [{ nsScore: s, weight: Fraction.ONE }] : s);

/** Each score of a plain list against the field: NS IMPs per line. */
type AgainstField = (scores: number[]) => Fraction[];

function impsAgainstField(method: ImpMethod, rules: ScoringRules): AgainstField {
  if (method === 'CROSS_IMPS') {
    // The average over a line's comparisons, or that average scaled to the event's fixed number of them.
    const scale = rules.crossImpComparisons === null ? null : frac(rules.crossImpComparisons);
    return (scores) => {
      const cross = crossImps(scores);
      return scores.map((_, i) => (scale ? cross.average(i).mul(scale) : cross.average(i)));
    };
  }
  const options = butlerOptions(rules);
  const roundToTen = rules.impDifferenceRounding === 'NEAREST_10';
  return (scores) => {
    const datum = butlerDatum(scores, options);
    return scores.map((s) => impsOf(frac(s).sub(datum), roundToTen));
  };
}

/**
 * IMPs of an exact difference: the scale's steps are half-open, so a fraction falls in its step,
 * unless the event rounds it to 10 first. (Scores are multiples of 10, so only an unrounded datum
 * makes other differences; cross-IMPs and team matches never do.)
 */
const impsOf = (difference: Fraction, roundToTen: boolean) => frac(impsForDifference(difference.toNumber(), { roundToTen }));

/** Every version of the list (one per combination of weighted results), weighted and summed. */
function listImps(list: Weighted[][], against: AgainstField): Fraction[] {
  const varying = list.map((c, i) => (c.length > 1 ? i : -1)).filter((i) => i >= 0);
  const versions = varying.reduce((n, i) => n * list[i].length, 1);
  if (versions > MAX_VERSIONS) throw new InvalidScoringError(`A board with ${versions} combinations of weighted scores is more than can be scored (${MAX_VERSIONS})`);
  const totals = list.map(() => Fraction.ZERO);
  const pick = list.map(() => 0);
  for (let v = 0; v < versions; v++) {
    let rest = v;
    for (const i of varying) {
      pick[i] = rest % list[i].length;
      rest = Math.floor(rest / list[i].length);
    }
    const weight = list.reduce((w, c, i) => w.mul(c[pick[i]].weight), Fraction.ONE);
    if (weight.isZero()) continue;
    const imps = against(list.map((c, i) => c[pick[i]].nsScore));
    for (let i = 0; i < list.length; i++) totals[i] = totals[i].add(weight.mul(imps[i]));
  }
  return totals;
}
