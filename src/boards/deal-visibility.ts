import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { ScopeService } from '../auth/scope.service.js';
import { travellersHidden } from '../bridge/periods.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';

/**
 * Whether a reader may see a board's deal — and so anything worked out from it (the double-dummy
 * table, par): always, except while the director hides the session's travellers, when only keys
 * of the event's organisation may.
 */
@Injectable()
export class DealVisibility {
  constructor(
    private readonly scored: ScoredEvents,
    private readonly scopes: ScopeService,
  ) {}

  async visible(board: { sessionId: string }, principal: Principal | null): Promise<boolean> {
    // The session as the scored event's cache holds it (checked against the revision): no query per board.
    const session = (await this.scored.ofSession(board.sessionId)).sessions.get(board.sessionId)?.data.session;
    if (!session || !travellersHidden(session)) return true;
    return this.scopes.insiderOfSession(board.sessionId, principal);
  }
}
