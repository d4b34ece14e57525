import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { AppealsResolver } from './appeals.resolver.js';
import { AppealsService } from './appeals.service.js';
import { RulingsResolver } from './rulings.resolver.js';
import { RulingsService } from './rulings.service.js';
import { DirectorService } from './director.service.js';
import { MatchAwardsService } from './match-awards.service.js';
import { PublicationService } from './publication.service.js';
import { ResultsController } from './results.controller.js';
import { ResultsResolver } from './results.resolver.js';
import { ResultsService } from './results.service.js';
import { SessionContexts } from './session-contexts.service.js';
import { TravellerWriter } from './traveller-writer.js';

@Module({
  imports: [EventsModule],
  controllers: [ResultsController],
  providers: [ResultsService, SessionContexts, TravellerWriter, PublicationService, DirectorService, MatchAwardsService, ResultsResolver, AppealsService, AppealsResolver, RulingsService, RulingsResolver],
  exports: [ResultsService, SessionContexts],
})
export class ResultsModule {}
