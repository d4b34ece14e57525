import { Fraction, frac, sum } from './fraction.js';
import { artificialImps, impsForDifference } from './imps.js';
import type { Artificial, BoardLine, SideScore } from './matchpoints.js';
import { boardAMatchPoints } from './total-points.js';
import { victoryPoints } from './victory-points.js';

/**
 * Team-of-four matches (DOMAIN §4.2, §4.5, §4.6, §5): the two rooms of a board are compared, the
 * difference turned into IMPs (or kept as points, Law 78C), and a match total into VPs.
 */

/** A traveller line of a team event: teams by id; `line` as the matchpoint core reads it, or null when not played. */
export interface TeamLine {
  id: string;
  board: number;
  round: number | null;
  ns: string;
  ew: string;
  line: BoardLine | null;
  /** A director's direct award (Law 86D): the board's IMPs (or points) for the team NS and the team EW here. */
  given?: { ns: Fraction; ew: Fraction };
}

export interface TeamScoringOptions {
  /** IMPs of an artificial score (Law 12C2(b)) of `team` on `line` (Law 12C2(d) may vary them by line); default ±3, 0 for average. */
  artificialImps?: (code: Artificial, team: string, line: TeamLine) => Fraction;
  /** Board-a-match: a difference of 10 points is a tie (conditions of contest). */
  tenIsTie?: boolean;
}

export type BoardState = 'SCORED' | 'PENDING' | 'NOT_PLAYED' | 'FOULED';

export interface TeamBoard {
  board: number;
  state: BoardState;
  /** IMPs (or points) of each team on the board; zero unless SCORED. Unequal only after a split score. */
  homeScore: Fraction;
  awayScore: Fraction;
  /** The line where the home team sat NS, and the other room's. */
  homeLine: string | null;
  awayLine: string | null;
}

export interface MatchResult {
  round: number | null;
  home: string;
  away: string;
  boards: TeamBoard[];
  /** Sum over the scored boards. */
  homeScore: Fraction;
  awayScore: Fraction;
  boardsScored: number;
}

/** What a board gives each team: IMPs, the point difference (Law 78C), or board-a-match's 1 / ½ / 0. */
export type TeamUnit = 'IMPS' | 'POINTS' | 'BOARD_A_MATCH';

/**
 * Groups a session's lines into matches (by round when known, else by the two teams) and scores
 * each board that both rooms have played. A board with a line not played is cancelled; two rooms
 * on different versions of a fouled board (Law 87) cannot be compared and wait for the director.
 */
export function teamMatches(lines: readonly TeamLine[], unit: TeamUnit = 'IMPS', options: TeamScoringOptions = {}): MatchResult[] {
  // A line without a round (a director's adjustment, say) belongs to the teams' one match with a round, if they have one.
  const pairKey = (l: TeamLine) => [l.ns, l.ew].sort().join('|');
  const roundsOf = new Map<string, Set<number>>();
  for (const l of lines) if (l.round !== null) roundsOf.set(pairKey(l), (roundsOf.get(pairKey(l)) ?? new Set()).add(l.round));
  const matches = new Map<string, TeamLine[]>();
  for (const l of lines) {
    const rounds = roundsOf.get(pairKey(l));
    const round = l.round ?? (rounds?.size === 1 ? [...rounds][0] : null);
    const key = `${round ?? ''}|${pairKey(l)}`;
    matches.set(key, [...(matches.get(key) ?? []), round === l.round ? l : { ...l, round }]);
  }
  return [...matches.values()].map((group) => scoreMatch(group, unit, options));
}

function scoreMatch(group: TeamLine[], unit: TeamUnit, options: TeamScoringOptions): MatchResult {
  // Home: the team sitting NS at the first line of the match (usually the open room).
  const home = group[0].ns;
  const away = group[0].ew;
  const byBoard = new Map<number, TeamLine[]>();
  for (const l of group) byBoard.set(l.board, [...(byBoard.get(l.board) ?? []), l]);
  const boards = [...byBoard.entries()]
    .sort(([a], [b]) => a - b)
    .map(([board, rooms]) => scoreBoard(board, rooms.find((l) => l.ns === home) ?? null, rooms.find((l) => l.ns === away) ?? null, unit, options));
  const scored = boards.filter((b) => b.state === 'SCORED');
  return {
    round: group[0].round,
    home,
    away,
    boards,
    homeScore: sum(scored.map((b) => b.homeScore)),
    awayScore: sum(scored.map((b) => b.awayScore)),
    boardsScored: scored.length,
  };
}

/** One board: `open` has the home team NS, `closed` the away team NS. */
function scoreBoard(board: number, open: TeamLine | null, closed: TeamLine | null, unit: TeamUnit, options: TeamScoringOptions): TeamBoard {
  const base = { board, homeLine: open?.id ?? null, awayLine: closed?.id ?? null, homeScore: Fraction.ZERO, awayScore: Fraction.ZERO };
  if ((open && !open.given && open.line === null) || (closed && !closed.given && closed.line === null)) return { ...base, state: 'NOT_PLAYED' };
  if (!open || !closed) return { ...base, state: 'PENDING' };
  if (fixedFigures(open) || fixedFigures(closed)) return { ...base, state: 'SCORED', ...givenBoard(open, closed, options) };
  const [a, b] = [open.line as Extract<BoardLine, { ns: SideScore }>, closed.line as Extract<BoardLine, { ns: SideScore }>];
  if ((a.form ?? 1) !== (b.form ?? 1)) return { ...base, state: 'FOULED' };
  // Home scored a.ns as NS in the open room and (as EW) what EW are scored as in the closed room.
  const homeScore = compare(a.ns, b.ew ?? b.ns, unit, options);
  const awayScore = compare(b.ns, a.ew ?? a.ns, unit, options);
  return { ...base, state: 'SCORED', homeScore, awayScore };
}

const fixedFigures = (l: TeamLine) => !!l.given || (!!l.line && 'artificial' in l.line);

const defaultArtificial = (code: Artificial) => frac(artificialImps(code));

/** A room's figures for the team sitting NS there and the team sitting EW, when the director fixed them. */
function roomFigures(l: TeamLine, options: TeamScoringOptions): { ns: Fraction; ew: Fraction } | null {
  if (l.given) return l.given;
  if (l.line && 'artificial' in l.line) {
    const value = options.artificialImps ?? defaultArtificial;
    return { ns: value(l.line.artificial.ns, l.ns, l), ew: value(l.line.artificial.ew, l.ew, l) };
  }
  return null;
}

/**
 * Law 12C2(b) and Law 86D: an artificial score (± the event's IMPs, 0 for average) or a direct
 * award gives each side its figure, the other room ignored. When both rooms were fixed, each team
 * gets the mean of its two figures.
 */
function givenBoard(open: TeamLine, closed: TeamLine, options: TeamScoringOptions) {
  const [o, c] = [roomFigures(open, options), roomFigures(closed, options)];
  const mean = (xs: Fraction[]) => sum(xs).div(frac(xs.length));
  const home = [o?.ns, c?.ew].filter((x): x is Fraction => !!x);
  const away = [o?.ew, c?.ns].filter((x): x is Fraction => !!x);
  return { homeScore: mean(home), awayScore: mean(away) };
}

/**
 * The team's result: its score in one room against the other room's. Weighted (assigned) scores
 * are compared component by component and the IMPs (or board-a-match results) weighted, never the
 * points (DOMAIN §4.5); in total points the points are weighted, which is the same thing there.
 */
function compare(mine: SideScore, theirs: SideScore, unit: TeamUnit, options: TeamScoringOptions): Fraction {
  const parts = (s: SideScore) => (typeof s === 'number' ? [{ nsScore: s, weight: Fraction.ONE }] : s);
  const result = (difference: number): Fraction =>
    unit === 'IMPS' ? frac(impsForDifference(difference)) : unit === 'BOARD_A_MATCH' ? boardAMatchPoints(difference, options) : frac(difference);
  return sum(parts(mine).flatMap((m) => parts(theirs).map((t) => m.weight.mul(t.weight).mul(result(m.nsScore - t.nsScore)))));
}

/** A team's side of a match, as standings and VP conversions read it. */
export interface TeamSide {
  team: string;
  opponent: string;
  round: number | null;
  /** The team's own total (IMPs or points); a penalty is already taken off. */
  score: Fraction;
  /** Sum of the board results the team won, and lost, from its own side. */
  won: Fraction;
  lost: Fraction;
  /** Boards scored, and boards of the match (cancelled and pending ones too). */
  boards: number;
  scheduled: number;
}

/** Both teams' sides of a match. With a split score the two need not mirror each other (Law 86 outside knockouts). */
export function matchSides(m: MatchResult): [TeamSide, TeamSide] {
  const side = (team: string, opponent: string, pick: (b: TeamBoard) => Fraction): TeamSide => {
    const results = m.boards.filter((b) => b.state === 'SCORED').map(pick);
    const positive = (x: Fraction) => (x.compare(Fraction.ZERO) > 0 ? x : Fraction.ZERO);
    return {
      team,
      opponent,
      round: m.round,
      score: sum(results),
      won: sum(results.map(positive)),
      lost: sum(results.map((x) => positive(x.neg()))),
      boards: m.boardsScored,
      scheduled: m.boards.length,
    };
  };
  return [side(m.home, m.away, (b) => b.homeScore), side(m.away, m.home, (b) => b.awayScore)];
}

/** WBF 2013 VPs of one team from its own margin: the winner's share when ahead, the loser's when behind. */
export function sideVictoryPoints(side: TeamSide): Fraction {
  if (!side.boards) return Fraction.ZERO;
  const margin = side.score.toNumber();
  const vp = victoryPoints(Math.abs(margin), side.boards);
  return Fraction.parse((margin >= 0 ? vp.winner : vp.loser).toFixed(2));
}
