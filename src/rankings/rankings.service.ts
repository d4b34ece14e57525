import { Injectable } from '@nestjs/common';
import { boardInfo } from '../bridge/board.js';
import { Fraction } from '../bridge/fraction.js';
import { percentage, placeByScore, combineSessions, type MatchpointTally } from '../bridge/ranking.js';
import { NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Contestant, Penalty, Player, Result, Section, Session } from '../generated/prisma/client.js';
import { penaltyInScore } from '../bridge/penalties.js';
import type { Traveller, TravellerLine } from '../results/models/traveller.model.js';
import { relativeResult } from '../results/line-score.js';
import type { RankedContestant, RankingEntry, Scorecard } from './models/ranking.model.js';
import { adjustmentText } from '../results/traveller-line.js';
import { boardKey, scoreSession, scoreSessionImps, type ImpMethod, type ImpScoredSession, type ScoredSession } from './session-scoring.js';
import { expectedResults as movementExpected } from '../bridge/movements/index.js';
import { storedMovement } from '../sections/sections.service.js';

type ContestantWithPlayers = Contestant & { players: { player: Player }[] };

interface LoadedSession {
  session: Session;
  sections: Section[];
  results: Result[];
  contestants: Map<string, ContestantWithPlayers>;
  scored: ScoredSession;
  /** IMP pairs events (Butler, cross-IMPs): IMPs per line and per contestant. */
  imps: ImpScoredSession | null;
  penalties: Penalty[];
}

const IMP_METHODS: Record<string, ImpMethod> = { BUTLER: 'BUTLER', CROSS_IMPS: 'CROSS_IMPS', IMPS_ACROSS_FIELD: 'CROSS_IMPS' };

/** A contestant's session total in the event's unit: MPs over tops, or IMPs (no tops). */
function tallyIn(s: LoadedSession, id: string): MatchpointTally | undefined {
  if (!s.imps) return s.scored.tallies.get(id);
  const t = s.imps.tallies.get(id);
  return t && { matchpoints: t.imps, tops: Fraction.ZERO, boards: t.boards };
}

/** Matchpoints deducted by Law 90 penalties, per contestant; and who is disqualified. */
function penaltyEffects(sessions: LoadedSession[]) {
  const deducted = new Map<string, Fraction>();
  const disqualified = new Set<string>();
  for (const s of sessions) {
    // "% of a top" uses the session's largest board top.
    const top = [...s.scored.boards.values()].reduce((m, b) => (b.top.compare(m) > 0 ? b.top : m), Fraction.ZERO);
    for (const p of s.penalties) {
      if (p.unit === 'DISQUALIFIED') {
        disqualified.add(p.contestantId);
        continue;
      }
      if (p.unit === 'IMP' || p.unit === 'VP') continue; // MP events only here; IMP and VP events come with teams rankings
      const amount = penaltyInScore({ unit: p.unit as 'MP' | 'PERCENT_OF_TOP', amount: Fraction.parse(p.amount ?? '0'), reason: p.reason }, { top, scoring: 'MP' });
      deducted.set(p.contestantId, (deducted.get(p.contestantId) ?? Fraction.ZERO).add(amount));
    }
  }
  return { deducted, disqualified };
}

const rounded = (f: Fraction | null) => (f ? f.round(2) : null);

/**
 * Scores and rankings out. Everything is computed from the stored lines by the pure core at read
 * time, so a ranking is current the moment a post returns (read-your-write).
 */
@Injectable()
export class RankingsService {
  constructor(private readonly prisma: PrismaService) {}

  async traveller(sessionId: string, board: number): Promise<Traveller> {
    const s = await this.load(sessionId);
    const stored = await this.prisma.board.findUnique({ where: { sessionId_number: { sessionId, number: board } } });
    const rows = s.results.filter((r) => r.boardNumber === board);
    if (!stored && !rows.length) throw new NotFoundError(`Board ${board} of session`, sessionId, 'board');
    const law2 = boardInfo(board);
    const tops = s.imps ? [] : (rows.map((r) => s.scored.boards.get(boardKey(r.sectionId, board))?.top).filter(Boolean) as Fraction[]);
    return {
      sessionId,
      board,
      dealer: stored?.dealerOverride ?? law2.dealer,
      vulnerability: stored?.vulnerabilityOverride ?? law2.vulnerability,
      deal: stored?.deal ?? null,
      top: tops.length ? tops[0].round(2) : null,
      lines: rows
        .map((r) => this.line(s, r))
        .sort((a, b) => a.section.localeCompare(b.section) || (b.nsScore ?? -1e9) - (a.nsScore ?? -1e9) || a.nsPair - b.nsPair),
    };
  }

  async sessionRanking(sessionId: string, direction?: 'NS' | 'EW' | null): Promise<RankingEntry[]> {
    const s = await this.load(sessionId);
    return this.rank([...s.contestants.values()], (id) => tallyIn(s, id), s.session.status === 'OFFICIAL', direction, penaltyEffects([s]));
  }

  async eventRanking(eventId: string): Promise<RankingEntry[]> {
    const event = await this.prisma.event.findUnique({ where: { id: eventId }, include: { sessions: true } });
    if (!event) throw new NotFoundError('Event', eventId, 'eventId');
    const sessions = await Promise.all(event.sessions.map((session) => this.load(session.id)));
    const contestants = await this.contestantsOf(eventId);
    const tallyOf = (id: string) => {
      const parts = sessions.map((s) => tallyIn(s, id)).filter((t): t is MatchpointTally => !!t);
      return parts.length ? combineSessions(parts) : undefined;
    };
    const official = event.sessions.length > 0 && event.sessions.every((s) => s.status === 'OFFICIAL');
    return this.rank([...contestants.values()], tallyOf, official, null, penaltyEffects(sessions));
  }

  async scorecard(sessionId: string, contestantId: string): Promise<Scorecard> {
    const s = await this.load(sessionId);
    const me = s.contestants.get(contestantId);
    if (!me) throw new NotFoundError('Contestant', contestantId, 'contestantId');
    const lines = s.results
      .filter((r) => r.nsContestantId === contestantId || r.ewContestantId === contestantId)
      .sort((a, b) => (a.round ?? 0) - (b.round ?? 0) || a.boardNumber - b.boardNumber)
      .map((r) => {
        const ns = r.nsContestantId === contestantId;
        const board = s.scored.boards.get(boardKey(r.sectionId, r.boardNumber));
        const mp = board?.lines.get(r.id);
        return {
          board: r.boardNumber,
          round: r.round,
          direction: ns ? ('NS' as const) : ('EW' as const),
          opponent: s.contestants.get(ns ? r.ewContestantId : r.nsContestantId)?.number ?? 0,
          contract: r.contract,
          declarer: r.declarer,
          result: relativeResult(r.contract, r.tricks),
          score: r.nsScore === null ? null : ns ? r.nsScore : -r.nsScore || 0,
          matchpoints: s.imps ? null : rounded(mp ? (ns ? mp.ns : mp.ew) : null),
          imps: rounded((ns ? s.imps?.lines.get(r.id)?.ns : s.imps?.lines.get(r.id)?.ew) ?? null),
          top: rounded(board?.top ?? null),
          adjustment: adjustmentText(r),
        };
      });
    const tally = tallyIn(s, contestantId);
    return { contestant: ranked(me), lines, percentage: tally ? rounded(percentage(tally)) : null, matchpoints: tally ? tally.matchpoints.round(2) : 0 };
  }

  private rank(
    contestants: ContestantWithPlayers[],
    tallyOf: (id: string) => MatchpointTally | undefined,
    official: boolean,
    direction: 'NS' | 'EW' | null | undefined,
    effects: ReturnType<typeof penaltyEffects>,
  ): RankingEntry[] {
    // Law 90: a penalty comes off the total after all board scoring; the board scores stay.
    const net = (id: string): MatchpointTally | undefined => {
      const tally = tallyOf(id);
      const penalty = effects.deducted.get(id);
      return tally && penalty ? { ...tally, matchpoints: tally.matchpoints.sub(penalty) } : tally;
    };
    const fields = new Map<string, ContestantWithPlayers[]>();
    for (const c of contestants) {
      if (direction && c.direction !== direction) continue;
      if (!tallyOf(c.id)) continue; // entered but not played yet
      if (effects.disqualified.has(c.id)) continue; // Law 91: results stand for the others, no place
      const field = c.direction ?? '';
      fields.set(field, [...(fields.get(field) ?? []), c]);
    }
    // Percentages (MPs) or IMPs per board rank pairs that played different numbers of boards fairly.
    const rankBy = (c: ContestantWithPlayers) => {
      const tally = net(c.id)!;
      return percentage(tally) ?? tally.matchpoints.div(Fraction.of(Math.max(tally.boards, 1)));
    };
    return [...fields.keys()].sort().flatMap((field) =>
      placeByScore(fields.get(field)!, rankBy, (c) => String(c.number).padStart(6, '0')).map(({ item, place, rank }) => {
        const tally = net(item.id)!;
        return {
          penalty: rounded(effects.deducted.get(item.id) ?? null),
          place,
          rank,
          contestant: ranked(item),
          score: tally.matchpoints.round(2),
          exactScore: tally.matchpoints.toString(),
          percentage: rounded(percentage(tally)),
          boardsPlayed: tally.boards,
          official,
        };
      }),
    );
  }

  private line(s: LoadedSession, r: Result): TravellerLine {
    // IMP events show IMPs only: no matchpoints, percentages or top.
    const board = s.imps ? undefined : s.scored.boards.get(boardKey(r.sectionId, r.boardNumber));
    const mp = board?.lines.get(r.id);
    const pct = (x: Fraction | undefined) => (x && board && !board.top.isZero() ? x.div(board.top).mul(Fraction.of(100)).round(2) : null);
    return {
      id: r.id,
      section: s.sections.find((x) => x.id === r.sectionId)?.letter ?? '',
      board: r.boardNumber,
      round: r.round,
      table: r.table,
      nsPair: s.contestants.get(r.nsContestantId)?.number ?? 0,
      ewPair: s.contestants.get(r.ewContestantId)?.number ?? 0,
      contract: r.contract,
      declarer: r.declarer,
      tricks: r.tricks,
      result: relativeResult(r.contract, r.tricks),
      lead: r.lead,
      status: r.status,
      nsScore: r.nsScore,
      nsMatchpoints: rounded(mp?.ns ?? null),
      ewMatchpoints: rounded(mp?.ew ?? null),
      nsPercentage: pct(mp?.ns),
      ewPercentage: pct(mp?.ew),
      nsImps: rounded(s.imps?.lines.get(r.id)?.ns ?? null),
      ewImps: rounded(s.imps?.lines.get(r.id)?.ew ?? null),
      adjustment: adjustmentText(r),
      movementIssue: r.movementIssue,
      version: r.version,
    };
  }

  private async load(sessionId: string): Promise<LoadedSession> {
    const session = await this.prisma.session.findUnique({ where: { id: sessionId }, include: { sections: true, results: true, event: true } });
    if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
    const { sections, results, event, ...rest } = session;
    const method = IMP_METHODS[event.scoring];
    const contestants = await this.contestantsOf(session.eventId);
    const scored = scoreSession(results, expectedResults(results, sections));
    const penalties = await this.prisma.penalty.findMany({ where: { sessionId, revokedAt: null } });
    return { session: rest, sections, results, contestants, scored, imps: method ? scoreSessionImps(results, method) : null, penalties };
  }

  private async contestantsOf(eventId: string): Promise<Map<string, ContestantWithPlayers>> {
    const rows = await this.prisma.contestant.findMany({
      where: { eventId },
      include: { players: { include: { player: true }, orderBy: { position: 'asc' } } },
    });
    return new Map(rows.map((c) => [c.id, c]));
  }
}

/**
 * N for Neuberg: without a movement, the most results any board of the section has — so a board
 * missing a result (sit-out, not played) is factored to the field's top while play goes on.
 */
function expectedResults(results: Result[], sections: Section[]) {
  const byMovement = new Map<string, Map<number, number>>();
  for (const s of sections) {
    const movement = storedMovement(s);
    if (movement) byMovement.set(s.id, movementExpected(movement));
  }
  const most = new Map<string, number>();
  const count = new Map<string, number>();
  for (const r of results) {
    const key = boardKey(r.sectionId, r.boardNumber);
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  for (const [key, n] of count) {
    const section = key.slice(0, key.lastIndexOf(':'));
    most.set(section, Math.max(most.get(section) ?? 0, n));
  }
  // With a movement, N is the number of tables that play the board; otherwise the fullest board.
  return (sectionId: string, board: number, present: number) =>
    Math.max(byMovement.get(sectionId)?.get(board) ?? most.get(sectionId) ?? present, present);
}

function ranked(c: ContestantWithPlayers): RankedContestant {
  return { id: c.id, number: c.number, direction: c.direction, name: c.name, players: c.players.map((p) => p.player) };
}
