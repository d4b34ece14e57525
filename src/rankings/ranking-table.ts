import { Fraction, frac } from '../bridge/fraction.js';
import { penaltyInScore } from '../bridge/penalties.js';
import { combineSessions, percentage, placeByScore, type MatchpointTally } from '../bridge/ranking.js';
import { matchSides, sideVictoryPoints, type TeamSide } from '../bridge/team-matches.js';
import { teamStandings, type TeamMatch } from '../bridge/team-standings.js';
import type { Penalty } from '../generated/prisma/client.js';
import type { ContestantWithPlayers } from './event-data.js';
import type { ScoredEvent, ScoredSession } from './event-scoring.js';

/** One ranked contestant, exact; the service rounds for display. */
export interface RankingRow {
  contestant: ContestantWithPlayers;
  place: string;
  rank: number;
  /** In the ranking's unit (MPs, IMPs, VPs or points), penalties taken off. */
  score: Fraction;
  percentage: Fraction | null;
  boards: number;
  /** What penalties took off the score, in the same unit; null when none. */
  penalty: Fraction | null;
}

/** DOMAIN §7 over the given sessions (one for a session ranking, all for the event's carry-over). */
export function rankingRows(scored: ScoredEvent, sessions: ScoredSession[], direction?: 'NS' | 'EW' | null): RankingRow[] {
  return scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS' ? teamRows(scored, sessions) : pairRows(scored, sessions, direction);
}

const disqualifiedIn = (sessions: ScoredSession[]) => new Set(sessions.flatMap((s) => s.data.penalties.filter((p) => p.unit === 'DISQUALIFIED').map((p) => p.contestantId)));

/**
 * Pairs: MPs over tops (ranked by percentage, so pairs that played different boards compare
 * fairly), or IMPs / points per board. Law 90 penalties come off after all board scoring; a
 * disqualified pair (Law 91) keeps its results for the others but is not ranked.
 */
function pairRows(scored: ScoredEvent, sessions: ScoredSession[], direction?: 'NS' | 'EW' | null): RankingRow[] {
  const deducted = pairPenalties(scored, sessions);
  const disqualified = disqualifiedIn(sessions);
  const net = new Map<string, MatchpointTally>();
  for (const c of scored.data.contestants.values()) {
    const parts = sessions.map((s) => s.tallies.get(c.id)).filter((t): t is MatchpointTally => !!t);
    if (!parts.length || disqualified.has(c.id) || (direction && c.direction !== direction)) continue;
    const tally = combineSessions(parts);
    net.set(c.id, { ...tally, matchpoints: tally.matchpoints.sub(deducted.get(c.id) ?? Fraction.ZERO) });
  }
  const rankBy = (t: MatchpointTally) => percentage(t) ?? t.matchpoints.div(frac(Math.max(t.boards, 1)));
  const fields = groupBy([...net.keys()].map((id) => scored.data.contestants.get(id)!), (c) => c.direction ?? '');
  return [...fields.keys()].sort().flatMap((field) =>
    placeByScore(fields.get(field)!, (c) => rankBy(net.get(c.id)!), numberKey).map(({ item, place, rank }) => {
      const t = net.get(item.id)!;
      return { contestant: item, place, rank, score: t.matchpoints, percentage: percentage(t), boards: t.boards, penalty: deducted.get(item.id) ?? null };
    }),
  );
}

/** Law 90 in the pairs' unit: MPs (or a % of the session's largest top), or IMPs. */
function pairPenalties(scored: ScoredEvent, sessions: ScoredSession[]): Map<string, Fraction> {
  const deducted = new Map<string, Fraction>();
  for (const s of sessions) {
    const top = [...s.tops.values()].reduce((m, t) => (t.compare(m) > 0 ? t : m), Fraction.ZERO);
    const unit = scored.kind === 'MATCHPOINTS' ? 'MP' : 'IMP';
    for (const p of s.data.penalties) {
      if (!fitsUnit(p, unit) || scored.kind === 'TOTAL_POINTS') continue;
      const amount = penaltyInScore({ unit: p.unit as 'MP' | 'PERCENT_OF_TOP' | 'IMP', amount: Fraction.parse(p.amount ?? '0'), reason: p.reason }, { top, scoring: unit });
      deducted.set(p.contestantId, (deducted.get(p.contestantId) ?? Fraction.ZERO).add(amount));
    }
  }
  return deducted;
}

const fitsUnit = (p: Penalty, unit: 'MP' | 'IMP') => (unit === 'MP' ? p.unit === 'MP' || p.unit === 'PERCENT_OF_TOP' : p.unit === 'IMP');

/**
 * Teams: each match's sides (IMP penalties taken off the penalised team's match first), converted
 * to VPs when the event has a scale, then standings with the tie-breaks of DOMAIN §7; VP
 * penalties come off the totals.
 */
function teamRows(scored: ScoredEvent, sessions: ScoredSession[]): RankingRow[] {
  const useVps = scored.kind === 'TEAMS_IMPS' && !!scored.data.event.vpScale;
  const matches = (withPenalties: boolean) => sessions.flatMap((s) => sessionSides(s, withPenalties)).map((side) => toTeamMatch(side, useVps));
  const vpPenalties = new Map<string, Fraction>();
  for (const p of sessions.flatMap((s) => s.data.penalties)) {
    if (p.unit === 'VP' && useVps) vpPenalties.set(p.contestantId, (vpPenalties.get(p.contestantId) ?? Fraction.ZERO).add(Fraction.parse(p.amount ?? '0')));
  }
  const disqualified = disqualifiedIn(sessions);
  const gross = totalsByTeam(matches(false));
  const standings = teamStandings(matches(true), undefined, vpPenalties).filter((p) => !disqualified.has(p.item.team));
  const boards = new Map<string, number>();
  for (const side of sessions.flatMap((s) => s.matches.flatMap(matchSides))) boards.set(side.team, (boards.get(side.team) ?? 0) + side.boards);
  return standings.map(({ item, place, rank }) => {
    const penalty = (gross.get(item.team) ?? Fraction.ZERO).sub(item.vps);
    return {
      contestant: scored.data.contestants.get(item.team)!,
      place,
      rank,
      score: item.vps,
      percentage: null,
      boards: boards.get(item.team) ?? 0,
      penalty: penalty.isZero() ? null : penalty,
    };
  });
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

function toTeamMatch(side: TeamSide, useVps: boolean): TeamMatch {
  return { team: side.team, opponent: side.opponent, vps: useVps ? sideVictoryPoints(side) : side.score, impsFor: side.won, impsAgainst: side.lost };
}

function totalsByTeam(matches: TeamMatch[]): Map<string, Fraction> {
  const totals = new Map<string, Fraction>();
  for (const m of matches) totals.set(m.team, (totals.get(m.team) ?? Fraction.ZERO).add(m.vps));
  return totals;
}

const numberKey = (c: ContestantWithPlayers) => `${c.section ?? ''}|${String(c.number).padStart(6, '0')}`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
