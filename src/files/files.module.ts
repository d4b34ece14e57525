import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { DoubleDummyModule } from '../double-dummy/double-dummy.module.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { ExportService } from './export.service.js';
import { FilesController } from './files.controller.js';
import { FilesResolver } from './files.resolver.js';
import { ImportService } from './import.service.js';
import { ResultsModule } from '../results/results.module.js';
import { SectionImportService } from './section-import.js';
import { SectionImportController } from './section-import.controller.js';
import { SectionImportResolver } from './section-import.resolver.js';

@Module({
  imports: [RankingsModule, DoubleDummyModule, EventsModule, ResultsModule],
  controllers: [FilesController, SectionImportController],
  providers: [ImportService, ExportService, FilesResolver, SectionImportService, SectionImportResolver],
})
export class FilesModule {}
