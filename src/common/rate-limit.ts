import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { bearerKey } from '../auth/api-key.js';

/** Requests a minute allowed per client address and per API key; 0 means no limit. */
export interface RateLimits {
  perAddress: number;
  perKey: number;
}

export function rateLimitsFromEnv(env = process.env): RateLimits {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    return value === undefined || value === '' || !Number.isFinite(Number(value)) ? fallback : Math.max(0, Number(value));
  };
  return { perAddress: read('TRAVELLER_RATE_LIMIT_PER_ADDRESS', 1_200), perKey: read('TRAVELLER_RATE_LIMIT_PER_KEY', 12_000) };
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets: each client address (and each presented key) may make `limit` requests a minute
 * on average, with bursts of a tenth of a minute's worth. Over it, 429 with Retry-After. Kept in
 * memory, so each instance counts its own share.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: RateLimits) {}

  /** 0 when `count` requests may go, or the seconds to wait. */
  take(key: string, perMinute: number, now = Date.now(), count = 1): number {
    if (!perMinute) return 0;
    const rate = perMinute / 60_000;
    const capacity = Math.max(10, perMinute / 10);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear(); // a flood of addresses must not exhaust memory
    this.buckets.set(key, bucket);
    if (bucket.tokens >= count) {
      bucket.tokens -= count;
      return 0;
    }
    // More than a burst holds can never go at once: the wait is what that many requests take.
    return Math.max(1, Math.ceil((count > capacity ? count : count - bucket.tokens) / rate / 1000));
  }

  /** Counts `count` requests of one caller (its address, and its key when it sent one): 0, or the seconds to wait. */
  takeFor(caller: { address: string | undefined; key: string | null }, count = 1): number {
    const now = Date.now();
    return Math.max(this.take(`ip:${caller.address}`, this.limits.perAddress, now, count), caller.key ? this.take(`key:${caller.key.slice(0, 18)}`, this.limits.perKey, now, count) : 0);
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const wait = this.takeFor(callerOf(req));
      if (!wait) return next();
      res.setHeader('Retry-After', String(wait));
      res.status(429).json({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: `Too many requests; try again in ${wait} s`, fields: [] });
    };
  }
}

/** Who a request counts against: its client address (as Express sees it) and its key. */
export function callerOf(req: Request): { address: string | undefined; key: string | null } {
  return { address: req.ip, key: bearerKey(req.headers.authorization) };
}

/**
 * The client address of a WebSocket upgrade: the socket's peer, or behind a trusted proxy
 * (TRAVELLER_TRUST_PROXY as a hop count) the address that proxy saw, as Express takes it for HTTP.
 */
export function upgradeAddress(req: IncomingMessage, trustProxy = process.env.TRAVELLER_TRUST_PROXY): string | undefined {
  const peer = req.socket?.remoteAddress;
  if (!trustProxy || !/^\d+$/.test(trustProxy)) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - Number(trustProxy))];
}
