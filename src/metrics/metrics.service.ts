import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routePattern } from '../common/route-pattern.js';
import { PgPool } from '../database/pg-pool.service.js';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's Prometheus metrics (prom-client), one registry per service: request latency per
 * route and per GraphQL operation, travellers stored, imports, response-cache answers, the pg
 * pool, live subscribers, and Node's own (event-loop lag, heap, GC). Served at /metrics.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly http = new Histogram({ name: 'traveller_http_request_duration_seconds', help: 'HTTP requests by route and status', labelNames: ['method', 'route', 'status'], buckets: SECONDS, registers: [this.registry] });
  private readonly graphql = new Histogram({ name: 'traveller_graphql_operation_duration_seconds', help: 'GraphQL operations by name (or first root field) and type', labelNames: ['operation', 'type', 'outcome'], buckets: SECONDS, registers: [this.registry] });
  private readonly lines = new Counter({ name: 'traveller_traveller_lines_total', help: 'Traveller lines posted, by outcome (created, corrected, repeated)', labelNames: ['outcome'], registers: [this.registry] });
  private readonly imports = new Counter({ name: 'traveller_imports_total', help: 'File imports by format and outcome', labelNames: ['format', 'outcome'], registers: [this.registry] });
  private readonly cache = new Counter({ name: 'traveller_response_cache_total', help: 'Public GraphQL reads by response-cache outcome (HIT, MISS, 304)', labelNames: ['outcome'], registers: [this.registry] });
  private subscribers = 0;

  constructor(pg: PgPool) {
    collectDefaultMetrics({ register: this.registry });
    const pool = pg.pool;
    new Gauge({
      name: 'traveller_db_pool_connections',
      help: 'Connections of the pg pool (reads, posts) by state',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    const live = () => this.subscribers;
    new Gauge({ name: 'traveller_live_subscribers', help: 'Open live subscriptions (graphql-ws and page streams)', registers: [this.registry], collect() { this.set(live()); } });
  }

  /** Times every HTTP request by its route pattern (ids never become labels). */
  httpMiddleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const stop = this.http.startTimer();
      res.on('finish', () => {
        const route = routePattern(req) ?? 'unmatched';
        stop({ method: req.method, route, status: String(res.statusCode) });
        const cached = res.getHeader('X-Cache');
        if (typeof cached === 'string') this.cache.inc({ outcome: res.statusCode === 304 ? '304' : cached });
      });
      next();
    };
  }

  graphqlOperation(operation: string, type: string, outcome: 'ok' | 'error', seconds: number): void {
    this.graphql.observe({ operation, type, outcome }, seconds);
  }

  linesPosted(outcomes: { created: boolean; corrected: boolean }[]): void {
    for (const o of outcomes) this.lines.inc({ outcome: o.created ? 'created' : o.corrected ? 'corrected' : 'repeated' });
  }

  imported(format: string, outcome: 'imported' | 'repeated' | 'refused'): void {
    this.imports.inc({ format, outcome });
  }

  /** A live subscription opened; the returned function closes it. */
  subscribed(): () => void {
    this.subscribers++;
    let open = true;
    return () => {
      if (open) this.subscribers--;
      open = false;
    };
  }
}
