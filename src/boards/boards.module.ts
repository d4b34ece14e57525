import { Module } from '@nestjs/common';
import { BoardsResolver, SessionBoardsResolver } from './boards.resolver.js';
import { BoardsService } from './boards.service.js';

@Module({ providers: [BoardsService, BoardsResolver, SessionBoardsResolver], exports: [BoardsService] })
export class BoardsModule {}
