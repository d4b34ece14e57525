import { BadInputError, ConflictError, NotFoundError } from '../common/errors.js';
import type { Prisma } from '../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

/**
 * The host club of a section of a simultaneous event, as stored: null when the event's own
 * organisation runs it (asked for by leaving it out, or by naming the owner). Another club may host
 * when it belongs to the federation that owns the event, or — for an event a club owns — to the
 * same federation as that club, or when it accepted the event's invitation. Every section with one
 * letter has the same host in every session, since pairs are numbered per section letter and their
 * host is read from it.
 */
export async function sectionHost(tx: Tx, at: { sessionId: string; letter: string }, organizationId: string | null | undefined): Promise<string | null> {
  const session = await tx.session.findUnique({ where: { id: at.sessionId }, include: { event: { include: { organization: true } } } });
  if (!session) throw new NotFoundError('Session', at.sessionId, 'sessionId');
  const owner = session.event.organization;
  const host = !organizationId || organizationId === owner?.id ? null : await hostClub(tx, organizationId, session.event);
  const sameLetter = await tx.section.findMany({ where: { letter: at.letter, session: { eventId: session.eventId } } });
  const other = sameLetter.find((x) => x.organizationId !== host);
  if (other) {
    throw new ConflictError(
      `Section ${at.letter} of another session of this event is run by ${other.organizationId ? 'another club' : 'the event’s organisation'}: a letter keeps its host in every session (pairs are numbered per section letter); hand it over with updateSection`,
      ['organizationId'],
    );
  }
  if (host) await hideUntilEnded(tx, at.sessionId);
  return host;
}

/**
 * The session's first club section makes it a simultaneous: no club's players may read a board
 * another club still plays, so hands and travellers wait until every section has finished (the
 * organiser may still show them earlier with updateSession). Called before the section is stored.
 */
async function hideUntilEnded(tx: Tx, sessionId: string): Promise<void> {
  const hosted = await tx.section.count({ where: { sessionId, organizationId: { not: null } } });
  if (!hosted) await tx.session.update({ where: { id: sessionId }, data: { hideTravellers: true } });
}

/**
 * Hosts of the sections an import just created: the one the importer named for the letter (checked
 * as for createSection), else the letter's host in the event's other sessions — so a second
 * session's file keeps each club's letter — else none (the organiser's).
 */
export async function hostImportedSections(tx: Tx, eventId: string, sectionIds: string[], named: Record<string, string>): Promise<void> {
  if (!sectionIds.length) return;
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { organization: true } });
  // Letters and hosts only: a national file's 500 sections' board lists and movements are not read back.
  const created = await tx.section.findMany({ where: { id: { in: sectionIds } }, select: { id: true, letter: true } });
  const earlier = await tx.section.findMany({ where: { session: { eventId }, id: { notIn: sectionIds } }, select: { letter: true, organizationId: true } });
  const unknown = Object.keys(named).filter((letter) => !created.some((x) => x.letter === letter));
  if (unknown.length) throw new BadInputError(`The file has no section ${unknown.join(', ')} to give a host`, ['hosts']);
  const earlierOf = new Map(earlier.map((e) => [e.letter, e]));
  const clubs = new Map<string, Promise<string>>(); // each named club checked once
  const hosted = new Map<string, string[]>(); // host → its new sections: one update a host, not a section
  for (const x of created) {
    const before = earlierOf.get(x.letter);
    const wanted = named[x.letter];
    const host = wanted === undefined ? (before?.organizationId ?? null) : wanted === event.organizationId ? null : await memo(clubs, wanted, () => hostClub(tx, wanted, event));
    if (before && before.organizationId !== host) {
      throw new ConflictError(`Section ${x.letter} of another session of this event is run by ${before.organizationId ? 'another club' : 'the event’s organisation'}: a letter keeps its host in every session`, ['hosts']);
    }
    if (host) hosted.get(host)?.push(x.id) ?? hosted.set(host, [x.id]);
  }
  for (const [host, ids] of hosted) await tx.section.updateMany({ where: { id: { in: ids } }, data: { organizationId: host } });
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) cache.set(key, (found = make()));
  return found;
}

/**
 * Hands a section to another host (or back to the event's organisation): with it, the sections of
 * the same letter in the event's other sessions, since the letter's pairs are the club's.
 */
export async function handOver(tx: Tx, section: { sessionId: string; letter: string }, organizationId: string): Promise<string | null> {
  const session = await tx.session.findUniqueOrThrow({ where: { id: section.sessionId }, include: { event: { include: { organization: true } } } });
  const owner = session.event.organization;
  const host = organizationId === owner?.id ? null : await hostClub(tx, organizationId, session.event);
  if (host) await hideUntilEnded(tx, section.sessionId);
  await tx.section.updateMany({ where: { letter: section.letter, session: { eventId: session.eventId } }, data: { organizationId: host } });
  return host;
}

async function hostClub(tx: Tx, organizationId: string, event: { id: string; organization: { id: string; kind: string; federationId: string | null } | null }): Promise<string> {
  const owner = event.organization;
  const club = await tx.organization.findUnique({ where: { id: organizationId } });
  if (!club) throw new NotFoundError('Organisation', organizationId, 'organizationId');
  if (club.kind !== 'CLUB') throw new BadInputError('A section is hosted by a club, not a federation', ['organizationId']);
  const member = !owner || club.federationId === owner.id || (owner.kind === 'CLUB' && !!owner.federationId && club.federationId === owner.federationId);
  if (member) return club.id;
  const invited = await tx.hostInvitation.findUnique({ where: { eventId_organizationId: { eventId: event.id, organizationId } } });
  if (invited?.acceptedAt) return club.id;
  const outside = owner.kind === 'FEDERATION' ? 'is not a member of the federation running the event' : 'is not in the same federation as the club running the event';
  throw new BadInputError(
    invited
      ? `This club ${outside} and has not yet accepted the event’s invitation (acceptHostInvitation)`
      : `This club ${outside}: the federation accepts it first (acceptMemberClub), or the event invites it (inviteHostClub) and it accepts`,
    ['organizationId'],
  );
}

/** The organiser invites a club from outside its federation to host sections (again: nothing changes). */
export async function inviteHost(tx: Tx, eventId: string, clubId: string, actor: string) {
  const club = await tx.organization.findUnique({ where: { id: clubId } });
  if (!club) throw new NotFoundError('Organisation', clubId, 'clubId');
  if (club.kind !== 'CLUB') throw new BadInputError('Only a club hosts sections', ['clubId']);
  if (!(await tx.event.findUnique({ where: { id: eventId } }))) throw new NotFoundError('Event', eventId, 'eventId');
  return tx.hostInvitation.upsert({ where: { eventId_organizationId: { eventId, organizationId: clubId } }, create: { eventId, organizationId: clubId, invitedBy: actor }, update: {} });
}

/** The club accepts the event's invitation; without one, NOT_FOUND (a club cannot invite itself). */
export async function acceptInvitation(tx: Tx, eventId: string, clubId: string) {
  const invitation = await tx.hostInvitation.findUnique({ where: { eventId_organizationId: { eventId, organizationId: clubId } } });
  if (!invitation) throw new NotFoundError('Invitation to host sections of event', eventId, 'eventId');
  if (invitation.acceptedAt) return invitation;
  return tx.hostInvitation.update({ where: { eventId_organizationId: { eventId, organizationId: clubId } }, data: { acceptedAt: new Date() } });
}

/**
 * Marks a section's play as ended (or reopens it). When the last section of the session ends, the
 * session is COMPLETED: in a simultaneous event travellers and hands hidden from the public show
 * only then, once play has ended at every club (no club's players see a board another still plays).
 */
export async function finishSection(tx: Tx, sectionId: string, finished: boolean): Promise<void> {
  const section = await tx.section.findUniqueOrThrow({ where: { id: sectionId } });
  // Clubs finish at the same moment: the session row serialises them, so the last one sees all others finished.
  await tx.$executeRaw`SELECT 1 FROM "Session" WHERE "id" = ${section.sessionId}::uuid FOR UPDATE`;
  if (finished === !!section.finishedAt) return;
  await tx.section.update({ where: { id: sectionId }, data: { finishedAt: finished ? new Date() : null } });
  if (!finished) return;
  const playing = await tx.section.count({ where: { sessionId: section.sessionId, finishedAt: null } });
  if (playing === 0) await tx.session.updateMany({ where: { id: section.sessionId, status: { in: ['SCHEDULED', 'IN_PROGRESS'] } }, data: { status: 'COMPLETED' } });
}
