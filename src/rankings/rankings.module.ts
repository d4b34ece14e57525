import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { RankingsResolver } from './rankings.resolver.js';
import { RankedContestantResolver } from './ranked-contestant.resolver.js';
import { RankingsService } from './rankings.service.js';
import { ScoredEvents } from './scored-events.service.js';
import { SessionResultsResolver } from './session-results.resolver.js';

@Module({ imports: [EventsModule], providers: [RankingsService, ScoredEvents, RankingsResolver, SessionResultsResolver, RankedContestantResolver], exports: [RankingsService, ScoredEvents] })
export class RankingsModule {}
