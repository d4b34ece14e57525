import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { EventSessionsResolver, SessionsResolver } from './sessions.resolver.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [EventsModule],
  providers: [SessionsService, SessionsResolver, EventSessionsResolver],
  exports: [SessionsService],
})
export class SessionsModule {}
