import type { Fraction } from '../bridge/fraction.js';
import type { BoardPlayed } from '../bridge/split-tie.js';
import type { LineFigures, ScoredSession } from './event-scoring.js';

/**
 * Each contestant's boards in the sessions, as a tie is split by them (split-tie.ts): the deal
 * (session, board and fouled-board form), the contestant's figure and its opponent. Lines without
 * a figure (not scored) are left out.
 */
export function boardsPlayedBy(sessions: readonly ScoredSession[], contestants: readonly string[]): Map<string, BoardPlayed[]> {
  const played = new Map<string, BoardPlayed[]>(contestants.map((id) => [id, []]));
  for (const s of sessions) {
    for (const r of s.data.results) {
      if (!played.has(r.nsContestantId) && !played.has(r.ewContestantId)) continue;
      const f = s.lines.get(r.id);
      const deal = `${s.data.session.id}:${r.boardNumber}:${r.boardForm}`;
      for (const [side, own, opponent] of [['ns', r.nsContestantId, r.ewContestantId], ['ew', r.ewContestantId, r.nsContestantId]] as const) {
        const figure = f && lineFigure(f, side);
        if (figure) played.get(own)?.push({ deal, board: r.boardNumber, figure, opponent });
      }
    }
  }
  return played;
}

/** A side's figure on a line: matchpoints as a share of the top, else IMPs (or points); none when the line has none. */
function lineFigure(f: LineFigures, side: 'ns' | 'ew'): Fraction | null {
  const mp = side === 'ns' ? f.nsMatchpoints : f.ewMatchpoints;
  if (mp && f.top && !f.top.isZero()) return mp.div(f.top);
  return (side === 'ns' ? f.nsImps : f.ewImps) ?? null;
}
