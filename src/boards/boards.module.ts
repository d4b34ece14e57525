import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { DoubleDummyModule } from '../double-dummy/double-dummy.module.js';
import { RankingsModule } from '../rankings/rankings.module.js';
import { BoardsResolver, SessionBoardsResolver } from './boards.resolver.js';
import { BoardsService } from './boards.service.js';

@Module({ imports: [RankingsModule, DoubleDummyModule, EventsModule], providers: [BoardsService, BoardsResolver, SessionBoardsResolver], exports: [BoardsService] })
export class BoardsModule {}
