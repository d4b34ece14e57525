import { Module } from '@nestjs/common';
import { RankingsModule } from '../rankings/rankings.module.js';
import { FederationController } from './federation.controller.js';
import { FederationResolver } from './federation.resolver.js';
import { FederationService } from './federation.service.js';

@Module({ imports: [RankingsModule], controllers: [FederationController], providers: [FederationService, FederationResolver], exports: [FederationService] })
export class FederationModule {}
