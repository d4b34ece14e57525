import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Direction } from '../common/enums.js';
import { IdArg } from '../common/id.js';
import { Traveller } from '../results/models/traveller.model.js';
import { EventRankingPageArgs, SessionRankingPageArgs } from './dto/ranking-page.args.js';
import { RankingEntry, RankingEntryConnection, Scorecard } from './models/ranking.model.js';
import { RankingsService } from './rankings.service.js';

@Resolver()
export class RankingsResolver {
  constructor(private readonly rankings: RankingsService) {}

  @Query(() => Traveller, { description: 'All results of one board of a session, scored' })
  traveller(@IdArg('sessionId') sessionId: string, @Args('board', { type: () => Int }) board: number) {
    return this.rankings.traveller(sessionId, board);
  }

  @Query(() => [RankingEntry], { description: 'The session ranking; direction picks one field of a two-winner Mitchell' })
  sessionRanking(
    @IdArg('sessionId') sessionId: string,
    @Args('direction', { type: () => Direction, nullable: true }) direction?: Direction,
  ) {
    return this.rankings.sessionRanking(sessionId, direction);
  }

  @Query(() => [RankingEntry], { description: 'The event ranking over all its sessions (carry-over)' })
  eventRanking(@IdArg('eventId') eventId: string) {
    return this.rankings.eventRanking(eventId);
  }

  @Query(() => RankingEntryConnection, { description: 'The session ranking a page at a time (first/after), optionally one section’s contestants' })
  sessionRankingPage(@Args() page: SessionRankingPageArgs) {
    return this.rankings.sessionRankingPage(page.sessionId, page);
  }

  @Query(() => RankingEntryConnection, { description: 'The event ranking (carry-over) a page at a time, optionally one section’s contestants' })
  eventRankingPage(@Args() page: EventRankingPageArgs) {
    return this.rankings.eventRankingPage(page.eventId, page);
  }

  @Query(() => RankingEntry, { nullable: true, description: 'One contestant’s line of the session ranking (its place in the whole field), without the rest; null when not ranked' })
  sessionRankingEntry(@IdArg('sessionId') sessionId: string, @IdArg('contestantId') contestantId: string) {
    return this.rankings.sessionRankingEntry(sessionId, contestantId);
  }

  @Query(() => Scorecard, { description: 'A contestant’s boards in a session: opponents, contract, score, matchpoints' })
  scorecard(@IdArg('sessionId') sessionId: string, @IdArg('contestantId') contestantId: string) {
    return this.rankings.scorecard(sessionId, contestantId);
  }
}
