import DataLoader from 'dataloader';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { analysisOf, tableOfCounts, type DoubleDummyAnalysis } from '../bridge/double-dummy/analysis.js';
import { normaliseDeal } from '../bridge/deal.js';
import { groupBy } from '../bridge/grouping.js';
import type { Seat, Vulnerability } from '../bridge/types.js';
import { BadInputError } from '../common/errors.js';
import { PgPool } from '../database/pg-pool.service.js';
import { PrismaService } from '../database/prisma.service.js';
import { SolverPool } from './solver-pool.js';
import { noteExpiry } from '../common/read-tracking.js';

/** How often boards written by any path (imports, the demo, SQL) are looked for. */
const SWEEP_MS = 5_000;
const BATCH = 8;

/**
 * A cached answer that lacks a table still being solved is looked at again this soon: storing a
 * table bumps no event revision (by design), so nothing else would tell the caches it changed.
 */
const UNSOLVED_RECHECK_MS = SWEEP_MS;
const recheckSoon = () => noteExpiry(new Date(Date.now() + UNSOLVED_RECHECK_MS));

/**
 * Double-dummy tables for boards, solved in worker threads in the background and stored in
 * BoardDoubleDummy with the deal they belong to: a board whose deal changed is solved again, one
 * whose deal did not never is. Reads only read the stored table; par is worked out on reading,
 * from the board's vulnerability and dealer. `TRAVELLER_SOLVER_THREADS` sets the threads
 * (default: the cores but one, at least one); 0 turns the solver off.
 */
interface StoredTable {
  deal: string;
  tricks: number[];
}

interface BoardAt {
  sessionId: string;
  number: number;
}

const boardAtKey = (b: BoardAt) => `${b.sessionId}/${b.number}`;

@Injectable()
export class DoubleDummyService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DoubleDummy');
  private pool: SolverPool | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** A board's deal being solved, shared by the sweep and an import that asks for the same one. */
  private readonly solving = new Map<string, Promise<number[]>>();
  /**
   * Stored tables by board id and by session and board number: a list of boards or travellers
   * asks for each one's table in the same tick, and one query answers them all. Nothing is kept
   * between ticks (a table stored meanwhile is read next time); each caller notes its own expiry.
   */
  private readonly byBoard = new DataLoader<string, StoredTable | null>((ids) => this.storedByBoard(ids), { cache: false });
  private readonly byNumber = new DataLoader<BoardAt, StoredTable | null, string>((at) => this.storedByNumber(at), { cache: false, cacheKeyFn: boardAtKey });

  constructor(
    private readonly prisma: PrismaService,
    private readonly pg: PgPool,
  ) {}

  onApplicationBootstrap(): void {
    const configured = process.env.TRAVELLER_SOLVER_THREADS;
    const threads = configured === undefined || configured === '' ? Math.max(1, availableParallelism() - 1) : Number(configured);
    if (!Number.isInteger(threads) || threads <= 0) return;
    this.pool = new SolverPool(threads);
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    // The pool first: a sweep in flight then ends at once instead of finishing its deals.
    await this.pool?.close();
    await this.sweeping?.catch(() => undefined);
  }

  /** Solves a deal for the calculator query, in a worker thread. */
  async analyse(deal: string, vulnerability: Vulnerability, dealer: Seat): Promise<DoubleDummyAnalysis> {
    let normal: string;
    try {
      normal = normaliseDeal(deal);
    } catch (error) {
      throw new BadInputError((error as Error).message, ['deal']);
    }
    if (!this.pool) throw new BadInputError('The double-dummy solver is turned off on this server (TRAVELLER_SOLVER_THREADS=0)', ['deal']);
    const { tricks } = await this.pool.solve(normal);
    return analysisOf(tableOfCounts(tricks), vulnerability, dealer);
  }

  /** The stored analysis of a board's current deal, or null (no deal, or not solved yet). */
  async ofBoard(boardId: string, deal: string | null, vulnerability: Vulnerability, dealer: Seat): Promise<DoubleDummyAnalysis | null> {
    if (!deal) return null;
    const row = await this.byBoard.load(boardId);
    if (!row || row.deal !== deal) {
      if (this.pool) recheckSoon();
      return null;
    }
    return analysisOf(tableOfCounts(row.tricks), vulnerability, dealer);
  }

  /**
   * The stored analyses of a session's boards whose deal is the one given (the deal a reader may
   * see: a hidden traveller passes none), by board number.
   */
  async ofSessionDeals(sessionId: string, boards: { number: number; deal: string | null; vulnerability: Vulnerability; dealer: Seat }[]): Promise<Map<number, DoubleDummyAnalysis>> {
    const shown = boards.filter((b) => b.deal);
    const rows = await Promise.all(shown.map((b) => this.byNumber.load({ sessionId, number: b.number })));
    const out = new Map<number, DoubleDummyAnalysis>();
    shown.forEach((b, i) => {
      const row = rows[i];
      if (row && row.deal === b.deal) out.set(b.number, analysisOf(tableOfCounts(row.tricks), b.vulnerability, b.dealer));
    });
    if (out.size < shown.length && this.pool) recheckSoon();
    return out;
  }

  private async storedByBoard(ids: readonly string[]): Promise<(StoredTable | null)[]> {
    const rows = await this.prisma.boardDoubleDummy.findMany({ where: { boardId: { in: [...ids] } }, select: { boardId: true, deal: true, tricks: true } });
    const byId = new Map(rows.map((r) => [r.boardId, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  private async storedByNumber(wanted: readonly BoardAt[]): Promise<(StoredTable | null)[]> {
    const sessions = groupBy(wanted, (w) => w.sessionId);
    const rows = await this.prisma.boardDoubleDummy.findMany({
      where: { board: { OR: [...sessions].map(([sessionId, ws]) => ({ sessionId, number: { in: ws.map((w) => w.number) } })) } },
      select: { deal: true, tricks: true, board: { select: { sessionId: true, number: true } } },
    });
    const found = new Map(rows.map((r) => [boardAtKey(r.board), r]));
    return wanted.map((w) => found.get(boardAtKey(w)) ?? null);
  }

  async progress(sessionId: string): Promise<{ deals: number; solved: number }> {
    const { rows } = await this.pg.query<{ deals: number; solved: number }>(
      `SELECT count(*)::int AS deals, count(d."boardId")::int AS solved
       FROM "Board" b LEFT JOIN "BoardDoubleDummy" d ON d."boardId" = b.id AND d.deal = b.deal
       WHERE b."sessionId" = $1 AND b.deal IS NOT NULL`,
      [sessionId],
    );
    if (rows[0].solved < rows[0].deals && this.pool) recheckSoon();
    return rows[0];
  }

  /** Looks for boards to solve now (after a write, or on the timer); one sweep at a time. */
  kick(): void {
    if (!this.pool || this.closed) return;
    if (this.sweeping) {
      this.again = true;
      return;
    }
    this.sweeping = this.sweep()
      .catch((error: Error) => {
        if (!this.closed) this.logger.error(`Solving deals failed: ${error.message}`);
      })
      .finally(() => {
        this.sweeping = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async sweep(): Promise<void> {
    const pool = this.pool!;
    for (;;) {
      if (this.closed) return;
      const { rows: boards } = await this.pg.query<{ id: string; deal: string }>(
        `SELECT b.id, b.deal FROM "Board" b LEFT JOIN "BoardDoubleDummy" d ON d."boardId" = b.id
         WHERE b.deal IS NOT NULL AND (d."boardId" IS NULL OR d.deal <> b.deal)
         ORDER BY b."createdAt", b.number LIMIT $1`,
        [BATCH * pool.size],
      );
      if (!boards.length) return;
      await Promise.all(boards.map((board) => this.solveBoard(pool, board)));
    }
  }

  /**
   * Solves a board now (in a worker thread) and stores the table; answers the 20 counts, or null
   * when the solver is off. For imports, which compare a file's own table with ours.
   */
  async solveBoardNow(board: { id: string; deal: string }): Promise<number[] | null> {
    if (!this.pool) return null;
    return this.solveBoard(this.pool, board);
  }

  private solveBoard(pool: SolverPool, board: { id: string; deal: string }): Promise<number[]> {
    const key = `${board.id}|${board.deal}`;
    let solved = this.solving.get(key);
    if (!solved) {
      solved = this.solveAndStore(pool, board).finally(() => this.solving.delete(key));
      this.solving.set(key, solved);
    }
    return solved;
  }

  private async solveAndStore(pool: SolverPool, board: { id: string; deal: string }): Promise<number[]> {
    const { tricks, ms } = await pool.solve(board.deal);
    if (this.closed) return tricks;
    // Stored only if the board still has this deal (a change meanwhile is solved next sweep).
    await this.pg.query(
      `INSERT INTO "BoardDoubleDummy" ("boardId", deal, tricks, "solveMs")
       SELECT b.id, b.deal, $3::int[], $4 FROM "Board" b WHERE b.id = $1 AND b.deal = $2
       ON CONFLICT ("boardId") DO UPDATE SET deal = EXCLUDED.deal, tricks = EXCLUDED.tricks, "solveMs" = EXCLUDED."solveMs", "solvedAt" = now()`,
      [board.id, board.deal, tricks, ms],
    );
    return tricks;
  }
}
