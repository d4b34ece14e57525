import { Fraction } from '../bridge/fraction.js';
import { scoreBoard, type Artificial, type BoardLine, type LineMatchpoints, type MatchpointOptions, type SideScore } from '../bridge/matchpoints.js';
import { addBoard, emptyTally, type MatchpointTally } from '../bridge/ranking.js';
import type { Result } from '../generated/prisma/client.js';

/** How an adjusted line is stored in Result.adjustment (JSON). */
export type StoredAdjustment =
  | { kind: 'ARTIFICIAL'; ns: Artificial; ew: Artificial; law?: string; reason?: string }
  | { kind: 'ASSIGNED'; ns: { nsScore: number; weight: string }[]; ew?: { nsScore: number; weight: string }[]; law?: string; reason?: string };

export interface ScoredSession {
  /** Per section and board: the top and each line's matchpoints. */
  boards: Map<string, { top: Fraction; lines: Map<string, LineMatchpoints> }>;
  /** Per contestant id. */
  tallies: Map<string, MatchpointTally>;
}

export const boardKey = (sectionId: string, board: number) => `${sectionId}:${board}`;

/** The core's view of a stored line; null for a board not played (no score for anyone). */
export function toBoardLine(r: Result): BoardLine | null {
  if (r.status === 'NOT_PLAYED') return null;
  const adjustment = r.adjustment as StoredAdjustment | null;
  if (adjustment?.kind === 'ARTIFICIAL') return { id: r.id, artificial: { ns: adjustment.ns, ew: adjustment.ew } };
  if (adjustment?.kind === 'ASSIGNED') {
    const side = (list: { nsScore: number; weight: string }[]): SideScore =>
      list.map((c) => ({ nsScore: c.nsScore, weight: Fraction.parse(c.weight) }));
    return { id: r.id, ns: side(adjustment.ns), ew: adjustment.ew ? side(adjustment.ew) : undefined, form: r.boardForm };
  }
  return { id: r.id, ns: r.nsScore ?? 0, form: r.boardForm };
}

/**
 * Matchpoints every board of the session by section, then adds each contestant's boards up.
 * `expected(sectionId, board)` is N for Neuberg: how many results the board should have.
 */
export function scoreSession(
  results: Result[],
  expected: (sectionId: string, board: number, present: number) => number,
  options: MatchpointOptions = {},
): ScoredSession {
  const byBoard = new Map<string, Result[]>();
  for (const r of results) {
    const key = boardKey(r.sectionId, r.boardNumber);
    byBoard.set(key, [...(byBoard.get(key) ?? []), r]);
  }
  const boards: ScoredSession['boards'] = new Map();
  const tallies = new Map<string, MatchpointTally>();
  const credit = (contestantId: string, mp: Fraction, top: Fraction) =>
    tallies.set(contestantId, addBoard(tallies.get(contestantId) ?? emptyTally(), mp, top));

  for (const [key, rows] of byBoard) {
    const lines = rows.map(toBoardLine).filter((l): l is BoardLine => l !== null);
    if (!lines.length) continue;
    const n = Math.max(expected(rows[0].sectionId, rows[0].boardNumber, rows.length), lines.length);
    const scored = scoreBoard(lines, { ...options, expected: n });
    const byId = new Map(scored.lines.map((l) => [l.id, l]));
    boards.set(key, { top: scored.top, lines: byId });
    for (const r of rows) {
      const mp = byId.get(r.id);
      if (!mp) continue;
      credit(r.nsContestantId, mp.ns, scored.top);
      credit(r.ewContestantId, mp.ew, scored.top);
    }
  }
  return { boards, tallies };
}
