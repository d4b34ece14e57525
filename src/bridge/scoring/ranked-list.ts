import type { ContestantRow } from './event-input.js';
import type { RankingRow } from './standings.js';

/**
 * A ranking read a position at a time: what a page, a pair's own line or a club's places need,
 * without a row object for every ranked contestant (a national field's ranking, 20,000 pairs,
 * is made again after every correction and read 100 rows or one line at a time).
 */
export interface RankedList<C extends ContestantRow = ContestantRow> {
  readonly length: number;
  /** The row at a position (0-based, in ranking order). */
  row(at: number): RankingRow<C>;
  contestantAt(at: number): C;
  /** The rank and the field at a position, without making its row. */
  rankAt(at: number): number;
  fieldAt(at: number): string;
  /** Where the contestant stands; undefined when it is not ranked. */
  positionOf(contestantId: string): number | undefined;
  /** Every row, in order (made once). */
  rows(): readonly RankingRow<C>[];
}

/** A ranking already made as rows (teams, carry-over, penalties), read as a list. */
export function listOfRows<C extends ContestantRow>(rows: readonly RankingRow<C>[]): RankedList<C> {
  let positions: Map<string, number> | null = null;
  let lookups = 0;
  return {
    length: rows.length,
    row: (at) => rows[at],
    contestantAt: (at) => rows[at].contestant,
    rankAt: (at) => rows[at].rank,
    fieldAt: (at) => rows[at].field,
    positionOf(contestantId) {
      // The first lookup scans (one reader's own line a revision); later ones, a page walk's cursors, use an index.
      if (!positions && lookups++ === 0) {
        const at = rows.findIndex((r) => r.contestant.id === contestantId);
        return at < 0 ? undefined : at;
      }
      positions ??= new Map(rows.map((r, i) => [r.contestant.id, i]));
      return positions.get(contestantId);
    },
    rows: () => rows,
  };
}
