import { Args, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { IdArg } from '../common/id.js';
import { LiveEvents } from '../live/live-events.service.js';
import { Session } from '../sessions/models/session.model.js';
import { SubmitResultInput, SubmitResultsInput } from './dto/submit-result.input.js';
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
  ) {}

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
    return this.prisma.auditEntry.findMany({ where: { sessionId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
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
