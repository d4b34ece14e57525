import { SetMetadata } from '@nestjs/common';
import type { ApiRole } from './principal.js';

/** What an operation writes to, read from its arguments (GraphQL args, or REST params, query and body). */
export type ScopeTarget =
  | { kind: 'organization' | 'event' | 'session' | 'section' | 'board' | 'contestant' | 'player' | 'apiKey' | 'penalty' | 'appeal' | 'rulingRequest' | 'membershipRequest'; id: unknown }
  | { kind: 'ownOrganization'; organizationId: unknown }
  /** One section of a session, by letter (none: the session's only section); its host club may write it. */
  | { kind: 'sessionSection'; id: unknown; section: unknown }
  /** The section(s) of an event with this letter, for contestants numbered per section; their host club may write them. */
  | { kind: 'eventSection'; id: unknown; section: unknown }
  /** A contestant in a session: the host of the contestant's section in that session may write. */
  | { kind: 'sessionContestant'; id: unknown; contestantId: unknown }
  | { kind: 'global' };

export interface Requirement {
  /**
   * write: the role on the target's organisation. federation: the same, or the role in the
   * federation the target's club belongs to. read: a key of the organisation or of its federation.
   */
  mode: 'write' | 'federation' | 'read';
  role: (args: Record<string, any>) => ApiRole;
  /** One target, or several that must all be in reach. */
  target: (args: Record<string, any>) => ScopeTarget | ScopeTarget[];
  /** How the operation is named in refusals. */
  what: string;
  /** Archiving, deleting and restoring act on retired events; every other write is refused there. */
  onRetiredEvents?: boolean;
}

export const REQUIREMENT = 'traveller:requirement';

/**
 * The key an operation needs: a role (or a function of the arguments, e.g. a correction needs a
 * director) on what it writes to. Every write must say it: the guard refuses writes that do not.
 */
export function Requires(role: ApiRole | ((args: Record<string, any>) => ApiRole), target: (args: Record<string, any>) => ScopeTarget | ScopeTarget[], what: string, { onRetiredEvents = false } = {}) {
  return SetMetadata(REQUIREMENT, { mode: 'write', role: typeof role === 'string' ? () => role : role, target, what, onRetiredEvents } satisfies Requirement);
}

/** A write a federation's key may also make in its member clubs (merging duplicate players). */
export function RequiresAcrossFederation(role: ApiRole, target: (args: Record<string, any>) => ScopeTarget | ScopeTarget[], what: string) {
  return SetMetadata(REQUIREMENT, { mode: 'federation', role: () => role, target, what } satisfies Requirement);
}

/** A read that is not public (awards, key lists): a key of the target's organisation or of its federation. */
export function RequiresKey(target: (args: Record<string, any>) => ScopeTarget, what: string) {
  return SetMetadata(REQUIREMENT, { mode: 'read', role: () => 'SCORER', target, what } satisfies Requirement);
}
