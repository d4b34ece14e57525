import { Injectable } from '@nestjs/common';
import { Fraction } from '../bridge/fraction.js';
import { rulesOf, type CarryForward, type StoredRules } from '../bridge/scoring/index.js';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Event, Prisma } from '../generated/prisma/client.js';
import { checkScorable, scoringChanges } from '../events/scoring-rules.js';
import { LiveEvents } from '../live/live-events.service.js';
import { checkSettingsChange, rescoredSessions } from '../results/settings-change.js';
import { carriedEntries, carriedEntriesStale, type QualifyingFigures } from './carried-entries.js';
import { rankingRows, type ScoredEvent } from './event-scoring.js';
import { ScoredEvents } from './scored-events.service.js';
import type { SetCarryForwardInput } from './dto/carry-forward.inputs.js';

export interface CarryForwardReport {
  event: Event;
  /** Contestants of the final that carry nothing: found in no qualifying row, or in several. */
  unmatched: string[];
}

/**
 * Sets a final's carry-forward from its qualifying event (DOMAIN §7): the qualifying ranking as it
 * stands is read once, matched to the final's contestants and kept with the final's scoring rules,
 * so a later change to the qualifying event does not move the final unless the director sets it
 * again. A change to how the final scores: Law 79C's check, the audit and the rescoring are those of
 * updateEvent's scoring rules.
 */
@Injectable()
export class CarryForwardService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly scored: ScoredEvents,
    private readonly live: LiveEvents,
  ) {}

  async set(input: SetCarryForwardInput, actor?: string): Promise<CarryForwardReport> {
    const fraction = fractionOf(input.fraction);
    const carry = fraction.isZero() ? null : await this.workedOut(input, fraction);
    const { event, rescored } = await this.prisma.$transaction(async (tx) => {
      const event = await tx.event.findUnique({ where: { id: input.eventId } });
      if (!event || event.deletedAt) throw new NotFoundError('Event', input.eventId, 'eventId');
      const scoringOptions = { ...((event.scoringOptions ?? {}) as StoredRules), carryForward: carry?.rules ?? null };
      checkScorable(scoringOptions, event.vpScale);
      const changed = scoringChanges(event, { scoring: event.scoring, vpScale: event.vpScale, scoringOptions });
      await checkSettingsChange(tx, { eventId: event.id }, { action: 'SCORING_RULES_CHANGED', subject: 'the event', entityId: event.id, ...changed, override: input.override, actor });
      const rescored = await rescoredSessions(tx, { eventId: event.id }, changed);
      return { event: await tx.event.update({ where: { id: event.id }, data: { scoringOptions: scoringOptions as unknown as Prisma.InputJsonValue } }), rescored };
    });
    await this.live.rankingsRescored(rescored);
    return { event, unmatched: carry?.unmatched ?? [] };
  }

  /** The carry-forward from the qualifying event's ranking as it stands, matched to the final's contestants. */
  private async workedOut(input: SetCarryForwardInput, fraction: Fraction): Promise<{ rules: CarryForward; unmatched: string[] }> {
    if (input.eventId === input.fromEventId) throw new BadInputError('An event does not carry forward from itself: fromEventId is the qualifying event', ['fromEventId']);
    const [final, qualifying] = await Promise.all([this.event(input.eventId, 'eventId'), this.event(input.fromEventId, 'fromEventId')]);
    if (final.kind !== qualifying.kind || final.scoring !== qualifying.scoring) {
      throw new BadInputError(`The qualifying event is ${qualifying.kind} scored ${qualifying.scoring}, the final ${final.kind} scored ${final.scoring}: a carry-forward is counted in the same unit`, ['fromEventId']);
    }
    if (rulesOf(final).knockout) throw new BadInputError('A knockout carries over between its teams (carryOver), not from a qualifying event', ['eventId']);
    const [finalScored, qualifyingScored] = await Promise.all([this.scored.ofEvent(final.id), this.scored.ofEvent(qualifying.id)]);
    const byHand = new Map((input.pairs ?? []).map((p) => [p.contestantId, p.fromContestantId]));
    for (const [i, p] of (input.pairs ?? []).entries()) {
      if (!finalScored.data.contestants.has(p.contestantId)) throw new BadInputError(`pairs.${i}.contestantId: ${p.contestantId} is not a contestant of the final`, [`pairs.${i}.contestantId`]);
      if (!qualifyingScored.data.contestants.has(p.fromContestantId)) throw new BadInputError(`pairs.${i}.fromContestantId: ${p.fromContestantId} is not a contestant of the qualifying event`, [`pairs.${i}.fromContestantId`]);
    }
    const { entries, unmatched } = carriedEntries(finalScored.data.contestants.values(), qualifyingFigures(qualifyingScored), byHand);
    return { rules: { fromEventId: qualifying.id, fraction: fraction.toString(), entries }, unmatched };
  }

  /** Whether the qualifying ranking now differs from what the carry-forward was worked out from (or its event is gone). */
  async stale(carry: CarryForward): Promise<boolean> {
    const qualifying = await this.prisma.event.findUnique({ where: { id: carry.fromEventId }, select: { deletedAt: true } });
    if (!qualifying || qualifying.deletedAt) return true;
    return carriedEntriesStale(carry.entries, qualifyingFigures(await this.scored.ofEvent(carry.fromEventId)));
  }

  private async event(id: string, field: string): Promise<Event> {
    const event = await this.prisma.event.findUnique({ where: { id } });
    if (!event || event.deletedAt) throw new NotFoundError('Event', id, field);
    return event;
  }
}

/** "1/2", "0.5" or "0" (off), exactly; above 1 would count the qualifying more than itself. */
function fractionOf(text: string): Fraction {
  let fraction: Fraction;
  try {
    fraction = Fraction.parse(text);
  } catch {
    throw new BadInputError(`fraction is a number or fraction such as 1/2 or 0.5; got "${text}"`, ['fraction']);
  }
  if (fraction.compare(Fraction.ZERO) < 0 || fraction.compare(Fraction.ONE) > 0) throw new BadInputError(`fraction is 0 (no carry-forward) to 1; got ${text}`, ['fraction']);
  return fraction;
}

/** The qualifying event's ranking over all its sessions, as a carry-forward reads it. */
function qualifyingFigures(scored: ScoredEvent): QualifyingFigures {
  const sessions = [...scored.sessions.values()];
  return {
    rows: rankingRows(scored, sessions),
    matchpoints: scored.kind === 'MATCHPOINTS',
    teams: scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS',
    sessionsOf: (id) => sessions.filter((s) => (s.tallies.get(id)?.boards ?? 0) > 0).length,
  };
}
