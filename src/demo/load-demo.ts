import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaService } from '../database/prisma.service.js';
import { DEMO_CLUB, demoDeal } from './demo-club.js';

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
        status: 'IN_PROGRESS',
        organizationId: club.id,
      },
    });
    const session = await tx.session.create({
      data: { eventId: event.id, number: 1, name: 'Evening session', status: 'IN_PROGRESS', startsAt: new Date('2026-11-17T19:00:00Z') },
    });
    const boards = Array.from({ length: DEMO_CLUB.boards }, (_, i) => i + 1);
    await tx.section.create({ data: { sessionId: session.id, letter: 'A', tables: DEMO_CLUB.tables, boardNumbers: boards } });
    await tx.board.createMany({ data: boards.map((number) => ({ sessionId: session.id, number, deal: demoDeal(number) })) });
    for (const [direction, number, first, second] of DEMO_CLUB.pairs) {
      const players = await Promise.all(
        [first, second].map((name) => tx.player.create({ data: { name, organizationId: club.id } })),
      );
      await tx.contestant.create({
        data: {
          eventId: event.id,
          number,
          direction,
          name: `${first} & ${second}`,
          players: { create: players.map((p, i) => ({ playerId: p.id, position: i + 1 })) },
        },
      });
    }
    return 'loaded';
  });
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
