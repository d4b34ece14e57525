import { Injectable } from '@nestjs/common';
import { generateMovement, movementBoards, validateLine, type Movement } from '../bridge/movements/index.js';
import { missingLines } from '../bridge/movements/missing-lines.js';
import { DomainError } from '../bridge/errors.js';
import { ensureBoards, requireSession } from '../boards/boards.service.js';
import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import { changedSettings, checkSettingsChange, rescoredSessions } from '../results/settings-change.js';
import { LiveEvents } from '../live/live-events.service.js';
import type { Prisma, Section as SectionRow } from '../generated/prisma/client.js';
import type { CreateSectionInput, UpdateSectionInput } from './dto/section.inputs.js';
import { finishSection, handOver, sectionHost } from './hosting.js';
import type { MovementInput } from './dto/movement.input.js';
import type { ExpectedLine, GuideCardRound, MovementModel } from './models/movement.model.js';
import type { Section } from './models/section.model.js';

const toSection = (row: SectionRow): Section => ({
  id: row.id,
  sessionId: row.sessionId,
  letter: row.letter,
  tables: row.tables,
  boards: row.boardNumbers,
  movementKind: row.movementKind,
  organizationId: row.organizationId,
  finishedAt: row.finishedAt,
});

const sorted = (numbers: number[] = []) => [...numbers].sort((a, b) => a - b);

/** The core's movement for a director's input; its errors name the movement field at fault. */
function buildMovement(input: MovementInput): Movement {
  // A club decides how many boards a round plays; a default would silently set the night's length.
  if (input.kind !== 'CUSTOM' && input.boardsPerRound === undefined) {
    throw new BadInputError('Say how many boards each round plays: movement.boardsPerRound (a 7-table Mitchell of 3 a round plays 21 boards)', ['movement.boardsPerRound']);
  }
  try {
    return generateMovement(input);
  } catch (error) {
    if (error instanceof DomainError) throw new BadInputError(error.message, [`movement.${error.field ?? 'kind'}`]);
    throw error;
  }
}

export function storedMovement(row: Pick<SectionRow, 'movement'>): Movement | null {
  return (row.movement as Movement | null) ?? null;
}

@Injectable()
export class SectionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LiveEvents,
  ) {}

  async get(id: string): Promise<Section> {
    return toSection(await this.row(id));
  }

  async ofSession(sessionId: string): Promise<Section[]> {
    const rows = await this.prisma.section.findMany({ where: { sessionId }, orderBy: { letter: 'asc' } });
    return rows.map(toSection);
  }

  /** The section, its movement and the session boards it needs, together or not at all. */
  create(input: CreateSectionInput): Promise<Section> {
    const movement = input.movement ? buildMovement(input.movement) : null;
    const tables = movement?.tables ?? input.tables;
    if (!tables) throw new BadInputError('Give the number of tables, or a movement', ['tables']);
    const boardNumbers = input.boards ? sorted(input.boards) : movement ? movementBoards(movement) : [];
    return this.prisma.$transaction(async (tx) => {
      await requireSession(tx, input.sessionId);
      const taken = await tx.section.findUnique({ where: { sessionId_letter: { sessionId: input.sessionId, letter: input.letter } } });
      if (taken) throw new ConflictError(`Section ${input.letter} already exists in this session`, ['letter']);
      const organizationId = await sectionHost(tx, { sessionId: input.sessionId, letter: input.letter }, input.organizationId);
      const row = await tx.section.create({
        data: {
          sessionId: input.sessionId,
          letter: input.letter,
          organizationId,
          tables,
          boardNumbers,
          movementKind: movement?.kind,
          movement: movement ? (movement as unknown as Prisma.InputJsonValue) : undefined,
        },
      });
      await ensureBoards(tx, input.sessionId, boardNumbers);
      return toSection(row);
    });
  }

  /**
   * A new movement, board list or host changes what the section's results score (Neuberg's N, one
   * field or two, the club lists), so after the correction period it needs the override; the table
   * count and finishing play do not. All in one transaction; subscribers hear of the new rankings
   * once it commits.
   */
  async update(id: string, input: UpdateSectionInput, actor?: string): Promise<Section> {
    const movement = input.movement ? buildMovement(input.movement) : null;
    const { section, rescored } = await this.prisma.$transaction(async (tx) => {
      const row = await tx.section.findUnique({ where: { id } });
      if (!row) throw new NotFoundError('Section', id, 'id');
      if (movement) await refuseConflictingResults(tx, row.id, movement);
      const boardNumbers = input.boards ? sorted(input.boards) : movement ? movementBoards(movement) : undefined;
      const host = input.organizationId !== undefined ? await handOver(tx, row, input.organizationId) : row.organizationId;
      const rescored = await checkLateChange(tx, row, { movement, boardNumbers, host }, input.override, actor);
      if (input.finished !== undefined) await finishSection(tx, id, input.finished);
      const updated = await tx.section.update({
        where: { id },
        data: {
          tables: movement?.tables ?? input.tables,
          boardNumbers,
          movementKind: movement?.kind,
          movement: movement ? (movement as unknown as Prisma.InputJsonValue) : undefined,
        },
      });
      await ensureBoards(tx, row.sessionId, boardNumbers ?? []);
      return { section: toSection(updated), rescored };
    });
    await this.live.rankingsRescored(rescored);
    return section;
  }

  /** DOMAIN §6.6 (8): the movement's lines not yet stored (a line marked not played or adjusted is stored); null without a pairs or teams movement. */
  async missingLines(sectionId: string, round?: number): Promise<ExpectedLine[] | null> {
    const movement = storedMovement(await this.row(sectionId));
    if (!movement) return null;
    const stored = await this.prisma.result.findMany({ where: { sectionId }, select: { boardNumber: true, nsContestant: { select: { number: true } }, ewContestant: { select: { number: true } } } });
    return missingLines(movement, stored.map((l) => ({ board: l.boardNumber, ns: l.nsContestant.number, ew: l.ewContestant.number })), round);
  }

  async movement(sectionId: string): Promise<MovementModel | null> {
    const movement = storedMovement(await this.row(sectionId));
    if (!movement) return null;
    const rounds = [...new Set(movement.rows.map((r) => r.round))].sort((a, b) => a - b);
    return {
      kind: movement.kind,
      tables: movement.tables,
      boardsPerRound: movement.boardsPerRound,
      numbering: movement.numbering,
      rounds: rounds.map((number) => ({
        number,
        tables: movement.rows
          .filter((r) => r.round === number)
          .sort((a, b) => a.table - b.table)
          .map((r) => ({ ...r, arrowSwitch: !!r.arrowSwitch, sitOut: !!r.sitOut, relay: !!r.relay })),
      })),
    };
  }

  /** A contestant's guide card: for each round, table, direction, opponents and boards. */
  async guideCard(sectionId: string, number: number, home: 'NS' | 'EW' | null): Promise<GuideCardRound[]> {
    const movement = storedMovement(await this.row(sectionId));
    if (!movement) throw new NotFoundError('Movement of section', sectionId, 'sectionId');
    const rounds = [...new Set(movement.rows.map((r) => r.round))].sort((a, b) => a - b);
    return rounds.map((round) => {
      const row = movement.rows.find(
        (r) => r.round === round && ((r.ns === number && (movement.numbering === 'ONE_FIELD' || home !== 'EW')) || (r.ew === number && (movement.numbering === 'ONE_FIELD' || home !== 'NS'))),
      );
      if (!row) return { round, table: null, direction: null, opponent: null, boards: [], sitOut: true };
      const listedNs = row.ns === number && (movement.numbering === 'ONE_FIELD' || home !== 'EW');
      const sitsNs = listedNs !== !!row.arrowSwitch;
      return {
        round,
        table: row.table,
        direction: sitsNs ? ('NS' as const) : ('EW' as const),
        opponent: listedNs ? row.ew : row.ns,
        boards: row.sitOut ? [] : row.boards,
        sitOut: !!row.sitOut,
      };
    });
  }

  /** A table's card: for each round, the pairs listed NS and EW and the boards. */
  async tableCard(sectionId: string, table: number) {
    const movement = storedMovement(await this.row(sectionId));
    if (!movement) throw new NotFoundError('Movement of section', sectionId, 'sectionId');
    const rows = movement.rows.filter((r) => r.table === table).sort((a, b) => a.round - b.round);
    if (!rows.length) throw new NotFoundError(`Table ${table} of section`, sectionId, 'table');
    return rows.map((r) => ({ round: r.round, ns: r.ns, ew: r.ew, boards: r.boards, arrowSwitch: !!r.arrowSwitch, sitOut: !!r.sitOut }));
  }

  private async row(id: string): Promise<SectionRow> {
    const row = await this.prisma.section.findUnique({ where: { id } });
    if (!row) throw new NotFoundError('Section', id, 'id');
    return row;
  }
}

/**
 * Law 79C2 for the section's settings that score: its movement and boards (its session's results),
 * and its host (the club lists of every session in which the letter plays). Answers the sessions it rescores.
 */
async function checkLateChange(tx: PrismaTx, row: SectionRow, next: { movement: Movement | null; boardNumbers?: number[]; host: string | null }, override: boolean | undefined, actor?: string): Promise<string[]> {
  const before = { movement: row.movement, boards: row.boardNumbers, host: row.organizationId };
  const after = { movement: next.movement ? plainJson(next.movement) : row.movement, boards: next.boardNumbers ?? row.boardNumbers, host: next.host };
  const changed = changedSettings(before, after);
  const sessions = 'host' in changed.after ? { sections: { some: { letter: row.letter } }, event: { sessions: { some: { id: row.sessionId } } } } : { id: row.sessionId };
  await checkSettingsChange(tx, sessions, { action: 'SECTION_CHANGED', subject: `section ${row.letter}`, entityId: row.id, ...changed, override, actor });
  return rescoredSessions(tx, sessions, changed);
}

/** A value as it reads back from a JSON column (undefined fields dropped). */
const plainJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A new movement may replace the old one only if every stored line fits it. */
async function refuseConflictingResults(tx: Prisma.TransactionClient, sectionId: string, movement: Movement): Promise<void> {
  const results = await tx.result.findMany({ where: { sectionId }, include: { nsContestant: true, ewContestant: true } });
  const misfits = results.filter(
    (r) => !validateLine(movement, { round: r.round ?? undefined, table: r.table ?? undefined, board: r.boardNumber, ns: r.nsContestant.number, ew: r.ewContestant.number }).fits,
  );
  if (misfits.length) {
    const examples = misfits.slice(0, 3).map((r) => `board ${r.boardNumber} NS ${r.nsContestant.number} v EW ${r.ewContestant.number}`);
    throw new ConflictError(
      `${misfits.length} stored result(s) do not fit the new movement (${examples.join('; ')}); correct them first`,
      ['movement'],
    );
  }
}
