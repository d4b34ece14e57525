import { Module } from '@nestjs/common';
import { ScoringResolver } from './scoring.resolver.js';

@Module({ providers: [ScoringResolver] })
export class ScoringModule {}
