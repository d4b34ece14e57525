import type { PrismaTx } from '../database/prisma.service.js';

/**
 * Locks one board in each of `sectionIds` for the rest of the transaction: the key posts, corrections
 * and re-imports take for a board — (hash of the section's id, board number) — all of them in key
 * order, so two writers never wait on each other crosswise and no change is lost between them.
 */
export async function lockBoardInSections(tx: PrismaTx, sectionIds: readonly string[], board: number): Promise<void> {
  await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(k1, k2)) FROM (SELECT DISTINCT hashtext(s) AS k1, ${board}::int AS k2 FROM unnest(${[...sectionIds]}::text[]) AS t(s) ORDER BY 1, 2 OFFSET 0) AS ordered`;
}
