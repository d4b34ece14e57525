import { Injectable } from '@nestjs/common';
import { validateLine, type LineProblem } from '../bridge/movements/index.js';
import { BadInputError } from '../common/errors.js';
import type { Result } from '../generated/prisma/client.js';
import { LiveEvents } from '../live/live-events.service.js';
import type { ResultLineInput } from './dto/submit-result.input.js';
import { locateLine, type LocatedLine, type SessionContext } from './line-context.js';
import type { LineRules, PreparedLine } from './line-decision.js';
import { scoreLine } from './line-score.js';
import type { TravellerLine } from './models/traveller.model.js';
import { correctionPeriodOpen, travellersHidden } from '../bridge/periods.js';
import { SessionContexts } from './session-contexts.service.js';
import { toTravellerLine } from './traveller-line.js';
import { TravellerWriter } from './traveller-writer.js';
import { MetricsService } from '../metrics/metrics.service.js';

export interface SubmitOutcome {
  line: TravellerLine;
  created: boolean;
  corrected: boolean;
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
  const movement = ctx.movements.get(located.section.id);
  const asSent = { round: input.round ?? null, table: input.table ?? null, movementIssue: null };
  if (!movement) return asSent;
  const verdict = validateLine(movement, { round: input.round, table: input.table, board: input.board, ns: input.nsPair, ew: input.ewPair });
  if (verdict.fits) return { round: verdict.row.round, table: verdict.row.table, movementIssue: null };
  if (!ctx.event.acceptOutOfMovement) {
    throw new BadInputError(`${verdict.message} (${verdict.problem})`, [`${field}${MOVEMENT_FIELD[verdict.problem]}`]);
  }
  return { ...asSent, movementIssue: `${verdict.problem}: ${verdict.message}` };
}

/** One line checked against the session (section, board, pairs, movement) and scored (Law 77). */
function prepareLine(ctx: SessionContext, input: ResultLineInput, index: number, count: number, prefix: string): PreparedLine {
  const field = prefix ? `${prefix}${index}.` : '';
  const located = locateLine(ctx, input, field);
  const seating = fitMovement(ctx, located, input, field);
  try {
    return { ...located, ...seating, ...scoreLine(input, located.vulnerability), input, field };
  } catch (error) {
    if (error instanceof Error && 'field' in error) {
      throw new BadInputError(`${count > 1 ? `Line ${index + 1}: ` : ''}${error.message}`, [`${field}${String(error.field)}`]);
    }
    throw error;
  }
}

/**
 * Travellers in. Every line of a request is checked before anything is written; the writer then
 * stores the request's lines together (or none), deciding retries, conflicts and corrections
 * under a lock of each board. Live subscribers hear of the change after it is committed.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly contexts: SessionContexts,
    private readonly writer: TravellerWriter,
    private readonly live: LiveEvents,
    private readonly metrics: MetricsService,
  ) {}

  async submit(sessionId: string, line: ResultLineInput, actor?: string): Promise<SubmitOutcome> {
    return (await this.submitMany(sessionId, [line], actor, { prefix: '' }))[0];
  }

  /** All lines or none. */
  async submitMany(sessionId: string, lines: ResultLineInput[], actor?: string, { prefix = 'lines.', dryRun = false }: { prefix?: string; dryRun?: boolean } = {}): Promise<SubmitOutcome[]> {
    const ctx = await this.contexts.get(sessionId);
    const prepared = lines.map((input, i) => prepareLine(ctx, input, i, lines.length, prefix));
    const rules = lineRules(ctx);
    checkBatchRepeats(prepared, rules.teams);
    const request = { lines: prepared, rules, actor: actor ?? null, describe: (row: Result) => describe(row, ctx) };
    // A dry run answers what would be stored, checked as a post is, and writes and announces nothing.
    const stored = dryRun ? await this.writer.rehearse(request) : await this.writer.write(request);
    const answers = stored.map((s) => ({ line: toTravellerLine(s.row, ctx), created: s.created, corrected: s.corrected }));
    if (dryRun) return answers;
    this.metrics.linesPosted(stored);
    // Subscribers hear of it without the pad waiting on Redis (publish never throws).
    // Subscribers are the public (graphql-ws carries no key): no lines while the director hides travellers.
    void this.announce(sessionId, answers.filter((a) => a.created || a.corrected).map((a) => a.line), travellersHidden(ctx.session));
    return answers;
  }

  private async announce(sessionId: string, lines: TravellerLine[], hidden: boolean): Promise<void> {
    if (!hidden) for (const line of lines) await this.live.publish('resultPosted', sessionId, line);
    if (lines.length) await this.live.publish('rankingChanged', sessionId, { sessionId, boards: [...new Set(lines.map((l) => l.board))] });
  }
}

export function lineRules(ctx: SessionContext, now = new Date()): LineRules {
  return {
    teams: ctx.event.kind === 'TEAMS',
    lockedSince: correctionPeriodOpen(ctx.session, now) ? null : ctx.session.correctionDeadline,
  };
}

/** A request names each pair once per board (a team once per direction: two rooms) and each idempotency key once. */
function checkBatchRepeats(lines: PreparedLine[], teams: boolean): void {
  const seen = new Set<string>();
  for (const line of lines) {
    const keys = [line.ns.id, line.ew.id].map((pair, i) => `${line.section.id}:${line.boardNumber}:${pair}${teams ? ['NS', 'EW'][i] : ''}`);
    if (keys.some((k) => seen.has(k))) throw new BadInputError(`Board ${line.boardNumber} appears twice for the same pair in this batch`, [`${line.field}board`]);
    const key = line.input.idempotencyKey;
    if (key && seen.has(`key:${key}`)) throw new BadInputError(`Idempotency key "${key}" appears twice in this batch`, [`${line.field}idempotencyKey`]);
    for (const k of [...keys, ...(key ? [`key:${key}`] : [])]) seen.add(k);
  }
}

function describe(row: Result, ctx: SessionContext): string {
  const line = toTravellerLine(row, ctx);
  const played = line.contract === 'PASS' ? 'passed out' : line.contract ? `${line.contract}${line.result ?? ''} by ${line.declarer} (NS ${line.nsScore})` : (line.adjustment ?? line.status);
  return `${played}, NS ${line.nsPair} v EW ${line.ewPair}`;
}
