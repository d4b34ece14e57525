import { Global, Module } from '@nestjs/common';
import { PlayerPrivacy } from './player-privacy.service.js';
import { PlayersResolver } from './players.resolver.js';
import { PlayersService } from './players.service.js';

/** Global: every module that shows a player (rankings, pages, exports) asks PlayerPrivacy what to show. */
@Global()
@Module({ providers: [PlayersService, PlayersResolver, PlayerPrivacy], exports: [PlayersService, PlayerPrivacy] })
export class PlayersModule {}
