import { ExactSum } from '../exact-sum.js';
import { Fraction, frac, sum } from '../fraction.js';
import type { Artificial } from '../matchpoints.js';
import { lineKind, type LineRow, type SessionInput } from './event-input.js';
import { FieldIndex, type BoardField } from './fields.js';
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

/** A tally being built board by board (or unbuilt, when a board is scored again). */
class TallyBuilder {
  readonly sum = new ExactSum();
  /** Σ of the tops: whole tops (every matchpoint board's) as a plain integer, any other exactly. */
  private wholeTops = 0;
  private otherTops = Fraction.ZERO;
  boards = 0;

  credit(score: Fraction, top: Fraction, sign: 1 | -1): void {
    this.sum.add(score, sign);
    if (top.den === 1 && typeof top.num === 'number' && Number.isSafeInteger(this.wholeTops + top.num)) this.wholeTops += sign * top.num;
    else this.otherTops = sign > 0 ? this.otherTops.add(top) : this.otherTops.sub(top);
    this.boards += sign;
  }

  get tops(): Fraction {
    return this.otherTops.isZero() ? Fraction.of(this.wholeTops) : Fraction.of(this.wholeTops).add(this.otherTops);
  }

  /** The builder as a tally, valid until its next credit (no copy). */
  view(): Tally {
    return new SumTally(this.sum, this.tops, this.boards);
  }

  /** A snapshot: later credits to this builder leave it alone. */
  tally(): Tally {
    return new SumTally(this.sum.clone(), this.tops, this.boards);
  }
}

/** A tally over a running sum, its exact score worked out when read (a class: thousands are made per correction). */
class SumTally implements Tally {
  readonly approx: number;

  constructor(
    private readonly sum: ExactSum,
    readonly tops: Fraction,
    readonly boards: number,
  ) {
    this.approx = sum.approx;
  }

  get score(): Fraction {
    return this.sum.value();
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
  /** What the next revision needs to score only the boards a change touches (absent with an IMP cap per round). */
  state?: SessionState<S['results'][number]>;
  /** After an update: the tallies it started from and the contestants whose tally it changed (a ranking is then updated, not rebuilt). */
  delta?: TallyDelta;
}

export interface TallyDelta {
  from: ReadonlyMap<string, Tally>;
  changed: readonly string[];
}

/** The running sums behind a session's figures, taken over and updated by `updatePairSession`. */
interface SessionState<L extends LineRow> {
  index: FieldIndex<L>;
  byId: Map<string, L>;
  /** Credits of lines scored by play only: the Law 12C2(c) own percentage. */
  real: Map<string, TallyBuilder>;
  /** Credits of every line's final figures: the session tallies. */
  final: Map<string, TallyBuilder>;
  /** Artificial lines each contestant is in: revisited when its own percentage moves. */
  artificialOf: Map<string, Set<string>>;
  /** During an update: contestants whose own percentage moved, and whose tally did. */
  moved: Set<string>;
  recredited: Set<string>;
}

type Side = 'ns' | 'ew';
const SIDES: Side[] = ['ns', 'ew'];
const contestantOf = (r: LineRow, side: Side) => (side === 'ns' ? r.nsContestantId : r.ewContestantId);

type Board = MatchpointBoard | ImpBoard;
const topOf = (board: Board) => ('top' in board ? board.top : null);

/** A line's figures before Law 12C2(c), as its board scored them: one object for lines its board scored alike. */
function boardFigures(board: Board, id: string): LineFigures {
  const scored = board.lines.get(id)!;
  let figures = figuresOf.get(scored);
  if (!figures) {
    const top = topOf(board);
    figuresOf.set(scored, (figures = top ? { nsMatchpoints: scored.ns, ewMatchpoints: scored.ew, top } : { nsImps: scored.ns, ewImps: scored.ew }));
  }
  return figures;
}

/** Figures are never changed once made (Law 12C2(c) makes new ones), so lines scored alike share them. */
const figuresOf = new WeakMap<object, LineFigures>();

const sideScore = (f: LineFigures, side: Side) => (side === 'ns' ? (f.nsMatchpoints ?? f.nsImps) : (f.ewMatchpoints ?? f.ewImps)) ?? Fraction.ZERO;

/**
 * One session of a pairs event: every field board scored (or reused), then the session's own
 * rules — Law 12C2(c), and the IMP cap per round — and each contestant's tally. It pauses
 * (yields) after each field and every few thousand lines, so that a service can score a national
 * field in slices between its other work (see `rankings/event-scoring.ts`) instead of holding its
 * event loop for seconds; `runSteps` runs it at once.
 */
export function* scorePairSessionSteps<S extends SessionInput>(s: S, rules: ScoringRules, method: PairMethod, previous?: PairSession<S>): Generator<void, PairSession<S>> {
  if (method === 'TOTAL_POINTS') return pointsSession(s);
  type L = S['results'][number];
  const index = new FieldIndex<L>(s.sections, rules.scoreAcross);
  const state: SessionState<L> = { index, byId: new Map(), real: new Map(), final: new Map(), artificialOf: new Map(), moved: new Set(), recredited: new Set() };
  let done = 0;
  for (const r of s.results as L[]) {
    index.add(r);
    state.byId.set(r.id, r);
    if (++done % STEP === 0) yield;
  }
  const boards = new Map<string, Board>();
  for (const key of index.keys()) {
    const field = index.field(key)!;
    const signature = boardSignature(field);
    const before = previous?.boards.get(key);
    const board = before?.signature === signature ? before : scoreField(field, rules, method, signature);
    if (board) boards.set(key, board);
    yield;
  }
  const lines = new Map<string, LineFigures>();
  const pending: string[] = [];
  for (const board of boards.values()) {
    for (const id of board.lines.keys()) {
      creditReal(state, state.byId.get(id)!, board, id, 1);
      pending.push(id);
      if (++done % STEP === 0) yield;
    }
  }
  yield* settleSteps(state, pending, boards, lines, rules);
  state.moved.clear();
  state.recredited.clear();
  if (rules.impCapPerRound !== null) return { data: s, boards, lines, tallies: talliesOf(s.results, lines, rules) };
  return { data: s, boards, lines, tallies: new Map([...state.final].map(([id, b]) => [id, b.tally()])), state };
}

/**
 * The next revision of a session from the last one, when only some lines changed (`changed`: new
 * or corrected rows; `removed`: ids): only the fields they touch are scored again, and only lines
 * whose figures moved are credited again, so a correction in a 10,000-table field costs about one
 * board. The previous revision's state is taken over (it cannot be updated twice). Null when the
 * session cannot be updated this way (an IMP cap per round, total points): score it whole.
 */
export function updatePairSession<S extends SessionInput>(previous: PairSession<S>, s: S, rules: ScoringRules, method: PairMethod, changed: readonly S['results'][number][], removed: readonly string[]): PairSession<S> | null {
  type L = S['results'][number];
  const state = previous.state as SessionState<L> | undefined;
  if (!state || method === 'TOTAL_POINTS' || rules.impCapPerRound !== null) return null;
  previous.state = undefined;
  const touched = new Set<string>();
  const before = new Map<string, L>();
  for (const id of [...removed, ...changed.map((r) => r.id)]) {
    const old = state.byId.get(id);
    if (!old || before.has(id)) continue;
    before.set(id, old);
    for (const key of state.index.remove(old)) touched.add(key);
    state.byId.delete(id);
  }
  for (const r of changed) {
    for (const key of state.index.add(r)) touched.add(key);
    state.byId.set(r.id, r);
  }
  const boards = new Map(previous.boards);
  const lines = previous.lines;
  const pending: string[] = [];
  const changedIds = new Set(changed.map((r) => r.id));
  // All that the touched fields held is taken back first, then what they hold now is credited.
  const rescored = [...touched].map((key) => {
    const field = state.index.field(key);
    return { key, old: boards.get(key), board: field ? scoreField(field, rules, method, '') : null };
  });
  const kept = (old: Board | undefined, board: Board | null, id: string) => !!old?.lines.has(id) && !!board?.lines.has(id) && !changedIds.has(id) && sameFigures(old, board, id);
  for (const { old, board } of rescored) {
    for (const id of old?.lines.keys() ?? []) {
      if (kept(old, board, id)) continue;
      const row = before.get(id) ?? state.byId.get(id)!;
      creditReal(state, row, old!, id, -1);
      retractFinal(state, row, lines, id);
    }
  }
  for (const { key, old, board } of rescored) {
    if (board) boards.set(key, board);
    else boards.delete(key);
    for (const id of board?.lines.keys() ?? []) {
      if (kept(old, board, id)) continue;
      creditReal(state, state.byId.get(id)!, board!, id, 1);
      pending.push(id);
    }
  }
  // Law 12C2(c): an artificial line whose side's own percentage moved is valued again.
  const queued = new Set(pending);
  for (const contestant of state.moved) {
    for (const id of state.artificialOf.get(contestant) ?? []) {
      if (queued.has(id)) continue;
      queued.add(id);
      retractFinal(state, state.byId.get(id)!, lines, id);
      pending.push(id);
    }
  }
  settle(state, pending, boards, lines, rules);
  const tallies = new Map(previous.tallies);
  for (const id of state.recredited) {
    const b = state.final.get(id);
    if (b?.boards) tallies.set(id, b.tally());
    else tallies.delete(id);
  }
  const delta = { from: previous.tallies, changed: [...state.recredited] };
  state.moved.clear();
  state.recredited.clear();
  return { data: s, boards, lines, tallies, state, delta };
}

function sameFigures(a: Board, b: Board, id: string): boolean {
  const x = a.lines.get(id)!;
  const y = b.lines.get(id)!;
  const [ta, tb] = [topOf(a), topOf(b)];
  const sameTop = ta === tb || (!!ta && !!tb && ta.equals(tb));
  return sameTop && x.ns.equals(y.ns) && x.ew.equals(y.ew) && x.adjusted === y.adjusted && x.artificial?.ns === y.artificial?.ns && x.artificial?.ew === y.artificial?.ew;
}

/** A line of play (not adjusted) counts towards its sides' own percentage (Law 12C2(c)); artificial lines are indexed. */
function creditReal<L extends LineRow>(state: SessionState<L>, row: L, board: Board, id: string, sign: 1 | -1): void {
  const scored = board.lines.get(id)!;
  if (scored.artificial) {
    for (const side of SIDES) {
      const c = contestantOf(row, side);
      let set = state.artificialOf.get(c);
      if (!set) state.artificialOf.set(c, (set = new Set()));
      if (sign > 0) set.add(id);
      else set.delete(id);
    }
  }
  if (scored.adjusted) return;
  const top = topOf(board) ?? Fraction.ZERO;
  for (const side of SIDES) {
    const c = contestantOf(row, side);
    builder(state.real, c).credit(scored[side], top, sign);
    state.moved.add(c);
  }
}

function retractFinal<L extends LineRow>(state: SessionState<L>, row: L, lines: Map<string, LineFigures>, id: string): void {
  const figures = lines.get(id);
  if (!figures) return;
  lines.delete(id);
  for (const side of SIDES) {
    const c = contestantOf(row, side);
    builder(state.final, c).credit(sideScore(figures, side), figures.top ?? Fraction.ZERO, -1);
    state.recredited.add(c);
  }
}

/** Final figures of the pending lines (Law 12C2(c) for artificial ones), credited to the tallies. */
function settle<L extends LineRow>(state: SessionState<L>, pending: string[], boards: Map<string, Board>, lines: Map<string, LineFigures>, rules: ScoringRules): void {
  runSteps(settleSteps(state, pending, boards, lines, rules));
}

function* settleSteps<L extends LineRow>(state: SessionState<L>, pending: string[], boards: Map<string, Board>, lines: Map<string, LineFigures>, rules: ScoringRules): Generator<void, void> {
  let done = 0;
  const own = new Map<string, Tally>();
  // The real credits do not move while settling: each side's own tally is read from its builder, not copied.
  const ownTally = (c: string) => own.get(c) ?? own.set(c, state.real.get(c)?.view() ?? fixedTally(Fraction.ZERO, Fraction.ZERO, 0)).get(c)!;
  for (const id of pending) {
    const row = state.byId.get(id)!;
    const board = boards.get(state.index.keyOf(row))!;
    const scored = board.lines.get(id)!;
    let figures = boardFigures(board, id);
    if (scored.artificial && rules.sessionPercentageRule) figures = sessionRuleFigures(row, topOf(board), scored.artificial, figures, ownTally, rules);
    lines.set(id, figures);
    for (const side of SIDES) {
      const c = contestantOf(row, side);
      builder(state.final, c).credit(sideScore(figures, side), figures.top ?? Fraction.ZERO, 1);
      state.recredited.add(c);
    }
    if (++done % STEP === 0) yield;
  }
}

/** Lines a stepwise scoring handles between two pauses. */
const STEP = 4_000;

/** Runs a stepwise computation to its end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function builder(map: Map<string, TallyBuilder>, contestant: string): TallyBuilder {
  let b = map.get(contestant);
  if (!b) map.set(contestant, (b = new TallyBuilder()));
  return b;
}

function scoreField(field: BoardField, rules: ScoringRules, method: PairMethod, signature: string): Board | null {
  return method === 'MATCHPOINTS' ? scoreMatchpointBoard(field, rules, signature) : scoreImpBoard(field, rules, method as ImpMethod, signature);
}

function credit(tallies: Map<string, TallyBuilder>, contestant: string, score: Fraction, top: Fraction): void {
  builder(tallies, contestant).credit(score, top, 1);
}

const built = (builders: Map<string, TallyBuilder>) => new Map([...builders].map(([id, b]) => [id, b.tally()]));

/**
 * Law 12C2(c), once the session's other boards are scored: a side given average plus whose own
 * result on the boards without adjusted scores is better gets that instead (its percentage of the
 * top, or its IMPs per board); a side given average minus whose own is worse keeps its own.
 * Average is unaffected.
 */
function sessionRuleFigures(row: LineRow, top: Fraction | null, codes: { ns: Artificial; ew: Artificial }, base: LineFigures, own: (contestant: string) => Tally, rules: ScoringRules): LineFigures {
  const figures = { ...base };
  for (const side of SIDES) {
    const code = codes[side];
    const tally = own(contestantOf(row, side));
    if (code === 'A' || !tally.boards) continue;
    if (top) {
      if (tally.tops.isZero()) continue;
      const base = artificialValues(rules)[code];
      figures[side === 'ns' ? 'nsMatchpoints' : 'ewMatchpoints'] = (clearlyWorse(code, tally.approx / tally.tops.toNumber(), base.toNumber()) ? base : better(code, base, tally.score.div(tally.tops))).mul(top);
    } else {
      figures[side === 'ns' ? 'nsImps' : 'ewImps'] = better(code, artificialImpValue(code, rules), tally.score.div(frac(tally.boards)));
    }
  }
  return figures;
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
