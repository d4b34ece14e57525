import { Injectable } from '@nestjs/common';
import { ensureBoards, requireSession } from '../boards/boards.service.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Section as SectionRow } from '../generated/prisma/client.js';
import type { CreateSectionInput, UpdateSectionInput } from './dto/section.inputs.js';
import type { Section } from './models/section.model.js';

const toSection = (row: SectionRow): Section => ({
  id: row.id,
  sessionId: row.sessionId,
  letter: row.letter,
  tables: row.tables,
  boards: row.boardNumbers,
});

const sorted = (numbers: number[] = []) => [...numbers].sort((a, b) => a - b);

@Injectable()
export class SectionsService {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: string): Promise<Section> {
    const row = await this.prisma.section.findUnique({ where: { id } });
    if (!row) throw new NotFoundError('Section', id, 'id');
    return toSection(row);
  }

  async ofSession(sessionId: string): Promise<Section[]> {
    const rows = await this.prisma.section.findMany({ where: { sessionId }, orderBy: { letter: 'asc' } });
    return rows.map(toSection);
  }

  /** The section and the session boards it needs, together or not at all. */
  create(input: CreateSectionInput): Promise<Section> {
    const boardNumbers = sorted(input.boards);
    return this.prisma.$transaction(async (tx) => {
      await requireSession(tx, input.sessionId);
      const taken = await tx.section.findUnique({ where: { sessionId_letter: { sessionId: input.sessionId, letter: input.letter } } });
      if (taken) throw new ConflictError(`Section ${input.letter} already exists in this session`, ['letter']);
      const row = await tx.section.create({
        data: { sessionId: input.sessionId, letter: input.letter, tables: input.tables, boardNumbers },
      });
      await ensureBoards(tx, input.sessionId, boardNumbers);
      return toSection(row);
    });
  }

  update(id: string, input: UpdateSectionInput): Promise<Section> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.section.findUnique({ where: { id } });
      if (!row) throw new NotFoundError('Section', id, 'id');
      const boardNumbers = input.boards ? sorted(input.boards) : undefined;
      const updated = await tx.section.update({ where: { id }, data: { tables: input.tables, boardNumbers } });
      await ensureBoards(tx, row.sessionId, boardNumbers ?? []);
      return toSection(updated);
    });
  }
}
