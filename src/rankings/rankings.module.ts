import { Module } from '@nestjs/common';
import { RankingsResolver } from './rankings.resolver.js';
import { RankingsService } from './rankings.service.js';
import { ScoredEvents } from './scored-events.service.js';
import { SessionResultsResolver } from './session-results.resolver.js';

@Module({ providers: [RankingsService, ScoredEvents, RankingsResolver, SessionResultsResolver], exports: [RankingsService, ScoredEvents] })
export class RankingsModule {}
