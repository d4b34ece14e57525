import { randomUUID } from 'node:crypto';
import { ConflictError } from '../common/errors.js';
import type { Prisma, Result } from '../generated/prisma/client.js';
import type { ResultLineInput } from './dto/submit-result.input.js';
import type { LocatedLine } from './line-context.js';
import type { ScoredLine } from './line-score.js';
import { playedContent } from './traveller-line.js';

/** A line checked against its session and scored, ready to be stored. */
export interface PreparedLine extends LocatedLine, ScoredLine {
  input: ResultLineInput;
  /** Prefix of the line's fields in error messages: "" or "lines.3.". */
  field: string;
  /** Round and table: as sent, or found in the movement. */
  round: number | null;
  table: number | null;
  movementIssue: string | null;
}

/** What the session's state says about changes. */
export interface LineRules {
  /** Team events: a team sits NS in one room and EW in the other on the same board. */
  teams: boolean;
  /** Set when the Law 79C correction period is over: changes need an override with a reason. */
  lockedSince: Date | null;
}

/** An AuditEntry row as the writer inserts it. */
export interface AuditRow {
  id: string;
  sessionId: string;
  action: 'RESULT_CREATED' | 'RESULT_CORRECTED';
  entityId: string;
  actor: string | null;
  reason: string | null;
  law: string | null;
  before: Prisma.InputJsonValue | null;
  after: Prisma.InputJsonValue;
  createdAt: Date;
}

export type Decision =
  | { kind: 'repeat'; row: Result }
  | { kind: 'insert'; row: Result; audit: AuditRow }
  | { kind: 'correct'; row: Result; before: Result; audit: AuditRow };

/** The rows a decision is taken against: the board's lines, and any line holding the idempotency key. */
export interface BoardState {
  onBoard: readonly Result[];
  keyed: Result | undefined;
}

/**
 * DOMAIN §6.6 rules 4 and 7 for one line: the same content again is a no-op; a different line for
 * the same board and pairs is a conflict unless sent as a correction with a reason (and, once the
 * Law 79C period is over, with an override too); a pair plays a board once.
 */
export function decideLine(state: BoardState, line: PreparedLine, rules: LineRules, describe: (row: Result) => string, actor: string | null, now: Date): Decision {
  const same = state.onBoard.find((r) => r.nsContestantId === line.ns.id && r.ewContestantId === line.ew.id);
  const key = line.input.idempotencyKey;
  if (state.keyed && state.keyed.id !== same?.id) {
    throw new ConflictError(`Idempotency key "${key}" was used for another line (board ${state.keyed.boardNumber})`, [`${line.field}idempotencyKey`]);
  }
  if (same && samePlay(same, { ...line, lead: line.input.lead })) return { kind: 'repeat', row: same };
  checkExpectedVersion(line.input.correction?.expectedVersion, same, `${line.field}correction.expectedVersion`);
  const change = changeAllowed(line, rules, same ? describe(same) : null);
  if (same) {
    const row: Result = { ...same, ...playedContent(line, line.input.lead ?? null), adjustment: null, version: same.version + 1, updatedAt: now };
    return { kind: 'correct', row, before: same, audit: auditRow('RESULT_CORRECTED', row, actor, change, now, same) };
  }
  const clash = state.onBoard.find((r) => sharesSeat(r, line.ns.id, line.ew.id, rules.teams));
  if (clash) {
    const who = [clash.nsContestantId, clash.ewContestantId].includes(line.ns.id) ? `NS pair ${line.input.nsPair}` : `EW pair ${line.input.ewPair}`;
    throw new ConflictError(`${who} already has a result on board ${line.boardNumber} (${describe(clash)}); a pair plays each board once`, [`${line.field}board`]);
  }
  const row: Result = {
    id: randomUUID(),
    sessionId: line.section.sessionId,
    sectionId: line.section.id,
    boardNumber: line.boardNumber,
    nsContestantId: line.ns.id,
    ewContestantId: line.ew.id,
    ...playedContent(line, line.input.lead ?? null),
    boardForm: 1,
    adjustment: null,
    idempotencyKey: key ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return { kind: 'insert', row, audit: auditRow('RESULT_CREATED', row, actor, change, now) };
}

/**
 * A new or changed line: free while the session is open; a correction needs a reason; after the
 * correction period anything needs an override (Law 79C2: the Director and TO are satisfied).
 */
function changeAllowed(line: PreparedLine, rules: LineRules, existing: string | null): { reason: string | null; law: string | null } {
  const correction = line.input.correction;
  if (existing && !correction?.reason) {
    throw new ConflictError(
      `Board ${line.boardNumber} already has ${existing}; ` +
        'send the new line as a correction with a reason to change it',
      [`${line.field}contract`],
    );
  }
  if (rules.lockedSince && !correction?.override) {
    throw new ConflictError(
      `The correction period (Law 79C) of this session ended at ${rules.lockedSince.toISOString()}; results are final. ` +
        'A director may still change them with correction: { reason, override: true } (Law 79C2)',
      [`${line.field}correction`],
    );
  }
  if (rules.lockedSince) return { reason: correction!.reason, law: '79C2' };
  return existing ? { reason: correction!.reason, law: '79C' } : { reason: correction?.reason ?? null, law: null };
}

/**
 * A director's write may say which version of the line it was decided on (0: no line yet); when
 * someone changed the line since, the write is a CONFLICT rather than silently undoing theirs.
 */
export function checkExpectedVersion(expected: number | null | undefined, current: Pick<Result, 'version'> | undefined, field: string): void {
  if (expected === undefined || expected === null) return;
  const version = current?.version ?? 0;
  if (version === expected) return;
  throw new ConflictError(
    `This line is at version ${version}${current ? '' : ' (no line stored yet)'}, not ${expected}: it changed since you read it; read it again and decide`,
    [field],
  );
}

/** A pair plays a board once. In teams each team sits once NS and once EW (two rooms). */
export function sharesSeat(row: Pick<Result, 'nsContestantId' | 'ewContestantId'>, ns: string, ew: string, teams: boolean): boolean {
  if (row.nsContestantId === ns || row.ewContestantId === ew) return true;
  return !teams && (row.nsContestantId === ew || row.ewContestantId === ns);
}

/** What a line says was played, as a retry or a corrected file is compared with the stored line. */
export type PlayedLine = Pick<Result, 'status' | 'contract' | 'declarer' | 'tricks' | 'round' | 'table'> & { lead?: string | null };

/** The same play: status, contract, declarer, tricks and lead; round and table when the line gives them. */
export function samePlay(row: Result, line: PlayedLine): boolean {
  return (
    row.status === line.status &&
    row.contract === line.contract &&
    row.declarer === line.declarer &&
    row.tricks === line.tricks &&
    (row.lead ?? null) === (line.lead ?? null) &&
    (line.round === null || row.round === line.round) &&
    (line.table === null || row.table === line.table)
  );
}

function auditRow(action: AuditRow['action'], row: Result, actor: string | null, change: { reason: string | null; law: string | null }, now: Date, before?: Result): AuditRow {
  return {
    id: randomUUID(),
    sessionId: row.sessionId,
    action,
    entityId: row.id,
    actor,
    reason: change.reason,
    law: change.law,
    before: before ? resultSnapshot(before) : null,
    after: resultSnapshot(row),
    createdAt: now,
  };
}

/** What the audit trail keeps of a line. */
export function resultSnapshot(row: Result): Prisma.InputJsonObject {
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
    adjustment: (row.adjustment ?? null) as Prisma.InputJsonValue,
    boardForm: row.boardForm,
    version: row.version,
  };
}
