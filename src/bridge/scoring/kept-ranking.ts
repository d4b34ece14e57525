import { Fraction } from '../fraction.js';
import type { ContestantRow } from './event-input.js';
import { approxShare, byField, numberKey, PairRow, sessionResult } from './pair-results.js';
import type { RankedList } from './ranked-list.js';
import type { ScoredEvent, ScoredSession } from './score-event.js';
import { runSteps, type Tallies } from './session-scores.js';
import type { RankingRow } from './standings.js';
import { TallyTable } from './tallies.js';

/**
 * One session's ranking, kept with its tallies as typed arrays over the contestants' ordinals (a
 * `TallyTable`'s): after a correction (`delta`: the tallies it started from and the contestants it
 * re-credited) the ranking of the tallies before is updated — the re-credited contestants taken
 * out and merged back in at their new scores, the rest left in order — and the whole field placed
 * again in one pass over numbers. Rows are made only when read (a page, a pair's own line), and a
 * contestant's position is an array read. Only for a session without penalties whose fields are
 * the home directions (a national field); the incremental property test (incremental.spec.ts)
 * checks every step against a whole ranking and against exact places.
 */
export function keptSessionRanking(scored: ScoredEvent, s: ScoredSession): RankedList {
  return runSteps(keptSessionRankingSteps(scored, s))!; // without pauses, no later revision comes between
}

/**
 * `keptSessionRanking` a part at a time (each `yield` a pause the caller may take): a national
 * session's whole ranking (20,000 pairs, ~35 ms at once) in pieces of ~1 ms. A read that needs the
 * ranking meanwhile makes it at once, and the steps then end with that one. Null when a later
 * revision took the session's scoring state over meanwhile (see `takenOver`).
 */
export function* keptSessionRankingSteps(scored: ScoredEvent, s: ScoredSession): Generator<void, RankedList | null> {
  const mp = scored.kind === 'MATCHPOINTS';
  const weighting = scored.rules.sessionWeighting;
  const contestants = scored.data.contestants;
  const fits = (k: KeptRanking | undefined): k is KeptRanking => !!k && k.mp === mp && k.weighting === weighting;
  const current = kept.get(s.tallies);
  if (fits(current)) return current;
  const base = s.delta && s.tallies instanceof TallyTable ? kept.get(s.delta.from) : undefined;
  let ranking: KeptRanking;
  if (fits(base)) ranking = base.next(s.tallies as TallyTable, s.delta!.ordinals);
  else {
    const state = s.state;
    const steps = KeptRanking.whole(TallyTable.of(s.tallies), contestants, mp, weighting);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        ranking = step.value;
        break;
      }
      yield;
      if (state && s.state !== state) return null;
    }
  }
  const meanwhile = kept.get(s.tallies);
  if (fits(meanwhile)) return meanwhile;
  kept.set(s.tallies, ranking);
  return ranking;
}

/**
 * A later revision took the session's scoring state over (updatePairSession): its tallies now read
 * that revision's figures (a removed line's pair may have none left), and the later revision ranks
 * its own. Work done ahead for this one is wasted or wrong; a read of it still gets the latest figures.
 */
export const takenOver = (s: ScoredSession): boolean => !s.state && s.tallies instanceof TallyTable;

/** Contestants ordered or placed between two pauses of a whole ranking (~1 ms). */
const AT_ONCE = 2048;

const kept = new WeakMap<Tallies, KeptRanking>();

/** By ordinal, shared by every revision of a session's tallies (ordinals only grow): the contestant's row and tie key once looked up. */
interface Known {
  items: (ContestantRow | undefined)[];
  keys: (string | undefined)[];
  /** The field: its home direction (a national field's two, or one). */
  labels: (string | undefined)[];
}

/** A field's part of the ranking: positions [start, end). */
interface FieldSpan {
  label: string;
  start: number;
  end: number;
}

class KeptRanking implements RankedList {
  /** Rows made at positions (read ones only). */
  private readonly made = new Map<number, RankingRow>();
  private all: RankingRow[] | null = null;
  /** Per ordinal: its position (−1: not ranked). */
  private readonly position: Int32Array;
  /** Per position: the ordinal in placing order (`sorted` unless a run of near-equal floats was reordered exactly), its rank, whether tied. */
  private order: Int32Array;
  private readonly rank: Int32Array;
  private readonly tied: Uint8Array;

  private constructor(
    readonly mp: boolean,
    readonly weighting: 'BOARDS' | 'EQUAL',
    readonly contestants: ReadonlyMap<string, ContestantRow>,
    private readonly table: TallyTable,
    private readonly known: Known,
    /** Per ordinal: the ordering figure (`approxShare`), NaN when not ranked. */
    private readonly approx: Float64Array,
    /** Ordinals in `byApproximateScore` order per field, fields one after another. */
    private readonly sorted: Int32Array,
    private readonly fields: FieldSpan[],
  ) {
    this.order = sorted;
    this.rank = new Int32Array(sorted.length);
    this.tied = new Uint8Array(sorted.length);
    this.position = new Int32Array(approx.length).fill(-1);
  }

  /** The fields placed (ranks, ties) and each contestant's position noted, pausing every AT_ONCE positions. */
  private *placed(): Generator<void, KeptRanking> {
    for (const f of this.fields) yield* this.place(f);
    for (let at = 0; at < this.order.length; at++) this.position[this.order[at]] = at;
    return this;
  }

  /**
   * The ranking of a session's tallies from nothing: the next revision of an empty ranking in
   * which every contestant was re-credited. One path for both, so the code a correction runs is
   * already compiled and warm from the first whole ranking (a cold first update cost ~30 ms).
   */
  static *whole(table: TallyTable, contestants: ReadonlyMap<string, ContestantRow>, mp: boolean, weighting: 'BOARDS' | 'EQUAL'): Generator<void, KeptRanking> {
    const empty = new KeptRanking(mp, weighting, contestants, table, { items: [], keys: [], labels: [] }, new Float64Array(0), new Int32Array(0), []);
    return yield* empty.nextSteps(table, Array.from({ length: table.length }, (_, c) => c));
  }

  /** The ranking of the next revision's tallies, where only the contestants of `changed` (ordinals) were re-credited. */
  next(table: TallyTable, changed: readonly number[]): KeptRanking {
    return runSteps(this.nextSteps(table, changed));
  }

  private *nextSteps(table: TallyTable, changed: readonly number[]): Generator<void, KeptRanking> {
    const approx = new Float64Array(table.length);
    approx.set(this.approx);
    approx.fill(NaN, this.approx.length);
    const gone = new Uint8Array(table.length);
    for (let i = 0; i < changed.length; i++) {
      const c = changed[i];
      gone[c] = 1;
      rankedLabel(table, this.contestants, this.known, this.mp, this.weighting, approx, c);
      if ((i + 1) % AT_ONCE === 0) yield;
    }
    // The re-credited contestants in their old order (then any new one): most move a little, and
    // the sort (TimSort, which follows runs) then costs about one comparison each.
    const fresh = new Map<string, number[]>();
    const add = (c: number) => {
      if (Number.isNaN(approx[c])) return;
      const label = this.known.labels[c]!;
      const list = fresh.get(label);
      if (list) list.push(c);
      else fresh.set(label, [c]);
    };
    for (let i = 0; i < this.sorted.length; i++) if (gone[this.sorted[i]] === 1) add(this.sorted[i]);
    for (const c of changed) if (c >= this.position.length || this.position[c] < 0) add(c);
    const compare = comparer(approx, this.known);
    const labels = [...new Set([...this.fields.map((f) => f.label), ...fresh.keys()])].sort(byField);
    const merged = new Int32Array(this.sorted.length + changed.length);
    const fields: FieldSpan[] = [];
    let at = 0;
    for (const label of labels) {
      const start = at;
      const before = this.fields.find((f) => f.label === label);
      const added = (fresh.get(label) ?? []).sort(compare);
      yield;
      // The kept order without the re-credited contestants, and theirs merged in.
      let i = before?.start ?? 0;
      const end = before?.end ?? 0;
      let j = 0;
      for (;;) {
        while (i < end && gone[this.sorted[i]] === 1) i++;
        if (i === end) break;
        merged[at++] = j < added.length && compare(added[j], this.sorted[i]) < 0 ? added[j++] : this.sorted[i++];
      }
      while (j < added.length) merged[at++] = added[j++];
      if (at > start) fields.push({ label, start, end: at });
    }
    return yield* new KeptRanking(this.mp, this.weighting, this.contestants, table, this.known, approx, merged.slice(0, at), fields).placed();
  }

  /**
   * Ranks of one field in one pass (as `visitPlaces`): a run of floats within rounding of each
   * other is ordered by exact score, equal exact scores tied; everyone else takes its position.
   */
  private *place(field: FieldSpan): Generator<void, void> {
    const { approx, sorted } = this;
    for (let i = field.start, pause = i + AT_ONCE; i < field.end; ) {
      if (i >= pause) {
        yield;
        pause = i + AT_ONCE;
      }
      let j = i;
      // `close` written out: a call with two floats boxes them (40,000 heap numbers a correction).
      for (; j + 1 < field.end; j++) {
        const a = approx[sorted[j + 1]];
        const b = approx[sorted[j]];
        if (Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))) break;
      }
      if (j === i) {
        this.rank[i] = i - field.start + 1;
        i++;
        continue;
      }
      this.placeRun(field, i, j);
      i = j + 1;
    }
  }

  /** A run of floats within rounding of each other, positions [i, j]: ordered by exact score, equal ones tied (apart from `place`, whose loop then makes no closure a position). */
  private placeRun(field: FieldSpan, i: number, j: number): void {
    const { approx, sorted } = this;
    const exact = (c: number) => sessionResult(this.table.at(c)!, this.mp, this.weighting, Fraction.ZERO).figures().key;
    const key = (c: number) => this.known.keys[c]!;
    const run = Array.from(sorted.subarray(i, j + 1)).sort((a, b) => exact(b).compare(exact(a)) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (run.some((c, k) => c !== sorted[i + k])) {
      if (this.order === sorted) this.order = sorted.slice();
      this.order.set(run, i);
    }
    for (let k = 0; k < run.length; ) {
      let m = k;
      while (m + 1 < run.length && close(approx[run[m + 1]], approx[run[k]]) && exact(run[m + 1]).equals(exact(run[k]))) m++;
      for (let x = k; x <= m; x++) {
        this.rank[i + x] = i - field.start + k + 1;
        this.tied[i + x] = m > k ? 1 : 0;
      }
      k = m + 1;
    }
  }

  get length(): number {
    return this.order.length;
  }

  row(at: number): RankingRow {
    let row = this.made.get(at);
    if (!row) {
      const c = this.order[at];
      const result = sessionResult(this.table.at(c)!, this.mp, this.weighting, Fraction.ZERO);
      row = new PairRow(this.known.items[c]!, this.fieldAt(at), this.rank[at], this.tied[at] === 1, result);
      this.made.set(at, row);
    }
    return row;
  }

  contestantAt(at: number): ContestantRow {
    return this.known.items[this.order[at]]!;
  }

  rankAt(at: number): number {
    return this.rank[at];
  }

  fieldAt(at: number): string {
    return this.fields.find((f) => at < f.end)!.label;
  }

  positionOf(contestantId: string): number | undefined {
    const c = this.table.ordinalOf(contestantId);
    const at = c === undefined || c >= this.position.length ? -1 : this.position[c];
    return at < 0 ? undefined : at;
  }

  rows(): readonly RankingRow[] {
    return (this.all ??= Array.from({ length: this.length }, (_, at) => this.row(at)));
  }
}

/** The field of the contestant with ordinal `c` with its ordering figure set, or null when it is not ranked (no board played). */
function rankedLabel(table: TallyTable, contestants: ReadonlyMap<string, ContestantRow>, known: Known, mp: boolean, weighting: 'BOARDS' | 'EQUAL', approx: Float64Array, c: number): string | null {
  const tally = table.at(c);
  const item = tally?.boards ? (known.items[c] ??= contestants.get(table.idAt(c))) : undefined;
  if (!item) {
    approx[c] = NaN;
    return null;
  }
  known.keys[c] ??= numberKey(item);
  approx[c] = approxShare(tally!, mp, weighting);
  return (known.labels[c] ??= item.direction ?? '');
}

/** `byApproximateScore` over ordinals: the float highest first, then the tie key. */
function comparer(approx: Float64Array, known: Known): (a: number, b: number) => number {
  // Answers −1, 0 or 1 (a float returned to the sort would be boxed, thousands a correction).
  return (a, b) => {
    if (approx[b] > approx[a]) return 1;
    if (approx[b] < approx[a]) return -1;
    const x = known.keys[a]!;
    const y = known.keys[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** Floats within rounding of each other: their exact values decide (as `visitPlaces`). */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
