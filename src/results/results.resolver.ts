import { Args, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import { LiveEvents } from '../live/live-events.service.js';
import { Session } from '../sessions/models/session.model.js';
import { SubmitResultInput, SubmitResultsInput } from './dto/submit-result.input.js';
import { AddPenaltyInput, AdjustScoreInput, MarkFouledBoardInput } from './dto/director.inputs.js';
import { DirectorService } from './director.service.js';
import { PenaltyModel } from './models/penalty.model.js';
import { Int } from '@nestjs/graphql';
import { AuditEntry, RankingChange } from './models/audit-entry.model.js';
import { SubmitResultPayload, TravellerLine } from './models/traveller.model.js';
import { PublicationService } from './publication.service.js';
import { ResultsService } from './results.service.js';
import { PrismaService } from '../database/prisma.service.js';

@Resolver()
export class ResultsResolver {
  constructor(
    private readonly results: ResultsService,
    private readonly publication: PublicationService,
    private readonly live: LiveEvents,
    private readonly prisma: PrismaService,
    private readonly director: DirectorService,
  ) {}

  @Mutation(() => TravellerLine, { description: 'Laws 12, 86: an artificial, assigned (weighted, split allowed) or not-played score, with reason and Law' })
  adjustScore(@Args('input') input: AdjustScoreInput) {
    return this.director.adjust(input);
  }

  @Mutation(() => Int, { description: 'Law 87: marks which lines played a version of a fouled board; answers the lines changed' })
  markFouledBoard(@Args('input') input: MarkFouledBoardInput) {
    return this.director.markFouled(input);
  }

  @Mutation(() => PenaltyModel, { description: 'Law 90 procedural penalty (MP, % of a top, IMP, VP) or a disqualification' })
  addPenalty(@Args('input') input: AddPenaltyInput) {
    return this.director.addPenalty(input);
  }

  @Query(() => [PenaltyModel], { description: 'Penalties of a session' })
  penalties(@IdArg('sessionId') sessionId: string) {
    return this.prisma.penalty.findMany({ where: { sessionId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
  }

  @Mutation(() => SubmitResultPayload, {
    description: 'Posts one traveller line. The same line again changes nothing; a different one is a CONFLICT unless sent as a correction.',
  })
  submitResult(@Args('input') input: SubmitResultInput) {
    const { sessionId, ...line } = input;
    return this.results.submit(sessionId, line);
  }

  @Mutation(() => [SubmitResultPayload], { description: 'Posts several lines of a session at once: all or nothing' })
  submitResults(@Args('input') input: SubmitResultsInput) {
    return this.results.submitMany(input.sessionId, input.lines);
  }

  @Mutation(() => Session, { description: 'Makes the session’s results official; the Law 79C correction period starts' })
  publishSession(@IdArg('sessionId') sessionId: string) {
    return this.publication.publish(sessionId);
  }

  @Query(() => [AuditEntry], { description: 'Every change to the session’s results, oldest first' })
  auditTrail(@IdArg('sessionId') sessionId: string) {
    return this.prisma.auditEntry.findMany({ where: { sessionId }, orderBy: { seq: 'asc' } });
  }

  @Subscription(() => TravellerLine, { description: 'Each line stored or corrected in the session' })
  resultPosted(@IdArg('sessionId') sessionId: string) {
    return this.live.listen('resultPosted', sessionId);
  }

  @Subscription(() => RankingChange, { description: 'The session’s ranking changed: query sessionRanking again' })
  rankingChanged(@IdArg('sessionId') sessionId: string) {
    return this.live.listen('rankingChanged', sessionId);
  }
}
