import { InvalidScoringError } from './errors.js';

/**
 * An exact rational number. Numerator and denominator are plain numbers while they are safe
 * integers (fast), and BigInt beyond that, so sums of Neuberg-factored matchpoints or weighted
 * scores never drift. The sign is kept in the numerator; the fraction is always in lowest terms.
 */
export class Fraction {
  private constructor(
    readonly num: number | bigint,
    readonly den: number | bigint,
  ) {}

  static readonly ZERO = new Fraction(0, 1);
  static readonly ONE = new Fraction(1, 1);

  static of(num: number | bigint, den: number | bigint = 1): Fraction {
    if (den === 0 || den === 0n) throw new InvalidScoringError('Division by zero in a score');
    if (typeof num === 'number' && typeof den === 'number' && Number.isSafeInteger(num) && Number.isSafeInteger(den)) {
      const g = gcd(Math.abs(num), Math.abs(den));
      const sign = den < 0 ? -1 : 1;
      return new Fraction((sign * num) / g || 0, (sign * den) / g);
    }
    return Fraction.fromBig(BigInt(num), BigInt(den));
  }

  /** Lowest terms, back to plain numbers when they fit (keeps later arithmetic fast). */
  static fromBig(n: bigint, d: bigint): Fraction {
    if (d === 0n) throw new InvalidScoringError('Division by zero in a score');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcdBig(n < 0n ? -n : n, d);
    n /= g;
    d /= g;
    return isSafe(n) && isSafe(d) ? new Fraction(Number(n), Number(d)) : new Fraction(n, d);
  }

  /** Reads "3/5", "0.6", "-1.25" or "7" exactly. */
  static parse(text: string): Fraction {
    const t = text.trim();
    const ratio = /^(-?\d+)\s*\/\s*(\d+)$/.exec(t);
    if (ratio) return Fraction.of(BigInt(ratio[1]), BigInt(ratio[2]));
    const decimal = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
    if (!decimal) throw new InvalidScoringError(`"${text}" is not a number or fraction (e.g. 0.6 or 3/5)`);
    const digits = decimal[3] ?? '';
    return Fraction.of(BigInt(`${decimal[1]}${decimal[2]}${digits}`), 10n ** BigInt(digits.length));
  }

  add(o: Fraction): Fraction {
    if (typeof this.den === 'number' && this.den === o.den && typeof this.num === 'number' && typeof o.num === 'number') {
      return Fraction.of(this.num + o.num, this.den);
    }
    return combine(this, o, 'add');
  }

  sub(o: Fraction): Fraction {
    return this.add(o.neg());
  }

  mul(o: Fraction): Fraction {
    return combine(this, o, 'mul');
  }

  div(o: Fraction): Fraction {
    if (o.isZero()) throw new InvalidScoringError('Division by zero in a score');
    return combine(this, o, 'div');
  }

  neg(): Fraction {
    return typeof this.num === 'number' ? new Fraction(-this.num || 0, this.den) : new Fraction(-this.num, this.den);
  }

  isZero(): boolean {
    return this.num === 0 || this.num === 0n;
  }

  compare(o: Fraction): number {
    const d = this.sub(o).num;
    return d > 0 ? 1 : d < 0 ? -1 : 0;
  }

  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }

  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }

  /** Presentation rounding: `places` decimals, half away from zero (the only rounding Traveller does). */
  toFixed(places = 2): string {
    const scale = 10n ** BigInt(places);
    const n = BigInt(this.num);
    const d = BigInt(this.den);
    const abs = n < 0n ? -n : n;
    const rounded = (abs * scale * 2n + d) / (2n * d);
    const whole = rounded / scale;
    const frac = (rounded % scale).toString().padStart(places, '0');
    const sign = n < 0n && rounded !== 0n ? '-' : '';
    return places ? `${sign}${whole}.${frac}` : `${sign}${whole}`;
  }

  /** The number shown to people: rounded as toFixed, as a JS number. */
  round(places = 2): number {
    return Number(this.toFixed(places));
  }

  toString(): string {
    return this.den === 1 || this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

export const frac = (num: number | bigint, den: number | bigint = 1) => Fraction.of(num, den);

/** Σ of fractions, exactly. */
export function sum(values: Iterable<Fraction>): Fraction {
  let total = Fraction.ZERO;
  for (const v of values) total = total.add(v);
  return total;
}

type Op = 'add' | 'mul' | 'div';

/** a/b op c/d, in numbers while the results stay safe integers, else in BigInt. */
function combine(x: Fraction, y: Fraction, op: Op): Fraction {
  if (typeof x.num === 'number' && typeof x.den === 'number' && typeof y.num === 'number' && typeof y.den === 'number') {
    const [a, b, c, d] = [x.num, x.den, y.num, y.den];
    // Every product must be exact, not only the result: a·d + c·b can land in range after rounding.
    const [p, q, m] = op === 'add' ? [a * d, c * b, b * d] : op === 'mul' ? [a * c, 0, b * d] : [a * d, 0, b * c];
    if (Number.isSafeInteger(p) && Number.isSafeInteger(q) && Number.isSafeInteger(m) && Number.isSafeInteger(p + q)) return Fraction.of(p + q, m);
  }
  const [a, b, c, d] = [BigInt(x.num), BigInt(x.den), BigInt(y.num), BigInt(y.den)];
  const [n, m] = op === 'add' ? [a * d + c * b, b * d] : op === 'mul' ? [a * c, b * d] : [a * d, b * c];
  return Fraction.fromBig(n, m);
}

const isSafe = (v: bigint) => v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER);

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

function gcdBig(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}
