import { Injectable } from '@nestjs/common';
import { boardInfo } from '../bridge/board.js';
import { normaliseDeal } from '../bridge/deal.js';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import { DoubleDummyService } from '../double-dummy/double-dummy.service.js';
import type { Board as BoardRow, Prisma } from '../generated/prisma/client.js';
import type { Vulnerability } from '../bridge/types.js';
import { audit } from '../results/audit.js';
import { lockBoardInSections } from '../results/board-locks.js';
import { resultSnapshot } from '../results/line-decision.js';
import { rescoredLine } from '../results/line-score.js';
import { changeAfterPublication } from '../results/publication.service.js';
import type { AddBoardsInput, BoardInput, UpdateBoardInput } from './dto/board.inputs.js';
import type { Board } from './models/board.model.js';

/** The board as clients see it: Law 2 dealer and vulnerability unless the board was marked otherwise. */
export function toBoard(row: BoardRow): Board {
  const law2 = boardInfo(row.number);
  return {
    id: row.id,
    sessionId: row.sessionId,
    number: row.number,
    dealer: row.dealerOverride ?? law2.dealer,
    vulnerability: row.vulnerabilityOverride ?? law2.vulnerability,
    overridden: row.dealerOverride !== null || row.vulnerabilityOverride !== null,
    deal: row.deal,
  };
}

/** An override equal to Law 2 is no override: store null so "overridden" stays meaningful. */
function overrides(input: { number: number; dealer?: string; vulnerability?: string }) {
  const law2 = boardInfo(input.number);
  return {
    dealerOverride: input.dealer && input.dealer !== law2.dealer ? (input.dealer as BoardRow['dealerOverride']) : null,
    vulnerabilityOverride:
      input.vulnerability && input.vulnerability !== law2.vulnerability
        ? (input.vulnerability as BoardRow['vulnerabilityOverride'])
        : null,
  };
}

@Injectable()
export class BoardsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly doubleDummy: DoubleDummyService,
  ) {}

  async ofSession(sessionId: string): Promise<Board[]> {
    const rows = await this.prisma.board.findMany({ where: { sessionId }, orderBy: { number: 'asc' } });
    return rows.map(toBoard);
  }

  async byNumber(sessionId: string, number: number): Promise<Board> {
    const row = await this.prisma.board.findUnique({ where: { sessionId_number: { sessionId, number } } });
    if (!row) throw new NotFoundError(`Board ${number} of session`, sessionId, 'number');
    return toBoard(row);
  }

  /** Adds boards to a session in one transaction; an existing board number is a conflict, never overwritten. */
  async add(input: AddBoardsInput): Promise<Board[]> {
    const numbers = input.boards.map((b) => b.number);
    const repeated = numbers.find((n, i) => numbers.indexOf(n) !== i);
    if (repeated !== undefined) throw new BadInputError(`Board ${repeated} is given twice`, ['boards']);
    const data = input.boards.map((b, i) => ({ sessionId: input.sessionId, ...boardData(b, `boards.${i}.deal`) }));
    const added = await this.prisma.$transaction(async (tx) => {
      await requireSession(tx, input.sessionId);
      const existing = await tx.board.findMany({ where: { sessionId: input.sessionId, number: { in: numbers } } });
      if (existing.length) {
        throw new ConflictError(
          `Board(s) ${existing.map((b) => b.number).join(', ')} already exist in this session; use updateBoard to change them`,
          ['boards'],
        );
      }
      await tx.board.createMany({ data });
      const rows = await tx.board.findMany({ where: { sessionId: input.sessionId, number: { in: numbers } }, orderBy: { number: 'asc' } });
      return rows.map(toBoard);
    });
    this.doubleDummy.kick(); // new deals are solved now, not at the next sweep
    return added;
  }

  async update(id: string, input: UpdateBoardInput): Promise<Board> {
    const row = await this.prisma.board.findUnique({ where: { id } });
    if (!row) throw new NotFoundError('Board', id, 'id');
    const deal = input.deal === undefined ? undefined : normaliseDeal(input.deal);
    const marking = input.clearOverride
      ? { dealerOverride: null, vulnerabilityOverride: null }
      : input.dealer || input.vulnerability
        ? overrides({
            number: row.number,
            dealer: input.dealer ?? row.dealerOverride ?? undefined,
            vulnerability: input.vulnerability ?? row.vulnerabilityOverride ?? undefined,
          })
        : {};
    const board = await this.prisma.$transaction(async (tx) => {
      const updated = toBoard(await tx.board.update({ where: { id }, data: { deal, ...marking } }));
      if (updated.vulnerability !== toBoard(row).vulnerability) await rescoreBoard(tx, row.sessionId, row.number, updated.vulnerability, input.override);
      return updated;
    });
    if (deal !== undefined) this.doubleDummy.kick();
    return board;
  }
}

/**
 * The lines already posted on a board whose marked vulnerability changed, scored again with it
 * (Law 77: the vulnerability is the board's; a score is never kept apart from its contract and
 * tricks). After the Law 79C correction period a change that moves a score needs an override.
 */
async function rescoreBoard(tx: PrismaTx, sessionId: string, number: number, vulnerability: Vulnerability, override: boolean | undefined): Promise<void> {
  // The same board lock as posts and corrections take (in one order), so no line is scored with the old marking meanwhile.
  await lockBoardInSections(tx, (await tx.section.findMany({ where: { sessionId }, select: { id: true } })).map((x) => x.id), number);
  const lines = await tx.result.findMany({ where: { sessionId, boardNumber: number } });
  const changes = lines.flatMap((line) => {
    const scores = rescoredLine(line, vulnerability);
    return scores ? [{ line, scores }] : [];
  });
  if (!changes.length) return;
  const late = changeAfterPublication(await requireSession(tx, sessionId), override);
  for (const { line, scores } of changes) {
    const adjustment = scores.adjustment === line.adjustment ? undefined : (scores.adjustment as Prisma.InputJsonValue);
    const saved = await tx.result.update({ where: { id: line.id }, data: { nsScore: scores.nsScore, adjustment, version: line.version + 1 } });
    await audit(tx, {
      sessionId,
      action: 'RESULT_CORRECTED',
      entityId: line.id,
      reason: `Board ${number} marked ${vulnerability} vulnerable`,
      law: late ?? '77',
      before: resultSnapshot(line),
      after: resultSnapshot(saved),
    });
  }
}

function boardData(b: BoardInput, dealField: string) {
  let deal: string | null = null;
  if (b.deal !== undefined) {
    try {
      deal = normaliseDeal(b.deal);
    } catch (error) {
      throw new BadInputError(`Board ${b.number}: ${(error as Error).message}`, [dealField]);
    }
  }
  return { number: b.number, deal, ...overrides(b) };
}

export async function requireSession(tx: PrismaTx, sessionId: string) {
  const session = await tx.session.findUnique({ where: { id: sessionId } });
  if (!session) throw new NotFoundError('Session', sessionId, 'sessionId');
  return session;
}

/** Creates the boards of `numbers` a session does not have yet (sections share the session's boards). */
export async function ensureBoards(tx: PrismaTx, sessionId: string, numbers: number[]): Promise<void> {
  if (!numbers.length) return;
  await tx.board.createMany({
    data: numbers.map((number) => ({ sessionId, number })),
    skipDuplicates: true,
  });
}
