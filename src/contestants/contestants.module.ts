import { Module } from '@nestjs/common';
import { ContestantsResolver, EventContestantsResolver, SessionContestantsResolver } from './contestants.resolver.js';
import { ContestantsService } from './contestants.service.js';

@Module({
  providers: [ContestantsService, ContestantsResolver, EventContestantsResolver, SessionContestantsResolver],
  exports: [ContestantsService],
})
export class ContestantsModule {}
