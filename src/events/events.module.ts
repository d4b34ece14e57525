import { Module } from '@nestjs/common';
import { LocalDateScalar } from '../common/local-date.scalar.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { EventLifecycleResolver } from './event-lifecycle.resolver.js';
import { EventLifecycle } from './event-lifecycle.service.js';
import { EventsResolver } from './events.resolver.js';
import { EventsService } from './events.service.js';

@Module({
  imports: [OrganizationsModule],
  providers: [EventsService, EventsResolver, LocalDateScalar, EventLifecycle, EventLifecycleResolver],
  exports: [EventsService, EventLifecycle],
})
export class EventsModule {}
