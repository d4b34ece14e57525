import { Injectable } from '@nestjs/common';
import { PgPool } from '../database/pg-pool.service.js';
import { Revisions } from '../database/revisions.service.js';
import { isInsider, type Principal, type Scope } from './principal.js';
import type { ScopeTarget } from './requires.decorator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The scope of an event, with the columns every query answers; `hostId` is added where a section's host may write. */
const EVENT_SCOPE = `e."organizationId", o."federationId", e."id" AS "eventId",
  CASE WHEN e."deletedAt" IS NOT NULL THEN 'DELETED' WHEN e."archivedAt" IS NOT NULL THEN 'ARCHIVED' END AS "eventState"`;
/** What a scope naming a host was read at: a host changes only with the event's set-up (a Section write bumps it). */
const READ_AT = `e."setupRevision"::text AS "setupRevision"`;
const EVENT_ORG = `LEFT JOIN "Organization" o ON o."id" = e."organizationId"`;

/**
 * The host of an event's sections with one letter (contestants are numbered per section letter):
 * a host only when every such section has the same one, so a letter run by the organiser in any
 * session stays the organiser's.
 */
const hostOfLetter = (event: string, letter: string) =>
  `(SELECT CASE WHEN count(*) > 0 AND count(*) = count(x."organizationId") AND count(DISTINCT x."organizationId") = 1 THEN min(x."organizationId"::text)::uuid END
      FROM "Section" x JOIN "Session" s2 ON s2."id" = x."sessionId" WHERE s2."eventId" = ${event} AND x."letter" = ${letter})`;

/** The host of the section a contestant plays in within a session (the section of its letter). */
const hostOfContestant = (session: string, contestant: string, sameEvent = '') =>
  `(SELECT x."organizationId" FROM "Contestant" c JOIN "Section" x ON x."sessionId" = ${session} AND x."letter" = c."section" WHERE c."id" = ${contestant}${sameEvent})`;

type Kind = Exclude<ScopeTarget['kind'], 'ownOrganization' | 'global'>;

/** From an object an operation touches to its organisation, federation and event; null when it does not exist. */
const QUERIES: Record<Kind, string> = {
  organization: `SELECT o."id" AS "organizationId", o."federationId", NULL::uuid AS "eventId" FROM "Organization" o WHERE o."id" = $1`,
  event: `SELECT ${EVENT_SCOPE}, ${READ_AT} FROM "Event" e ${EVENT_ORG} WHERE e."id" = $1`,
  session: `SELECT ${EVENT_SCOPE}, ${READ_AT} FROM "Session" s JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE s."id" = $1`,
  section: `SELECT ${EVENT_SCOPE}, ${READ_AT}, x."organizationId" AS "hostId" FROM "Section" x JOIN "Session" s ON s."id" = x."sessionId" JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE x."id" = $1`,
  board: `SELECT ${EVENT_SCOPE}, ${READ_AT} FROM "Board" b JOIN "Session" s ON s."id" = b."sessionId" JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE b."id" = $1`,
  contestant: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfLetter('c."eventId"', 'c."section"')} AS "hostId" FROM "Contestant" c JOIN "Event" e ON e."id" = c."eventId" ${EVENT_ORG} WHERE c."id" = $1`,
  player: `SELECT p."organizationId", o."federationId", NULL::uuid AS "eventId" FROM "Player" p LEFT JOIN "Organization" o ON o."id" = p."organizationId" WHERE p."id" = $1`,
  penalty: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfContestant('p."sessionId"', 'p."contestantId"')} AS "hostId"
    FROM "Penalty" p JOIN "Session" s ON s."id" = p."sessionId" JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE p."id" = $1`,
  appeal: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfContestant('p."sessionId"', 'p."contestantId"')} AS "hostId"
    FROM "Appeal" p JOIN "Session" s ON s."id" = p."sessionId" JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE p."id" = $1`,
  rulingRequest: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfContestant('p."sessionId"', 'p."contestantId"')} AS "hostId"
    FROM "RulingRequest" p JOIN "Session" s ON s."id" = p."sessionId" JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE p."id" = $1`,
  // A club's request to join a federation is the federation's to accept.
  membershipRequest: `SELECT o."requestedFederationId" AS "organizationId", NULL::uuid AS "federationId", NULL::uuid AS "eventId" FROM "Organization" o WHERE o."id" = $1 AND o."requestedFederationId" IS NOT NULL`,
  apiKey: `SELECT k."organizationId", o."federationId", k."eventId" FROM "ApiKey" k LEFT JOIN "Organization" o ON o."id" = k."organizationId" WHERE k."id" = $1`,
  // The section named by letter; without a letter, the session's only section (as posting a line reads it).
  sessionSection: `SELECT ${EVENT_SCOPE}, ${READ_AT},
      (SELECT x."organizationId" FROM "Section" x WHERE x."sessionId" = s."id"
         AND (x."letter" = $2::text OR ($2::text IS NULL AND (SELECT count(*) FROM "Section" y WHERE y."sessionId" = s."id") = 1))) AS "hostId"
    FROM "Session" s JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE s."id" = $1`,
  eventSection: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfLetter('e."id"', '$2::text')} AS "hostId" FROM "Event" e ${EVENT_ORG} WHERE e."id" = $1`,
  // The contestant must be of the session's event: a club's pair cannot lend its host to another event.
  sessionContestant: `SELECT ${EVENT_SCOPE}, ${READ_AT}, ${hostOfContestant('s."id"', '$2::uuid', ' AND c."eventId" = e."id"')} AS "hostId"
    FROM "Session" s JOIN "Event" e ON e."id" = s."eventId" ${EVENT_ORG} WHERE s."id" = $1`,
};

/**
 * Kinds within an event: remembered only while the event's set-up revision is the one they were
 * read at, since the organiser may hand a section to another club, or archive, delete or restore
 * the event, at any moment (checked with the shared revision probe, so a burst of posts costs one
 * small query).
 */
const OF_AN_EVENT = new Set<Kind>(['event', 'session', 'board', 'section', 'contestant', 'penalty', 'appeal', 'rulingRequest', 'sessionSection', 'eventSection', 'sessionContestant']);

/** A section letter as the inputs read it (trimmed, upper case); anything else is no letter. */
const letterOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : null);

/** Targets named by two parts: their queries take the second as $2. */
const TWO_PART = new Set<Kind>(['sessionSection', 'eventSection', 'sessionContestant']);

/** The second parameter of a two-part target; null when the target has one part or its value is unusable. */
function secondParameter(target: Extract<ScopeTarget, { id: unknown }>): string | null {
  if (target.kind === 'sessionSection' || target.kind === 'eventSection') return letterOf(target.section);
  if (target.kind === 'sessionContestant') return typeof target.contestantId === 'string' && UUID.test(target.contestantId) ? target.contestantId : null;
  return null;
}

/** How long a looked-up scope is reused: objects never change organisation, but a club may change federation. */
const REMEMBER_MS = 30_000;

@Injectable()
export class ScopeService {
  private readonly remembered = new Map<string, { scope: Scope | null; until: number }>();
  private readonly inEvent = new Map<string, { scope: Scope; setupRevision: string }>();

  constructor(
    private readonly pg: PgPool,
    private readonly revisions: Revisions,
  ) {}

  /** Whether the caller's key reads a session as its own club's or organiser's would (travellers, hands while hidden from the public). */
  async insiderOfSession(sessionId: string, principal: Principal | null): Promise<boolean> {
    return !!principal && isInsider(principal, await this.resolve({ kind: 'session', id: sessionId }, principal));
  }

  async resolve(target: ScopeTarget, principal: Principal | null): Promise<Scope | null> {
    if (target.kind === 'global') return null;
    if (target.kind === 'ownOrganization') {
      // The organisation named, or the caller's own; none at all only for a global admin.
      const organizationId = target.organizationId ?? principal?.organizationId ?? null;
      return organizationId === null ? null : this.resolve({ kind: 'organization', id: organizationId }, principal);
    }
    if (typeof target.id !== 'string' || !UUID.test(target.id)) return null;
    if (OF_AN_EVENT.has(target.kind)) return this.resolveInEvent(target);
    const key = `${target.kind}:${target.id}`;
    // A membership request changes; everything else keeps its organisation.
    const volatile = target.kind === 'membershipRequest';
    const known = volatile ? undefined : this.remembered.get(key);
    if (known && known.until > Date.now()) return known.scope;
    const { rows } = await this.pg.query<Scope>(QUERIES[target.kind], [target.id]);
    const scope = rows[0] ?? null;
    // A missing object is not remembered: it may be created a moment later.
    if (scope && !volatile) {
      if (this.remembered.size > 50_000) this.remembered.clear();
      this.remembered.set(key, { scope, until: Date.now() + REMEMBER_MS });
    }
    return scope;
  }

  private async resolveInEvent(target: Extract<ScopeTarget, { id: unknown }>): Promise<Scope | null> {
    const second = secondParameter(target);
    const key = `${target.kind}:${target.id}:${second ?? ''}`;
    const known = this.inEvent.get(key);
    if (known && known.setupRevision === (await this.setupRevision(known.scope.eventId))) return known.scope;
    const kind = target.kind as Kind;
    const { rows } = await this.pg.query<Scope & { setupRevision: string }>(QUERIES[kind], TWO_PART.has(kind) ? [target.id, second] : [target.id]);
    if (!rows[0]) return null;
    const { setupRevision, ...scope } = rows[0];
    if (this.inEvent.size > 50_000) this.inEvent.clear();
    this.inEvent.set(key, { scope, setupRevision });
    return scope;
  }

  /** The event's set-up revision now; null when the event is gone (the scope is then read again, and is missing). */
  private setupRevision(eventId: string | null): Promise<string | null> {
    if (!eventId) return Promise.resolve(null);
    return this.revisions.ofEvent(eventId).then(
      (r) => r.setupRevision,
      () => null,
    );
  }
}
