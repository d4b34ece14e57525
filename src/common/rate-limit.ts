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

  /** 0 when the request may go, or the seconds to wait. */
  take(key: string, perMinute: number, now = Date.now()): number {
    if (!perMinute) return 0;
    const rate = perMinute / 60_000;
    const capacity = Math.max(10, perMinute / 10);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear(); // a flood of addresses must not exhaust memory
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / rate / 1000);
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const key = bearerKey(req.headers.authorization);
      const wait = Math.max(this.take(`ip:${req.ip}`, this.limits.perAddress), key ? this.take(`key:${key.slice(0, 18)}`, this.limits.perKey) : 0);
      if (!wait) return next();
      res.setHeader('Retry-After', String(wait));
      res.status(429).json({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: `Too many requests; try again in ${wait} s`, fields: [] });
    };
  }
}
