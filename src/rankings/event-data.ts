import { NotFoundError } from '../common/errors.js';
import type { PrismaService } from '../database/prisma.service.js';
import type { Board, Contestant, Event, Penalty, Player, Result, Section, Session } from '../generated/prisma/client.js';

export type ContestantWithPlayers = Contestant & { players: { player: Player }[] };

/** Everything an event's scores and rankings are computed from, as stored. */
export interface EventData {
  event: Event;
  contestants: Map<string, ContestantWithPlayers>;
  /** In playing order. */
  sessions: SessionData[];
}

export interface SessionData {
  session: Session;
  sections: Section[];
  boards: Map<number, Board>;
  results: Result[];
  /** Penalties in force (revoked ones left out). */
  penalties: Penalty[];
}

/** The whole event in one round of queries. */
export async function loadEventData(prisma: PrismaService, eventId: string): Promise<EventData> {
  const event = await prisma.event.findUnique({
    where: { id: eventId },
    include: {
      contestants: { include: { players: { include: { player: true }, orderBy: { position: 'asc' } } } },
      sessions: {
        orderBy: { number: 'asc' },
        include: { sections: { orderBy: { letter: 'asc' } }, boards: true, results: true, penalties: { where: { revokedAt: null }, orderBy: { createdAt: 'asc' } } },
      },
    },
  });
  if (!event) throw new NotFoundError('Event', eventId, 'eventId');
  const { contestants, sessions, ...row } = event;
  return {
    event: row,
    contestants: new Map(contestants.map((c) => [c.id, c])),
    sessions: sessions.map(({ sections, boards, results, penalties, ...session }) => ({
      session,
      sections,
      boards: new Map(boards.map((b) => [b.number, b])),
      results,
      penalties,
    })),
  };
}
