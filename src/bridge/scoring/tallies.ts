import { ExactSum } from '../exact-sum.js';
import { Fraction } from '../fraction.js';

/**
 * A contestant's session: its score (MPs, IMPs or points), the tops of its boards (MPs) and boards
 * played. `score` is exact and worked out when read; `approx` is the same in floating point, for
 * ordering a large field without computing every exact total.
 */
export interface Tally {
  readonly score: Fraction;
  readonly approx: number;
  readonly tops: Fraction;
  readonly boards: number;
}

/** A tally being built board by board (or unbuilt, when a board is scored again). */
export class TallyBuilder {
  readonly sum = new ExactSum();
  /** Σ of the tops: whole tops (every matchpoint board's) as a plain integer, any other exactly. */
  private wholeTops = 0;
  private otherTops = Fraction.ZERO;
  boards = 0;

  credit(score: Fraction, top: Fraction, sign: 1 | -1): void {
    this.sum.add(score, sign);
    if (top.den === 1 && typeof top.num === 'number' && Number.isSafeInteger(this.wholeTops + top.num)) this.wholeTops += sign * top.num;
    else this.otherTops = sign > 0 ? this.otherTops.add(top) : this.otherTops.sub(top);
    this.boards += sign;
  }

  get tops(): Fraction {
    return this.otherTops.isZero() ? Fraction.of(this.wholeTops) : Fraction.of(this.wholeTops).add(this.otherTops);
  }

  /** The builder as a tally, valid until its next credit (no copy). */
  view(): Tally {
    return new SumTally(this.sum, this.tops, this.boards);
  }

  /** A snapshot: later credits to this builder leave it alone. */
  tally(): Tally {
    return new SumTally(this.sum.clone(), this.tops, this.boards);
  }
}

/** A tally over a running sum, its exact score worked out when read (a class: thousands are made per correction). */
class SumTally implements Tally {
  readonly approx: number;

  constructor(
    private readonly sum: ExactSum,
    readonly tops: Fraction,
    readonly boards: number,
  ) {
    this.approx = sum.approx;
  }

  get score(): Fraction {
    return this.sum.value();
  }
}

export const fixedTally = (score: Fraction, tops: Fraction, boards: number): Tally => ({ score, approx: score.toNumber(), tops, boards });
