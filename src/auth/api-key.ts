import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys: "trv_<prefix>_<secret>". The prefix (public, unique) finds the key; only the SHA-256
 * of the whole key is stored, so a database leak gives no usable key. Keys are 40+ random
 * characters, so a fast hash is enough (no password stretching needed).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === length) return out;
  }
  return out + randomText(length - out.length);
}

export interface NewKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateKey(): NewKey {
  const prefix = randomText(10);
  const key = `trv_${prefix}_${randomText(40)}`;
  return { key, prefix, hash: hashKey(key) };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The prefix of a well-formed key, or null. */
export function keyPrefix(key: string): string | null {
  return /^trv_([A-Za-z0-9]{10})_[A-Za-z0-9]{40}$/.exec(key)?.[1] ?? null;
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The key in an "Authorization: Bearer <key>" header, if any. */
export function bearerKey(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
}
