import { ExactSum } from '../exact-sum.js';
import { Fraction, frac, sum } from '../fraction.js';
import type { Artificial } from '../matchpoints.js';
import { lineKind, type LineRow, type SessionInput } from './event-input.js';
import { boardFields, type BoardField } from './fields.js';
import { artificialImpValue, scoreImpBoard, type ImpBoard, type ImpMethod } from './imp-boards.js';
import { artificialValues, boardSignature, scoreMatchpointBoard, type MatchpointBoard } from './matchpoint-boards.js';
import type { ScoringRules } from './rules.js';

/** A traveller line's scored figures; absent where the method has none. */
export interface LineFigures {
  nsMatchpoints?: Fraction;
  ewMatchpoints?: Fraction;
  /** The board's top (matchpoints). */
  top?: Fraction;
  nsImps?: Fraction;
  ewImps?: Fraction;
}

/**
 * A contestant's session: its score (MPs, IMPs or points), the tops of its boards (MPs) and boards
 * played. `score` is exact and worked out when read; `approx` is the same in floating point, for
 * ordering a large field without computing every exact total.
 */
export interface Tally {
  readonly score: Fraction;
  readonly approx: number;
  readonly tops: Fraction;
  readonly boards: number;
}

/** A tally being built, board by board. */
class TallyBuilder {
  readonly sum = new ExactSum();
  tops = Fraction.ZERO;
  boards = 0;

  tally(): Tally {
    const { sum, tops, boards } = this;
    return { get score() { return sum.value(); }, approx: sum.approx, tops, boards };
  }
}

export const fixedTally = (score: Fraction, tops: Fraction, boards: number): Tally => ({ score, approx: score.toNumber(), tops, boards });

export type PairMethod = 'MATCHPOINTS' | ImpMethod | 'TOTAL_POINTS';

export interface PairSession<S extends SessionInput = SessionInput> {
  data: S;
  /** Per field board, kept for the next revision: a board whose lines are unchanged is not scored again. */
  boards: Map<string, MatchpointBoard | ImpBoard>;
  lines: Map<string, LineFigures>;
  tallies: Map<string, Tally>;
}

type Side = 'ns' | 'ew';
const SIDES: Side[] = ['ns', 'ew'];
const contestantOf = (r: LineRow, side: Side) => (side === 'ns' ? r.nsContestantId : r.ewContestantId);

/**
 * One session of a pairs event: every field board scored (or reused), then the session's own
 * rules — Law 12C2(c), and the IMP cap per round — and each contestant's tally.
 */
export function scorePairSession<S extends SessionInput>(s: S, rules: ScoringRules, method: PairMethod, previous?: PairSession<S>): PairSession<S> {
  if (method === 'TOTAL_POINTS') return pointsSession(s);
  const fields = boardFields(s.results, s.sections, rules.scoreAcross);
  const boards = new Map<string, MatchpointBoard | ImpBoard>();
  for (const field of fields) {
    const signature = boardSignature(field);
    const before = previous?.boards.get(field.key);
    const board = before?.signature === signature ? before : scoreField(field, rules, method, signature);
    if (board) boards.set(field.key, board);
  }
  const lines = new Map<string, LineFigures>();
  const artificial: { line: LineRow; top: Fraction | null; codes: { ns: Artificial; ew: Artificial } }[] = [];
  const real = new Map<string, TallyBuilder>();
  for (const field of fields) {
    const board = boards.get(field.key);
    if (!board) continue;
    const top = 'top' in board ? board.top : null;
    for (const r of field.lines) {
      const scored = board.lines.get(r.id);
      if (!scored) continue;
      lines.set(r.id, top ? { nsMatchpoints: scored.ns, ewMatchpoints: scored.ew, top } : { nsImps: scored.ns, ewImps: scored.ew });
      if (scored.artificial) artificial.push({ line: r, top, codes: scored.artificial });
      if (!scored.adjusted) for (const side of SIDES) credit(real, contestantOf(r, side), scored[side], top ?? Fraction.ZERO);
    }
  }
  if (rules.sessionPercentageRule) {
    const own = new Map<string, Tally>();
    const tallyOf = (id: string) => own.get(id) ?? own.set(id, real.get(id)?.tally() ?? fixedTally(Fraction.ZERO, Fraction.ZERO, 0)).get(id)!;
    for (const a of artificial) applySessionRule(a, lines, tallyOf, rules);
  }
  return { data: s, boards, lines, tallies: talliesOf(s.results, lines, rules) };
}

function scoreField(field: BoardField, rules: ScoringRules, method: PairMethod, signature: string): MatchpointBoard | ImpBoard | null {
  return method === 'MATCHPOINTS' ? scoreMatchpointBoard(field, rules, signature) : scoreImpBoard(field, rules, method as ImpMethod, signature);
}

function credit(tallies: Map<string, TallyBuilder>, contestant: string, score: Fraction, top: Fraction): void {
  let t = tallies.get(contestant);
  if (!t) tallies.set(contestant, (t = new TallyBuilder()));
  t.sum.add(score);
  t.tops = t.tops.add(top);
  t.boards++;
}

const built = (builders: Map<string, TallyBuilder>) => new Map([...builders].map(([id, b]) => [id, b.tally()]));

/**
 * Law 12C2(c), once the session's other boards are scored: a side given average plus whose own
 * result on the boards without adjusted scores is better gets that instead (its percentage of the
 * top, or its IMPs per board); a side given average minus whose own is worse keeps its own.
 * Average is unaffected.
 */
function applySessionRule(a: { line: LineRow; top: Fraction | null; codes: { ns: Artificial; ew: Artificial } }, lines: Map<string, LineFigures>, real: (contestant: string) => Tally, rules: ScoringRules): void {
  const figures = { ...lines.get(a.line.id)! };
  for (const side of SIDES) {
    const code = a.codes[side];
    const own = real(contestantOf(a.line, side));
    if (code === 'A' || !own?.boards) continue;
    if (a.top) {
      if (own.tops.isZero()) continue;
      const base = artificialValues(rules)[code];
      const value = better(code, base, own.score.div(own.tops)).mul(a.top);
      figures[side === 'ns' ? 'nsMatchpoints' : 'ewMatchpoints'] = value;
    } else {
      const value = better(code, artificialImpValue(code, rules), own.score.div(frac(own.boards)));
      figures[side === 'ns' ? 'nsImps' : 'ewImps'] = value;
    }
  }
  lines.set(a.line.id, figures);
}

const better = (code: Artificial, base: Fraction, own: Fraction) => (code === 'A+' ? (own.compare(base) > 0 ? own : base) : own.compare(base) < 0 ? own : base);

/**
 * Each contestant's session from its lines' final figures. With an IMP cap per round, what a pair
 * wins in a round counts at most the cap (losses count in full); a line without a round is a
 * round of its own board.
 */
function talliesOf(results: readonly LineRow[], lines: Map<string, LineFigures>, rules: ScoringRules): Map<string, Tally> {
  const cap = rules.impCapPerRound === null ? null : Fraction.parse(String(rules.impCapPerRound));
  const tallies = new Map<string, TallyBuilder>();
  const rounds = new Map<string, Map<string, Fraction>>();
  for (const r of results) {
    const f = lines.get(r.id);
    if (!f) continue;
    for (const side of SIDES) {
      const id = contestantOf(r, side);
      const score = (side === 'ns' ? (f.nsMatchpoints ?? f.nsImps) : (f.ewMatchpoints ?? f.ewImps)) ?? Fraction.ZERO;
      credit(tallies, id, cap && !f.top ? Fraction.ZERO : score, f.top ?? Fraction.ZERO);
      if (cap && !f.top) {
        const own = rounds.get(id) ?? new Map<string, Fraction>();
        const key = r.round === null ? `board ${r.boardNumber}` : `round ${r.round}`;
        own.set(key, (own.get(key) ?? Fraction.ZERO).add(score));
        rounds.set(id, own);
      }
    }
  }
  const result = built(tallies);
  if (cap) {
    for (const [id, own] of rounds) {
      const t = result.get(id)!;
      result.set(id, fixedTally(sum([...own.values()].map((x) => (x.compare(cap) > 0 ? cap : x))), t.tops, t.boards));
    }
  }
  return result;
}

/** Law 78C for pairs: each pair's own points, board by board (an assigned score's points weighted). */
function pointsSession<S extends SessionInput>(s: S): PairSession<S> {
  const lines = new Map<string, LineFigures>();
  const tallies = new Map<string, TallyBuilder>();
  const points = (score: number | { nsScore: number; weight: Fraction }[]) => (typeof score === 'number' ? frac(score) : sum(score.map((c) => c.weight.mul(frac(c.nsScore)))));
  for (const r of s.results) {
    const k = lineKind(r);
    if (k.kind !== 'SCORE') continue;
    lines.set(r.id, {});
    credit(tallies, r.nsContestantId, points(k.ns), Fraction.ZERO);
    credit(tallies, r.ewContestantId, points(k.ew ?? k.ns).neg(), Fraction.ZERO);
  }
  return { data: s, boards: new Map(), lines, tallies: built(tallies) };
}
