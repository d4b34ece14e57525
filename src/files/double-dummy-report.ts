import { HAND_SEATS as DECLARERS, STRAIN_ORDER as STRAINS } from '../bridge/double-dummy/cards.js';

/** Where a file's double-dummy table (20 counts, analysis.ts order) differs from ours, one note per result. */
export function doubleDummyDifferences(board: number, file: readonly number[], ours: readonly number[]): string[] {
  const notes: string[] = [];
  ours.forEach((tricks, i) => {
    if (file[i] === tricks) return;
    const strain = STRAINS[Math.floor(i / 4)];
    const declarer = DECLARERS[i % 4];
    notes.push(`Board ${board}: the file gives ${declarer} ${file[i]} tricks in ${strain} double dummy; Traveller's solver finds ${tricks}`);
  });
  return notes;
}
