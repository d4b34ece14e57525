import type { Principal } from '../auth/principal.js';
import { ForbiddenError, readsAsOrganisation, UnauthenticatedError } from '../auth/principal.js';
import type { ScopeService } from '../auth/scope.service.js';
import { appealPeriodOpen } from '../bridge/periods.js';
import { ConflictError, NotFoundError } from '../common/errors.js';
import type { PrismaService } from '../database/prisma.service.js';
import type { Contestant, Session } from '../generated/prisma/client.js';

/**
 * What appeals (Law 92) and ruling requests (Law 92B) share: a contestant of the session asks about
 * one of its boards (or the session), within the Law 92B period unless the organiser accepts it
 * late, and the keys that run the session read them.
 */
export interface SessionRequestInput {
  sessionId: string;
  contestantId: string;
  board?: number;
  override?: boolean;
}

/** The session and contestant a request names, each checked to exist (and the board, when named). */
export async function requestTarget(prisma: PrismaService, input: SessionRequestInput): Promise<{ session: Session; contestant: Contestant }> {
  const session = await prisma.session.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new NotFoundError('Session', input.sessionId, 'sessionId');
  const contestant = await prisma.contestant.findFirst({ where: { id: input.contestantId, eventId: session.eventId } });
  if (!contestant) throw new NotFoundError('Contestant of this event', input.contestantId, 'contestantId');
  if (input.board !== undefined && !(await prisma.board.findFirst({ where: { sessionId: session.id, number: input.board } }))) {
    throw new NotFoundError('Board of this session', String(input.board), 'board');
  }
  return { session, contestant };
}

/**
 * Whether the request comes after the Law 92B period: refused then (CONFLICT on override) unless the
 * tournament organiser accepts it late with `override: true`, which the caller audits.
 */
export function lateRequest(session: Session, override: boolean | undefined, what: string): boolean {
  const late = !appealPeriodOpen(session);
  if (late && !override) {
    throw new ConflictError(
      `The ${what} period (Law 92B) of this session ended at ${session.appealDeadline?.toISOString()}. ` + `The tournament organiser may still accept a late ${what}: send it with override: true`,
      ['override'],
    );
  }
  return late;
}

/**
 * The section letters whose contestants' requests a key may read: null for every one (the
 * organiser's keys, its federation's, an admin's); a club hosting sections of the session reads its
 * own sections'; anyone else is refused.
 */
export async function readableLetters(prisma: PrismaService, scopes: ScopeService, sessionId: string, principal: Principal | null, what: string): Promise<string[] | null> {
  if (!principal) throw new UnauthenticatedError(`Reading ${what} needs an API key: send it as "Authorization: Bearer <key>"`);
  const scope = await scopes.resolve({ kind: 'session', id: sessionId }, principal);
  if (!scope) throw new NotFoundError('Session', sessionId, 'sessionId');
  if (readsAsOrganisation(principal, scope)) return null;
  const hosted = principal.eventId && principal.eventId !== scope.eventId ? [] : await prisma.section.findMany({ where: { sessionId, organizationId: principal.organizationId }, select: { letter: true } });
  if (!hosted.length) throw new ForbiddenError(`Reading ${what} is for the keys of the clubs that run the session`);
  return hosted.map((s) => s.letter);
}
