import { Module } from '@nestjs/common';
import { DealVisibility } from '../boards/deal-visibility.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { BoardDoubleDummyResolver, DoubleDummyResolver, SessionDoubleDummyResolver, TravellerParResolver } from './double-dummy.resolver.js';
import { DoubleDummyService } from './double-dummy.service.js';

@Module({
  imports: [RankingsModule],
  providers: [DoubleDummyService, DoubleDummyResolver, BoardDoubleDummyResolver, SessionDoubleDummyResolver, TravellerParResolver, DealVisibility],
  exports: [DoubleDummyService, DealVisibility],
})
export class DoubleDummyModule {}
