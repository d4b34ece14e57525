import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { AuthModule } from './auth/auth.module.js';
import { BoardsModule } from './boards/boards.module.js';
import { ErrorFilter } from './common/error.filter.js';
import { LimitsModule } from './common/limits.module.js';
import { RateLimiter } from './common/rate-limit.js';
import { ResponseCache, ResponseCacheMiddleware, ResponseCachePlugin } from './common/response-cache.js';
import { validationPipe } from './common/validation.js';
import { ContestantsModule } from './contestants/contestants.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DoubleDummyModule } from './double-dummy/double-dummy.module.js';
import { EventsModule } from './events/events.module.js';
import { FederationModule } from './federation/federation.module.js';
import { FilesModule } from './files/files.module.js';
import { graphqlConfig } from './graphql.config.js';
import { HealthModule } from './health/health.module.js';
import { LiveModule } from './live/live.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { MetricsService } from './metrics/metrics.service.js';
import { OrganizationsModule } from './organizations/organizations.module.js';
import { PlayersModule } from './players/players.module.js';
import { RankingsModule } from './rankings/rankings.module.js';
import { ResultsModule } from './results/results.module.js';
import { ScoringModule } from './scoring/scoring.module.js';
import { SectionsModule } from './sections/sections.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { WebModule } from './web/web.module.js';

@Module({
  imports: [
    LimitsModule,
    DatabaseModule,
    MetricsModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({ driver: ApolloDriver, inject: [RateLimiter, MetricsService], useFactory: graphqlConfig }),
    AuthModule,
    LiveModule,
    HealthModule,
    OrganizationsModule,
    PlayersModule,
    EventsModule,
    SessionsModule,
    SectionsModule,
    BoardsModule,
    DoubleDummyModule,
    ContestantsModule,
    ResultsModule,
    RankingsModule,
    ScoringModule,
    FilesModule,
    FederationModule,
    WebModule,
  ],
  providers: [
    // Registered here (not in main.ts) so that e2e tests building AppModule get them too.
    { provide: APP_PIPE, useFactory: validationPipe },
    { provide: APP_FILTER, useClass: ErrorFilter },
    ResponseCache,
    ResponseCachePlugin,
  ],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // After the body parser, before Apollo (see common/response-cache.ts).
    consumer.apply(ResponseCacheMiddleware).forRoutes({ path: 'graphql', method: RequestMethod.POST }, { path: 'graphql', method: RequestMethod.GET });
  }
}
