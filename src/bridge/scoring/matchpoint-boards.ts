import { Fraction, frac } from '../fraction.js';
import { boardMatchpoints, boardTop, type Artificial, type BoardScore } from '../matchpoints.js';
import { lineKind, type LineKind, type LineRow } from './event-input.js';
import type { BoardField } from './fields.js';
import type { ScoringRules } from './rules.js';

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
  /** The board's line ids and their matchpoints, side by side (arrays, not a map: a national board of 10,000 lines is scored again at each correction). */
  ids: string[];
  scored: LineMatchpoints[];
  /** What the figures were computed from (empty when not worked out): a board whose signature is unchanged is not scored again. */
  signature: string;
}

/** Percent values of A+, A, A− as fractions of a top. */
export function artificialValues(rules: ScoringRules): Record<Artificial, Fraction> {
  let values = valuesOf.get(rules);
  if (!values) {
    const a = rules.artificialScores;
    valuesOf.set(rules, (values = { 'A+': percent(a.averagePlus), A: percent(a.average), 'A-': percent(a.averageMinus) }));
  }
  return values;
}

/** Read once per rules object: every board and every Law 12C2(c) pass asks for them. */
const valuesOf = new WeakMap<ScoringRules, Record<Artificial, Fraction>>();

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
  const compared: BoardScore[] = [];
  const ids: string[] = [];
  const others: { id: string; kind: LineKind }[] = [];
  for (const r of field.lines) {
    const k = lineKind(r);
    if (k.kind === 'SCORE') compared.push(k);
    else if (k.kind === 'ARTIFICIAL') compared.push({ artificial: { ns: k.ns, ew: k.ew } });
    else {
      others.push({ id: r.id, kind: k });
      continue;
    }
    ids.push(r.id);
  }
  const top = frac(boardTop(field.expected, rules.matchpointScale));
  const lines: LineMatchpoints[] = [];
  if (compared.length) {
    const scored = boardMatchpoints(compared, {
      scale: rules.matchpointScale,
      factoring: rules.factoring,
      expected: Math.max(field.expected, compared.length),
      artificialValues: artificialValues(rules),
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
  for (const { id, kind: k } of others) {
    if (k.kind === 'DIRECT') {
      ids.push(id);
      lines.push({ ...directMatchpoints(k.unit, k.ns, k.ew, top), adjusted: true });
    } else if (k.kind === 'ABSENT') {
      const present = k.present.div(frac(100)).mul(top);
      ids.push(id);
      lines.push({ ns: k.absent === 'NS' ? Fraction.ZERO : present, ew: k.absent === 'EW' ? Fraction.ZERO : present, adjusted: true });
    }
  }
  return lines.length ? { top, ids, scored: lines, signature } : null;
}

function directMatchpoints(unit: string, ns: Fraction, ew: Fraction, top: Fraction) {
  if (unit === 'PERCENT') return { ns: ns.div(frac(100)).mul(top), ew: ew.div(frac(100)).mul(top) };
  return { ns, ew };
}
