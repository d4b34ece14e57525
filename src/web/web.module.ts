import { Module } from '@nestjs/common';
import { ResponseCache } from '../common/response-cache.js';
import { ContestantsModule } from '../contestants/contestants.module.js';
import { DoubleDummyModule } from '../double-dummy/double-dummy.module.js';
import { EventsModule } from '../events/events.module.js';
import { LiveModule } from '../live/live.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { PlayersModule } from '../players/players.module.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { PageResponder } from './page-responder.js';
import { WebController } from './web.controller.js';
import { WebData } from './web-data.service.js';

/** The results website: a thin shell over the same services the GraphQL resolvers use. */
@Module({
  imports: [OrganizationsModule, EventsModule, SessionsModule, ContestantsModule, RankingsModule, PlayersModule, LiveModule, DoubleDummyModule],
  controllers: [WebController],
  providers: [WebData, PageResponder, ResponseCache],
})
export class WebModule {}
