import { Module } from '@nestjs/common';
import { DirectorService } from './director.service.js';
import { PublicationService } from './publication.service.js';
import { ResultsController } from './results.controller.js';
import { ResultsResolver } from './results.resolver.js';
import { ResultsService } from './results.service.js';

@Module({
  controllers: [ResultsController],
  providers: [ResultsService, PublicationService, DirectorService, ResultsResolver],
  exports: [ResultsService],
})
export class ResultsModule {}
