import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { EventsModule } from '../events/events.module.js';
import { SectionsResolver, SessionSectionsResolver } from './sections.resolver.js';
import { SectionsService } from './sections.service.js';

@Module({
  imports: [SessionsModule, EventsModule],
  providers: [SectionsService, SectionsResolver, SessionSectionsResolver],
  exports: [SectionsService],
})
export class SectionsModule {}
