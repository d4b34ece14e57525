import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import { MetricsService } from '../metrics/metrics.service.js';

export type LiveTopic = 'resultPosted' | 'rankingChanged';

/**
 * What GraphQL subscriptions listen to. In one process an in-memory PubSub is enough; with
 * REDIS_URL set, events go through Redis so every instance behind a load balancer delivers them.
 * Payloads are plain JSON (they cross Redis).
 */
@Injectable()
export class LiveEvents implements OnModuleDestroy {
  private readonly logger = new Logger('LiveEvents');
  private readonly engine: PubSubEngine;
  private readonly redis?: RedisPubSub;

  constructor(private readonly metrics: MetricsService) {
    const url = process.env.REDIS_URL;
    if (url) {
      const connect = () => new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
      this.redis = new RedisPubSub({ publisher: connect(), subscriber: connect() });
      this.engine = this.redis;
      this.logger.log('Live events fan out through Redis');
    } else {
      this.engine = new PubSub();
    }
  }

  async publish<T extends object>(topic: LiveTopic, sessionId: string, payload: T): Promise<void> {
    try {
      await this.engine.publish(`${topic}:${sessionId}`, { [topic]: payload });
    } catch (error) {
      // A lost notification must never fail a post that is already committed.
      this.logger.warn(`Could not publish ${topic}: ${(error as Error).message}`);
    }
  }

  /** rankingChanged for each session whose results were all scored again (a new rule or movement): no board in particular. */
  async rankingsRescored(sessionIds: string[]): Promise<void> {
    for (const sessionId of sessionIds) await this.publish('rankingChanged', sessionId, { sessionId, boards: [] });
  }

  /** A subscription; counted as a live subscriber until it is returned (closed). */
  listen<T>(topic: LiveTopic, sessionId: string): AsyncIterableIterator<T> {
    const iterator = this.engine.asyncIterableIterator<T>(`${topic}:${sessionId}`);
    const closed = this.metrics.subscribed();
    const close = iterator.return?.bind(iterator);
    iterator.return = () => {
      closed();
      return close ? close() : Promise.resolve({ done: true as const, value: undefined });
    };
    return iterator;
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.close();
  }
}
