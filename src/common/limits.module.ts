import { Global, Module } from '@nestjs/common';
import { RateLimiter, rateLimitsFromEnv } from './rate-limit.js';

/** One rate limiter per service, shared by HTTP (configure-app.ts), GraphQL mutations and WebSocket subscriptions. */
@Global()
@Module({
  providers: [{ provide: RateLimiter, useFactory: () => new RateLimiter(rateLimitsFromEnv()) }],
  exports: [RateLimiter],
})
export class LimitsModule {}
