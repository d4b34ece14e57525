import type { BoardLine } from '../matchpoints.js';
import { teamMatches, type MatchResult, type TeamLine, type TeamUnit } from '../team-matches.js';
import { lineKind, type LineRow, type SessionInput } from './event-input.js';
import { artificialImpValue } from './imp-boards.js';
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
  const matches = teamMatches(s.results.map(teamLine), unit, { artificialImps: (code) => artificialImpValue(code, rules), tenIsTie: rules.boardAMatchTenIsTie });
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
