import { Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import { PgPool, type RowSource } from '../database/pg-pool.service.js';
import type { Result } from '../generated/prisma/client.js';
import { decideLine, type AuditRow, type Decision, type LineRules, type PreparedLine } from './line-decision.js';

/** One request's lines: stored all together or not at all. */
export interface WriteRequest {
  lines: PreparedLine[];
  rules: LineRules;
  actor: string | null;
  describe: (row: Result) => string;
}

export interface StoredLine {
  row: Result;
  created: boolean;
  corrected: boolean;
}

interface Queued extends WriteRequest {
  resolve(lines: StoredLine[]): void;
  reject(error: unknown): void;
}

/** Requests taken into one transaction at most; more wait for the next one. */
const MAX_BATCH = 200;
/**
 * Transactions in flight at once. More than one keeps the database busy while this process waits
 * for a round trip; batches on the same boards still take turns on the boards' locks.
 */
const MAX_IN_FLIGHT = 1;

/**
 * Travellers into the database by group commit. Posts that arrive while transactions are in
 * flight wait and go together in the next one: the boards they touch are locked (advisory locks,
 * in one global order, so transactions of other instances cannot deadlock with us), the lines
 * already on those boards read, each request decided on its own (all its lines or none, later
 * requests seeing earlier ones), and everything written in one statement. A request answers only
 * after COMMIT, so a success is durable. Unique keys back the locks up; if the database still
 * refuses a batch, each request is retried alone so one bad request cannot fail the others.
 */
@Injectable()
export class TravellerWriter {
  private readonly logger = new Logger('TravellerWriter');
  private readonly queue: Queued[] = [];
  private inFlight = 0;

  constructor(private readonly pg: PgPool) {}

  write(request: WriteRequest): Promise<StoredLine[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject });
      this.drain();
    });
  }

  /**
   * What `write` would store, decided against the lines stored now, with nothing written or locked
   * (a dry run): the same refusals (CONFLICT on a line that differs from a stored one), the same
   * answers. A post between this and the real write may still change the outcome.
   */
  async rehearse(request: WriteRequest): Promise<StoredLine[]> {
    // One read, no lock: straight from the pool, not in a transaction of its own.
    const state = new BatchState(await existingRows(this.pg, request.lines));
    const now = new Date();
    return state.take(request.lines.map((line) => decideLine(state.of(line), line, request.rules, request.describe, request.actor, now)));
  }

  private drain(): void {
    while (this.queue.length && this.inFlight < MAX_IN_FLIGHT) {
      this.inFlight++;
      void this.commit(this.queue.splice(0, MAX_BATCH)).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async commit(batch: Queued[]): Promise<void> {
    let outcomes: (StoredLine[] | Error)[];
    try {
      outcomes = await this.pg.transaction((client) => this.apply(client, batch));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      this.logger.warn(`A batch of ${batch.length} posts failed (${(error as Error).message}); retrying each alone`);
      for (const request of batch) await this.commit([request]);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome instanceof Error ? batch[i].reject(outcome) : batch[i].resolve(outcome)));
  }

  private async apply(client: pg.PoolClient, batch: Queued[]): Promise<(StoredLine[] | Error)[]> {
    const lines = batch.flatMap((r) => r.lines);
    await lockBoards(client, lines);
    const state = new BatchState(await existingRows(client, lines));
    const now = new Date();
    const outcomes = batch.map((request) => {
      try {
        return state.take(request.lines.map((line) => decideLine(state.of(line), line, request.rules, request.describe, request.actor, now)));
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });
    await writeDecisions(client, state.changes);
    return outcomes;
  }
}

/** The lines on the batch's boards as the batch changes them, so later requests see earlier ones. */
class BatchState {
  private readonly byBoard = new Map<string, Result[]>();
  private readonly byKey = new Map<string, Result>();
  readonly changes: Decision[] = [];

  constructor(rows: Result[]) {
    for (const row of rows) this.put(row);
  }

  of(line: PreparedLine) {
    const key = line.input.idempotencyKey;
    return {
      onBoard: this.byBoard.get(boardKey(line.section.id, line.boardNumber)) ?? [],
      keyed: key ? this.byKey.get(`${line.section.sessionId}|${key}`) : undefined,
    };
  }

  /** Applies one request's decisions (already all taken, so all or nothing) and answers its lines. */
  take(decisions: Decision[]): StoredLine[] {
    for (const d of decisions) {
      if (d.kind === 'repeat') continue;
      this.put(d.row);
      this.changes.push(d);
    }
    return decisions.map((d) => ({ row: d.row, created: d.kind === 'insert', corrected: d.kind === 'correct' }));
  }

  private put(row: Result): void {
    const key = boardKey(row.sectionId, row.boardNumber);
    const rows = (this.byBoard.get(key) ?? []).filter((r) => r.id !== row.id);
    this.byBoard.set(key, [...rows, row]);
    if (row.idempotencyKey) this.byKey.set(`${row.sessionId}|${row.idempotencyKey}`, row);
  }
}

const boardKey = (sectionId: string, board: number) => `${sectionId}:${board}`;

/** Same key as the director's tools take for one board: (hash of the section, board). Taken in key order. */
async function lockBoards(client: pg.PoolClient, lines: PreparedLine[]): Promise<void> {
  const boards = [...new Set(lines.map((l) => boardKey(l.section.id, l.boardNumber)))].map((k) => k.split(':'));
  await client.query(
    `SELECT count(pg_advisory_xact_lock(k1, k2)) FROM (
       SELECT DISTINCT hashtext(s) AS k1, b AS k2 FROM unnest($1::text[], $2::int[]) AS t(s, b) ORDER BY 1, 2 OFFSET 0
     ) AS ordered`,
    [boards.map((b) => b[0]), boards.map((b) => Number(b[1]))],
  );
}

/** The lines on the batch's boards, and any line holding one of its idempotency keys (two index scans; the keys' index is partial, hence the IS NOT NULL). */
async function existingRows(client: RowSource, lines: PreparedLine[]): Promise<Result[]> {
  const keyed = lines.filter((l) => l.input.idempotencyKey);
  const { rows } = await client.query<Result>(
    `SELECT * FROM "Result" WHERE ("sectionId", "boardNumber") IN (SELECT * FROM unnest($1::uuid[], $2::int[]))
     UNION ALL
     SELECT * FROM "Result" WHERE "idempotencyKey" IS NOT NULL AND ("sessionId", "idempotencyKey") IN (SELECT * FROM unnest($3::uuid[], $4::text[]))`,
    [lines.map((l) => l.section.id), lines.map((l) => l.boardNumber), keyed.map((l) => l.section.sessionId), keyed.map((l) => l.input.idempotencyKey)],
  );
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

const RESULT_COLUMNS = ['id', 'sessionId', 'sectionId', 'boardNumber', 'round', 'table', 'nsContestantId', 'ewContestantId', 'status', 'contract', 'declarer', 'tricks', 'lead', 'nsScore', 'boardForm', 'adjustment', 'movementIssue', 'idempotencyKey', 'version', 'createdAt', 'updatedAt'];
const AUDIT_COLUMNS = ['id', 'sessionId', 'action', 'entityId', 'actor', 'reason', 'law', 'before', 'after', 'createdAt'];
const list = (columns: string[], prefix = '') => columns.map((c) => `${prefix}"${c}"`).join(', ');
const CHANGED_COLUMNS = RESULT_COLUMNS.filter((c) => !['id', 'sessionId', 'sectionId', 'boardNumber', 'nsContestantId', 'ewContestantId', 'idempotencyKey', 'createdAt'].includes(c));

/** New lines, corrected lines and their audit entries, in one statement (one round trip). */
const WRITE = `
WITH inserted AS (
  INSERT INTO "Result" (${list(RESULT_COLUMNS)})
  SELECT ${list(RESULT_COLUMNS)} FROM json_populate_recordset(NULL::"Result", $1::json)
  RETURNING 1
), corrected AS (
  UPDATE "Result" AS r SET ${CHANGED_COLUMNS.map((c) => `"${c}" = x."${c}"`).join(', ')}
  FROM json_populate_recordset(NULL::"Result", $2::json) AS x
  WHERE r."id" = x."id"
  RETURNING 1
), audited AS (
  INSERT INTO "AuditEntry" (${list(AUDIT_COLUMNS)})
  SELECT ${list(AUDIT_COLUMNS)} FROM json_populate_recordset(NULL::"AuditEntry", $3::json)
  RETURNING 1
)
SELECT (SELECT count(*) FROM inserted) AS inserted, (SELECT count(*) FROM corrected) AS corrected, (SELECT count(*) FROM audited) AS audited`;

/**
 * New lines, corrected lines and their audit entries, in one statement (one round trip). All parts
 * of a statement see the same snapshot, so a line both inserted and corrected in this batch is
 * inserted in its final form, and a line corrected twice is updated once, to its last version.
 */
async function writeDecisions(client: pg.PoolClient, changes: Decision[]): Promise<void> {
  if (!changes.length) return;
  const inserts = new Map<string, Result>();
  const updates = new Map<string, Result>();
  for (const d of changes) {
    if (d.kind === 'insert') inserts.set(d.row.id, d.row);
    else if (d.kind === 'correct') (inserts.has(d.row.id) ? inserts : updates).set(d.row.id, d.row);
  }
  const audits: AuditRow[] = changes.flatMap((d) => (d.kind === 'repeat' ? [] : [d.audit]));
  await client.query(WRITE, [JSON.stringify([...inserts.values()]), JSON.stringify([...updates.values()]), JSON.stringify(audits)]);
}
