import type { Result } from '../generated/prisma/client.js';
import { relativeResult } from './line-score.js';
import type { SessionContext } from './line-context.js';
import type { TravellerLine } from './models/traveller.model.js';

/** A stored result as a traveller line, before matchpoints or IMPs are added. */
export function toTravellerLine(row: Result, ctx: SessionContext): TravellerLine {
  const section = ctx.sections.find((s) => s.id === row.sectionId);
  const numberOf = (id: string) => [...ctx.contestants.values()].find((c) => c.id === id)?.number ?? 0;
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
    adjustment: null,
    movementIssue: row.movementIssue,
    version: row.version,
  };
}
