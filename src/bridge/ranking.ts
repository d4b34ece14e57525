import { Fraction } from './fraction.js';

export interface Placed<T> {
  item: T;
  /** "1", "3=": tied contestants share the place, and the next one is placed after all of them. */
  place: string;
  /** 1-based position of the place (3 for "3="), for sorting and awards. */
  rank: number;
}

/**
 * Places by score, highest first. Equal exact scores share a place ("3="); the contestant after two
 * tied thirds is fifth. `key` orders tied contestants the same way whatever the input order.
 */
export function placeByScore<T>(items: readonly T[], score: (item: T) => Fraction, key: (item: T) => string): Placed<T>[] {
  const scored = items.map((item) => ({ item, score: score(item), key: key(item) }));
  scored.sort((a, b) => b.score.compare(a.score) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const placed: Placed<T>[] = [];
  for (let i = 0; i < scored.length; ) {
    let j = i;
    while (j + 1 < scored.length && scored[j + 1].score.equals(scored[i].score)) j++;
    const tied = j > i;
    for (let k = i; k <= j; k++) placed.push({ item: scored[k].item, rank: i + 1, place: `${i + 1}${tied ? '=' : ''}` });
    i = j + 1;
  }
  return placed;
}

/** A pair's matchpoint session: MPs earned over the tops of the boards it played. */
export interface MatchpointTally {
  matchpoints: Fraction;
  tops: Fraction;
  boards: number;
}

export const emptyTally = (): MatchpointTally => ({ matchpoints: Fraction.ZERO, tops: Fraction.ZERO, boards: 0 });

export function addBoard(tally: MatchpointTally, matchpoints: Fraction, top: Fraction): MatchpointTally {
  return { matchpoints: tally.matchpoints.add(matchpoints), tops: tally.tops.add(top), boards: tally.boards + 1 };
}

/**
 * Percentage = Σ MPs ÷ Σ tops of the boards played (DOMAIN §3.1), so pairs that sat out or missed
 * boards compare fairly. Exact; round only for display.
 */
export function percentage(tally: MatchpointTally): Fraction | null {
  return tally.tops.isZero() ? null : tally.matchpoints.div(tally.tops).mul(Fraction.of(100));
}

/**
 * Multi-session carry-over (DOMAIN §7): sessions with different tops are never added raw; each is
 * scaled to the same top per board first, which keeps the mean of the percentages board-weighted.
 */
export function combineSessions(tallies: MatchpointTally[]): MatchpointTally {
  return tallies.reduce(
    (acc, t) => ({ matchpoints: acc.matchpoints.add(t.matchpoints), tops: acc.tops.add(t.tops), boards: acc.boards + t.boards }),
    emptyTally(),
  );
}
