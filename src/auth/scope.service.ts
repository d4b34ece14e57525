import { Injectable } from '@nestjs/common';
import { PgPool } from '../database/pg-pool.service.js';
import type { Principal, Scope } from './principal.js';
import type { ScopeTarget } from './requires.decorator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** From an object an operation touches to its organisation, federation and event; null when it does not exist. */
const QUERIES: Record<Exclude<ScopeTarget['kind'], 'ownOrganization' | 'global'>, string> = {
  organization: `SELECT o."id" AS "organizationId", o."federationId", NULL::uuid AS "eventId" FROM "Organization" o WHERE o."id" = $1`,
  event: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Event" e LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE e."id" = $1`,
  session: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Session" s JOIN "Event" e ON e."id" = s."eventId" LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE s."id" = $1`,
  section: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Section" x JOIN "Session" s ON s."id" = x."sessionId" JOIN "Event" e ON e."id" = s."eventId" LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE x."id" = $1`,
  board: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Board" b JOIN "Session" s ON s."id" = b."sessionId" JOIN "Event" e ON e."id" = s."eventId" LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE b."id" = $1`,
  contestant: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Contestant" c JOIN "Event" e ON e."id" = c."eventId" LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE c."id" = $1`,
  player: `SELECT p."organizationId", o."federationId", NULL::uuid AS "eventId" FROM "Player" p LEFT JOIN "Organization" o ON o."id" = p."organizationId" WHERE p."id" = $1`,
  penalty: `SELECT e."organizationId", o."federationId", e."id" AS "eventId" FROM "Penalty" p JOIN "Session" s ON s."id" = p."sessionId" JOIN "Event" e ON e."id" = s."eventId" LEFT JOIN "Organization" o ON o."id" = e."organizationId" WHERE p."id" = $1`,
  // A club's request to join a federation is the federation's to accept.
  membershipRequest: `SELECT o."requestedFederationId" AS "organizationId", NULL::uuid AS "federationId", NULL::uuid AS "eventId" FROM "Organization" o WHERE o."id" = $1 AND o."requestedFederationId" IS NOT NULL`,
  apiKey: `SELECT k."organizationId", o."federationId", k."eventId" FROM "ApiKey" k LEFT JOIN "Organization" o ON o."id" = k."organizationId" WHERE k."id" = $1`,
};

/** How long a looked-up scope is reused: objects never change organisation, but a club may change federation. */
const REMEMBER_MS = 30_000;

@Injectable()
export class ScopeService {
  private readonly remembered = new Map<string, { scope: Scope | null; until: number }>();

  constructor(private readonly pg: PgPool) {}

  async resolve(target: ScopeTarget, principal: Principal | null): Promise<Scope | null> {
    if (target.kind === 'global') return null;
    if (target.kind === 'ownOrganization') {
      // The organisation named, or the caller's own; none at all only for a global admin.
      const organizationId = target.organizationId ?? principal?.organizationId ?? null;
      return organizationId === null ? null : this.resolve({ kind: 'organization', id: organizationId }, principal);
    }
    if (typeof target.id !== 'string' || !UUID.test(target.id)) return null;
    const key = `${target.kind}:${target.id}`;
    // A membership request changes; everything else keeps its organisation.
    const known = target.kind === 'membershipRequest' ? undefined : this.remembered.get(key);
    if (known && known.until > Date.now()) return known.scope;
    const { rows } = await this.pg.query<Scope>(QUERIES[target.kind], [target.id]);
    const scope = rows[0] ?? null;
    // A missing object is not remembered: it may be created a moment later.
    if (scope && target.kind !== 'membershipRequest') {
      if (this.remembered.size > 50_000) this.remembered.clear();
      this.remembered.set(key, { scope, until: Date.now() + REMEMBER_MS });
    }
    return scope;
  }
}
