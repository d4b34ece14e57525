import { Module } from '@nestjs/common';
import { LocalDateScalar } from '../common/local-date.scalar.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { EventsResolver } from './events.resolver.js';
import { EventsService } from './events.service.js';

@Module({
  imports: [OrganizationsModule],
  providers: [EventsService, EventsResolver, LocalDateScalar],
  exports: [EventsService],
})
export class EventsModule {}
