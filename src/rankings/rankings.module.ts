import { Module } from '@nestjs/common';
import { RankingsController } from './rankings.controller.js';
import { EventsModule } from '../events/events.module.js';
import { RankingsResolver } from './rankings.resolver.js';
import { RankedContestantResolver } from './ranked-contestant.resolver.js';
import { TravellerLineNamesResolver } from './traveller-line-names.resolver.js';
import { TravellerLineNames } from './traveller-line-names.js';
import { RankingsService } from './rankings.service.js';
import { ScoredEvents } from './scored-events.service.js';
import { SessionResultsResolver } from './session-results.resolver.js';
import { CarryForwardResolver } from './carry-forward.resolver.js';
import { CarryForwardService } from './carry-forward.service.js';

@Module({ imports: [EventsModule], controllers: [RankingsController], providers: [RankingsService, ScoredEvents, CarryForwardService, CarryForwardResolver, RankingsResolver, SessionResultsResolver, RankedContestantResolver, TravellerLineNames, TravellerLineNamesResolver], exports: [RankingsService, ScoredEvents] })
export class RankingsModule {}
