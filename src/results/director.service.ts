import { travellersHidden } from '../bridge/periods.js';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../bridge/errors.js';
import { Fraction, sum } from '../bridge/fraction.js';
import type { Artificial } from '../bridge/matchpoints.js';
import type { Vulnerability } from '../bridge/types.js';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Event, Prisma, Result } from '../generated/prisma/client.js';
import { scoringKind } from '../bridge/scoring/index.js';
import { LiveEvents } from '../live/live-events.service.js';
import type { StoredAdjustment } from '../bridge/scoring/index.js';
import { audit } from './audit.js';
import { AdjustmentKind, ArtificialScore, DirectAwardUnit, PenaltyUnit, type AddPenaltyInput, type AdjustScoreInput, type MarkFouledBoardInput, type WeightedResultInput } from './dto/director.inputs.js';
import { locateLine } from './line-context.js';
import { scoreLine } from './line-score.js';
import { changeAfterPublication } from './publication.service.js';
import { checkExpectedVersion, resultSnapshot } from './line-decision.js';
import { SessionContexts } from './session-contexts.service.js';
import { toTravellerLine } from './traveller-line.js';
import { lockBoardInSections } from './board-locks.js';

const CODES: Record<ArtificialScore, Artificial> = { A_PLUS: 'A+', AVERAGE: 'A', A_MINUS: 'A-' };

/** Laws 12, 86, 87, 90: the director's changes, each with its reason and Law, each audited. */
@Injectable()
export class DirectorService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly contexts: SessionContexts,
    private readonly live: LiveEvents,
  ) {}

  async adjust(input: AdjustScoreInput, actor?: string) {
    const ctx = await this.contexts.get(input.sessionId);
    const located = locateLine(ctx, input);
    checkAdjustmentFitsEvent(input, scoringKind(ctx.event));
    const { status, adjustment, law } = adjustmentOf(input, located.vulnerability);
    const late = changeAfterPublication(ctx.session, input.override);
    const row = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${located.section.id}::text), ${located.boardNumber}::int)`;
      const onBoard = await tx.result.findMany({ where: { sectionId: located.section.id, boardNumber: located.boardNumber } });
      const existing = onBoard.find((r) => r.nsContestantId === located.ns.id && r.ewContestantId === located.ew.id);
      checkExpectedVersion(input.expectedVersion, existing, 'expectedVersion');
      const data = { status, adjustment: adjustment as unknown as Prisma.InputJsonValue, contract: null, declarer: null, tricks: null, nsScore: null, lead: null };
      let saved: Result;
      if (existing) {
        saved = await tx.result.update({ where: { id: existing.id }, data: { ...data, version: existing.version + 1 } });
      } else {
        // A pair plays a board once; a team once in each room (once NS, once EW).
        const teams = ctx.event.kind === 'TEAMS';
        const clash = (r: Result) => (teams ? r.nsContestantId === located.ns.id || r.ewContestantId === located.ew.id : [r.nsContestantId, r.ewContestantId].some((id) => id === located.ns.id || id === located.ew.id));
        if (onBoard.some(clash)) {
          throw new ConflictError(`One of these pairs already has another result on board ${located.boardNumber}`, ['board']);
        }
        saved = await tx.result.create({
          data: { ...data, sessionId: ctx.session.id, sectionId: located.section.id, boardNumber: located.boardNumber, round: input.round ?? null, table: input.table ?? null, nsContestantId: located.ns.id, ewContestantId: located.ew.id },
        });
      }
      await audit(tx, {
        sessionId: ctx.session.id,
        action: 'SCORE_ADJUSTED',
        entityId: saved.id,
        actor,
        reason: input.reason,
        law,
        before: existing ? resultSnapshot(existing) : null,
        after: late ? { ...resultSnapshot(saved), override: late } : resultSnapshot(saved),
      });
      return saved;
    });
    const line = toTravellerLine(row, ctx);
    if (!travellersHidden(ctx.session)) await this.live.publish('resultPosted', ctx.session.id, line);
    await this.live.publish('rankingChanged', ctx.session.id, { sessionId: ctx.session.id, boards: [row.boardNumber] });
    return line;
  }

  /** Law 87: the listed lines played version `form` of the board; each version is scored apart. */
  async markFouled(input: MarkFouledBoardInput, actor?: string): Promise<number> {
    const ctx = await this.contexts.get(input.sessionId);
    changeAfterPublication(ctx.session, input.override);
    const ids = input.lines.map((l, i) => {
      const located = locateLine(ctx, { ...l, section: l.section ?? input.section, board: input.board }, `lines.${i}.`);
      return { nsId: located.ns.id, ewId: located.ew.id, sectionId: located.section.id, expectedVersion: l.expectedVersion, i };
    });
    const twice = ids.find((ref, n) => ids.findIndex((o) => o.sectionId === ref.sectionId && o.nsId === ref.nsId && o.ewId === ref.ewId) !== n);
    if (twice) throw new BadInputError(`Line ${twice.i + 1} is listed twice; list each line once`, [`lines.${twice.i}`]);
    const count = await this.prisma.$transaction(async (tx) => {
      // The same board lock as posts and corrections take (in one order), so no change is lost between them.
      await lockBoardInSections(tx, [...new Set(ids.map((ref) => ref.sectionId))], input.board);
      for (const ref of ids) {
        const row = await tx.result.findFirst({ where: { sectionId: ref.sectionId, boardNumber: input.board, nsContestantId: ref.nsId, ewContestantId: ref.ewId } });
        if (!row) throw new NotFoundError(`Result on board ${input.board} for line`, ref.i + 1, `lines.${ref.i}`);
        checkExpectedVersion(ref.expectedVersion, row, `lines.${ref.i}.expectedVersion`);
        const updated = await tx.result.update({ where: { id: row.id }, data: { boardForm: input.form, version: row.version + 1 } });
        await audit(tx, { sessionId: ctx.session.id, action: 'SCORE_ADJUSTED', entityId: row.id, actor, reason: input.reason, law: '87', before: { boardForm: row.boardForm }, after: { boardForm: updated.boardForm } });
      }
      return ids.length;
    });
    await this.live.publish('rankingChanged', ctx.session.id, { sessionId: ctx.session.id, boards: [input.board] });
    return count;
  }

  async addPenalty(input: AddPenaltyInput, actor?: string) {
    const session = await this.prisma.session.findUnique({ where: { id: input.sessionId } });
    if (!session) throw new NotFoundError('Session', input.sessionId, 'sessionId');
    const contestant = await this.prisma.contestant.findUnique({ where: { id: input.contestantId } });
    if (!contestant || contestant.eventId !== session.eventId) throw new NotFoundError('Contestant of this event', input.contestantId, 'contestantId');
    const dq = input.unit === PenaltyUnit.DISQUALIFIED;
    if (dq !== !input.amount) throw new BadInputError(dq ? 'A disqualification has no amount' : 'Give the amount of the penalty', ['amount']);
    const event = await this.prisma.event.findUniqueOrThrow({ where: { id: session.eventId } });
    const units = penaltyUnits(event);
    if (!units.includes(input.unit)) {
      throw new BadInputError(`A ${event.kind === 'TEAMS' ? 'teams' : 'pairs'} event scored ${event.scoring}${event.vpScale ? ' with VPs' : ''} takes penalties in ${units.join(', ')}, not ${input.unit}`, ['unit']);
    }
    changeAfterPublication(session, input.override);
    const law = input.law ?? (dq ? '91' : '90');
    const penalty = await this.prisma.$transaction(async (tx) => {
      const created = await tx.penalty.create({
        data: { sessionId: session.id, contestantId: contestant.id, unit: input.unit, amount: input.amount ?? null, boardNumber: input.board ?? null, reason: input.reason, law },
      });
      await audit(tx, { sessionId: session.id, action: 'PENALTY_ADDED', entityId: created.id, actor, reason: input.reason, law, after: { contestant: contestant.number, unit: input.unit, amount: input.amount ?? null } });
      return created;
    });
    await this.live.publish('rankingChanged', session.id, { sessionId: session.id, boards: [] });
    return penalty;
  }

  /** A penalty given in error is withdrawn, not deleted: it stays, marked revoked, with the reason in the audit. */
  async revokePenalty(id: string, reason: string, override: boolean | undefined, actor?: string) {
    const penalty = await this.prisma.penalty.findUnique({ where: { id }, include: { session: true } });
    if (!penalty) throw new NotFoundError('Penalty', id, 'id');
    if (penalty.revokedAt) return penalty;
    changeAfterPublication(penalty.session, override);
    const revoked = await this.prisma.$transaction(async (tx) => {
      const row = await tx.penalty.update({ where: { id }, data: { revokedAt: new Date() } });
      await audit(tx, { sessionId: penalty.sessionId, action: 'PENALTY_REVOKED', entityId: id, actor, reason, law: penalty.law, before: { unit: penalty.unit, amount: penalty.amount }, after: { revokedAt: row.revokedAt!.toISOString() } });
      return row;
    });
    await this.live.publish('rankingChanged', penalty.sessionId, { sessionId: penalty.sessionId, boards: [] });
    return revoked;
  }
}

/** Law 90 penalties come off the total in the event's own unit (DOMAIN §8.4). */
function penaltyUnits(event: Pick<Event, 'kind' | 'scoring' | 'vpScale'>): PenaltyUnit[] {
  const kind = scoringKind(event);
  const units: Record<typeof kind, PenaltyUnit[]> = {
    MATCHPOINTS: [PenaltyUnit.MP, PenaltyUnit.PERCENT_OF_TOP],
    IMPS: [PenaltyUnit.IMP],
    TOTAL_POINTS: [],
    TEAMS_IMPS: event.vpScale ? [PenaltyUnit.IMP, PenaltyUnit.VP] : [PenaltyUnit.IMP],
    TEAMS_POINTS: [],
  };
  return [...units[kind], PenaltyUnit.DISQUALIFIED];
}

/** Which adjustments each way of scoring has: an error names the one to use instead. */
function checkAdjustmentFitsEvent(input: AdjustScoreInput, kind: ReturnType<typeof scoringKind>): void {
  if (input.kind === AdjustmentKind.ARTIFICIAL && (kind === 'TOTAL_POINTS' || kind === 'TEAMS_POINTS')) {
    throw new BadInputError('Total-points scoring has no artificial scores (A+, A, A−); assign a score instead (kind ASSIGNED)', ['kind']);
  }
  if (input.kind === AdjustmentKind.ABSENT_PAIR && kind !== 'MATCHPOINTS') {
    throw new BadInputError('ABSENT_PAIR is for matchpoint pairs; in IMP and teams events give an artificial score (ARTIFICIAL) or a direct award (DIRECT)', ['kind']);
  }
  if (input.kind === AdjustmentKind.DIRECT) {
    if (!input.award) throw new BadInputError('A direct award needs each side’s figure: award { unit, ns, ew }', ['award']);
    const units: Record<typeof kind, DirectAwardUnit[]> = {
      MATCHPOINTS: [DirectAwardUnit.MATCHPOINTS, DirectAwardUnit.PERCENT],
      IMPS: [DirectAwardUnit.IMPS],
      TEAMS_IMPS: [DirectAwardUnit.IMPS],
      TOTAL_POINTS: [],
      TEAMS_POINTS: [],
    };
    if (!units[kind].includes(input.award.unit)) {
      throw new BadInputError(
        units[kind].length ? `This event takes direct awards in ${units[kind].join(' or ')}, not ${input.award.unit}` : 'Total-points scoring has no direct awards; assign a score instead (kind ASSIGNED)',
        ['award.unit'],
      );
    }
    if (input.award.unit === DirectAwardUnit.PERCENT) {
      for (const side of ['ns', 'ew'] as const) {
        const value = Fraction.parse(input.award[side]);
        if (value.compare(Fraction.ZERO) < 0 || value.compare(Fraction.of(100)) > 0) throw new BadInputError(`A percentage of the top is 0 to 100, not ${input.award[side]}`, [`award.${side}`]);
      }
    }
    if (input.award.unit === DirectAwardUnit.MATCHPOINTS && [input.award.ns, input.award.ew].some((v) => Fraction.parse(v).compare(Fraction.ZERO) < 0)) {
      throw new BadInputError('Matchpoints cannot be negative', ['award']);
    }
  }
}

function adjustmentOf(input: AdjustScoreInput, vulnerability: Vulnerability): { status: Result['status']; adjustment: StoredAdjustment; law: string } {
  if (input.kind === AdjustmentKind.ABSENT_PAIR) {
    if (!input.absentDirection) throw new BadInputError('Say which side did not turn up (absentDirection NS or EW)', ['absentDirection']);
    const law = input.law ?? '12';
    const presentPercentage = String(input.presentPercentage ?? 60);
    return { status: 'ARTIFICIAL', adjustment: { kind: 'ABSENT_PAIR', absent: input.absentDirection, presentPercentage, law, reason: input.reason }, law };
  }
  if (input.kind === AdjustmentKind.DIRECT) {
    const law = input.law ?? '86D';
    const { unit, ns, ew } = input.award!;
    return { status: 'ASSIGNED', adjustment: { kind: 'DIRECT', unit, ns: Fraction.parse(ns).toString(), ew: Fraction.parse(ew).toString(), law, reason: input.reason }, law };
  }
  if (input.kind === AdjustmentKind.NOT_PLAYED) {
    const law = input.law ?? '12';
    return { status: 'NOT_PLAYED', adjustment: { kind: 'NOT_PLAYED', reason: input.reason, law }, law };
  }
  if (input.kind === AdjustmentKind.ARTIFICIAL) {
    if (!input.ns || !input.ew) throw new BadInputError('An artificial score needs a value for each side (ns and ew: A_PLUS, AVERAGE or A_MINUS)', [input.ns ? 'ew' : 'ns']);
    const law = input.law ?? '12C2';
    return { status: 'ARTIFICIAL', adjustment: { kind: 'ARTIFICIAL', ns: CODES[input.ns], ew: CODES[input.ew], law, reason: input.reason }, law };
  }
  if (!input.assigned) throw new BadInputError('An assigned score needs its result(s) with weights', ['assigned']);
  const law = input.law ?? '12C1(c)';
  const ns = weighted(input.assigned, vulnerability, 'assigned');
  const ew = input.assignedEw ? weighted(input.assignedEw, vulnerability, 'assignedEw') : undefined;
  return { status: 'ASSIGNED', adjustment: { kind: 'ASSIGNED', ns, ew, law, reason: input.reason }, law };
}

/**
 * Each possible result scored by Law 77 as a posted line is (tricks or result required, never
 * taken as made); the weights must add up to exactly 1.
 */
function weighted(list: WeightedResultInput[], vulnerability: Vulnerability, field: string) {
  const scored = list.map((c, i) => {
    try {
      const line = scoreLine(c, vulnerability);
      const weight = Fraction.parse(c.weight).toString();
      if (line.status === 'PASSED_OUT') return { contract: 'PASS', nsScore: 0, weight };
      return { contract: line.contract, declarer: line.declarer, tricks: line.tricks!, nsScore: line.nsScore, weight };
    } catch (error) {
      if (error instanceof DomainError) throw new BadInputError(`${field}.${i}: ${error.message}`, [`${field}.${i}.${error.field ?? 'contract'}`]);
      throw error;
    }
  });
  const total = sum(scored.map((c) => Fraction.parse(c.weight)));
  if (!total.equals(Fraction.ONE)) throw new BadInputError(`The weights of an assigned score must add up to 1, not ${total}`, [field]);
  return scored;
}
