import { Module } from '@nestjs/common';
import { RankingsResolver } from './rankings.resolver.js';
import { RankingsService } from './rankings.service.js';

@Module({ providers: [RankingsService, RankingsResolver], exports: [RankingsService] })
export class RankingsModule {}
