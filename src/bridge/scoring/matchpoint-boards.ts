import { Fraction, frac } from '../fraction.js';
import { boardMatchpoints, boardTop, plainMatchpoints, type Artificial, type BoardScore } from '../matchpoints.js';
import { lineKind, type LineKind, type LineRow } from './event-input.js';
import type { BoardField } from './fields.js';
import type { ArtificialScores, ScoringRules } from './rules.js';

/** One line's matchpoints on a board; `artificial` keeps the codes for the Law 12C2(c) pass. */
export interface LineMatchpoints {
  ns: Fraction;
  ew: Fraction;
  artificial?: { ns: Artificial; ew: Artificial };
  /** Not a result of play (artificial, direct or absent-pair): left out of the 12C2(c) session percentage. */
  adjusted: boolean;
}

export interface MatchpointBoard {
  top: Fraction;
  /**
   * Each scored line's position in the field's lines as scored, and its matchpoints, side by side
   * (arrays, not a map: a national board of 10,000 lines is scored again at each correction).
   */
  at: Int32Array;
  /** The lines' ids (as `at`), for a board kept by its signature, whose field's order may differ next time. */
  ids?: string[];
  scored: LineMatchpoints[];
  /** What the figures were computed from (empty when not worked out): a board whose signature is unchanged is not scored again. */
  signature: string;
}

/** Percent values of A+, A, A− as fractions of a top. */
export const artificialValues = (rules: ScoringRules): Record<Artificial, Fraction> => artificialValuesOf(rules.artificialScores);

/** The same, of a set of values (the event's, or Law 12C2(d)'s varied ones). */
export function artificialValuesOf(a: ArtificialScores): Record<Artificial, Fraction> {
  let values = valuesOf.get(a);
  if (!values) valuesOf.set(a, (values = { 'A+': percent(a.averagePlus), A: percent(a.average), 'A-': percent(a.averageMinus) }));
  return values;
}

/** Read once per rules object: every board and every Law 12C2(c) pass asks for them. */
const valuesOf = new WeakMap<ArtificialScores, Record<Artificial, Fraction>>();

export const percent = (value: number | string) => Fraction.parse(String(value)).div(frac(100));

export function boardSignature(field: BoardField): string {
  return `${field.expected}|${field.lines.map((r) => `${r.id}:${r.version}:${r.status}:${r.boardForm}:${r.nsScore}`).sort().join(',')}`;
}

/**
 * Law 78A over one field board (DOMAIN §3): real scores (weighted, split, by fouled-board form)
 * compared and factored to N; artificial scores as a percentage of the top (Law 12C2(a), revisited
 * per session afterwards); direct awards as given (Law 86D); an absent pair's line gives the pair
 * present its percentage and the absent one nothing, and is not in N.
 */
export function scoreMatchpointBoard(field: BoardField, rules: ScoringRules, signature = boardSignature(field)): MatchpointBoard | null {
  return plainBoard(field, rules, signature) ?? anyBoard(field, rules, signature);
}

/**
 * A board whose lines are plain scores of one form, artificial scores or not played — every board
 * of a national field — scored from its scores' counts in two passes over the lines, its lines of
 * play sharing one figures object per score; null for any other board. The same figures as
 * `anyBoard` (property-tested), with a fraction of its work and garbage: a correction scores a
 * national board of 10,000 lines again.
 */
function plainBoard(field: BoardField, rules: ScoringRules, signature: string): MatchpointBoard | null {
  const counts = new Map<number, number>();
  let compared = 0;
  for (const line of field.lines) {
    const k = lineKind(line);
    if (k.kind === 'SCORE') {
      if (typeof k.ns !== 'number' || k.ew !== undefined || k.form !== 1) return null;
      counts.set(k.ns, (counts.get(k.ns) ?? 0) + 1);
    } else if (k.kind !== 'ARTIFICIAL' && k.kind !== 'NONE') return null;
    if (k.kind !== 'NONE') compared++;
  }
  if (!compared) return null;
  const expected = Math.max(field.expected, compared);
  const options = { scale: rules.matchpointScale, factoring: rules.factoring, expected };
  const byScore = new Map<number, LineMatchpoints>();
  for (const [score, f] of plainMatchpoints(counts, options)) byScore.set(score, { ns: f.ns, ew: f.ew, adjusted: false });
  // Artificial scores are a share of the top of the N the board is factored to (as boardMatchpoints has it).
  const scoringTop = frac(boardTop(expected, rules.matchpointScale));
  const values = artificialValues(rules);
  const at = new Int32Array(compared);
  const scored = new Array<LineMatchpoints>(compared);
  for (let i = 0, j = 0; i < field.lines.length; i++) {
    const k = lineKind(field.lines[i]);
    if (k.kind === 'NONE') continue;
    at[j] = i;
    if (k.kind === 'SCORE') scored[j++] = byScore.get(k.ns as number)!;
    else if (k.kind === 'ARTIFICIAL') scored[j++] = { ns: values[k.ns].mul(scoringTop), ew: values[k.ew].mul(scoringTop), artificial: { ns: k.ns, ew: k.ew }, adjusted: true };
  }
  const ids = signature ? Array.from(at, (i) => field.lines[i].id) : undefined;
  return { top: frac(boardTop(field.expected, rules.matchpointScale)), at, ids, scored, signature };
}

/** Any board: weighted, split and fouled-board scores, direct awards and absent pairs too. */
function anyBoard(field: BoardField, rules: ScoringRules, signature: string): MatchpointBoard | null {
  const compared: BoardScore[] = [];
  const ids: string[] = [];
  const at: number[] = [];
  const others: { at: number; kind: LineKind }[] = [];
  for (let i = 0; i < field.lines.length; i++) {
    const k = lineKind(field.lines[i]);
    if (k.kind === 'SCORE') compared.push(k);
    else if (k.kind === 'ARTIFICIAL') compared.push({ artificial: { ns: k.ns, ew: k.ew } });
    else {
      others.push({ at: i, kind: k });
      continue;
    }
    ids.push(field.lines[i].id);
    at.push(i);
  }
  const top = frac(boardTop(field.expected, rules.matchpointScale));
  const lines: LineMatchpoints[] = [];
  if (compared.length) {
    const scored = boardMatchpoints(compared, {
      scale: rules.matchpointScale,
      factoring: rules.factoring,
      expected: Math.max(field.expected, compared.length),
      artificialValues: artificialValues(rules),
      smallGroups: rules.fouledSmallGroups,
    });
    // Lines with the same figures share one object (a national board has a few dozen different ones).
    const shared = new Map<Fraction, Map<Fraction, LineMatchpoints>>();
    const plain = (ns: Fraction, ew: Fraction) => {
      let byEw = shared.get(ns);
      if (!byEw) shared.set(ns, (byEw = new Map()));
      return byEw.get(ew) ?? byEw.set(ew, { ns, ew, adjusted: false }).get(ew)!;
    };
    compared.forEach((l, i) => lines.push('artificial' in l ? { ns: scored.ns[i], ew: scored.ew[i], artificial: l.artificial, adjusted: true } : plain(scored.ns[i], scored.ew[i])));
  }
  for (const { at: i, kind: k } of others) {
    if (k.kind === 'DIRECT') {
      ids.push(field.lines[i].id);
      at.push(i);
      lines.push({ ...directMatchpoints(k.unit, k.ns, k.ew, top), adjusted: true });
    } else if (k.kind === 'ABSENT') {
      const present = k.present.div(frac(100)).mul(top);
      ids.push(field.lines[i].id);
      at.push(i);
      lines.push({ ns: k.absent === 'NS' ? Fraction.ZERO : present, ew: k.absent === 'EW' ? Fraction.ZERO : present, adjusted: true });
    }
  }
  return lines.length ? { top, ids, at: Int32Array.from(at), scored: lines, signature } : null;
}

function directMatchpoints(unit: string, ns: Fraction, ew: Fraction, top: Fraction) {
  if (unit === 'PERCENT') return { ns: ns.div(frac(100)).mul(top), ew: ew.div(frac(100)).mul(top) };
  return { ns, ew };
}
