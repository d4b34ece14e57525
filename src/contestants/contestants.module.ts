import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { ContestantsResolver, EventContestantsResolver, SessionContestantsResolver } from './contestants.resolver.js';
import { ContestantsService } from './contestants.service.js';

@Module({
  imports: [EventsModule],
  providers: [ContestantsService, ContestantsResolver, EventContestantsResolver, SessionContestantsResolver],
  exports: [ContestantsService],
})
export class ContestantsModule {}
