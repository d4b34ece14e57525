import { Fraction, sum } from './fraction.js';
import { placeByScore, type Placed } from './ranking.js';

/**
 * Splitting a pairs tie where one must be split (DOMAIN §7: the winner, the last qualifying place,
 * an indivisible prize; shared masterpoints and cash are never split). The methods the DOMAIN
 * lists for pairs, each a figure per tied contestant, highest first; contestants still equal on it
 * stay tied ("1=") for the conditions of contest's next step.
 */
export type SplitTieMethod = 'HEAD_TO_HEAD' | 'BETTER_BOARDS' | 'DESIGNATED_BOARDS';

/** One board a contestant played: the deal (session and board), its figure (a share of the top, or IMPs), and who sat against it. */
export interface BoardPlayed {
  deal: string;
  board: number;
  figure: Fraction;
  opponent: string;
}

export interface SplitTieOptions {
  method: SplitTieMethod;
  /** DESIGNATED_BOARDS: the boards counted (by number). */
  boards?: readonly number[];
}

/**
 * HEAD_TO_HEAD: each one's figures on the boards it played against the others. BETTER_BOARDS: the
 * boards each one scored better than another on a deal both played, counted over every other.
 * DESIGNATED_BOARDS: each one's figures on the boards named.
 */
/** `key` lists contestants the figure cannot part (by default their ids). */
export function splitTie(tied: readonly string[], played: ReadonlyMap<string, readonly BoardPlayed[]>, options: SplitTieOptions, key: (contestant: string) => string = (c) => c): Placed<{ contestant: string; figure: Fraction }>[] {
  const boardsOf = (c: string) => played.get(c) ?? [];
  const named = new Set(options.boards ?? []);
  const figureOf = (c: string): Fraction => {
    const others = tied.filter((x) => x !== c);
    if (options.method === 'HEAD_TO_HEAD') return sum(boardsOf(c).filter((b) => others.includes(b.opponent)).map((b) => b.figure));
    if (options.method === 'DESIGNATED_BOARDS') return sum(boardsOf(c).filter((b) => named.has(b.board)).map((b) => b.figure));
    let better = 0;
    const own = new Map(boardsOf(c).map((b) => [b.deal, b.figure]));
    for (const other of others) for (const b of boardsOf(other)) if ((own.get(b.deal)?.compare(b.figure) ?? 0) > 0) better++;
    return Fraction.of(better);
  };
  const figures = tied.map((contestant) => ({ contestant, figure: figureOf(contestant) }));
  return placeByScore(figures, (f) => f.figure, (f) => key(f.contestant));
}
