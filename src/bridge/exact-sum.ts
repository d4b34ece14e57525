import { Fraction } from './fraction.js';

/**
 * A running sum of fractions that stays cheap to build: terms with the same denominator are added
 * as integers (Neuberg-factored matchpoints of one board share the board's denominator), and the
 * exact total — whose denominator can be the lcm of every board's result count, hundreds of bits in
 * a national field — is worked out only when it is asked for, once. `approx` is the same sum in
 * floating point, for ordering; `value()` is exact.
 */
export class ExactSum {
  private readonly numerators = new Map<number, number>();
  private rest = Fraction.ZERO;
  private exact: Fraction | null = null;
  approx = 0;

  /** Adds `f` (or takes it away, `sign` −1). */
  add(f: Fraction, sign: 1 | -1 = 1): this {
    this.exact = null;
    this.approx += sign * f.toNumber();
    if (typeof f.num === 'number' && typeof f.den === 'number') {
      const n = (this.numerators.get(f.den) ?? 0) + sign * f.num;
      if (Number.isSafeInteger(n)) {
        this.numerators.set(f.den, n);
        return this;
      }
    }
    this.rest = this.rest.add(sign > 0 ? f : f.neg());
    return this;
  }

  /** The exact total: one common denominator for all buckets, then a single reduction. */
  value(): Fraction {
    if (this.exact) return this.exact;
    const buckets = [...this.numerators].filter(([, n]) => n !== 0);
    let common = 1n;
    for (const [den] of buckets) common = lcm(common, BigInt(den));
    let numerator = 0n;
    for (const [den, n] of buckets) numerator += BigInt(n) * (common / BigInt(den));
    const total = buckets.length ? Fraction.fromBig(numerator, common) : Fraction.ZERO;
    this.exact = this.rest.isZero() ? total : total.add(this.rest);
    return this.exact;
  }

  /** A copy that later additions to this sum leave alone. */
  clone(): ExactSum {
    const copy = new ExactSum();
    for (const [den, n] of this.numerators) copy.numerators.set(den, n);
    copy.rest = this.rest;
    copy.exact = this.exact;
    copy.approx = this.approx;
    return copy;
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
