import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { DomainError } from '../bridge/errors.js';
import type { FileFormat } from '../bridge/formats/interchange.js';
import { AppError, BadInputError, NotFoundError } from '../common/errors.js';
import { bulkInsert } from '../database/bulk-insert.js';
import { loadCheckedOnce, type LoadedRows } from '../database/bulk-load.js';
import { copyInto } from '../database/copy-rows.js';
import { orderedUuid } from '../database/ordered-uuid.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { ScoredEvent } from '../rankings/event-scoring.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import { LinesBySession, type WrittenResults } from '../rankings/event-data.js';
import { DoubleDummyService } from '../double-dummy/double-dummy.service.js';
import { SessionContexts } from '../results/session-contexts.service.js';
import { doubleDummyDifferences } from './double-dummy-report.js';
import { compareFigures, type ImportReport } from './figures-report.js';
import { readFailure, type DoubleDummyGiven, type ReadFailure } from './file-reading.js';
import { contestantKeys, type ContestantKeys, type ImportOutline, type ImportPlan, type PlannedContestant } from './import-plan.js';
import type { StoredRules } from '../bridge/scoring/index.js';
import { contestantRows, type ContestantRows, type ContestantTarget } from './contestant-rows.js';
import type { WrittenContestants } from '../rankings/event-data.js';
import { keepReaderReady, readerReadySetting, readHere, readInWorker, UnreadableFile, type ImportReading } from './import-reading.js';
import { RESULT_COLUMN_NAMES, sectionKey } from './result-rows.js';
import { hostImportedSections } from '../sections/hosting.js';
import { applyReimport, fileIdentity, findReimportTarget, importPlace } from './reimport.js';
import { DryRun, type ImportOptions } from './import-options.js';
import { refuseIfNothingImported } from './nothing-imported.js';

/** Files from this size up are read in a worker thread (TRAVELLER_IMPORT_WORKER_BYTES; 0: always). */
const workerBytes = () => Number(process.env.TRAVELLER_IMPORT_WORKER_BYTES ?? 1 << 20);

export interface ImportTarget {
  /** Add the file's sessions to this event (contestants matched by section, number and direction). */
  eventId?: string;
  /** The organisation a new event (and its players) belongs to: the importing key's. */
  organizationId?: string | null;
  /** Simultaneous events: the club hosting each of the file's section letters (see sections/hosting.ts). */
  hosts?: Record<string, string>;
}

/**
 * Files in. A file is parsed (pure parsers in src/bridge/formats), planned (scores recomputed from
 * contracts and tricks), and written in one transaction: a file that cannot be read writes
 * nothing. The same file into the same place again answers the first import's event and report.
 * The report lists the lines that could not be accepted, and every figure of the file that
 * differs from Traveller's own (computed after the commit, as any reader would see them).
 */
@Injectable()
export class ImportService implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly prisma: PrismaService,
    private readonly scored: ScoredEvents,
    private readonly metrics: MetricsService,
    private readonly doubleDummy: DoubleDummyService,
    private readonly contexts: SessionContexts,
  ) {}

  private stopping = false;

  /**
   * The service is stopping (SIGTERM): a large import under way (one read in a worker thread) gives
   * up at its next batch and rolls back whole, so shutdown does not wait minutes for a national
   * file or cut it off at the grace period; a club's file, which takes a moment, still lands.
   */
  stop(): void {
    this.stopping = true;
    void keepReaderReady(false);
  }

  /** Large files find their reading thread started (see import-reading.ts; TRAVELLER_IMPORT_READER_READY=0 starts one a file). */
  onApplicationBootstrap(): void {
    void keepReaderReady(readerReadySetting());
  }

  async onApplicationShutdown(): Promise<void> {
    await keepReaderReady(false);
  }

  private goOn = (): void => {
    if (this.stopping) throw new AppError('SERVICE_UNAVAILABLE', 'The service is stopping: the import was not written (nothing of it was kept); send the file again in a moment');
  };

  async import(format: FileFormat, file: Buffer, target: ImportTarget = {}, actor = 'import', options: ImportOptions = {}): Promise<ImportReport> {
    try {
      const report = await this.importFile(format, file, target, actor, options);
      this.metrics.imported(format, report.alreadyImported ? 'repeated' : 'imported');
      return report;
    } catch (error) {
      this.metrics.imported(format, 'refused');
      throw error;
    }
  }

  private async importFile(format: FileFormat, file: Buffer, target: ImportTarget, actor: string, options: ImportOptions): Promise<ImportReport> {
    if (!file.length) throw new BadInputError(`The ${format} file is empty; send the file itself as the request body`, ['file']);
    const stored = await this.store(format, file, target, actor, options);
    if ('rehearsal' in stored) return { ...stored.rehearsal, warnings: [...stored.rehearsal.warnings, 'A dry run: nothing was written, and the file’s figures were not compared'] };
    if (stored.earlier) return { ...stored.report, alreadyImported: true, dryRun: !!options.dryRun };
    const scoring = this.scoreImported(stored);
    // The answer waits for the scoring only to compare the file's own figures with it; a file with
    // none (a national field's, as most) is answered once committed, and its scoring goes on: the
    // first read of a ranking waits for it (ScoredEvents), a retry finds the file imported.
    if (!stored.figures) scoring.catch(() => {}); // a read that needs the scoring scores the event again, and says why if it fails
    const report = { ...stored.report, ...(stored.figures ? compareFigures(await scoring, stored.figures.plan, stored.figures.contestantIds) : NOTHING_COMPARED) };
    report.warnings = [...report.warnings, ...(await this.checkDoubleDummy(stored.doubleDummy, report.eventId))];
    await this.prisma.fileImport.update({ where: { id: stored.importId }, data: { report: report as unknown as Prisma.InputJsonValue } });
    return report;
  }

  /**
   * An imported event scored into the cache. A new file's is scored while its transaction ends
   * (ScoredEvents.scoreWithin): its rows also make the sessions' validation contexts, so the first
   * post or correction after a national import does not wait for 20,000 contestants to be read.
   * Otherwise (a re-import, or that scoring failed) the event is scored and the contexts read, side
   * by side.
   */
  private async scoreImported(stored: Extract<Stored, { earlier: false }>): Promise<ScoredEvent> {
    // Handed to the cache at once, so a read that comes meanwhile waits for this scoring rather than making its own.
    const scored = this.scored.ofEvent(stored.report.eventId, stored.written);
    scored.catch(() => {}); // answered below, unless the contexts' read fails first
    const ahead = await stored.written?.scored;
    if (ahead) this.contexts.prime(ahead.data);
    else await Promise.all((stored.written?.sessionIds ?? []).map((id) => this.contexts.get(id)));
    return scored;
  }

  /** The file parsed, planned and written in one transaction; what the report needs afterwards, and no more. */
  private async store(format: FileFormat, file: Buffer, target: ImportTarget, actor: string, options: ImportOptions): Promise<Stored> {
    const goOn = file.length >= workerBytes() ? this.goOn : () => {};
    goOn();
    const reading = await this.read(format, file);
    try {
      goOn();
      const { outline, sha256 } = reading;
      // A re-import's plan, as applyReimport left it (its lines carry the stored ids they matched):
      // the figures are compared against that one, not a fresh copy from the reading worker.
      let reimported: ImportPlan | null = null;
      // A new file's lines as written, handed to the scoring cache after the commit (not read back).
      const written = new LinesBySession();
      const stored = await DryRun.catch(this.prisma.$transaction(
        async (tx) => {
          // The same file imported twice at once: the second waits, then finds the first.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`import:${sha256}`}))`;
          const earlier = await tx.fileImport.findFirst({ where: { sha256, targetId: importPlace(target) } });
          if (earlier) return { earlier: true as const, report: earlier.report as unknown as ImportReport };
          // A corrected file of an event already there corrects it (reimport.ts); any other file is new.
          const again = await findReimportTarget(tx, outline, target);
          const { eventId, contestantIds, sessionIds, summary, ahead } = again
            ? { ...(await applyReimport(tx, (reimported = await reading.wholePlan()), again, { actor, reason: `Re-import of ${options.fileName ?? `a ${format} file`}`, override: !!options.override, contestants: (...a) => this.contestants(tx, ...a) })), ahead: null }
            : { ...(await this.write(tx, reading, target, { actor, sha256, fileName: options.fileName ?? null }, goOn, written, !options.dryRun)), summary: null };
          const planned = await reading.planned();
          // A re-import's own refusals (a line whose pair already has another result) join the file's.
          const rejected = reimported?.rejected ?? planned.rejected;
          const report: ImportReport = { ...baseReport(format, eventId, outline, rejected, sum(planned.lineCounts)), dryRun: !!options.dryRun, reimport: summary };
          // A re-import that adds nothing is not refused: the event is there already.
          if (!again) refuseIfNothingImported(format, { lines: report.lines, rejected: report.rejected, dealsTaken: bringsDeals(outline) });
          // A dry run answers what would be done and rolls everything back.
          if (options.dryRun) throw new DryRun(report);
          goOn();
          const row = await tx.fileImport.create({ data: { format, sha256, targetId: importPlace(target), eventId, identity: fileIdentity(outline), sessionIds, report: report as unknown as Prisma.InputJsonValue } });
          // The event's revision as this transaction leaves it (`settle` reads its row again): the
          // written lines are the stored ones while it lasts. A re-import hands nothing over.
          const revision = await ahead?.settle();
          const writtenResults: WrittenResults | undefined = ahead && revision !== undefined ? { revision, sessionIds, results: written, scored: ahead.scored } : undefined;
          return { earlier: false as const, report, importId: row.id, contestantIds, figures: planned.figures, written: writtenResults };
        },
        // A national field's file takes minutes on a small machine: the time allowed grows with the file.
        { timeout: 60_000 + 2 * reading.fileLines, maxWait: 30_000 },
      ));
      if (stored instanceof DryRun) return { rehearsal: stored.report };
      if (stored.earlier) return { earlier: true, report: stored.report };
      const figures = stored.figures ? { plan: reimported ?? (await reading.wholePlan()), contestantIds: stored.contestantIds } : null;
      return { earlier: false, report: stored.report, importId: stored.importId, figures, doubleDummy: reading.doubleDummy, written: stored.written };
    } finally {
      reading.close();
    }
  }

  /**
   * A file's own double-dummy tables against ours: the boards that carry one are solved now (in the
   * solver's worker threads, so the service stays responsive) and every difference is reported.
   */
  private async checkDoubleDummy({ given, sessions }: DoubleDummyGiven, eventId: string): Promise<string[]> {
    if (!given.length) return [];
    const rows = await this.prisma.board.findMany({ where: { session: { eventId }, deal: { not: null } }, include: { session: true } });
    const notes: string[] = [];
    for (const { session, board } of given) {
      const row = rows.find((r) => r.number === board.number && r.deal === board.deal && (sessions === 1 || r.session.number === session));
      if (!row) continue;
      const ours = await this.doubleDummy.solveBoardNow({ id: row.id, deal: board.deal! });
      if (!ours) return ['The file’s double-dummy tables were not checked: the solver is turned off on this server'];
      notes.push(...doubleDummyDifferences(board.number, board.doubleDummy!, ours));
    }
    return notes;
  }

  /**
   * The file parsed and planned: in this thread for a club's file (milliseconds), in a worker
   * thread for a large one, so that a national field's seconds of parsing never hold up the event
   * loop (/health, posts and ranking reads go on being answered); its lines then stay in the
   * worker until written (import-reading.ts).
   */
  private async read(format: FileFormat, file: Buffer): Promise<ImportReading> {
    const here = file.length < workerBytes(); // a worker takes the file's bytes (its buffer is then empty)
    try {
      return here ? await readHere(format, file) : await readInWorker(format, file);
    } catch (error) {
      if (error instanceof UnreadableFile) throw readError(format, error.failure);
      if (here) throw readError(format, readFailure(error));
      throw error;
    }
  }

  /**
   * A new file's event, sessions, sections, boards, contestants and lines. The import is one act of
   * the importer: it is audited once per session (which file, how many lines), not once per line
   * as a pad's post is; a later correction of an imported line is audited as any correction.
   */
  private async write(tx: PrismaTx, reading: ImportReading, target: ImportTarget, by: { actor: string; sha256: string; fileName: string | null }, goOn: () => void, written: LinesBySession, scoreAhead: boolean): Promise<{ eventId: string; contestantIds: Map<string, string>; sessionIds: string[]; ahead: ReturnType<ScoredEvents['scoreWithin']> | null }> {
    const plan = reading.outline;
    const { eventId, firstSession, existing } = await this.eventFor(tx, plan, target);
    const organizationId = (await tx.event.findUniqueOrThrow({ where: { id: eventId } })).organizationId;
    const entering = await this.enteredContestants(tx, organizationId, plan, { eventId, existing }, (target) => reading.contestantRows(target));
    const contestants = entering.ids;
    const sessions = plan.sessions.map((s, i) => ({ ...s, id: randomUUID(), number: firstSession + i }));
    const sections = sessions.flatMap((s, i) => s.sections.map((x) => ({ ...x, id: orderedUuid(), sessionId: s.id, key: sectionKey(i, x.letter) })));
    const sectionIds = new Map(sections.map((x) => [x.key, x.id]));
    // The lines are planned and encoded (and the cache's lines built) while the contestants, sections
    // and boards go in: the reading thread and this one would otherwise wait on the database, then
    // compete with it for the processor during the COPY (see import-reading.ts's lookahead).
    let linesIn!: () => void;
    const complete = new Promise<void>((done) => (linesIn = done));
    const chunks = reading.resultChunks({ sessions: sessions.map((s) => s.id), sections: sectionIds, contestants }, { add: (lines) => written.add(lines), end: linesIn });
    await entering.load();
    await tx.session.createMany({ data: sessions.map((s) => ({ id: s.id, eventId, number: s.number, status: 'COMPLETED' as const })) });
    // In bulk, not createMany: Prisma compiles 500 sections' values into one query, holding the event loop.
    await bulkInsert(tx, 'Section', [
      { name: 'id', type: 'uuid', value: (x: (typeof sections)[number]) => x.id },
      { name: 'sessionId', type: 'uuid', value: (x) => x.sessionId },
      { name: 'letter', type: 'text', value: (x) => x.letter },
      { name: 'tables', type: 'int4', value: (x) => x.tables },
      { name: 'boardNumbers', type: 'text', cast: 'int4[]', value: (x) => `{${x.boardNumbers.join(',')}}` },
      { name: 'movementKind', type: 'text', cast: '"MovementKind"', value: (x) => (x.movement ? 'CUSTOM' : null) },
      { name: 'movement', type: 'text', cast: 'jsonb', value: (x) => (x.movement ? JSON.stringify(x.movement) : null) },
    ], sections);
    await hostImportedSections(tx, eventId, [...sectionIds.values()], target.hosts ?? {});
    await tx.board.createMany({ data: sessions.flatMap((s) => s.boards.map((b) => ({ sessionId: s.id, ...b }))) });
    // The file's sessions are new: their results count as set-up (see the migration
    // …_import_results_as_setup), so no ResultChange row is written for each of them.
    await tx.$executeRaw`SELECT set_config('traveller.results_as_setup', 'on', true)`;
    // By COPY on the transaction's own connection: the worker's bytes go to the socket untouched.
    // Keys checked once for all the lines, not by a trigger a line (bulk-load.ts).
    const connection = await this.prisma.connectionOf(tx);
    const ahead = scoreAhead ? this.scored.scoreWithin(connection, eventId, { sessionIds: sessions.map((s) => s.id), results: written, complete, contestants: entering.written }) : null;
    // The lines' keys are checked on the ids they were mapped to (a line that maps to none fails its
    // encoding), not read back; the sections and new pairs are this transaction's own (bulk-load.ts).
    const pairs = entering.existing.map((id) => [id]);
    const loaded = { table: 'Result', where: 'c."sectionId" = ANY($1::uuid[])', values: sections.map((x) => x.id), written: { 'sectionId,sessionId': [], nsContestantId: pairs, ewContestantId: pairs } };
    await loadCheckedOnce(connection, [loaded], () => copyInto(connection, 'Result', RESULT_COLUMN_NAMES, chunks, goOn));
    const { lineCounts } = await reading.planned();
    const reason = `Imported from a ${plan.format} file${by.fileName ? ` (${by.fileName})` : ''}`;
    await tx.auditEntry.createMany({
      data: sessions.map((s, i) => ({ sessionId: s.id, action: 'SESSION_IMPORTED', actor: by.actor, reason, after: { format: plan.format, fileName: by.fileName, sha256: by.sha256, lines: lineCounts[i] } })),
    });
    return { eventId, contestantIds: contestants, sessionIds: sessions.map((s) => s.id), ahead };
  }

  /** A new event, or the target event with the file's sessions numbered after its own. */
  private async eventFor(tx: PrismaTx, plan: ImportOutline, target: ImportTarget) {
    if (!target.eventId) {
      const event = await tx.event.create({
        data: {
          name: plan.name.slice(0, 200),
          kind: plan.kind,
          scoring: plan.scoring,
          status: 'COMPLETED',
          startsOn: plan.startsOn ? new Date(`${plan.startsOn}T00:00:00Z`) : null,
          organizationId: target.organizationId ?? null,
          scoringOptions: fileRules(plan) as Prisma.InputJsonValue | undefined,
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

  /** The file's contestants entered in the event now: every planned id's stored id (see enteredContestants). */
  private async contestants(tx: PrismaTx, eventId: string, organizationId: string | null, planned: PlannedContestant[], existing: ContestantTarget['existing']): Promise<Map<string, string>> {
    const entering = await this.enteredContestants(tx, organizationId, contestantKeys(planned), { eventId, existing }, async (target) => contestantRows(planned, target));
    await entering.load();
    return entering.ids;
  }

  /**
   * The file's contestants: those already entered (same section, number and direction) are reused;
   * the rest, with their players and seats, go in by COPY when `load` is called, as `encode` gives
   * them (a new file's in the thread that read it, see ImportReading.contestantRows). The stored
   * ids (`ids`, by planned id; `existing`, those reused) are known before they are written, so the
   * lines can be encoded meanwhile.
   */
  private async enteredContestants(tx: PrismaTx, organizationId: string | null, planned: ContestantKeys, event: { eventId: string; existing: ContestantTarget['existing'] }, encode: (target: ContestantTarget) => Promise<ContestantRows>): Promise<{ ids: Map<string, string>; existing: string[]; written: WrittenContestants; load: () => Promise<void> }> {
    const connection = await this.prisma.connectionOf(tx);
    const knownPlayers = await this.knownPlayers(connection, organizationId, planned.memberNumbers);
    const existing = event.existing.map(({ id, section, number, direction }) => ({ id, section, number, direction }));
    const rows = await encode({ eventId: event.eventId, organizationId, existing, knownPlayers });
    // Keys checked once for the file's contestants, players and seats, not by a trigger a row (bulk-load.ts).
    const fresh = planned.contestantIds.filter((id) => !rows.existing.has(id));
    // Their keys checked on the ids they were written with (contestant-rows.ts takes them from
    // nowhere else), not read back: the seats' new contestants and players are this load's own.
    const loaded: LoadedRows[] = [
      { table: 'Contestant', where: 'c."id" = ANY($1::uuid[])', values: fresh, written: { eventId: [[event.eventId]] } },
      { table: 'Player', where: 'c."id" IN (SELECT "playerId" FROM "ContestantPlayer" WHERE "contestantId" = ANY($1::uuid[]))', values: fresh, written: { organizationId: [[organizationId]], mergedIntoId: [] } },
      { table: 'ContestantPlayer', where: 'c."contestantId" = ANY($1::uuid[])', values: fresh, written: { contestantId: [], playerId: rows.seatedKnown.map((id) => [id]) } },
    ];
    const load = async () => {
      await loadCheckedOnce(connection, loaded, async () => {
        for (const { table, columns, copy } of rows.tables) if (copy.length) await copyInto(connection, table, columns, [copy]);
      });
    };
    return { ids: new Map(planned.contestantIds.map((id) => [id, rows.existing.get(id) ?? id])), existing: [...new Set(rows.existing.values())], written: rows.written, load };
  }

  /** The organisation's players with these member numbers, by number: a national field has tens of thousands. */
  private async knownPlayers(connection: pg.PoolClient, organizationId: string | null, numbers: string[]): Promise<Map<string, string>> {
    if (!numbers.length) return new Map();
    const { rows } = await connection.query<{ memberNumber: string; id: string }>(
      `SELECT "memberNumber", "id" FROM "Player" WHERE "memberNumber" = ANY($1::text[]) AND "organizationId" ${organizationId ? '= $2::uuid' : 'IS NULL'}`,
      organizationId ? [numbers, organizationId] : [numbers],
    );
    return new Map(rows.map((p) => [p.memberNumber, p.id]));
  }
}

/** What an import keeps of its file once written: a dry run's report, the earlier import's, or what the report still needs. */
type Stored =
  | { rehearsal: ImportReport }
  | { earlier: true; report: ImportReport }
  | { earlier: false; report: ImportReport; importId: string; figures: { plan: ImportPlan; contestantIds: Map<string, string> } | null; doubleDummy: DoubleDummyGiven; written: WrittenResults | undefined };

const NOTHING_COMPARED: Pick<ImportReport, 'differences' | 'compared'> = { differences: [], compared: { lines: 0, linesDiffering: 0, contestants: 0, contestantsDiffering: 0 } };


/** Parsers promise domain errors only (BAD_USER_INPUT with the field); anything else is still the file's fault, not ours. */
function readError(format: FileFormat, failure: ReadFailure): Error {
  if (failure.domain) return new DomainError(failure.message, failure.field);
  return new BadInputError(`The ${format} file could not be read: ${failure.message}`, ['file']);
}

const sum = (counts: number[]) => counts.reduce((n, c) => n + c, 0);

const bringsDeals = (outline: ImportOutline) => outline.sessions.some((s) => s.boards.some((b) => b.deal !== null));

function baseReport(format: FileFormat, eventId: string, plan: ImportOutline, rejected: ImportReport['rejected'], lines: number): ImportReport {
  return {
    eventId,
    format,
    alreadyImported: false,
    sessions: plan.sessions.length,
    boards: plan.sessions.reduce((n, s) => n + s.boards.length, 0),
    contestants: plan.contestantIds.length,
    lines,
    rejected,
    warnings: plan.warnings,
    dryRun: false,
    reimport: null,
    ...NOTHING_COMPARED,
  };
}

/** The scoring options a file sets on the event it creates (the rest keep their defaults). */
function fileRules(plan: ImportOutline): StoredRules | undefined {
  const rules: StoredRules = {
    ...(plan.matchpointScale === 'ONE_POINT' ? { matchpointScale: 'ONE_POINT' } : {}),
    ...(plan.boardAMatch ? { teamsTotalPoints: 'BOARD_A_MATCH' } : {}),
  };
  return Object.keys(rules).length ? rules : undefined;
}
