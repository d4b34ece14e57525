import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import type { TravellerLine } from '../results/models/traveller.model.js';
import { lineSources } from '../results/traveller-line.js';
import { ScoredEvents } from './scored-events.service.js';

/**
 * A traveller line's pair names as the reader may see them (each club's name policy, as rankings
 * show them), from the scored event's contestants, which the line's session has loaded already.
 * For GraphQL's fields and the REST traveller alike.
 */
@Injectable()
export class TravellerLineNames {
  constructor(
    private readonly scored: ScoredEvents,
    private readonly privacy: PlayerPrivacy,
  ) {}

  async shown(line: TravellerLine, side: 'ns' | 'ew', principal: Principal | null): Promise<string | null> {
    const stored = side === 'ns' ? line.nsName : line.ewName;
    if (stored === null) return null;
    const source = lineSources.get(line);
    // A line that came through a message bus has lost where it came from: only a global admin sees a name.
    if (!source) return principal && principal.organizationId === null ? stored : null;
    const contestant = (await this.scored.ofSession(source.sessionId)).data.contestants.get(source[side]);
    if (!contestant) return null;
    return this.privacy.contestantName({ ...contestant, players: contestant.players.map((p) => p.player) }, principal);
  }
}
