import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { HostInvitationsResolver } from './host-invitations.resolver.js';
import { EventsModule } from '../events/events.module.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { SectionsResolver, SessionSectionsResolver } from './sections.resolver.js';
import { SectionsService } from './sections.service.js';

@Module({
  imports: [SessionsModule, OrganizationsModule, EventsModule, RankingsModule],
  providers: [SectionsService, SectionsResolver, SessionSectionsResolver, HostInvitationsResolver],
  exports: [SectionsService],
})
export class SectionsModule {}
