import { Args, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Actor, CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires, RequiresKey, type ScopeTarget } from '../auth/requires.decorator.js';
import { BadInputError } from '../common/errors.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { IdArg } from '../common/id.js';
import { LiveEvents } from '../live/live-events.service.js';
import { Session } from '../sessions/models/session.model.js';
import { SubmitResultInput, SubmitResultsInput } from './dto/submit-result.input.js';
import { AddPenaltyInput, AdjustScoreInput, MarkFouledBoardInput } from './dto/director.inputs.js';
import { DirectorService } from './director.service.js';
import { RecordMatchAwardInput, RevokeMatchAwardInput } from './dto/match-award.inputs.js';
import { MatchAwardsService } from './match-awards.service.js';
import { MatchAward } from './models/match-award.model.js';
import { PenaltyModel } from './models/penalty.model.js';
import { Int } from '@nestjs/graphql';
import { AuditEntry, RankingChange } from './models/audit-entry.model.js';
import { SubmitResultPayload, TravellerLine } from './models/traveller.model.js';
import { PublicationService } from './publication.service.js';
import { ResultsService } from './results.service.js';
import { PrismaService } from '../database/prisma.service.js';

/** Writes to a session's results are checked against the session's organisation and event. */
const inSession = (a: Record<string, any>) => ({ kind: 'session' as const, id: a.input?.sessionId });
/**
 * A write to lines of named sections: the event's organisation may, and so may the club hosting
 * every one of those sections (a simultaneous event). A line without a letter names the session's
 * only section, as posting reads it.
 */
export const inSections = (sessionId: unknown, letters: unknown[]): ScopeTarget[] =>
  [...new Set(letters.map((l) => (typeof l === 'string' ? l.trim().toUpperCase() : '')))].map((section) => ({ kind: 'sessionSection', id: sessionId, section: section || undefined }));
/** The section letters of a list of lines (each its own or the input's), or none when it is not a list. */
export const lettersOf = (lines: unknown, fallback?: unknown): unknown[] =>
  Array.isArray(lines) && lines.length ? lines.map((l) => (l && typeof l === 'object' && 'section' in l && l.section ? l.section : fallback)) : [fallback];
/** A correction is a director's (DOMAIN §6.6 rule 7). */
export const correcting = (lines: unknown): boolean => Array.isArray(lines) && lines.some((l) => l && typeof l === 'object' && 'correction' in l && l.correction);

@Resolver()
export class ResultsResolver {
  constructor(
    private readonly results: ResultsService,
    private readonly publication: PublicationService,
    private readonly live: LiveEvents,
    private readonly prisma: PrismaService,
    private readonly director: DirectorService,
    private readonly awards: MatchAwardsService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Mutation(() => TravellerLine, { description: 'Laws 12, 86: an artificial, assigned (weighted, split allowed) or not-played score, with reason and Law' })
  @Requires('DIRECTOR', (a) => inSections(a.input?.sessionId, [a.input?.section]), 'Adjusting a score')
  adjustScore(@Args('input') input: AdjustScoreInput, @Actor() actor: string) {
    return this.director.adjust(input, actor);
  }

  @Mutation(() => Int, { description: 'Law 87: marks which lines played a version of a fouled board; answers the lines changed' })
  @Requires('DIRECTOR', (a) => inSections(a.input?.sessionId, lettersOf(a.input?.lines, a.input?.section)), 'Marking a fouled board')
  markFouledBoard(@Args('input') input: MarkFouledBoardInput, @Actor() actor: string) {
    return this.director.markFouled(input, actor);
  }

  @Mutation(() => PenaltyModel, { description: 'Law 90 procedural penalty (MP, % of a top, IMP, VP) or a disqualification' })
  @Requires('DIRECTOR', (a) => ({ kind: 'sessionContestant', id: a.input?.sessionId, contestantId: a.input?.contestantId }), 'A penalty')
  addPenalty(@Args('input') input: AddPenaltyInput, @Actor() actor: string) {
    return this.director.addPenalty(input, actor);
  }

  @Mutation(() => PenaltyModel, { description: 'Withdraws a penalty given in error (kept, marked revoked, audited)' })
  @Requires('DIRECTOR', (a) => ({ kind: 'penalty', id: a.id }), 'Withdrawing a penalty')
  revokePenalty(
    @IdArg() id: string,
    @Args('reason') reason: string,
    @Args('override', { type: () => Boolean, nullable: true, description: 'After the correction period (Law 79C2)' }) override: boolean | undefined,
    @Actor() actor: string,
  ) {
    if (reason.trim().length < 3) throw new BadInputError('Say why the penalty is withdrawn (3 characters or more)', ['reason']);
    return this.director.revokePenalty(id, reason.trim().slice(0, 500), override ?? undefined, actor);
  }

  @Mutation(() => MatchAward, { description: 'Teams: records a bye, or a match one team forfeited; valued by the event’s byeAward / forfeitAward' })
  @Requires('DIRECTOR', inSession, 'A bye or forfeit')
  recordMatchAward(@Args('input') input: RecordMatchAwardInput, @Actor() actor: string) {
    return this.awards.record(input, actor);
  }

  @Mutation(() => MatchAward, { description: 'Withdraws a bye or forfeit recorded in error (kept, marked revoked, audited)' })
  @Requires('DIRECTOR', inSession, 'Withdrawing a bye or forfeit')
  revokeMatchAward(@Args('input') input: RevokeMatchAwardInput, @Actor() actor: string) {
    return this.awards.revoke(input, actor);
  }

  @Query(() => [MatchAward], { description: 'Byes and forfeits of a session (teams)' })
  async matchAwards(@IdArg('sessionId') sessionId: string, @CurrentPrincipal() principal: Principal | null) {
    // A session of a deleted event, or of an archived one the key is not of, is unknown (as session).
    await this.lifecycle.checkSession(sessionId, principal);
    return this.awards.list(sessionId);
  }

  @Query(() => [PenaltyModel], { description: 'Penalties of a session' })
  async penalties(@IdArg('sessionId') sessionId: string, @CurrentPrincipal() principal: Principal | null) {
    await this.lifecycle.checkSession(sessionId, principal);
    return this.prisma.penalty.findMany({ where: { sessionId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
  }

  @Mutation(() => SubmitResultPayload, {
    description: 'Posts one traveller line. The same line again changes nothing; a different one is a CONFLICT unless sent as a correction.',
  })
  @Requires((a) => (a.input?.correction ? 'DIRECTOR' : 'SCORER'), (a) => inSections(a.input?.sessionId, [a.input?.section]), 'Posting a result')
  submitResult(@Args('input') input: SubmitResultInput, @Actor() actor: string) {
    const { sessionId, ...line } = input;
    return this.results.submit(sessionId, line, actor);
  }

  @Mutation(() => [SubmitResultPayload], { description: 'Posts several lines of a session at once: all or nothing' })
  @Requires((a) => (correcting(a.input?.lines) ? 'DIRECTOR' : 'SCORER'), (a) => inSections(a.input?.sessionId, lettersOf(a.input?.lines)), 'Posting results')
  submitResults(@Args('input') input: SubmitResultsInput, @Actor() actor: string) {
    return this.results.submitMany(input.sessionId, input.lines, actor);
  }

  @Mutation(() => Session, { description: 'Makes the session’s results official; the Law 79C correction period starts. Again after a correction: nothing changes, unless the event’s republishRestartsPeriods restarts both periods' })
  @Requires('DIRECTOR', (a) => ({ kind: 'session', id: a.sessionId }), 'Publishing results')
  publishSession(@IdArg('sessionId') sessionId: string, @Actor() actor: string) {
    return this.publication.publish(sessionId, actor);
  }

  @Query(() => [AuditEntry], { description: 'Every change to the session’s results, oldest first' })
  @RequiresKey((a) => ({ kind: 'session', id: a.sessionId }), 'The audit trail')
  auditTrail(@IdArg('sessionId') sessionId: string) {
    return this.prisma.auditEntry.findMany({ where: { sessionId }, orderBy: { seq: 'asc' } });
  }

  @Subscription(() => TravellerLine, { description: 'Each line stored or corrected in the session; none while the director hides travellers' })
  async resultPosted(@IdArg('sessionId') sessionId: string) {
    // Subscribers carry no key: a session of an archived or deleted event is refused as unknown.
    await this.lifecycle.checkSession(sessionId, null);
    return this.live.listen('resultPosted', sessionId);
  }

  @Subscription(() => RankingChange, { description: 'The session’s ranking changed: query sessionRanking again' })
  async rankingChanged(@IdArg('sessionId') sessionId: string) {
    await this.lifecycle.checkSession(sessionId, null);
    return this.live.listen('rankingChanged', sessionId);
  }
}
