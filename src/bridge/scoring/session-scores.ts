import { Fraction, frac, sum } from '../fraction.js';
import { lineKind, type LineRow, type SessionInput } from './event-input.js';
import { FieldIndex, type BoardField } from './fields.js';
import { scoreImpBoard, type ImpBoard, type ImpMethod } from './imp-boards.js';
import { boardSignature, scoreMatchpointBoard, type MatchpointBoard } from './matchpoint-boards.js';
import type { MultipleArtificial, ScoringRules } from './rules.js';
import { SessionRuleFigures, sessionRuleFigures, sessionRuleStands, variedFigures, type VariedValues } from './session-rule.js';
import { LineTable, SessionState, sideScore, type Side } from './session-state.js';
import { fixedTally, TallyBuilder, TallyTable, type Tallies, type Tally } from './tallies.js';

export { fixedTally, type Tallies, type Tally } from './tallies.js';

/** What a session's line figures are read as: by line id, and every one in turn. */
export interface Lines extends Iterable<[string, LineFigures]> {
  get(id: string): LineFigures | undefined;
  keys(): Iterable<string>;
}

/** A traveller line's scored figures; absent where the method has none. */
export interface LineFigures {
  nsMatchpoints?: Fraction;
  ewMatchpoints?: Fraction;
  /** The board's top (matchpoints). */
  top?: Fraction;
  nsImps?: Fraction;
  ewImps?: Fraction;
}

export type PairMethod = 'MATCHPOINTS' | ImpMethod | 'TOTAL_POINTS';

export interface PairSession<S extends SessionInput = SessionInput> {
  data: S;
  /** Per field board, kept for the next revision: a board whose lines are unchanged is not scored again. */
  boards: Map<string, MatchpointBoard | ImpBoard>;
  lines: Lines;
  tallies: Tallies;
  /** What the next revision needs to score only the boards a change touches (absent with an IMP cap per round). */
  state?: SessionState<S['results'][number]>;
  /** After an update: the tallies it started from and the contestants whose tally it changed (a ranking is then updated, not rebuilt). */
  delta?: TallyDelta;
}

export interface TallyDelta {
  from: Tallies;
  /** The changed contestants' ordinals in the tables (`TallyTable`) of both revisions. */
  ordinals: readonly number[];
}

const SIDES: Side[] = ['ns', 'ew'];
const contestantOf = (r: LineRow, side: Side) => (side === 'ns' ? r.nsContestantId : r.ewContestantId);

type Board = MatchpointBoard | ImpBoard;
/** One line as its board scored it (matchpoints or IMPs). */
type ScoredLine = MatchpointBoard['scored'][number];
const topOf = (board: Board) => ('top' in board ? board.top : null);

/** A line's figures before Law 12C2(c), as its board scored them: one object for lines its board scored alike. */
function boardFigures(board: Board, scored: ScoredLine): LineFigures {
  let figures = figuresOf.get(scored);
  if (!figures) {
    const top = topOf(board);
    figuresOf.set(scored, (figures = top ? { nsMatchpoints: scored.ns, ewMatchpoints: scored.ew, top } : { nsImps: scored.ns, ewImps: scored.ew }));
  }
  return figures;
}

/** Figures are never changed once made (Law 12C2(c) makes new ones), so lines scored alike share them. */
const figuresOf = new WeakMap<object, LineFigures>();

/** Lines waiting for their final figures: slot, board and the board's scoring of the line, side by side. */
class Pending {
  readonly slots: number[] = [];
  readonly boards: Board[] = [];
  readonly scored: ScoredLine[] = [];

  add(slot: number, board: Board, scored: ScoredLine): void {
    this.slots.push(slot);
    this.boards.push(board);
    this.scored.push(scored);
  }
}

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
  const state = new SessionState<L>(new FieldIndex<L>(s.sections, rules.scoreAcross));
  let done = 0;
  for (const r of s.results as L[]) {
    state.index.add(r, state.add(r));
    if (++done % STEP === 0) yield;
  }
  const boards = new Map<string, Board>();
  for (const key of state.index.keys()) {
    const field = state.index.field(key)!;
    // Only a session scored whole at every revision (an IMP cap per round) reuses its unchanged
    // boards by signature: the others are updated (updatePairSession), and a national field's
    // signatures would be 240,000 lines written out, sorted and kept for nothing.
    const signature = rules.impCapPerRound !== null ? boardSignature(field) : '';
    const before = previous?.boards.get(key);
    const board = signature && before?.signature === signature ? rebased(before, field) : scoreField(field, rules, method, signature);
    if (board) boards.set(key, board);
    yield;
  }
  const lines = new LineTable(state);
  const pending = new Pending();
  for (const [key, board] of boards) {
    const { slots } = state.index.field(key)!;
    for (let i = 0; i < board.at.length; i++) {
      const scored = board.scored[i];
      const slot = slots[board.at[i]];
      creditReal(state, slot, board, scored, 1);
      pending.add(slot, board, scored);
      if (++done % STEP === 0) yield;
    }
  }
  yield* settleSteps(state, pending, rules);
  state.moved.clear();
  state.recredited.clear();
  if (rules.impCapPerRound !== null) return { data: s, boards, lines, tallies: talliesOf(s.results, lines, rules) };
  return { data: s, boards, lines, tallies: state.tallies(), state };
}

/**
 * The next revision of a session from the last one, when only some lines changed (`changed`: new
 * or corrected rows; `removed`: ids): only the fields they touch are scored again, and only lines
 * whose figures moved are credited again, so a correction in a 10,000-table field costs about one
 * board. The previous revision's state is taken over (it cannot be updated twice). Null when the
 * session cannot be updated this way (an IMP cap per round, total points): score it whole.
 */
export function updatePairSession<S extends SessionInput>(previous: PairSession<S>, s: S, rules: ScoringRules, method: PairMethod, changed: readonly S['results'][number][], removed: readonly string[]): PairSession<S> | null {
  const state = previous.state;
  if (!state || !(previous.tallies instanceof TallyTable) || method === 'TOTAL_POINTS' || rules.impCapPerRound !== null) return null;
  // Law 12C2(d): an artificial line added, corrected or removed may move a pair's later ones.
  if (rules.multipleArtificial && touchesArtificial(state, changed, removed)) return null;
  previous.state = undefined;
  const touched = new Set<string>();
  const changedIds = new Set(changed.map((r) => r.id));
  const seen = new Set<string>();
  for (const id of [...removed, ...changedIds]) {
    const slot = state.slotOf(id);
    if (slot === undefined || seen.has(id)) continue;
    seen.add(id);
    state.index.remove(state.rows[slot]!, slot, touched);
  }
  // A changed line's slot: its own if it was there before, else the one it is placed in below.
  const changedSlots = new Set<number>();
  for (const r of changed) {
    const slot = state.slotFor(r.id);
    changedSlots.add(slot);
    state.index.add(r, slot, touched);
  }
  const boards = new Map(previous.boards);
  const lines = previous.lines;
  const rescored = [...touched].map((key) => {
    const field = state.index.field(key);
    return { key, old: boards.get(key), board: field ? scoreField(field, rules, method, '') : null, slots: field?.slots ?? [] };
  });
  // Only removed and changed lines leave a field: their old figures are taken back (with their old rows and pairs) first.
  for (const id of seen) {
    const slot = state.slotOf(id)!;
    const old = boards.get(state.index.keyOf(state.rows[slot]!));
    // A credited line's figures as its board scored them are in the state.
    const x = old && state.scored[slot];
    if (!x) continue;
    creditReal(state, slot, old!, x, -1);
    retractFinal(state, slot);
  }
  for (const r of changed) state.place(r);
  const pending = new Pending();
  for (const { key, old, board, slots } of rescored) {
    if (!board) {
      boards.delete(key);
      continue;
    }
    boards.set(key, board);
    recreditBoard(state, old, board, slots, changedSlots, pending);
  }
  // Law 12C2(c): an artificial line whose side's own percentage moved is valued again — unless
  // its board's figure stood and still stands (most A+ sides stay under 60 %, most A− sides over
  // 40 %): a correction moves thousands of sides, and each line valued again re-credits both.
  const queued = new Set(pending.slots);
  const own = ownTallies(state);
  for (let i = 0; i < state.moved.size; i++) {
    const artificial = state.artificialOf[state.moved.at(i)];
    if (!artificial) continue;
    for (const slot of artificial) {
      if (queued.has(slot)) continue;
      queued.add(slot);
      const board = boards.get(state.index.keyAt(slot)!)!;
      if (boardFigureStands(state, slot, board, own, rules)) continue;
      retractFinal(state, slot);
      pending.add(slot, board, state.scored[slot]!);
    }
  }
  runSteps(settleSteps(state, pending, rules));
  for (const id of removed) if (!changedIds.has(id)) state.release(id);
  const ordinals = state.recredited.toArray();
  const tallies = state.tallies();
  state.moved.clear();
  state.recredited.clear();
  return { data: s, boards, lines, tallies, state, delta: { from: previous.tallies, ordinals } };
}

/** Whether a change touches an artificial line: one that was or will be. */
function touchesArtificial<L extends LineRow>(state: SessionState<L>, changed: readonly L[], removed: readonly string[]): boolean {
  const was = (id: string) => {
    const slot = state.slotOf(id);
    return slot !== undefined && !!state.scored[slot]?.artificial;
  };
  return removed.some(was) || changed.some((r) => was(r.id) || lineKind(r).kind === 'ARTIFICIAL');
}

/**
 * The lines of one field board scored again, credited again where their figures moved (in a
 * function of its own, so that it stays optimised whatever shapes its caller meets: a national
 * board has 10,000 lines and a correction moves thousands).
 */
function recreditBoard<L extends LineRow>(state: SessionState<L>, old: Board | undefined, board: Board, slots: readonly number[], changed: ReadonlySet<number>, pending: Pending): void {
  const [oldTop, newTop] = [old && topOf(old), topOf(board)];
  for (let i = 0; i < board.at.length; i++) {
    const slot = slots[board.at[i]];
    const y = board.scored[i];
    // A line still on the board keeps, in the state, its figures as the old board scored them.
    const x = old && !changed.has(slot) ? state.scored[slot] : undefined;
    if (x && sameFigures(x, y, oldTop!, newTop)) continue;
    if (x && !x.adjusted && !y.adjusted) {
      // A line of play whose matchpoints moved (thousands after a correction): its credits replaced in place.
      replacePlain(state, slot, old!, x, board, y);
      continue;
    }
    if (x) {
      creditReal(state, slot, old!, x, -1);
      retractFinal(state, slot);
    }
    creditReal(state, slot, board, y, 1);
    pending.add(slot, board, y);
  }
}

/** A board kept from the last revision (its lines unchanged), its lines found again in this revision's field, whose order may differ. */
function rebased<B extends Board>(board: B, field: BoardField): B {
  const position = new Map(field.lines.map((l, i) => [l.id, i]));
  return { ...board, at: Int32Array.from(board.ids!, (id) => position.get(id)!) };
}

function sameFigures(x: ScoredLine, y: ScoredLine, ta: Fraction | null, tb: Fraction | null): boolean {
  const sameTop = ta === tb || (!!ta && !!tb && ta.equals(tb));
  return sameTop && x.ns.equals(y.ns) && x.ew.equals(y.ew) && x.adjusted === y.adjusted && x.artificial?.ns === y.artificial?.ns && x.artificial?.ew === y.artificial?.ew;
}

/** `creditReal` and `creditFinal` of a line of play taken back at `x` and given again at `y` in one step each. */
function replacePlain<L extends LineRow>(state: SessionState<L>, slot: number, old: Board, x: ScoredLine, board: Board, y: ScoredLine): void {
  // No array literals (destructuring, a loop over the two sides): thousands of lines a correction.
  const ns = state.ns[slot];
  const ew = state.ew[slot];
  const oldTop = topOf(old) ?? Fraction.ZERO;
  const newTop = topOf(board) ?? Fraction.ZERO;
  state.real.replace(ns, x.ns.toNumber(), oldTop, y.ns.toNumber(), newTop);
  state.real.replace(ew, x.ew.toNumber(), oldTop, y.ew.toNumber(), newTop);
  const before = state.figures[slot]!;
  const after = boardFigures(board, y);
  state.final.replace(ns, sideScore(before, 'ns').toNumber(), before.top ?? Fraction.ZERO, sideScore(after, 'ns').toNumber(), after.top ?? Fraction.ZERO);
  state.final.replace(ew, sideScore(before, 'ew').toNumber(), before.top ?? Fraction.ZERO, sideScore(after, 'ew').toNumber(), after.top ?? Fraction.ZERO);
  state.figures[slot] = after;
  state.scored[slot] = y;
  state.moved.add(ns);
  state.recredited.add(ns);
  state.moved.add(ew);
  state.recredited.add(ew);
}

/** A line of play (not adjusted) counts towards its sides' own percentage (Law 12C2(c)); artificial lines are indexed. */
function creditReal<L extends LineRow>(state: SessionState<L>, slot: number, board: Board, scored: ScoredLine, sign: 1 | -1): void {
  const [ns, ew] = [state.ns[slot], state.ew[slot]];
  state.scored[slot] = sign > 0 ? scored : undefined;
  if (scored.artificial) {
    for (const c of [ns, ew]) {
      const set = (state.artificialOf[c] ??= new Set());
      if (sign > 0) set.add(slot);
      else set.delete(slot);
    }
  }
  if (scored.adjusted) return;
  const top = topOf(board) ?? Fraction.ZERO;
  state.real.credit(ns, scored.ns.toNumber(), top, sign);
  state.real.credit(ew, scored.ew.toNumber(), top, sign);
  state.moved.add(ns);
  state.moved.add(ew);
}

/** A line's final figures taken back from its sides' tallies; it has none until settled again. */
function retractFinal<L extends LineRow>(state: SessionState<L>, slot: number): void {
  const figures = state.figures[slot];
  if (!figures) return;
  state.figures[slot] = undefined;
  creditFinal(state, slot, figures, -1);
}

function creditFinal<L extends LineRow>(state: SessionState<L>, slot: number, figures: LineFigures, sign: 1 | -1): void {
  const top = figures.top ?? Fraction.ZERO;
  const [ns, ew] = [state.ns[slot], state.ew[slot]];
  state.final.credit(ns, approxOf(figures, 'ns'), top, sign);
  state.final.credit(ew, approxOf(figures, 'ew'), top, sign);
  state.recredited.add(ns);
  state.recredited.add(ew);
}

/** A side's figure in floating point (a Law 12C2(c) figure is not worked out for it). */
const approxOf = (f: LineFigures, side: Side) => (f instanceof SessionRuleFigures ? f.approx(side) : sideScore(f, side).toNumber());

/** Final figures of the pending lines (Law 12C2(c) for artificial ones), credited to the tallies. */
function* settleSteps<L extends LineRow>(state: SessionState<L>, pending: Pending, rules: ScoringRules): Generator<void, void> {
  const ownTally = ownTallies(state);
  for (let i = 0; i < pending.slots.length; i++) {
    const slot = pending.slots[i];
    const board = pending.boards[i];
    const scored = pending.scored[i];
    let figures = boardFigures(board, scored);
    if (scored.artificial) {
      const varied = rules.multipleArtificial && variedValues(state, slot, rules.multipleArtificial);
      if (varied) figures = variedFigures(figures, topOf(board), scored.artificial, varied);
      if (rules.sessionPercentageRule) figures = sessionRuleFigures([state.ns[slot], state.ew[slot]], topOf(board), scored.artificial, figures, ownTally, rules, varied || null);
    }
    state.figures[slot] = figures;
    creditFinal(state, slot, figures, 1);
    if ((i + 1) % STEP === 0) yield;
  }
}

/**
 * Law 12C2(d): the varied values for each side of an artificial line that is its contestant's
 * `from`-th artificial score of the session or later, in the order played (round, then board; a
 * line without a round is played before those with one); null when neither side's is.
 */
function variedValues<L extends LineRow>(state: SessionState<L>, slot: number, multiple: MultipleArtificial): VariedValues | null {
  const row = state.rows[slot]!;
  const earlier = (other: number) => {
    const r = state.rows[other]!;
    return (r.round ?? 0) - (row.round ?? 0) || r.boardNumber - row.boardNumber || other - slot;
  };
  const nth = (contestant: number) => {
    let n = 1;
    for (const other of state.artificialOf[contestant] ?? []) if (earlier(other) < 0) n++;
    return n;
  };
  const ns = nth(state.ns[slot]) >= multiple.from ? multiple : null;
  const ew = nth(state.ew[slot]) >= multiple.from ? multiple : null;
  return ns || ew ? { ns, ew } : null;
}

/**
 * Each side's own tally (its lines of play) by contestant ordinal, looked up once. The real
 * credits do not move while settling: a tally is read from its column, not copied.
 */
function ownTallies<L extends LineRow>(state: SessionState<L>): (c: number) => Tally {
  // The state keeps one tally object a contestant already: no map of them made again every update.
  return (c) => state.realTally(c) ?? NO_PLAY;
}

/** The own tally of a side with no board of play. */
const NO_PLAY = fixedTally(Fraction.ZERO, Fraction.ZERO, 0);

/** An artificial line credited at its board's figure that Law 12C2(c), with its sides' own tallies as they now stand, leaves there. */
function boardFigureStands<L extends LineRow>(state: SessionState<L>, slot: number, board: Board, own: (c: number) => Tally, rules: ScoringRules): boolean {
  const scored = state.scored[slot]!;
  const base = boardFigures(board, scored);
  if (state.figures[slot] !== base) return false;
  return !rules.sessionPercentageRule || sessionRuleStands([state.ns[slot], state.ew[slot]], topOf(board), scored.artificial!, own, rules);
}

/** Lines a stepwise scoring handles between two pauses. */
const STEP = 1_000;

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
 * Each contestant's session from its lines' final figures. With an IMP cap per round, what a pair
 * wins in a round counts at most the cap (losses count in full); a line without a round is a
 * round of its own board.
 */
function talliesOf(results: readonly LineRow[], lines: Lines, rules: ScoringRules): Map<string, Tally> {
  const cap = rules.impCapPerRound === null ? null : Fraction.parse(String(rules.impCapPerRound));
  const tallies = new Map<string, TallyBuilder>();
  const rounds = new Map<string, Map<string, Fraction>>();
  for (const r of results) {
    const f = lines.get(r.id);
    if (!f) continue;
    for (const side of SIDES) {
      const id = contestantOf(r, side);
      const score = sideScore(f, side);
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
