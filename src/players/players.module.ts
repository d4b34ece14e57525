import { Module } from '@nestjs/common';
import { PlayersResolver } from './players.resolver.js';
import { PlayersService } from './players.service.js';

@Module({ providers: [PlayersService, PlayersResolver], exports: [PlayersService] })
export class PlayersModule {}
