import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../bridge/errors.js';
import { parseBws } from '../bridge/formats/bws.js';
import { parseTravellersCsv } from '../bridge/formats/csv.js';
import type { FileFormat, ParseOutcome } from '../bridge/formats/interchange.js';
import { parsePbn } from '../bridge/formats/pbn.js';
import { parseUsebio } from '../bridge/formats/usebio.js';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import { DoubleDummyService } from '../double-dummy/double-dummy.service.js';
import { doubleDummyDifferences } from './double-dummy-report.js';
import { compareFigures, type ImportReport } from './figures-report.js';
import { planImport, type ImportPlan, type PlannedContestant, type PlannedResult } from './import-plan.js';

const PARSERS: Record<FileFormat, (input: Buffer) => ParseOutcome> = {
  PBN: parsePbn,
  USEBIO: parseUsebio,
  BWS: parseBws,
  CSV: parseTravellersCsv,
};

export interface ImportTarget {
  /** Add the file's sessions to this event (contestants matched by section, number and direction). */
  eventId?: string;
  /** The organisation a new event (and its players) belongs to: the importing key's. */
  organizationId?: string | null;
}

/**
 * Files in. A file is parsed (pure parsers in src/bridge/formats), planned (scores recomputed from
 * contracts and tricks), and written in one transaction: a file that cannot be read writes
 * nothing. The same file into the same place again answers the first import's event and report.
 * The report lists the lines that could not be accepted, and every figure of the file that
 * differs from Traveller's own (computed after the commit, as any reader would see them).
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly scored: ScoredEvents,
    private readonly doubleDummy: DoubleDummyService,
  ) {}

  async import(format: FileFormat, file: Buffer, target: ImportTarget = {}, actor = 'import'): Promise<ImportReport> {
    if (!file.length) throw new BadInputError(`The ${format} file is empty; send the file itself as the request body`, ['file']);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const outcome = this.parse(format, file);
    const plan = planImport(outcome.event);
    plan.rejected.unshift(...outcome.rejected);
    const stored = await this.prisma.$transaction(
      async (tx) => {
        // The same file imported twice at once: the second waits, then finds the first.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`import:${sha256}`}))`;
        const earlier = await tx.fileImport.findFirst({ where: { sha256, targetId: target.eventId ?? null } });
        if (earlier) return { earlier: true as const, report: earlier.report as unknown as ImportReport };
        const { eventId, contestantIds } = await this.write(tx, plan, target, actor);
        const report = baseReport(format, eventId, plan);
        const row = await tx.fileImport.create({ data: { format, sha256, targetId: target.eventId ?? null, eventId, report: report as unknown as Prisma.InputJsonValue } });
        return { earlier: false as const, report, importId: row.id, contestantIds };
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (stored.earlier) return { ...stored.report, alreadyImported: true };
    const report = { ...stored.report, ...compareFigures(await this.scored.ofEvent(stored.report.eventId), plan, stored.contestantIds) };
    report.warnings = [...report.warnings, ...(await this.checkDoubleDummy(outcome, report.eventId))];
    await this.prisma.fileImport.update({ where: { id: stored.importId }, data: { report: report as unknown as Prisma.InputJsonValue } });
    return report;
  }

  /**
   * A file's own double-dummy tables against ours: the boards that carry one are solved now (in the
   * solver's worker threads, so the service stays responsive) and every difference is reported.
   */
  private async checkDoubleDummy(outcome: ParseOutcome, eventId: string): Promise<string[]> {
    const given = outcome.event.sessions.flatMap((s) => s.boards.filter((b) => b.deal && b.doubleDummy).map((b) => ({ session: s.number, board: b })));
    if (!given.length) return [];
    const rows = await this.prisma.board.findMany({ where: { session: { eventId }, deal: { not: null } }, include: { session: true } });
    const notes: string[] = [];
    for (const { session, board } of given) {
      const row = rows.find((r) => r.number === board.number && r.deal === board.deal && (outcome.event.sessions.length === 1 || r.session.number === session));
      if (!row) continue;
      const ours = await this.doubleDummy.solveBoardNow({ id: row.id, deal: board.deal! });
      if (!ours) return ['The file’s double-dummy tables were not checked: the solver is turned off on this server'];
      notes.push(...doubleDummyDifferences(board.number, board.doubleDummy!, ours));
    }
    return notes;
  }

  private parse(format: FileFormat, file: Buffer): ParseOutcome {
    try {
      return PARSERS[format](file);
    } catch (error) {
      // Parsers promise FileFormatError only; anything else is still the file's fault, not ours.
      if (error instanceof DomainError) throw error;
      throw new BadInputError(`The ${format} file could not be read: ${(error as Error).message}`, ['file']);
    }
  }

  private async write(tx: PrismaTx, plan: ImportPlan, target: ImportTarget, actor: string): Promise<{ eventId: string; contestantIds: Map<string, string> }> {
    const { eventId, firstSession, existing } = await this.eventFor(tx, plan, target);
    const organizationId = (await tx.event.findUniqueOrThrow({ where: { id: eventId } })).organizationId;
    const contestants = await this.contestants(tx, eventId, organizationId, plan.contestants, existing);
    const sessions = plan.sessions.map((s, i) => ({ ...s, id: randomUUID(), number: firstSession + i }));
    await tx.session.createMany({ data: sessions.map((s) => ({ id: s.id, eventId, number: s.number, status: 'COMPLETED' as const })) });
    const sectionIds = new Map<string, string>();
    await tx.section.createMany({
      data: sessions.flatMap((s) =>
        s.sections.map((x) => {
          const id = randomUUID();
          sectionIds.set(`${s.id}|${x.letter}`, id);
          return { id, sessionId: s.id, letter: x.letter, tables: x.tables, boardNumbers: x.boardNumbers, movementKind: x.movement ? ('CUSTOM' as const) : null, movement: (x.movement ?? undefined) as Prisma.InputJsonValue | undefined };
        }),
      ),
    });
    await tx.board.createMany({ data: sessions.flatMap((s) => s.boards.map((b) => ({ sessionId: s.id, ...b }))) });
    const results = sessions.flatMap((s) => s.results.map((r) => resultRow(r, s.id, sectionIds.get(`${s.id}|${r.sectionLetter}`)!, contestants)));
    await tx.result.createMany({ data: results });
    await tx.auditEntry.createMany({
      data: results.map((r) => ({ sessionId: r.sessionId, action: 'RESULT_CREATED', entityId: r.id, actor, reason: `Imported from a ${plan.format} file`, after: { board: r.boardNumber, contract: r.contract, nsScore: r.nsScore } })),
    });
    return { eventId, contestantIds: contestants };
  }

  /** A new event, or the target event with the file's sessions numbered after its own. */
  private async eventFor(tx: PrismaTx, plan: ImportPlan, target: ImportTarget) {
    if (!target.eventId) {
      const event = await tx.event.create({
        data: {
          name: plan.name.slice(0, 200),
          kind: plan.kind,
          scoring: plan.scoring,
          status: 'COMPLETED',
          startsOn: plan.startsOn ? new Date(`${plan.startsOn}T00:00:00Z`) : null,
          organizationId: target.organizationId ?? null,
          scoringOptions: plan.matchpointScale === 'ONE_POINT' ? { matchpointScale: 'ONE_POINT' } : undefined,
          vpScale: plan.vpScale,
        },
      });
      return { eventId: event.id, firstSession: 1, existing: [] };
    }
    const event = await tx.event.findUnique({ where: { id: target.eventId }, include: { sessions: true, contestants: true } });
    if (!event) throw new NotFoundError('Event', target.eventId, 'eventId');
    if (event.kind !== plan.kind) throw new BadInputError(`The file holds a ${plan.kind.toLowerCase()} event; event ${event.name} is a ${event.kind.toLowerCase()} event`, ['eventId']);
    return { eventId: event.id, firstSession: Math.max(0, ...event.sessions.map((s) => s.number)) + 1, existing: event.contestants };
  }

  /** The file's contestants: those already entered (same section, number and direction) are reused. */
  private async contestants(tx: PrismaTx, eventId: string, organizationId: string | null, planned: PlannedContestant[], existing: { id: string; section: string | null; number: number; direction: string | null }[]) {
    const key = (c: { section: string | null; number: number; direction: string | null }) => `${c.section ?? ''}|${c.direction ?? ''}|${c.number}`;
    const known = new Map(existing.map((c) => [key(c), c.id]));
    const ids = new Map<string, string>();
    const fresh = planned.filter((c) => {
      const id = known.get(key(c));
      if (id) ids.set(c.id, id);
      return !id;
    });
    await tx.contestant.createMany({ data: fresh.map((c) => ({ id: c.id, eventId, section: c.section, number: c.number, direction: c.direction, name: c.name })) });
    for (const c of fresh) {
      ids.set(c.id, c.id);
      for (const [i, p] of c.players.entries()) {
        // A member number already known in the organisation is the same person (the federation's view of players).
        const player =
          (p.memberNumber && (await tx.player.findFirst({ where: { memberNumber: p.memberNumber, organizationId } }))) ||
          (await tx.player.create({ data: { name: p.name, memberNumber: p.memberNumber, organizationId } }));
        await tx.contestantPlayer.create({ data: { contestantId: c.id, playerId: player.id, position: i + 1 } });
      }
    }
    return ids;
  }
}

function resultRow(r: PlannedResult, sessionId: string, sectionId: string, contestants: Map<string, string>) {
  return {
    id: r.id,
    sessionId,
    sectionId,
    boardNumber: r.boardNumber,
    round: r.round,
    table: r.table,
    nsContestantId: contestants.get(r.ns.id)!,
    ewContestantId: contestants.get(r.ew.id)!,
    status: r.status,
    contract: r.contract,
    declarer: r.declarer,
    tricks: r.tricks,
    lead: r.lead,
    nsScore: r.nsScore,
    adjustment: (r.adjustment ?? undefined) as Prisma.InputJsonValue | undefined,
    movementIssue: r.movementIssue,
  };
}

function baseReport(format: FileFormat, eventId: string, plan: ImportPlan): ImportReport {
  return {
    eventId,
    format,
    alreadyImported: false,
    sessions: plan.sessions.length,
    boards: plan.sessions.reduce((n, s) => n + s.boards.length, 0),
    contestants: plan.contestants.length,
    lines: plan.sessions.reduce((n, s) => n + s.results.length, 0),
    rejected: plan.rejected,
    warnings: plan.warnings,
    differences: [],
    compared: { lines: 0, linesDiffering: 0, contestants: 0, contestantsDiffering: 0 },
  };
}
