import { Fraction } from './fraction.js';
import type { ExactSource } from './scoring/tallies.js';

/**
 * A running sum of fractions that stays cheap to build: terms with the same denominator are added
 * as integers (Neuberg-factored matchpoints of one board share the board's denominator), and the
 * exact total — whose denominator can be the lcm of every board's result count, hundreds of bits in
 * a national field — is worked out only when it is asked for, once. `approx` is the same sum in
 * floating point, for ordering; `value()` is exact.
 *
 * The buckets are one short array (a pair plays two dozen boards), not a Map: a
 * correction in a national field adds to and copies thousands of these sums, and an array is
 * searched and copied in a fraction of a Map's time and memory.
 */
export class ExactSum implements ExactSource {
  constructor(
    /** Buckets side by side: denominator, numerator, denominator, numerator… */
    private readonly buckets: number[] = [],
    private rest = Fraction.ZERO,
    private exact: Fraction | null = null,
    public approx = 0,
  ) {}

  /** Adds `f` (or takes it away, `sign` −1). */
  add(f: Fraction, sign: 1 | -1 = 1): this {
    this.exact = null;
    this.approx += sign * f.toNumber();
    if (typeof f.num === 'number' && typeof f.den === 'number') {
      const b = this.buckets;
      let at = 0;
      while (at < b.length && b[at] !== f.den) at += 2;
      const n = (at < b.length ? b[at + 1] : 0) + sign * f.num;
      if (Number.isSafeInteger(n)) {
        if (at < b.length) b[at + 1] = n;
        else b.push(f.den, n);
        return this;
      }
    }
    this.rest = this.rest.add(sign > 0 ? f : f.neg());
    return this;
  }

  /** The exact total: one common denominator for all buckets, then a single reduction. */
  value(): Fraction {
    if (this.exact) return this.exact;
    const b = this.buckets;
    let common = 1n;
    let any = false;
    for (let at = 0; at < b.length; at += 2) {
      if (b[at + 1] === 0) continue;
      common = lcm(common, BigInt(b[at]));
      any = true;
    }
    let numerator = 0n;
    for (let at = 0; at < b.length; at += 2) if (b[at + 1] !== 0) numerator += BigInt(b[at + 1]) * (common / BigInt(b[at]));
    const total = any ? Fraction.fromBig(numerator, common) : Fraction.ZERO;
    this.exact = this.rest.isZero() ? total : total.add(this.rest);
    return this.exact;
  }

  exactScore(): Fraction {
    return this.value();
  }

  /** A copy that later additions to this sum leave alone. */
  clone(): ExactSum {
    return new ExactSum(this.buckets.slice(), this.rest, this.exact, this.approx);
  }

  static of(values: Iterable<Fraction>): ExactSum {
    const s = new ExactSum();
    for (const v of values) s.add(v);
    return s;
  }
}

function lcm(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}
