/**
 * PBN 2.1's double-dummy tags. `DoubleDummyTricks` is 20 hexadecimal digits: declarers N, S, E, W
 * (as BridgeComposer and Big Deal write them), each with strains NT, S, H, D, C. `OptimumResultTable` is the same as a table
 * ("Declarer;Denomination\2R;Result\2R", rows like `N NT 9`). `OptimumScore` is par from
 * North–South's side ("NS 420"), `ParContract` the par contracts ("4S-NS, 5HX-EW-3").
 * Counts are in the double-dummy core's order: strains S, H, D, C, NT, each for N, E, S, W.
 */
import type { Par } from '../double-dummy/par.js';

const DECLARERS = ['N', 'E', 'S', 'W'] as const;
/** The declarers of DoubleDummyTricks' four groups, as hands (N 0, E 1, S 2, W 3). */
const TAG_HANDS = [0, 2, 1, 3] as const;
/** PBN's strain order within a declarer, and each strain's place in ours. */
const PBN_STRAINS = ['NT', 'S', 'H', 'D', 'C'] as const;
const OUR_STRAIN = { S: 0, H: 1, D: 2, C: 3, NT: 4 } as const;

export function doubleDummyTricksTag(counts: readonly number[]): string {
  return TAG_HANDS.map((d) => PBN_STRAINS.map((strain) => counts[OUR_STRAIN[strain] * 4 + d].toString(16)).join('')).join('');
}

/** The 20 counts of a DoubleDummyTricks value, or null when it is not 20 digits 0–d. */
export function readDoubleDummyTricks(value: string): number[] | null {
  const text = value.trim();
  if (!/^[0-9a-dA-D]{20}$/.test(text)) return null;
  const counts = new Array<number>(20);
  TAG_HANDS.forEach((d, group) =>
    PBN_STRAINS.forEach((strain, i) => {
      counts[OUR_STRAIN[strain] * 4 + d] = parseInt(text[group * 5 + i], 16);
    }),
  );
  return counts;
}

/** OptimumResultTable rows as `[declarer, strain, tricks]` cells. */
export function optimumResultRows(counts: readonly number[]): string[][] {
  return TAG_HANDS.flatMap((d) => PBN_STRAINS.map((strain) => [DECLARERS[d], strain, String(counts[OUR_STRAIN[strain] * 4 + d])]));
}

/** The 20 counts of OptimumResultTable rows (declarer, denomination, result), or null when incomplete. */
export function readOptimumResultRows(rows: { declarer?: string; denomination?: string; result?: string }[]): number[] | null {
  const counts = new Array<number>(20).fill(-1);
  for (const row of rows) {
    const d = DECLARERS.indexOf((row.declarer ?? '').toUpperCase() as (typeof DECLARERS)[number]);
    const strainText = (row.denomination ?? '').toUpperCase();
    const strain = strainText === 'N' ? 'NT' : strainText;
    const tricks = Number(row.result);
    if (d < 0 || !(strain in OUR_STRAIN) || !Number.isInteger(tricks) || tricks < 0 || tricks > 13) return null;
    counts[OUR_STRAIN[strain as keyof typeof OUR_STRAIN] * 4 + d] = tricks;
  }
  return counts.every((t) => t >= 0) ? counts : null;
}

export function optimumScoreTag(par: Par): string {
  return `NS ${par.nsScore}`;
}

export function parContractTag(par: Par): string {
  return par.contracts.join(', ');
}
