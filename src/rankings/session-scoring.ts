import { Fraction } from '../bridge/fraction.js';
import { scoreBoard, type Artificial, type BoardLine, type LineMatchpoints, type MatchpointOptions, type SideScore } from '../bridge/matchpoints.js';
import { addBoard, emptyTally, type MatchpointTally } from '../bridge/ranking.js';
import { artificialImps, butlerDatum, crossImps, impsForDifference } from '../bridge/imps.js';
import { sum } from '../bridge/fraction.js';
import type { Result } from '../generated/prisma/client.js';

/** How an adjusted line is stored in Result.adjustment (JSON). */
export type StoredAdjustment =
  | { kind: 'ARTIFICIAL'; ns: Artificial; ew: Artificial; law?: string; reason?: string }
  | { kind: 'ASSIGNED'; ns: { nsScore: number; weight: string }[]; ew?: { nsScore: number; weight: string }[]; law?: string; reason?: string };

/** One board's matchpoints, with the signature of what they were computed from (for reuse). */
export interface ScoredBoard {
  top: Fraction;
  lines: Map<string, LineMatchpoints>;
  signature: string;
}

export interface ScoredSession {
  /** Per section and board: the top and each line's matchpoints. */
  boards: Map<string, ScoredBoard>;
  /** Per contestant id. */
  tallies: Map<string, MatchpointTally>;
}

export const boardKey = (sectionId: string, board: number) => `${sectionId}:${board}`;

function groupByBoard(results: Result[]): Map<string, Result[]> {
  const byBoard = new Map<string, Result[]>();
  for (const r of results) {
    const key = boardKey(r.sectionId, r.boardNumber);
    const rows = byBoard.get(key);
    if (rows) rows.push(r);
    else byBoard.set(key, [r]);
  }
  return byBoard;
}

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
 * `expected(sectionId, board)` is N for Neuberg: how many results the board should have. A board
 * whose lines and N are unchanged since `previous` keeps its matchpoints: after a post only the
 * boards it touched are scored again.
 */
export function scoreSession(
  results: Result[],
  expected: (sectionId: string, board: number, present: number) => number,
  options: MatchpointOptions = {},
  previous?: ReadonlyMap<string, ScoredBoard>,
): ScoredSession {
  const byBoard = groupByBoard(results);
  const boards: ScoredSession['boards'] = new Map();
  const tallies = new Map<string, MatchpointTally>();
  const credit = (contestantId: string, mp: Fraction, top: Fraction) =>
    tallies.set(contestantId, addBoard(tallies.get(contestantId) ?? emptyTally(), mp, top));

  for (const [key, rows] of byBoard) {
    const n = expected(rows[0].sectionId, rows[0].boardNumber, rows.length);
    const signature = `${n}|${rows.map((r) => `${r.id}:${r.version}:${r.status}:${r.boardForm}:${r.nsScore}`).sort().join(',')}`;
    const board = previous?.get(key)?.signature === signature ? previous.get(key)! : scoreOneBoard(rows, n, signature, options);
    if (!board) continue;
    boards.set(key, board);
    for (const r of rows) {
      const mp = board.lines.get(r.id);
      if (!mp) continue;
      credit(r.nsContestantId, mp.ns, board.top);
      credit(r.ewContestantId, mp.ew, board.top);
    }
  }
  return { boards, tallies };
}

function scoreOneBoard(rows: Result[], expected: number, signature: string, options: MatchpointOptions): ScoredBoard | null {
  const lines = rows.map(toBoardLine).filter((l): l is BoardLine => l !== null);
  if (!lines.length) return null;
  const scored = scoreBoard(lines, { ...options, expected: Math.max(expected, lines.length) });
  return { top: scored.top, lines: new Map(scored.lines.map((l) => [l.id, l])), signature };
}

export type ImpMethod = 'BUTLER' | 'CROSS_IMPS';

export interface ImpScoredSession {
  /** Per result id: IMPs for NS and for EW (EW = −NS unless the score was split or artificial). */
  lines: Map<string, { ns: Fraction; ew: Fraction }>;
  /** Per contestant: total IMPs and boards played. */
  tallies: Map<string, { imps: Fraction; boards: number }>;
}

/**
 * IMP pairs (DOMAIN §4.3–4.5): each board's played scores IMPed against the Butler datum, or
 * against every other score (cross-IMPs, averaged over the comparisons). Artificial scores are
 * ±3 IMPs (Law 12C2(b)); an assigned weighted score has its IMPs weighted, never its points.
 */
export function scoreSessionImps(results: Result[], method: ImpMethod): ImpScoredSession {
  const byBoard = groupByBoard(results);
  const lines = new Map<string, { ns: Fraction; ew: Fraction }>();
  const tallies = new Map<string, { imps: Fraction; boards: number }>();
  const credit = (id: string, imps: Fraction) => {
    const t = tallies.get(id) ?? { imps: Fraction.ZERO, boards: 0 };
    tallies.set(id, { imps: t.imps.add(imps), boards: t.boards + 1 });
  };
  for (const rows of byBoard.values()) {
    const played = rows.filter((r) => r.status === 'PLAYED' || r.status === 'PASSED_OUT');
    const scores = played.map((r) => r.nsScore ?? 0);
    const datum = method === 'BUTLER' && scores.length ? butlerDatum(scores).toNumber() : null;
    const cross = method === 'CROSS_IMPS' ? crossImps(scores) : null;
    // IMPs of an NS score against the board: datum, or the average over the played scores.
    const against = (s: number, exclude: number): Fraction => {
      if (datum !== null) return Fraction.of(impsForDifference(s - datum));
      const others = scores.filter((_, j) => j !== exclude);
      return others.length ? sum(others.map((o) => Fraction.of(impsForDifference(s - o)))).div(Fraction.of(others.length)) : Fraction.ZERO;
    };
    for (const r of rows) {
      const line = toBoardLine(r);
      if (!line) continue;
      let ns: Fraction;
      let ew: Fraction;
      if ('artificial' in line) {
        ns = Fraction.of(artificialImps(line.artificial.ns));
        ew = Fraction.of(artificialImps(line.artificial.ew));
      } else {
        const i = played.indexOf(r);
        const side = (score: SideScore, sign: 1 | -1) =>
          typeof score === 'number'
            ? i >= 0 && cross && sign === 1
              ? cross.average(i)
              : against(score, i).mul(Fraction.of(sign))
            : sum(score.map((c) => c.weight.mul(against(c.nsScore, -1)))).mul(Fraction.of(sign));
        ns = side(line.ns, 1);
        ew = side(line.ew ?? line.ns, -1);
      }
      lines.set(r.id, { ns, ew });
      credit(r.nsContestantId, ns);
      credit(r.ewContestantId, ew);
    }
  }
  return { lines, tallies };
}
