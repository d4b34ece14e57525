/**
 * A deal's double-dummy analysis as stored and shown: the table flattened to 20 trick counts
 * (strains S, H, D, C, NT, each for declarers N, E, S, W, the order DDS and PBN files use) and,
 * since par depends on the board's vulnerability and dealer, par worked out when shown.
 */
import type { Seat, Strain, Vulnerability } from '../types.js';
import { HAND_SEATS, STRAIN_ORDER } from './cards.js';
import { parOf, type Par } from './par.js';
import type { DoubleDummyTable } from './table.js';

export interface DoubleDummyRow {
  strain: Strain;
  declarer: Seat;
  tricks: number;
}

export interface DoubleDummyAnalysis {
  tricks: DoubleDummyRow[];
  par: Par;
}

/** The 20 trick counts in stored order. */
export function flattenTable(table: DoubleDummyTable): number[] {
  return STRAIN_ORDER.flatMap((strain) => HAND_SEATS.map((seat) => table[strain][seat]));
}

/** The table of 20 stored trick counts. */
export function tableOfCounts(counts: readonly number[]): DoubleDummyTable {
  if (counts.length !== 20 || counts.some((t) => !Number.isInteger(t) || t < 0 || t > 13)) {
    throw new RangeError('A double-dummy table has 20 trick counts from 0 to 13');
  }
  const table = {} as DoubleDummyTable;
  STRAIN_ORDER.forEach((strain, s) => {
    table[strain] = { N: counts[s * 4], E: counts[s * 4 + 1], S: counts[s * 4 + 2], W: counts[s * 4 + 3] };
  });
  return table;
}

/** The table as rows (strains C, D, H, S, NT; declarers N, E, S, W) and par for the board's marking. */
export function analysisOf(table: DoubleDummyTable, vulnerability: Vulnerability, dealer: Seat): DoubleDummyAnalysis {
  const rows: DoubleDummyRow[] = [];
  for (const strain of ['C', 'D', 'H', 'S', 'NT'] as const) {
    for (const declarer of HAND_SEATS) rows.push({ strain, declarer, tricks: table[strain][declarer] });
  }
  return { tricks: rows, par: parOf(table, vulnerability, dealer) };
}
