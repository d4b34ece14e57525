import { randomUUID } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter within the millisecond, 62
 * random bits. Ids written in bulk in the order they were made then land at the end of the primary
 * key's index instead of on pages all over it (a national import's 240,000 results).
 */
export function orderedUuid(): string {
  const now = Date.now();
  if (now > lastMs) [lastMs, counter] = [now, 0];
  else if (++counter > 0xfff) [lastMs, counter] = [lastMs + 1, 0]; // 4,096 ids in one millisecond: borrow the next
  const time = lastMs.toString(16).padStart(12, '0');
  const random = randomUUID(); // its variant and random bits are kept
  return `${time.slice(0, 8)}-${time.slice(8)}-7${counter.toString(16).padStart(3, '0')}-${random.slice(19)}`;
}
