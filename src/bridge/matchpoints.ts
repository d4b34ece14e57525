import { InvalidScoringError } from './errors.js';
import { countAtMost, countBelow } from './sorted.js';
import { Fraction, frac, sum } from './fraction.js';
import { groupBy } from './grouping.js';

/**
 * Law 78A matchpoints of one board, with the extensions of DOMAIN §3: factoring to the expected
 * number of results (Neuberg by default), artificial adjusted scores (Law 12C2), weighted assigned
 * scores (Law 12C1(c)), split scores with separate NS and EW lists, and fouled boards (Law 87)
 * scored form by form. Everything is exact.
 */

/** 2/1/0 (international, EBU, WBF) or 1/½/0 (ACBL) per comparison. */
export type MatchpointScale = 'TWO_POINT' | 'ONE_POINT';
export type Factoring = 'NEUBERG' | 'RATIO';
/** Average plus, average, average minus (Law 12C2(a)). */
export type Artificial = 'A+' | 'A' | 'A-';

/** One possible result of a weighted assigned score: its NS score and its weight. */
export interface Weighted {
  nsScore: number;
  weight: Fraction;
}

/** A side's score at a table: a plain NS score, or weighted possibilities summing to 1. */
export type SideScore = number | Weighted[];

export type BoardLine =
  | {
      id: string;
      /** The NS score; `ew` only when the director split the score (Law 12C1(b)): what EW are scored as. */
      ns: SideScore;
      ew?: SideScore;
      /** Law 87: the version of a fouled board this table played (default 1). */
      form?: number;
    }
  | { id: string; artificial: { ns: Artificial; ew: Artificial } };

export interface MatchpointOptions {
  scale?: MatchpointScale;
  factoring?: Factoring;
  /** N: results the board should have had (default: the number of lines). */
  expected?: number;
  /** Values of A+, A, A− as fractions of a top (default 60 %, 50 %, 40 %). */
  artificialValues?: Record<Artificial, Fraction>;
  /**
   * A fouled board's groups of 1–3 scores that are not its largest (Law 87, DOMAIN §3.2): factored
   * by Neuberg like any group (default), or given fixed percentages of the top (60; 65/55; 70/60/50).
   */
  smallGroups?: 'NEUBERG' | 'FIXED_PERCENTAGES';
}

export interface LineMatchpoints {
  id: string;
  ns: Fraction;
  ew: Fraction;
  /** Set for artificial lines: the codes, so the session rule of Law 12C2(c) can revisit them. */
  artificial?: { ns: Artificial; ew: Artificial };
}

export interface BoardMatchpoints {
  top: Fraction;
  lines: LineMatchpoints[];
}

export const DEFAULT_ARTIFICIAL: Record<Artificial, Fraction> = { 'A+': frac(3, 5), A: frac(1, 2), 'A-': frac(2, 5) };

/** Matchpoints per comparison won: 2 on the 2-point scale, 1 on the 1-point scale. */
export const unitOf = (scale: MatchpointScale = 'TWO_POINT') => (scale === 'TWO_POINT' ? 2 : 1);

/** The top of a board with N results: 2(N − 1), or N − 1 on the 1-point scale. */
export function boardTop(expected: number, scale: MatchpointScale = 'TWO_POINT'): number {
  return unitOf(scale) * Math.max(expected - 1, 0);
}

export function scoreBoard(lines: BoardLine[], options: MatchpointOptions = {}): BoardMatchpoints {
  const { top, ns, ew } = boardMatchpoints(lines, options);
  return { top, lines: lines.map((l, i) => ('artificial' in l ? { id: l.id, ns: ns[i], ew: ew[i], artificial: l.artificial } : { id: l.id, ns: ns[i], ew: ew[i] })) };
}

/** A line as `boardMatchpoints` reads it: `BoardLine` without its id. */
export type BoardScore = { ns: SideScore; ew?: SideScore; form?: number } | { artificial: { ns: Artificial; ew: Artificial } };

/**
 * `scoreBoard`'s figures by position (`ns[i]`, `ew[i]` for `lines[i]`), without a line object each:
 * a session keeps a national board's 10,000 lines and scores it again after every correction.
 * Lines with the same plain score share one fraction.
 */
export function boardMatchpoints(lines: readonly BoardScore[], options: MatchpointOptions = {}): { top: Fraction; ns: Fraction[]; ew: Fraction[] } {
  const expected = options.expected ?? lines.length;
  if (lines.length > expected) {
    throw new InvalidScoringError(`A board expected to have ${expected} results has ${lines.length}`);
  }
  const unit = unitOf(options.scale);
  const top = frac(boardTop(expected, options.scale));
  const values = options.artificialValues ?? DEFAULT_ARTIFICIAL;
  const ns = new Array<Fraction>(lines.length);
  const ew = new Array<Fraction>(lines.length);
  const forms = new Map<number, number[]>();
  lines.forEach((l, i) => {
    if (!('ns' in l)) return;
    const form = l.form ?? 1;
    const group = forms.get(form);
    if (group) group.push(i);
    else forms.set(form, [i]);
  });
  const largest = Math.max(0, ...[...forms.values()].map((g) => g.length));
  for (const group of forms.values()) {
    const real = group.map((i) => lines[i] as Extract<BoardScore, { ns: SideScore }>);
    if (options.smallGroups === 'FIXED_PERCENTAGES' && forms.size > 1 && group.length <= 3 && group.length < largest) {
      const fixed = smallGroupFigures(real, unit, top);
      group.forEach((at, k) => {
        ns[at] = fixed.ns[k];
        ew[at] = fixed.ew[k];
      });
      continue;
    }
    if (real.every((l) => typeof l.ns === 'number' && l.ew === undefined)) {
      // Plain scores (a national field's every board): figured once per different score.
      const counts = new Map<number, number>();
      for (const l of real) counts.set(l.ns as number, (counts.get(l.ns as number) ?? 0) + 1);
      const figures = plainMatchpoints(counts, { ...options, expected });
      group.forEach((at, k) => {
        const f = figures.get(real[k].ns as number)!;
        ns[at] = f.ns;
        ew[at] = f.ew;
      });
      continue;
    }
    if (real.every((l) => typeof l.ns === 'number' && (l.ew === undefined || typeof l.ew === 'number'))) {
      // Split plain scores: each side's list counted in half-matchpoints and factored in one exact division.
      const nsHalves = plainHalves(real.map((l) => l.ns as number), unit);
      const ewHalves = plainHalves(real.map((l) => -((l.ew ?? l.ns) as number)), unit);
      const factored = new Map<number, Fraction>();
      const of = (h: number) => factored.get(h) ?? factored.set(h, factorHalves(h, group.length, expected, unit, options.factoring)).get(h)!;
      group.forEach((at, k) => {
        ns[at] = of(nsHalves[k]);
        ew[at] = of(ewHalves[k]);
      });
      continue;
    }
    const nsMps = listMatchpoints(real.map((l) => components(l.ns)), unit);
    // EW compare their own side's scores: a lower NS score is better for EW.
    const ewMps = listMatchpoints(real.map((l) => components(l.ew ?? l.ns, -1)), unit);
    group.forEach((at, k) => {
      ns[at] = factor(nsMps[k], group.length, expected, unit, options.factoring);
      ew[at] = factor(ewMps[k], group.length, expected, unit, options.factoring);
    });
  }
  lines.forEach((l, i) => {
    if ('artificial' in l) {
      ns[i] = values[l.artificial.ns].mul(top);
      ew[i] = values[l.artificial.ew].mul(top);
    }
  });
  return { top, ns, ew };
}

/**
 * A small group of a fouled board given fixed percentages of the top by its place within the group
 * (the ACBL's published fouled-board practice): one score 60 %; two 65 % and 55 %; three 70, 60 and
 * 50 %. Ties (and weighted scores) fall between, on the same line: base + span × the share of the
 * group's comparisons won, so two scores level at the top of three get 65 % each.
 */
function smallGroupFigures(real: Extract<BoardScore, { ns: SideScore }>[], unit: number, top: Fraction): { ns: Fraction[]; ew: Fraction[] } {
  const n = real.length;
  const [base, span] = n === 1 ? [60, 0] : n === 2 ? [55, 10] : [50, 20];
  const percent = (mps: Fraction) => (n === 1 ? frac(base) : frac(base).add(frac(span).mul(mps).div(frac(unit * (n - 1)))));
  const figure = (mps: Fraction) => percent(mps).mul(top).div(frac(100));
  const nsMps = listMatchpoints(real.map((l) => components(l.ns)), unit);
  const ewMps = listMatchpoints(real.map((l) => components(l.ew ?? l.ns, -1)), unit);
  return { ns: nsMps.map(figure), ew: ewMps.map(figure) };
}

function components(score: SideScore, sign = 1): Weighted[] {
  if (typeof score === 'number') return [{ nsScore: sign * score, weight: Fraction.ONE }];
  if (!score.length) throw new InvalidScoringError('A weighted score needs at least one result');
  const total = sum(score.map((c) => c.weight));
  if (!total.equals(Fraction.ONE) || score.some((c) => c.weight.compare(Fraction.ZERO) < 0)) {
    throw new InvalidScoringError(`Weights of an assigned score must be non-negative and add up to 1, not ${total}`);
  }
  return score.map((c) => ({ nsScore: sign * c.nsScore, weight: c.weight }));
}

/**
 * Each line against every other line of the list: per comparison `unit` for a win, half for a tie,
 * weighted by both sides' weights. Plain lists take the sort-and-count shortcut MP = u·b + u/2·(f − 1).
 */
function listMatchpoints(list: Weighted[][], unit: number): Fraction[] {
  if (list.every((c) => c.length === 1 && c[0].weight.equals(Fraction.ONE))) {
    const scores = list.map((c) => c[0].nsScore);
    const sorted = Float64Array.from(scores).sort();
    return scores.map((s) => {
      const below = countBelow(sorted, s);
      const equal = countAtMost(sorted, s) - below;
      return frac(unit * 2 * below + unit * (equal - 1), 2);
    });
  }
  return list.map((mine, i) =>
    sum(
      mine.flatMap((c) =>
        list.flatMap((theirs, j) =>
          j === i ? [] : theirs.map((o) => c.weight.mul(o.weight).mul(frac(o.nsScore < c.nsScore ? unit : o.nsScore === c.nsScore ? unit : 0, o.nsScore === c.nsScore ? 2 : 1))),
        ),
      ),
    ),
  );
}

/** Twice each plain score's matchpoints (an integer): 2·u·below + u·(equal − 1). */
function plainHalves(scores: number[], unit: number): number[] {
  const halves = halvesByScore(countScores(scores), unit);
  return scores.map((s) => halves.get(s)!);
}

function countScores(scores: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/**
 * Twice the matchpoints of each different score, from how many lines have it (a board has a few
 * dozen different scores: one pass over them in order, no sort of a national board's 10,000).
 */
function halvesByScore(counts: ReadonlyMap<number, number>, unit: number): Map<number, number> {
  const halves = new Map<number, number>();
  let below = 0;
  for (const s of [...counts.keys()].sort((a, b) => a - b)) {
    const equal = counts.get(s)!;
    halves.set(s, unit * 2 * below + unit * (equal - 1));
    below += equal;
  }
  return halves;
}

/**
 * The matchpoints of a board of plain scores (no split or weighted ones), by score: `counts` says
 * how many of the board's lines have each NS score; each different score gets its NS and EW
 * figures, factored to `expected` (N) as `boardMatchpoints` factors them. EW's comparisons are
 * NS's the other way round, so the two add up to the top; scores alike share one fraction.
 */
export function plainMatchpoints(counts: ReadonlyMap<number, number>, options: MatchpointOptions & { expected: number }): Map<number, { ns: Fraction; ew: Fraction }> {
  const unit = unitOf(options.scale);
  let n = 0;
  for (const c of counts.values()) n += c;
  const factored = new Map<number, Fraction>();
  const of = (h: number) => factored.get(h) ?? factored.set(h, factorHalves(h, n, options.expected, unit, options.factoring)).get(h)!;
  const figures = new Map<number, { ns: Fraction; ew: Fraction }>();
  for (const [score, h] of halvesByScore(counts, unit)) figures.set(score, { ns: of(h), ew: of(2 * unit * (n - 1) - h) });
  return figures;
}

/** `factor` of MP = h/2, as one fraction: Neuberg ((h + u)·N − u·n) / 2n, ratio h(N − 1) / 2(n − 1). */
function factorHalves(h: number, n: number, expected: number, unit: number, method: Factoring = 'NEUBERG'): Fraction {
  if (n === expected) return frac(h, 2);
  if (method === 'RATIO') return n > 1 ? frac(h * (expected - 1), 2 * (n - 1)) : frac(unit * (expected - 1), 2);
  return frac((h + unit) * expected - unit * n, 2 * n);
}

/** Neuberg: MP′ = (MP + u/2)·N/n − u/2; ratio: MP′ = MP·(N − 1)/(n − 1). Identity when n = N. */
function factor(mp: Fraction, n: number, expected: number, unit: number, method: Factoring = 'NEUBERG'): Fraction {
  if (n === expected) return mp;
  if (method === 'RATIO') return n > 1 ? mp.mul(frac(expected - 1, n - 1)) : frac(unit * (expected - 1), 2);
  const half = frac(unit, 2);
  return mp.add(half).mul(frac(expected, n)).sub(half);
}

/**
 * Law 12C2(c), applied once the rest of the session is scored: a non-offending side (A+) whose
 * percentage on its other boards is better than 60 % gets that percentage instead; an offending
 * side (A−) below 40 % gets its own lower percentage. `sessionPercent` is over the boards without
 * artificial scores, as a fraction of 1.
 */
export function sessionAdjustedArtificial(
  code: Artificial,
  top: Fraction,
  sessionPercent: Fraction | null,
  values: Record<Artificial, Fraction> = DEFAULT_ARTIFICIAL,
): Fraction {
  const base = values[code];
  if (!sessionPercent || code === 'A') return base.mul(top);
  const better = code === 'A+' ? (sessionPercent.compare(base) > 0 ? sessionPercent : base) : sessionPercent.compare(base) < 0 ? sessionPercent : base;
  return better.mul(top);
}
