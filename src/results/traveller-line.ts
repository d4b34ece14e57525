import type { Result } from '../generated/prisma/client.js';
import { relativeResult } from './line-score.js';
import type { SessionContext } from './line-context.js';
import type { TravellerLine } from './models/traveller.model.js';
import type { StoredAdjustment } from '../rankings/session-scoring.js';

/** A stored result as a traveller line, before matchpoints or IMPs are added. */
export function toTravellerLine(row: Result, ctx: SessionContext): TravellerLine {
  const section = ctx.sections.find((s) => s.id === row.sectionId);
  const numberOf = (id: string) => ctx.contestantsById.get(id)?.number ?? 0;
  return {
    id: row.id,
    section: section?.letter ?? '',
    board: row.boardNumber,
    round: row.round,
    table: row.table,
    nsPair: numberOf(row.nsContestantId),
    ewPair: numberOf(row.ewContestantId),
    contract: row.contract,
    declarer: row.declarer,
    tricks: row.tricks,
    result: relativeResult(row.contract, row.tricks),
    lead: row.lead,
    status: row.status,
    nsScore: row.nsScore,
    nsMatchpoints: null,
    ewMatchpoints: null,
    nsPercentage: null,
    ewPercentage: null,
    nsImps: null,
    ewImps: null,
    adjustment: adjustmentText(row),
    movementIssue: row.movementIssue,
    version: row.version,
  };
}

/** "A+/A− (Law 12C2)" or "Assigned 60% 4H= / 40% 4H−1 (Law 12C1(c))", for travellers and scorecards. */
export function adjustmentText(r: Result): string | null {
  const a = r.adjustment as StoredAdjustment | null;
  if (r.status === 'NOT_PLAYED') return 'Not played';
  if (!a) return null;
  const law = a.law ? ` (Law ${a.law})` : '';
  if (a.kind === 'ARTIFICIAL') return `${a.ns}/${a.ew}${law}`;
  if (a.kind !== 'ASSIGNED') return null;
  const side = (list: { nsScore: number; weight: string }[]) => list.map((c) => `${c.weight} of ${c.nsScore}`).join(' + ');
  return `Assigned ${side(a.ns)}${a.ew ? ` (EW: ${side(a.ew)})` : ''}${law}`;
}
