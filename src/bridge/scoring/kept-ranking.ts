import { Fraction } from '../fraction.js';
import { byApproximateScore, visitPlaces, type ApproximateEntry } from '../ranking.js';
import type { ContestantRow } from './event-input.js';
import { byField, numberKey, PairRow, SingleResult } from './pair-results.js';
import type { ScoredEvent, ScoredSession } from './score-event.js';
import type { Tallies, Tally } from './session-scores.js';
import type { RankingRow } from './standings.js';
import { TallyTable } from './tallies.js';

/**
 * One session's ranking, kept with its tallies: after a correction (`delta`: the tallies it started
 * from and the contestants it re-credited) the ranking of the tallies before is updated — the
 * re-credited contestants taken out and merged back in at their new scores, the rest left in order
 * — and the whole field placed again in one pass, instead of every result combined and sorted
 * again. Only for a session without penalties whose fields are the home directions (a national
 * field); the incremental property test (incremental.spec.ts) checks it against a whole ranking.
 */
interface KeptRanking {
  mp: boolean;
  weighting: string;
  /** Per field, in `byApproximateScore` order. */
  fields: Map<string, KeptEntry[]>;
  /** Each entry by its contestant's ordinal (a `TallyTable`'s): a re-credited contestant's row and key are found there, not by id. */
  byOrdinal: (KeptEntry | undefined)[];
  rows: RankingRow[];
}

/** A contestant in a kept ranking: its result (one object: thousands are made per correction), its last row, its ordinal in a `TallyTable` (else −1). */
class KeptEntry extends SingleResult implements ApproximateEntry<ContestantRow> {
  exact: Fraction | null = null;
  row: PairRow | null = null;

  constructor(
    readonly item: ContestantRow,
    readonly key: string,
    readonly ordinal: number,
    tally: Tally,
    mp: boolean,
    weighting: 'BOARDS' | 'EQUAL',
  ) {
    super(tally, mp, weighting, Fraction.ZERO);
  }
}

const kept = new WeakMap<Tallies, KeptRanking>();

export function keptSessionRanking(scored: ScoredEvent, s: ScoredSession): RankingRow[] {
  const mp = scored.kind === 'MATCHPOINTS';
  const weighting = scored.rules.sessionWeighting;
  const fits = (k: KeptRanking | undefined): k is KeptRanking => !!k && k.mp === mp && k.weighting === weighting;
  const current = kept.get(s.tallies);
  if (fits(current)) return current.rows;
  const fresh = new Map<string, KeptEntry[]>();
  let byOrdinal: (KeptEntry | undefined)[] = [];
  // Each result is its tally's alone (no penalty, one session): made here, not memoised per tally.
  const add = (c: ContestantRow | undefined, key: string | undefined, tally: Tally | undefined, ordinal: number) => {
    if (!c || !tally?.boards) return;
    const entry = new KeptEntry(c, key ?? numberKey(c), ordinal, tally, mp, weighting);
    if (ordinal >= 0) byOrdinal[ordinal] = entry;
    const label = c.direction ?? '';
    const list = fresh.get(label);
    if (list) list.push(entry);
    else fresh.set(label, [entry]);
  };
  const contestant = (id: string) => scored.data.contestants.get(id);
  const base = s.delta && s.tallies instanceof TallyTable ? kept.get(s.delta.from) : undefined;
  const fields = new Map<string, KeptEntry[]>();
  if (fits(base)) {
    // The re-credited contestants leave the kept order by ordinal (no lookup by id for 20,000 entries).
    const table = s.tallies as TallyTable;
    const { changed, ordinals } = s.delta!;
    const gone = new Uint8Array(table.length);
    byOrdinal = base.byOrdinal.slice();
    ordinals.forEach((c, i) => {
      gone[c] = 1;
      const before = byOrdinal[c];
      byOrdinal[c] = undefined;
      add(before?.item ?? contestant(changed[i]), before?.key, table.at(c), c);
    });
    for (const label of new Set([...base.fields.keys(), ...fresh.keys()])) {
      const merged = mergeOrdered(base.fields.get(label) ?? [], (e) => e.ordinal >= 0 && gone[e.ordinal] === 1, (fresh.get(label) ?? []).sort(byApproximateScore));
      if (merged.length) fields.set(label, merged);
    }
  } else {
    if (s.tallies instanceof TallyTable) for (const [ordinal, id, tally] of s.tallies.withOrdinals()) add(contestant(id), undefined, tally, ordinal);
    else for (const [id, tally] of s.tallies) add(contestant(id), undefined, tally, -1);
    for (const [label, list] of fresh) fields.set(label, list.sort(byApproximateScore));
  }
  const rows: RankingRow[] = [];
  for (const field of [...fields.keys()].sort(byField)) {
    visitPlaces(
      fields.get(field)!,
      (e) => e.figures().key,
      (e, rank, tied) => {
        // A row whose place stands is reused.
        if (!e.row || e.row.rank !== rank || e.row.tied !== tied) e.row = new PairRow(e.item, field, rank, tied, e);
        rows.push(e.row);
      },
    );
  }
  kept.set(s.tallies, { mp, weighting, fields, byOrdinal, rows });
  return rows;
}

/** Two lists in `byApproximateScore` order as one, the entries of `a` that are `gone` left out. */
function mergeOrdered<E extends ApproximateEntry<unknown>>(a: readonly E[], gone: (e: E) => boolean, b: readonly E[]): E[] {
  const out: E[] = [];
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && gone(a[i])) i++;
    if (i === a.length) break;
    if (j === b.length) out.push(a[i++]);
    else out.push(byApproximateScore(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  }
  while (j < b.length) out.push(b[j++]);
  return out;
}
