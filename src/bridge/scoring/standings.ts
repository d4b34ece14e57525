import { Fraction, frac, sum } from '../fraction.js';
import { penaltyInScore } from '../penalties.js';
import { placeByApproximateScore, placeByScore } from '../ranking.js';
import { matchSides, type TeamSide } from '../team-matches.js';
import { teamStandings, type TeamMatch } from '../team-standings.js';
import { movementOf, oneWinner, type ContestantRow, type EventInput, type PenaltyRow, type SessionInput } from './event-input.js';
import { keptSessionRanking, keptSessionRankingSteps, takenOver } from './kept-ranking.js';
import { listOfRows, type RankedList } from './ranked-list.js';
import { byField, combine, numberKey, PairRow, sessionResult, type CarriedPart, type PairResult } from './pair-results.js';
import type { CarriedEntry } from './rules.js';
import type { ScoredEvent, ScoredSession, SessionOf } from './score-event.js';
import type { Tally } from './session-scores.js';
import { fixedAward, sideVps } from './vp-scales.js';

/** One ranked contestant, exact; the edge rounds for display. */
export interface RankingRow<C extends ContestantRow = ContestantRow> {
  contestant: C;
  /** The field it is ranked in: "" when everyone is in one, else e.g. "NS", "A EW", or a knockout match "3 v 7". */
  field: string;
  place: string;
  rank: number;
  /** In the ranking's unit (MPs, IMPs, VPs or points), penalties taken off. */
  score: Fraction;
  percentage: Fraction | null;
  boards: number;
  /** What penalties took off the score, in the same unit; null when none. */
  penalty: Fraction | null;
  /** What a final's carry-forward from its qualifying stage added to the score, in the same unit (the ranking over all sessions only); null or absent: none. */
  carried?: Fraction | null;
  /**
   * Pairs: `score` and `percentage` in floating point (relative error far under 1e-9), so that a
   * page can round them for display without the exact totals — whose denominators in a national
   * field are hundreds of bits — unless a value lies at a rounding boundary.
   */
  approxScore?: number;
  approxPercentage?: number | null;
}

/**
 * DOMAIN §7 over the given sessions (one for a session ranking, several for the event's
 * carry-over). `direction` keeps the contestants of that home direction, placed in their field.
 */
/** The contestant rows of an event's data. */
export type ContestantOf<D extends EventInput> = D['contestants'] extends ReadonlyMap<string, infer C extends ContestantRow> ? C : ContestantRow;

export function rankingRows<D extends EventInput>(scored: ScoredEvent<D>, sessions: ScoredSession<SessionOf<D>>[], direction?: 'NS' | 'EW' | null): RankingRow<ContestantOf<D>>[] {
  const rows = scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS' ? teamRows(scored, sessions) : pairRows(scored, sessions);
  const kept = direction ? rows.filter((r) => r.contestant.direction === direction) : rows;
  return kept as RankingRow<ContestantOf<D>>[];
}

/**
 * `rankingRows` as a list read a position at a time: a national session's ranking (one session,
 * no penalties, fields by home direction) makes a row only when it is read; any other is made whole.
 */
export function rankedList<D extends EventInput>(scored: ScoredEvent<D>, sessions: ScoredSession<SessionOf<D>>[]): RankedList<ContestantOf<D>> {
  const list = keptApplies(scored, sessions) ? keptSessionRanking(scored, sessions[0]) : listOfRows(rankingRows(scored, sessions));
  return list as RankedList<ContestantOf<D>>;
}

/** Lines indexed a step of `readyIndexes` (a fraction of a millisecond; its caller pauses once its slice is spent). */
const INDEXED_AT_ONCE = 1024;

/**
 * What the first reads and the first correction of a freshly scored event would otherwise do at
 * once, a part at a time (each `yield` a pause the caller may take), in two parts its caller runs
 * one after the other (the service hurries the first when a read waits for it): each national
 * session's ranking made (the list its pages read, ~35 ms for 20,000 pairs, in ~1 ms pieces), then
 * every session's lines indexed by id (240,000, ~30–40 ms, `readyIndexes`). Nothing is scored; the
 * event reads the same with or without it.
 */
export function* readyRankings(scored: ScoredEvent): Generator<void, void> {
  for (const s of scored.sessions.values()) {
    // A session a later revision has taken over meanwhile is left to that revision's readying.
    if (keptApplies(scored, [s]) && !takenOver(s)) yield* keptSessionRankingSteps(scored, s);
  }
}

/** The second part of the readying (after `readyRankings`): every session's lines indexed by id. */
export function* readyIndexes(scored: ScoredEvent): Generator<void, void> {
  for (const s of scored.sessions.values()) while (s.state && !s.state.indexSlots(INDEXED_AT_ONCE)) yield;
}

/** A pairs session ranked alone, without penalties, in fields of home direction: kept with its tallies (kept-ranking.ts). */
const keptApplies = (scored: ScoredEvent, sessions: ScoredSession[]) =>
  scored.kind !== 'TEAMS_IMPS' && scored.kind !== 'TEAMS_POINTS' && sessions.length === 1 && !sessions[0].data.penalties.length && !carriesForward(scored, sessions) && byDirectionOnly(scored, sessions);

/** A final's carry-forward counts in the ranking over all the event's sessions (as a knockout's carry-over does). */
const carriesForward = (scored: ScoredEvent, sessions: ScoredSession[]) => !!scored.rules.carryForward?.entries.length && sessions.length === scored.data.sessions.length;

/** The carry-forward by contestant, where the ranking counts one; null otherwise. */
function carriedForward(scored: ScoredEvent, sessions: ScoredSession[]): Map<string, CarriedEntry> | null {
  return carriesForward(scored, sessions) ? new Map(scored.rules.carryForward!.entries.map((e) => [e.contestant, e])) : null;
}

/** A pair's carried part: its qualifying figure a board over `fraction` of its qualifying boards (weighed by sessions under EQUAL). */
function carriedPart(entry: CarriedEntry | undefined, fraction: Fraction, weighting: 'BOARDS' | 'EQUAL'): CarriedPart | null {
  if (!entry || entry.share === null || entry.boards <= 0) return null;
  const boards = fraction.mul(frac(entry.boards));
  return { share: Fraction.parse(entry.share), boards, weight: weighting === 'BOARDS' ? boards : fraction.mul(frac(entry.sessions)) };
}

const disqualifiedIn = (sessions: ScoredSession[]) => new Set(sessions.flatMap((s) => s.data.penalties.filter((p) => p.unit === 'DISQUALIFIED').map((p) => p.contestantId)));

/**
 * Pairs. Matchpoints rank by percentage (MPs over the tops of the boards played), so pairs that
 * played different boards compare fairly; sessions combine by percentage, weighted by boards or
 * equally (an event option), never by adding raw matchpoints with different tops. IMPs and points
 * rank per board. Law 90 penalties come off each session's total; a disqualified pair (Law 91)
 * keeps its results for the others but is not placed.
 */
function pairRows(scored: ScoredEvent, sessions: ScoredSession[]): RankingRow[] {
  if (keptApplies(scored, sessions)) return keptSessionRanking(scored, sessions[0]).rows().slice();
  const disqualified = disqualifiedIn(sessions);
  const mp = scored.kind === 'MATCHPOINTS';
  const commonTop = mp ? largestTopPerBoard(sessions) : Fraction.ZERO;
  const results = new Map<string, PairResult>();
  const weighting = scored.rules.sessionWeighting;
  const penalised = new Set(sessions.flatMap((s) => s.data.penalties.map((p) => p.contestantId)));
  const carried = carriedForward(scored, sessions);
  const fraction = carried ? Fraction.parse(scored.rules.carryForward!.fraction) : Fraction.ZERO;
  for (const c of scored.data.contestants.values()) {
    if (disqualified.has(c.id)) continue;
    const carriedHere = carried && carriedPart(carried.get(c.id), fraction, weighting);
    if (sessions.length === 1 && !penalised.has(c.id) && !carriedHere) {
      // One session, no penalty: the result is its tally's alone, and a tally a correction left alone is reused.
      const tally = sessions[0].tallies.get(c.id);
      if (tally?.boards) results.set(c.id, sessionResult(tally, mp, weighting, commonTop));
      continue;
    }
    const parts = sessions.flatMap((s) => {
      const tally = s.tallies.get(c.id);
      return tally?.boards ? [{ s, tally, penalty: pairPenalty(scored, s, c.id, tally) }] : [];
    });
    if (!parts.length) continue;
    results.set(c.id, combine(parts, mp, weighting, commonTop, carriedHere || null));
  }
  const labels = fieldLabels(scored, sessions);
  const fields = new Map<string, ContestantRow[]>();
  for (const id of results.keys()) {
    const c = scored.data.contestants.get(id)!;
    const label = labels(c);
    const list = fields.get(label);
    if (list) list.push(c);
    else fields.set(label, [c]);
  }
  return [...fields.keys()].sort(byField).flatMap((field) =>
    placeByApproximateScore(fields.get(field)!, (c) => results.get(c.id)!.approx, (c) => results.get(c.id)!.figures().key, numberKey).map(({ item, place, rank }) => new PairRow(item, field, rank, place.endsWith('='), results.get(item.id)!)),
  );
}

/** The largest top of any board of the sessions: the common top carried-over matchpoints are shown on. */
function largestTopPerBoard(sessions: ScoredSession[]): Fraction {
  let top = Fraction.ZERO;
  for (const s of sessions) for (const b of s.boards.values()) if ('top' in b && b.top.compare(top) > 0) top = b.top;
  return top;
}

/**
 * Law 90 in the pair's unit: MPs, or a percentage of the pair's own top — the top of the board
 * the penalty names, else the average top of the boards it played in the session — or IMPs.
 */
function pairPenalty(scored: ScoredEvent, s: ScoredSession, contestantId: string, tally: Tally): Fraction {
  const unit = scored.kind === 'MATCHPOINTS' ? 'MP' : 'IMP';
  let total = Fraction.ZERO;
  for (const p of s.data.penalties) {
    if (p.contestantId !== contestantId || !fitsUnit(p, unit) || scored.kind === 'TOTAL_POINTS') continue;
    const top = p.unit === 'PERCENT_OF_TOP' ? ownTop(s, contestantId, p.boardNumber, tally) : undefined;
    total = total.add(penaltyInScore({ unit: p.unit as 'MP' | 'PERCENT_OF_TOP' | 'IMP', amount: Fraction.parse(p.amount ?? '0'), reason: '' }, { top, scoring: unit }));
  }
  return total;
}

function ownTop(s: ScoredSession, contestantId: string, board: number | null, tally: Tally): Fraction {
  if (board !== null) {
    const line = s.data.results.find((r) => r.boardNumber === board && (r.nsContestantId === contestantId || r.ewContestantId === contestantId));
    const top = line ? s.lines.get(line.id)?.top : undefined;
    if (top) return top;
  }
  return tally.tops.div(frac(tally.boards));
}

const fitsUnit = (p: PenaltyRow, unit: 'MP' | 'IMP') => (unit === 'MP' ? p.unit === 'MP' || p.unit === 'PERCENT_OF_TOP' : p.unit === 'IMP');

/** One session whose sections are scored apart: each section is ranked on its own. */
const rankedBySection = (scored: ScoredEvent, sessions: ScoredSession[]) => sessions.length === 1 && scored.rules.scoreAcross === 'SECTION' && sessions[0].data.sections.length > 1;

/** No section switches arrows and none is ranked apart: the field is the home direction. */
function byDirectionOnly(scored: ScoredEvent, sessions: ScoredSession[]): boolean {
  return !rankedBySection(scored, sessions) && sessions.every((s) => !s.data.sections.some(oneWinner));
}

/**
 * The field a contestant is ranked in. Ranking one session: its section when sections are scored
 * apart, and its home direction in a two-winner Mitchell. Carried over several sessions: its home
 * direction only, when it sat in two-winner sections throughout.
 */
function fieldLabels(scored: ScoredEvent, sessions: ScoredSession[]): (c: ContestantRow) => string {
  const single = sessions.length === 1;
  const bySection = rankedBySection(scored, sessions);
  // A national field's ranking need not look at every line to find its fields.
  if (byDirectionOnly(scored, sessions)) return (c) => c.direction ?? '';
  const sectionOf = new Map<string, { letter: string; oneWinner: boolean }[]>();
  for (const s of sessions) {
    const byId = new Map(s.data.sections.map((x) => [x.id, x]));
    const seen = new Set<string>();
    for (const r of s.data.results) {
      for (const id of [r.nsContestantId, r.ewContestantId]) {
        if (seen.has(id)) continue;
        seen.add(id);
        const section = byId.get(r.sectionId);
        const list = sectionOf.get(id) ?? [];
        list.push({ letter: section?.letter ?? '', oneWinner: section ? oneWinner(section) : false });
        sectionOf.set(id, list);
      }
    }
  }
  return (c) => {
    const seats = sectionOf.get(c.id) ?? [];
    const parts: string[] = [];
    if (bySection && seats[0]) parts.push(seats[0].letter);
    if (c.direction && seats.length && seats.every((x) => !x.oneWinner)) parts.push(c.direction);
    return parts.join(' ');
  };
}

/**
 * Teams: each match's sides (IMP penalties off the penalised team's match first), converted to
 * VPs on the event's scale, byes and forfeits awarded, then standings with the event's tie-breaks;
 * VP penalties come off the totals; a disqualified team is not placed (its opponents keep their
 * VPs). A knockout ranks each match on its own, carry-over included.
 */
/** Teams sharing a place are listed by number, as pairs are (a team the event no longer has, by id). */
const listedKey = (scored: ScoredEvent, team: string) => {
  const c = scored.data.contestants.get(team);
  return c ? numberKey(c) : team;
};

function teamRows(scored: ScoredEvent, sessions: ScoredSession[]): RankingRow[] {
  if (scored.rules.knockout) return knockoutRows(scored, sessions);
  const rules = scored.rules;
  const useVps = scored.kind === 'TEAMS_IMPS' && !!rules.vpScale;
  const played = sessions.flatMap((s) => sessionSides(s, true)).map((side) => teamMatch(scored, side, useVps));
  const carriedIn = carriedTotals(scored, sessions);
  const awards = [...(useVps ? matchAwards(scored, sessions, played) : []), ...carriedIn];
  const all = [...played, ...awards];
  const vpPenalties = new Map<string, Fraction>();
  for (const p of sessions.flatMap((s) => s.data.penalties)) {
    if (p.unit === 'VP' && useVps) vpPenalties.set(p.contestantId, (vpPenalties.get(p.contestantId) ?? Fraction.ZERO).add(Fraction.parse(p.amount ?? '0')));
  }
  const gross = new Map<string, Fraction>();
  for (const m of [...sessions.flatMap((s) => sessionSides(s, false)).map((side) => teamMatch(scored, side, useVps)), ...awards]) {
    gross.set(m.team, (gross.get(m.team) ?? Fraction.ZERO).add(m.vps));
  }
  const standings = teamStandings(all, rules.tieBreaks, vpPenalties, disqualifiedIn(sessions), (team) => listedKey(scored, team));
  const boards = new Map<string, number>();
  for (const side of sessions.flatMap((s) => s.matches.flatMap(matchSides))) boards.set(side.team, (boards.get(side.team) ?? 0) + side.boards);
  const carried = new Map(carriedIn.map((m) => [m.team, m.vps]));
  return standings.map(({ item, place, rank }) => {
    const penalty = (gross.get(item.team) ?? Fraction.ZERO).sub(item.vps);
    return { contestant: scored.data.contestants.get(item.team)!, field: '', place, rank, score: item.vps, percentage: null, boards: boards.get(item.team) ?? 0, penalty: penalty.isZero() ? null : penalty, carried: carried.get(item.team) ?? null };
  });
}

/** A final's carry-forward for teams: `fraction` of each team's qualifying total, added as a match against no one (no tie-break counts it). */
function carriedTotals(scored: ScoredEvent, sessions: ScoredSession[]): TeamMatch[] {
  const carried = carriedForward(scored, sessions);
  if (!carried) return [];
  const fraction = Fraction.parse(scored.rules.carryForward!.fraction);
  return [...carried.values()].filter((e) => scored.data.contestants.has(e.contestant)).map((e) => ({ team: e.contestant, opponent: null, vps: fraction.mul(Fraction.parse(e.score)), impsFor: Fraction.ZERO, impsAgainst: Fraction.ZERO }));
}

function teamMatch(scored: ScoredEvent, side: TeamSide, useVps: boolean): TeamMatch {
  const boards = scored.rules.vpBoards === 'SCHEDULED' ? side.scheduled : side.boards;
  return { team: side.team, opponent: side.opponent, vps: useVps ? sideVps(scored.rules, side.score, boards) : side.score, impsFor: side.won, impsAgainst: side.lost };
}

/** The session's match sides; with penalties, an IMP penalty comes off the team's match that holds the board (else its first). */
function sessionSides(s: ScoredSession, withPenalties: boolean): TeamSide[] {
  const sides = s.matches.flatMap(matchSides);
  if (!withPenalties) return sides;
  for (const p of s.data.penalties.filter((x) => x.unit === 'IMP')) {
    const own = sides.filter((x) => x.team === p.contestantId);
    const match = s.matches.find((m) => (m.home === p.contestantId || m.away === p.contestantId) && m.boards.some((b) => b.board === p.boardNumber));
    const target = own.find((x) => match && x.opponent === (match.home === p.contestantId ? match.away : match.home) && x.round === match.round) ?? own[0];
    if (!target) continue;
    const amount = Fraction.parse(p.amount ?? '0');
    target.score = target.score.sub(amount);
    target.lost = target.lost.add(amount);
  }
  return sides;
}

/**
 * Byes (a round robin's sit-out rows, or a bye the director recorded in a Swiss) and forfeits,
 * valued as the event says: a fixed award (12 of 20 unless set), the team's own average over its
 * played matches, or the better of the two. The team that forfeited gets the loser's award.
 */
function matchAwards(scored: ScoredEvent, sessions: ScoredSession[], played: TeamMatch[]): TeamMatch[] {
  const rules = scored.rules;
  const average = (team: string) => {
    const own = played.filter((m) => m.team === team);
    return own.length ? sum(own.map((m) => m.vps)).div(frac(own.length)) : null;
  };
  const value = (team: string, award: { rule: string; vps: number | null }) => {
    const fixed = fixedAward(rules, award.vps);
    const avg = average(team);
    if (award.rule === 'FIXED' || !avg) return fixed;
    if (award.rule === 'OWN_AVERAGE') return avg;
    return avg.compare(fixed) > 0 ? avg : fixed;
  };
  const award = (team: string, vps: Fraction): TeamMatch => ({ team, opponent: null, vps, impsFor: Fraction.ZERO, impsAgainst: Fraction.ZERO });
  const out: TeamMatch[] = [];
  for (const s of sessions) {
    for (const team of byesOf(s.data, scored.data.contestants)) out.push(award(team, value(team, rules.byeAward)));
    for (const a of s.data.awards ?? []) {
      if (a.kind === 'BYE') out.push(award(a.contestantId, value(a.contestantId, rules.byeAward)));
      else {
        if (a.opponentId) out.push(award(a.opponentId, value(a.opponentId, rules.forfeitAward)));
        out.push(award(a.contestantId, Fraction.parse(String(rules.forfeitAward.loserVps))));
      }
    }
  }
  return out;
}

/** A round robin's byes: the real team of a sit-out row, once a round, in the rounds under way (with a result). */
function byesOf(s: SessionInput, contestants: ReadonlyMap<string, ContestantRow>): string[] {
  const byNumber = new Map([...contestants.values()].map((c) => [c.number, c.id]));
  const played = new Set(s.results.map((r) => `${r.sectionId}:${r.round}`));
  const out = new Map<string, string>();
  for (const section of s.sections) {
    const movement = movementOf(section);
    if (!movement || movement.kind !== 'ROUND_ROBIN') continue;
    for (const row of movement.rows.filter((r) => r.sitOut && played.has(`${section.id}:${r.round}`))) {
      for (const n of [row.ns, row.ew]) {
        const team = byNumber.get(n);
        if (team && n !== movement.phantom?.number) out.set(`${row.round}:${team}`, team);
      }
    }
  }
  return [...out.values()];
}

/**
 * A knockout: each pair of teams plays one match over all its segments. A board where the two
 * sides' adjusted figures do not balance gives each the average (Law 86: A gets (a − b)/2);
 * carry-over is added; IMP penalties come off. Each match is a field of its own.
 */
function knockoutRows(scored: ScoredEvent, sessions: ScoredSession[]): RankingRow[] {
  const matches = new Map<string, { a: string; b: string; scoreA: Fraction; scoreB: Fraction; boards: number }>();
  const numberOf = (id: string) => scored.data.contestants.get(id)?.number ?? 0;
  for (const m of sessions.flatMap((s) => s.matches)) {
    const [a, b] = [m.home, m.away].sort((x, y) => numberOf(x) - numberOf(y) || (x < y ? -1 : 1));
    const key = `${a}|${b}`;
    const entry = matches.get(key) ?? { a, b, scoreA: Fraction.ZERO, scoreB: Fraction.ZERO, boards: 0 };
    for (const board of m.boards.filter((x) => x.state === 'SCORED')) {
      const [forA, forB] = m.home === a ? [board.homeScore, board.awayScore] : [board.awayScore, board.homeScore];
      const balanced = forA.sub(forB).div(frac(2));
      entry.scoreA = entry.scoreA.add(balanced);
      entry.scoreB = entry.scoreB.sub(balanced);
      entry.boards++;
    }
    matches.set(key, entry);
  }
  const carried = sessions.length === scored.data.sessions.length;
  const penalties = (team: string) => sum(sessions.flatMap((s) => s.data.penalties).filter((p) => p.contestantId === team && p.unit === 'IMP').map((p) => Fraction.parse(p.amount ?? '0')));
  const carry = (team: string, opponent: string) => (carried ? Fraction.parse(String(scored.rules.carryOver.find((c) => c.team === team && c.opponent === opponent)?.imps ?? 0)) : Fraction.ZERO);
  const contestant = (id: string) => scored.data.contestants.get(id)!;
  return [...matches.values()].flatMap((m) => {
    const field = `${contestant(m.a).number} v ${contestant(m.b).number}`;
    const teams = [
      { team: m.a, score: m.scoreA.add(carry(m.a, m.b)).sub(penalties(m.a)), penalty: penalties(m.a) },
      { team: m.b, score: m.scoreB.add(carry(m.b, m.a)).sub(penalties(m.b)), penalty: penalties(m.b) },
    ];
    return placeByScore(teams, (t) => t.score, (t) => numberKey(contestant(t.team))).map(({ item, place, rank }) => ({
      contestant: contestant(item.team),
      field,
      place,
      rank,
      score: item.score,
      percentage: null,
      boards: m.boards,
      penalty: item.penalty.isZero() ? null : item.penalty,
    }));
  });
}

