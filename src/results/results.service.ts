import { Injectable } from '@nestjs/common';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Result } from '../generated/prisma/client.js';
import { LiveEvents } from '../live/live-events.service.js';
import { audit } from './audit.js';
import type { ResultLineInput } from './dto/submit-result.input.js';
import { contestantKey, locateLine, type LocatedLine, type SessionContext } from './line-context.js';
import { scoreLine, type ScoredLine } from './line-score.js';
import { correctionPeriodOpen } from './publication.service.js';
import { validateLine, type LineProblem } from '../bridge/movements/index.js';
import { storedMovement } from '../sections/sections.service.js';
import { toTravellerLine } from './traveller-line.js';
import type { TravellerLine } from './models/traveller.model.js';

export interface SubmitOutcome {
  line: TravellerLine;
  created: boolean;
  corrected: boolean;
}

interface PreparedLine extends LocatedLine, ScoredLine {
  input: ResultLineInput;
  field: string;
  /** Round and table: as sent, or found in the movement. */
  round: number | null;
  table: number | null;
  movementIssue: string | null;
}

const MOVEMENT_FIELD: Record<LineProblem, string> = {
  UNKNOWN_ROUND_OR_TABLE: 'table',
  BOARD_NOT_IN_MOVEMENT: 'board',
  WRONG_BOARD: 'board',
  WRONG_PAIR: 'ewPair',
  PHANTOM: 'ewPair',
  ALREADY_PLAYED: 'board',
};

/**
 * DOMAIN §6.6: a line must fit the section's movement. One that does not is refused with the
 * reason, or — when the event accepts them (Law 15, wrong board or wrong pair) — kept and flagged.
 */
function fitMovement(ctx: SessionContext, located: LocatedLine, input: ResultLineInput, field: string) {
  const movement = storedMovement(located.section);
  const asSent = { round: input.round ?? null, table: input.table ?? null, movementIssue: null };
  if (!movement) return asSent;
  const verdict = validateLine(movement, { round: input.round, table: input.table, board: input.board, ns: input.nsPair, ew: input.ewPair });
  if (verdict.fits) return { round: verdict.row.round, table: verdict.row.table, movementIssue: null };
  if (!ctx.event.acceptOutOfMovement) {
    throw new BadInputError(`${verdict.message} (${verdict.problem})`, [`${field}${MOVEMENT_FIELD[verdict.problem]}`]);
  }
  return { ...asSent, movementIssue: `${verdict.problem}: ${verdict.message}` };
}

/**
 * Travellers in. Each line is checked (section, board, pairs, contract and result) before the
 * transaction; inside it, a per-board advisory lock serialises posts of the same board so the
 * "already played" and idempotency checks cannot race, and unique keys back them up.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
  ) {}

  async submit(sessionId: string, line: ResultLineInput, actor?: string): Promise<SubmitOutcome> {
    return (await this.submitMany(sessionId, [line], actor, ''))[0];
  }

  /** All lines or none: one transaction. */
  async submitMany(sessionId: string, lines: ResultLineInput[], actor?: string, prefix = 'lines.'): Promise<SubmitOutcome[]> {
    const ctx = await this.context(sessionId);
    const prepared = lines.map((input, i) => {
      const field = prefix ? `${prefix}${i}.` : '';
      const located = locateLine(ctx, input, field);
      const seating = fitMovement(ctx, located, input, field);
      try {
        return { ...located, ...seating, ...scoreLine(input, located.vulnerability), input, field };
      } catch (error) {
        if (error instanceof Error && 'field' in error) {
          throw new BadInputError(`${lines.length > 1 ? `Line ${i + 1}: ` : ''}${error.message}`, [`${field}${String(error.field)}`]);
        }
        throw error;
      }
    });
    checkBatchRepeats(prepared);
    const outcomes = await this.prisma.$transaction(async (tx) => {
      const results: { row: Result; created: boolean; corrected: boolean }[] = [];
      for (const line of prepared) results.push(await this.store(tx, ctx, line, actor));
      return results;
    });
    const answers = outcomes.map((o) => ({ line: toTravellerLine(o.row, ctx), created: o.created, corrected: o.corrected }));
    const changed = answers.filter((a) => a.created || a.corrected);
    for (const a of changed) await this.live.publish('resultPosted', sessionId, a.line);
    if (changed.length) await this.live.publish('rankingChanged', sessionId, { sessionId, boards: [...new Set(changed.map((a) => a.line.board))] });
    return answers;
  }

  private async store(tx: PrismaTx, ctx: SessionContext, line: PreparedLine, actor?: string) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${line.section.id}::text), ${line.boardNumber}::int)`;
    const onBoard = await tx.result.findMany({ where: { sectionId: line.section.id, boardNumber: line.boardNumber } });
    const same = onBoard.find((r) => r.nsContestantId === line.ns.id && r.ewContestantId === line.ew.id);
    const keyed = line.input.idempotencyKey ? await tx.result.findUnique({ where: { sessionId_idempotencyKey: { sessionId: ctx.session.id, idempotencyKey: line.input.idempotencyKey } } }) : null;
    if (keyed && keyed.id !== same?.id) {
      throw new ConflictError(`Idempotency key "${line.input.idempotencyKey}" was used for another line (board ${keyed.boardNumber})`, [`${line.field}idempotencyKey`]);
    }
    if (same) return this.repeatOrCorrect(tx, ctx, same, line, actor);
    const clash = onBoard.find((r) => r.nsContestantId === line.ns.id || r.ewContestantId === line.ew.id || r.nsContestantId === line.ew.id || r.ewContestantId === line.ns.id);
    if (clash) {
      const who = [clash.nsContestantId, clash.ewContestantId].includes(line.ns.id) ? `NS pair ${line.input.nsPair}` : `EW pair ${line.input.ewPair}`;
      throw new ConflictError(`${who} already has a result on board ${line.boardNumber} (${describe(clash, ctx)}); a pair plays each board once`, [`${line.field}board`]);
    }
    const row = await tx.result.create({ data: rowData(ctx, line) });
    await audit(tx, { sessionId: ctx.session.id, action: 'RESULT_CREATED', entityId: row.id, actor, after: snapshot(row) });
    return { row, created: true, corrected: false };
  }

  private async repeatOrCorrect(tx: PrismaTx, ctx: SessionContext, existing: Result, line: PreparedLine, actor?: string) {
    if (sameContent(existing, line)) return { row: existing, created: false, corrected: false };
    const reason = line.input.correction?.reason;
    if (!reason) {
      throw new ConflictError(
        `Board ${line.boardNumber} between NS ${line.input.nsPair} and EW ${line.input.ewPair} already has ${describe(existing, ctx)}; ` +
          'send the new line as a correction with a reason to change it',
        [`${line.field}contract`],
      );
    }
    if (!correctionPeriodOpen(ctx.session)) {
      throw new ConflictError(
        `The correction period (Law 79C) of this session ended at ${ctx.session.correctionDeadline?.toISOString()}; results are final`,
        [`${line.field}correction`],
      );
    }
    const row = await tx.result.update({ where: { id: existing.id }, data: { ...rowData(ctx, line), version: existing.version + 1 } });
    await audit(tx, { sessionId: ctx.session.id, action: 'RESULT_CORRECTED', entityId: row.id, actor, reason, law: '79C', before: snapshot(existing), after: snapshot(row) });
    return { row, created: false, corrected: true };
  }

  /** Session, event, sections, boards and contestants: what every line of the request is checked against. */
  async context(sessionId: string): Promise<SessionContext> {
    const session = await this.prisma.session.findUnique({
      where: { id: sessionId },
      include: { event: { include: { contestants: true } }, sections: true, boards: true },
    });
    if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
    const { event, sections, boards, ...rest } = session;
    return {
      session: rest,
      event,
      sections,
      boards: new Map(boards.map((b) => [b.number, b])),
      contestants: new Map(event.contestants.map((c) => [contestantKey(c), c])),
    };
  }
}

function rowData(ctx: SessionContext, line: PreparedLine) {
  return {
    sessionId: ctx.session.id,
    sectionId: line.section.id,
    boardNumber: line.boardNumber,
    round: line.round,
    table: line.table,
    movementIssue: line.movementIssue,
    nsContestantId: line.ns.id,
    ewContestantId: line.ew.id,
    status: line.status,
    contract: line.contract,
    declarer: line.declarer,
    tricks: line.tricks,
    nsScore: line.nsScore,
    lead: line.input.lead ?? null,
    idempotencyKey: line.input.idempotencyKey ?? null,
  };
}

/** A retry is the same line: same contract, declarer, tricks, lead and seating. */
function sameContent(row: Result, line: PreparedLine): boolean {
  return (
    row.status === line.status &&
    row.contract === line.contract &&
    row.declarer === line.declarer &&
    row.tricks === line.tricks &&
    (row.lead ?? null) === (line.input.lead ?? null) &&
    (line.round === null || row.round === line.round) &&
    (line.table === null || row.table === line.table)
  );
}

function checkBatchRepeats(lines: PreparedLine[]): void {
  const seen = new Set<string>();
  for (const line of lines) {
    for (const pair of [line.ns.id, line.ew.id]) {
      const key = `${line.section.id}:${line.boardNumber}:${pair}`;
      if (seen.has(key)) throw new BadInputError(`Board ${line.boardNumber} appears twice for the same pair in this batch`, [`${line.field}board`]);
      seen.add(key);
    }
  }
}

function snapshot(row: Result) {
  return {
    board: row.boardNumber,
    round: row.round,
    table: row.table,
    nsContestantId: row.nsContestantId,
    ewContestantId: row.ewContestantId,
    status: row.status,
    contract: row.contract,
    declarer: row.declarer,
    tricks: row.tricks,
    nsScore: row.nsScore,
    lead: row.lead,
    version: row.version,
  };
}

function describe(row: Result, ctx: SessionContext): string {
  const line = toTravellerLine(row, ctx);
  const played = line.contract === 'PASS' ? 'passed out' : `${line.contract}${line.result ?? ''} by ${line.declarer} (NS ${line.nsScore})`;
  return `${played} NS ${line.nsPair} v EW ${line.ewPair}`;
}
