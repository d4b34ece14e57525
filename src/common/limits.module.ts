import { Global, Module } from '@nestjs/common';
import { RateLimiter, rateLimitsFromEnv } from './rate-limit.js';
import { WebSocketPayloadLimit } from './websocket-payload.js';

/** One rate limiter per service, shared by HTTP (configure-app.ts), GraphQL mutations and WebSocket subscriptions; the WebSocket message limit. */
@Global()
@Module({
  providers: [{ provide: RateLimiter, useFactory: () => new RateLimiter(rateLimitsFromEnv()) }, WebSocketPayloadLimit],
  exports: [RateLimiter],
})
export class LimitsModule {}
