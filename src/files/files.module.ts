import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { DoubleDummyModule } from '../double-dummy/double-dummy.module.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { ExportService } from './export.service.js';
import { FilesController } from './files.controller.js';
import { FilesResolver } from './files.resolver.js';
import { ImportService } from './import.service.js';

@Module({ imports: [RankingsModule, DoubleDummyModule, EventsModule], controllers: [FilesController], providers: [ImportService, ExportService, FilesResolver] })
export class FilesModule {}
