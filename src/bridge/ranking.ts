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
