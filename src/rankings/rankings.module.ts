import { Module } from '@nestjs/common';
import { RankingsController } from './rankings.controller.js';
import { RankingsResolver } from './rankings.resolver.js';
import { RankingsService } from './rankings.service.js';
import { ScoredEvents } from './scored-events.service.js';
import { SessionResultsResolver } from './session-results.resolver.js';

@Module({ controllers: [RankingsController], providers: [RankingsService, ScoredEvents, RankingsResolver, SessionResultsResolver], exports: [RankingsService, ScoredEvents] })
export class RankingsModule {}
