import { createHash } from 'node:crypto';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { Revisions } from '../database/revisions.service.js';
import { currentReads, trackReads, type ReadDependencies } from './read-tracking.js';
import { knownQuery } from './read-snapshot.js';

/**
 * Public results pages ask the same GraphQL question over and over (a club's live ranking polled
 * by every phone in the room). Answers to the read-only results queries are kept, byte for byte,
 * with what they were computed from (each event's revision, and when they go stale by
 * themselves), and served again without running GraphQL at all while that still holds: one
 * shared revision probe per moment, so an answer is never older than the last committed write.
 */
const CACHEABLE_FIELDS = new Set(['sessionRanking', 'eventRanking', 'sessionRankingPage', 'eventRankingPage', 'sessionRankingEntry', 'traveller', 'scorecard', '__typename']);
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  /** The JSON answer, encoded once. */
  body: Buffer;
  /** A strong validator of the body, so pollers can ask "changed?" (If-None-Match → 304). */
  etag: string;
  events: Map<string, string>;
  expiresAt: number;
}

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Same question, same key: the query text, the operation and the variables as sent. */
function cacheKey(body: GraphqlBody): string | null {
  if (typeof body.query !== 'string') return null;
  return `${typeof body.operationName === 'string' ? body.operationName : ''}\u0000${body.query}\u0000${JSON.stringify(body.variables ?? {})}`;
}

@Injectable()
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers being computed, by key, with when each computation started. */
  private readonly computing = new Map<string, Computation>();

  constructor(private readonly revisions: Revisions) {}

  /** The stored answer, if everything it was computed from is still current. */
  async lookup(key: string): Promise<Entry | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    knownQuery(); // a stale answer is checked, then computed again: one probe for both
    if (entry.expiresAt <= Date.now() || !(await this.current(entry.events))) {
      this.remove(key);
      return null;
    }
    return entry;
  }

  /**
   * The answer for a reader that arrived at `arrivedAt`, or the turn to compute it. An answer
   * computed from data read after the reader arrived is as fresh as the reader may ask (it holds
   * every write that had returned), so readers waiting for a computation that started after them
   * take its answer; one that started earlier is waited out and the question asked again. So
   * however fast posts arrive, a ranking is computed once per moment, not once per reader.
   */
  async lookupOrCompute(key: string, arrivedAt: number): Promise<{ hit: Entry } | { done: () => void }> {
    for (let round = 0; round < 4; round++) {
      const running = this.computing.get(key);
      if (running) {
        const entry = await running.result;
        if (entry && running.startedAt >= arrivedAt) return { hit: entry };
        continue;
      }
      const hit = await this.lookup(key);
      if (hit) return { hit };
      // No await since the check above: of readers woken together, exactly one takes the turn.
      if (!this.computing.has(key)) return { done: this.startComputing(key) };
    }
    return { done: () => {} };
  }

  private startComputing(key: string): () => void {
    let settle!: (entry: Entry | null) => void;
    const computation: Computation = { startedAt: performance.now(), result: new Promise((resolve) => (settle = resolve)), settle };
    this.computing.set(key, computation);
    return () => this.finish(key, computation, this.entries.get(key) ?? null);
  }

  private finish(key: string, computation: Computation, entry: Entry | null): void {
    if (this.computing.get(key) === computation) this.computing.delete(key);
    computation.settle(entry);
  }

  /** Keeps an answer; answers its ETag (null when it is not kept). */
  store(key: string, json: string, reads: ReadDependencies): string | null {
    const body = Buffer.from(json);
    if (!reads.events.size || body.length > MAX_BYTES / 16) return null;
    this.remove(key);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry = { body, etag, events: reads.events, expiresAt: reads.expiresAt };
    this.entries.set(key, entry);
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.remove(oldest);
    }
    const running = this.computing.get(key);
    if (running) this.finish(key, running, entry);
    return etag;
  }

  private async current(events: Map<string, string>): Promise<boolean> {
    for (const [eventId, revision] of events) {
      if ((await this.revisions.ofEvent(eventId).catch(() => null))?.revision !== revision) return false;
    }
    return true;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

interface Computation {
  startedAt: number;
  result: Promise<Entry | null>;
  settle(entry: Entry | null): void;
}

/**
 * Before Apollo: answers from the cache when it can; otherwise lets the request through with its
 * reads tracked, for the plugin below to store. Requests with credentials are never served from it.
 */
@Injectable()
export class ResponseCacheMiddleware implements NestMiddleware {
  constructor(private readonly cache: ResponseCache) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const body = req.method === 'POST' ? (req.body as GraphqlBody | undefined) : req.method === 'GET' ? getBody(req.query) : undefined;
    const key = !req.headers.authorization && body ? cacheKey(body) : null;
    if (!key) return next();
    const found = await this.cache.lookupOrCompute(key, performance.now());
    if ('hit' in found) {
      const { hit } = found;
      // Written directly: the body is ready, so Express has nothing to add (no re-encoding, no ETag hashing).
      if (req.headers['if-none-match'] === hit.etag) {
        res.writeHead(304, { ETag: hit.etag, 'Cache-Control': PUBLIC_READ, 'X-Cache': 'HIT' }).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': hit.body.length, ETag: hit.etag, 'Cache-Control': PUBLIC_READ, 'X-Cache': 'HIT' });
      res.end(hit.body);
      return;
    }
    res.once('close', found.done);
    trackReads(() => next());
  }
}

/** A GET's query string as the body a POST would carry; undefined when it is not one (Apollo answers why). */
function getBody(query: Request['query']): GraphqlBody | undefined {
  if (typeof query.query !== 'string') return undefined;
  try {
    const variables = typeof query.variables === 'string' ? (JSON.parse(query.variables) as Record<string, unknown>) : undefined;
    return { query: query.query, variables, operationName: typeof query.operationName === 'string' ? query.operationName : undefined };
  } catch {
    return undefined;
  }
}

/** After Apollo: keeps the answer of a read-only results query that succeeded. */
@Plugin()
export class ResponseCachePlugin implements ApolloServerPlugin {
  constructor(private readonly cache: ResponseCache) {}

  async requestDidStart(): Promise<GraphQLRequestListener<object>> {
    const cache = this.cache;
    return {
      async willSendResponse(ctx: GraphQLRequestContext<object>) {
        const reads = currentReads();
        const { response, request, operation } = ctx;
        const body = response.body;
        if (!reads || !operation || !cacheableOperation(operation) || body?.kind !== 'single' || body.singleResult.errors) return;
        if ((response.http.status ?? 200) !== 200) return;
        const key = cacheKey(request);
        if (!key) return;
        const etag = cache.store(key, JSON.stringify(body.singleResult), reads);
        response.http.headers.set('x-cache', 'MISS');
        // The first answer already carries the ETag, so a client's next read can be a 304.
        if (etag) {
          response.http.headers.set('etag', etag);
          response.http.headers.set('cache-control', PUBLIC_READ);
        }
      },
    };
  }
}

/**
 * Public results may be kept by browsers and proxies, but checked again every time (ETag: a 304
 * costs nothing): results change the moment a pad posts, and a stale ranking is worse than a trip.
 */
const PUBLIC_READ = 'public, max-age=0, must-revalidate';

/** A query whose every root field is a results read that records what it depends on. */
function cacheableOperation(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CACHEABLE_FIELDS.has(s.name.value)) &&
    operation.selectionSet.selections.some((s) => s.kind === Kind.FIELD && s.name.value !== '__typename')
  );
}
