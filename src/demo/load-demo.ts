import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { boardInfo } from '../bridge/board.js';
import { parseContract } from '../bridge/contract.js';
import { deadlinesFrom } from '../bridge/periods.js';
import { generateMovement, type Movement } from '../bridge/movements/index.js';
import { contractScore } from '../bridge/score.js';
import { PrismaService, type PrismaTx } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import { DEMO_CLUB, demoDeal, demoResult } from './demo-club.js';

export type DemoOutcome = 'loaded' | 'already-there' | 'skipped-not-empty';

/**
 * Loads the demo club in one transaction. Idempotent: a database that has it already is left alone.
 * With `onlyIfEmpty`, a database holding anybody's events is left alone too (first start of `npm start`).
 */
export async function loadDemo(prisma: PrismaService, { onlyIfEmpty = false } = {}): Promise<DemoOutcome> {
  return prisma.$transaction(async (tx) => {
    if (await tx.organization.findUnique({ where: { code: DEMO_CLUB.code } })) return 'already-there';
    if (onlyIfEmpty && (await tx.event.count()) > 0) return 'skipped-not-empty';
    const club = await tx.organization.create({ data: { name: DEMO_CLUB.name, code: DEMO_CLUB.code, kind: 'CLUB' } });
    const event = await tx.event.create({
      data: {
        ...DEMO_CLUB.event,
        startsOn: new Date(`${DEMO_CLUB.event.startsOn}T00:00:00Z`),
        kind: 'PAIRS',
        scoring: 'MATCHPOINTS',
        status: 'COMPLETED',
        organizationId: club.id,
      },
    });
    const session = await tx.session.create({
      data: { eventId: event.id, number: 1, name: 'Evening session', status: 'IN_PROGRESS', startsAt: new Date('2026-11-17T19:00:00Z') },
    });
    const boards = Array.from({ length: DEMO_CLUB.boards }, (_, i) => i + 1);
    // Six tables, 18 boards: a relay-and-bye-stand Mitchell (DOMAIN §6.2), three boards a round.
    const movement = generateMovement({ kind: 'MITCHELL', tables: DEMO_CLUB.tables, boardsPerRound: 3, relay: true });
    const section = await tx.section.create({
      data: { sessionId: session.id, letter: 'A', tables: DEMO_CLUB.tables, boardNumbers: boards, movementKind: 'MITCHELL', movement: movement as unknown as Prisma.InputJsonValue },
    });
    await tx.board.createMany({ data: boards.map((number) => ({ sessionId: session.id, number, deal: demoDeal(number) })) });
    const pairIds = new Map<string, string>();
    for (const [direction, number, first, second] of DEMO_CLUB.pairs) {
      const players = await Promise.all(
        [first, second].map((name) => tx.player.create({ data: { name, organizationId: club.id } })),
      );
      const pair = await tx.contestant.create({
        data: {
          eventId: event.id,
          number,
          direction,
          name: `${first} & ${second}`,
          players: { create: players.map((p, i) => ({ playerId: p.id, position: i + 1 })) },
        },
      });
      pairIds.set(`${direction}${number}`, pair.id);
    }
    await playDemoSession(tx, session.id, section.id, movement, pairIds);
    return 'loaded';
  });
}

/**
 * Every table's results, as the pads would have posted them (each with its audit entry), one
 * director's adjustment, and publication: the demo shows a finished club night.
 */
async function playDemoSession(tx: PrismaTx, sessionId: string, sectionId: string, movement: Movement, pairIds: Map<string, string>): Promise<void> {
  const rows = movement.rows.filter((r) => !r.sitOut).flatMap((r) => r.boards.map((board) => ({ ...r, board })));
  const results = rows.map((r) => {
    const line = demoResult(r.board, r.table, demoDeal(r.board));
    const contract = parseContract(line.contract);
    const nsScore = contract === 'PASS' ? 0 : contractScore(contract, line.declarer!, line.tricks!, boardInfo(r.board).vulnerability).nsScore;
    return {
      id: randomUUID(),
      sessionId,
      sectionId,
      boardNumber: r.board,
      round: r.round,
      table: r.table,
      nsContestantId: pairIds.get(`NS${r.ns}`)!,
      ewContestantId: pairIds.get(`EW${r.ew}`)!,
      status: contract === 'PASS' ? ('PASSED_OUT' as const) : ('PLAYED' as const),
      contract: line.contract,
      declarer: line.declarer,
      tricks: line.tricks,
      nsScore,
    };
  });
  // Board 8 at table 3 was fouled at the table: average plus to NS, average minus to EW (Law 12C2).
  const fouled = results.find((r) => r.boardNumber === 8 && r.table === 3);
  const adjustment = { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-', law: '12C2', reason: 'Board fouled at the table by EW' };
  await tx.result.createMany({
    data: results.map((r) => (r === fouled ? { ...r, status: 'ARTIFICIAL' as const, contract: null, declarer: null, tricks: null, nsScore: null, adjustment, version: 2 } : r)),
  });
  await tx.auditEntry.createMany({
    data: [
      ...results.map((r) => ({ sessionId, action: 'RESULT_CREATED', entityId: r.id, actor: 'demo', after: { board: r.boardNumber, contract: r.contract, nsScore: r.nsScore } })),
      ...(fouled ? [{ sessionId, action: 'SCORE_ADJUSTED', entityId: fouled.id, actor: 'demo', reason: adjustment.reason, law: '12C2', after: adjustment }] : []),
    ],
  });
  const publishedAt = new Date();
  await tx.session.update({ where: { id: sessionId }, data: { status: 'OFFICIAL', publishedAt, ...deadlinesFrom(publishedAt, { correctionMinutes: 30, appealMinutes: 30 }) } });
}

// `npm run demo`: into DATABASE_URL, or the embedded database when it is unset.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ensureDatabase } = await import('../database/embedded-postgres.js');
  const { migrate } = await import('../database/migrate.js');
  const db = await ensureDatabase();
  await migrate();
  const prisma = new PrismaService();
  const outcome = await loadDemo(prisma);
  console.log(outcome === 'loaded' ? `Loaded the demo club "${DEMO_CLUB.name}"` : 'The demo club is already there');
  await prisma.$disconnect();
  await db.stop();
}
