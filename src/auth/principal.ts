import { AppError, ConflictError, NotFoundError } from '../common/errors.js';

export type ApiRole = 'SCORER' | 'DIRECTOR' | 'ADMIN';

/** Who is calling: a verified key. Anonymous callers have none (reads only). */
export interface Principal {
  keyId: string | null;
  /** For the audit trail: "key AbC123xyZ9 (Table pads)". */
  label: string;
  role: ApiRole;
  /** Null: a global admin (the bootstrap key, TRAVELLER_ADMIN_KEY). */
  organizationId: string | null;
  /** Set when the key is limited to one event. */
  eventId: string | null;
}

/** What an operation touches: its organisation (and federation), and the event when there is one. */
export interface Scope {
  organizationId: string | null;
  federationId: string | null;
  eventId: string | null;
  /**
   * The club hosting the one section the operation touches, in a simultaneous event (null or
   * absent: none). Its keys may make the write too; the event's organisation always may.
   */
  hostId?: string | null;
  /** ARCHIVED or DELETED when the event the object belongs to is; absent or null: live. */
  eventState?: 'ARCHIVED' | 'DELETED' | null;
}

const RANK: Record<ApiRole, number> = { SCORER: 1, DIRECTOR: 2, ADMIN: 3 };

export class UnauthenticatedError extends AppError {
  constructor(message: string) {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

/**
 * Whether `principal` may do an operation needing `role` on `scope` (null: the object does not
 * exist). A refusal never says whether another organisation's object exists: a missing object and
 * someone else's get the same answer.
 */
export function authorize(principal: Principal | null, role: ApiRole, scope: Scope | null, what: string, acrossFederation = false): void {
  if (!principal) throw new UnauthenticatedError(`${what} needs an API key: send it as "Authorization: Bearer <key>"`);
  if (RANK[principal.role] < RANK[role]) throw new ForbiddenError(`${what} needs a ${role} key; this key is a ${principal.role} key`);
  if (principal.organizationId === null) return;
  const inReach =
    !!scope &&
    (scope.organizationId === principal.organizationId || (!!scope.hostId && scope.hostId === principal.organizationId) || (acrossFederation && scope.federationId === principal.organizationId));
  if (!inReach) {
    throw new ForbiddenError(`${what} needs a key of the organisation it belongs to${acrossFederation ? ' or of its federation' : ''} (or of the club hosting its section); this key is not one`);
  }
  if (principal.eventId && scope.eventId !== principal.eventId) throw new ForbiddenError(`${what} is outside the one event this key is limited to`);
}

/**
 * Writes into a retired event: a deleted one does not exist for anyone (as its reads say), and an
 * archived one is closed until its organisation restores it, so a table pad or an import that still
 * has its ids cannot change it behind the lists' back.
 */
export function refuseRetiredEvent(scope: Scope | null, what: string): void {
  if (!scope?.eventState || !scope.eventId) return;
  if (scope.eventState === 'DELETED') throw new NotFoundError('Event', scope.eventId, 'id');
  throw new ConflictError(`${what} is refused: the event is archived (restore it with restoreEvent first)`, ['id']);
}

/** Whether a key reads as the organisation's own or its federation's (a global admin always does), within the one event it may be limited to. */
export function readsAsOrganisation(principal: Principal, scope: Scope | null): boolean {
  if (principal.organizationId === null) return true;
  return ofOrganisationOrFederation(principal, scope) && (!principal.eventId || scope!.eventId === principal.eventId);
}

const ofOrganisationOrFederation = (principal: Principal, scope: Scope | null): boolean =>
  !!scope && (scope.organizationId === principal.organizationId || scope.federationId === principal.organizationId);

/** Reading across clubs (awards, player numbers) is for the federation's keys and the club's own. */
export function authorizeRead(principal: Principal | null, scope: Scope | null, what: string): void {
  if (!principal) throw new UnauthenticatedError(`${what} needs an API key: send it as "Authorization: Bearer <key>"`);
  if (principal.organizationId === null) return;
  if (!ofOrganisationOrFederation(principal, scope)) {
    throw new ForbiddenError(`${what} needs a key of the organisation or of its federation; this key is not one`);
  }
  if (principal.eventId && scope!.eventId !== principal.eventId) throw new ForbiddenError(`${what} is outside the one event this key is limited to`);
}

/** Whether a caller reads as one of the organisation (its key, or a global admin): sees what a director hides from the public. */
export function isInsider(principal: Principal | null, scope: Scope | null): boolean {
  if (!principal) return false;
  if (principal.organizationId === null) return true;
  return !!scope && scope.organizationId === principal.organizationId && (!principal.eventId || scope.eventId === principal.eventId);
}
