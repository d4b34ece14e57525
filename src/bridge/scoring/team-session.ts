import type { BoardLine } from '../matchpoints.js';
import { teamMatches, type MatchResult, type TeamLine, type TeamUnit } from '../team-matches.js';
import { lineKind, type LineRow, type SessionInput } from './event-input.js';
import type { Fraction } from '../fraction.js';
import type { Artificial } from '../matchpoints.js';
import { artificialImpValue, artificialImpValueOf } from './imp-boards.js';
import type { ScoringRules } from './rules.js';
import type { LineFigures, Lines } from './session-scores.js';

export interface TeamSession<S extends SessionInput = SessionInput> {
  data: S;
  matches: MatchResult[];
  /** Each line's IMPs for the team sitting NS there and the team sitting EW. */
  lines: Lines;
}

/** The core's view of a team event's line: a score, an artificial score, a direct award, or not played. */
function teamLine(r: LineRow): TeamLine {
  const k = lineKind(r);
  const base = { id: r.id, board: r.boardNumber, round: r.round, ns: r.nsContestantId, ew: r.ewContestantId };
  switch (k.kind) {
    case 'SCORE':
      return { ...base, line: { id: r.id, ns: k.ns, ew: k.ew, form: k.form } satisfies BoardLine };
    case 'ARTIFICIAL':
      return { ...base, line: { id: r.id, artificial: { ns: k.ns, ew: k.ew } } };
    case 'DIRECT':
      return { ...base, line: null, given: { ns: k.ns, ew: k.ew } };
    default:
      return { ...base, line: null };
  }
}

/** A team session: its matches (by round, else by the two teams), each board compared room against room. */
export function scoreTeamSession<S extends SessionInput>(s: S, rules: ScoringRules, unit: TeamUnit): TeamSession<S> {
  const teamLines = s.results.map(teamLine);
  const matches = teamMatches(teamLines, unit, { artificialImps: artificialImpsOf(teamLines, rules), tenIsTie: rules.boardAMatchTenIsTie });
  const lines = new Map<string, LineFigures>();
  if (unit === 'IMPS') {
    for (const m of matches) {
      for (const b of m.boards.filter((x) => x.state === 'SCORED')) {
        if (b.homeLine) lines.set(b.homeLine, { nsImps: b.homeScore, ewImps: b.awayScore });
        if (b.awayLine) lines.set(b.awayLine, { nsImps: b.awayScore, ewImps: b.homeScore });
      }
    }
  }
  return { data: s, matches, lines };
}

/**
 * IMPs of a team's artificial score: the event's (Law 12C2(b)), or from the team's `from`-th board
 * of the session with one on (in the order played: round, then board; both rooms of a board are
 * one board) the values Law 12C2(d) varies them to.
 */
function artificialImpsOf(lines: readonly TeamLine[], rules: ScoringRules): (code: Artificial, team: string, line: TeamLine) => Fraction {
  const multiple = rules.multipleArtificial;
  if (!multiple) return (code) => artificialImpValue(code, rules);
  // Each team's boards with an artificial score, in the order played, as "round|board" keys.
  const played = (l: TeamLine) => `${l.round ?? 0}|${l.board}`;
  const boardsOf = new Map<string, string[]>();
  const sorted = lines.filter((l) => l.line && 'artificial' in l.line).sort((a, b) => (a.round ?? 0) - (b.round ?? 0) || a.board - b.board);
  for (const l of sorted) {
    for (const team of [l.ns, l.ew]) {
      const boards = boardsOf.get(team) ?? [];
      if (boards[boards.length - 1] !== played(l)) boards.push(played(l));
      boardsOf.set(team, boards);
    }
  }
  return (code, team, line) => {
    const nth = (boardsOf.get(team) ?? []).indexOf(played(line)) + 1;
    return nth >= multiple.from ? artificialImpValueOf(code, multiple) : artificialImpValue(code, rules);
  };
}
