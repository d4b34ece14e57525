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

/**
 * The same places for a large field without an exact total for everyone: contestants are ordered
 * by a floating-point score, and only those whose float scores are within rounding of each other
 * are compared exactly (equal exact scores share a place). Floating-point sums of a few hundred
 * terms are off by far less than the 1e-9 (relative) taken as "within rounding".
 */
export function placeByApproximateScore<T>(items: readonly T[], approx: (item: T) => number, exact: (item: T) => Fraction, key: (item: T) => string): Placed<T>[] {
  const scored = items.map((item) => ({ item, approx: approx(item), key: key(item), exact: null as Fraction | null }));
  scored.sort(byApproximateScore);
  return placeApproximatelyOrdered(scored, exact);
}

/** One contestant being placed: its float score, its tie key, and its exact score once worked out. */
interface ApproximateEntry<T> {
  item: T;
  approx: number;
  key: string;
  exact: Fraction | null;
}

/** The order `placeByApproximateScore` starts from: float score, highest first, then the key. */
const byApproximateScore = (a: ApproximateEntry<unknown>, b: ApproximateEntry<unknown>) => b.approx - a.approx || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** `placeByApproximateScore` from entries already in `byApproximateScore` order. */
function placeApproximatelyOrdered<T>(ordered: readonly ApproximateEntry<T>[], exact: (item: T) => Fraction): Placed<T>[] {
  const placed: Placed<T>[] = [];
  visitPlaces(ordered, (e) => exact(e.item), (e, rank, tied) => placed.push({ item: e.item, rank, place: `${rank}${tied ? '=' : ''}` }));
  return placed;
}

/**
 * The places of entries in `byApproximateScore` order, visited in placing order as (entry, rank,
 * tied). Runs of floats within rounding of each other are ordered by their exact scores first;
 * equal exact scores share a place. (A national session's kept ranking places its typed arrays
 * the same way: scoring/kept-ranking.ts.)
 */
function visitPlaces<E extends ApproximateEntry<unknown>>(ordered: readonly E[], exact: (entry: E) => Fraction, visit: (entry: E, rank: number, tied: boolean) => void): void {
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const exactOf = (x: E) => (x.exact ??= exact(x));
  for (let i = 0; i < ordered.length; ) {
    let j = i;
    while (j + 1 < ordered.length && close(ordered[j + 1].approx, ordered[j].approx)) j++;
    if (j === i) {
      visit(ordered[i], i + 1, false);
      i++;
      continue;
    }
    // A run of floats within rounding of each other: ordered by exact score, equal ones tied.
    const run = ordered.slice(i, j + 1).sort((a, b) => exactOf(b).compare(exactOf(a)) || byKey(a, b));
    for (let k = 0; k < run.length; ) {
      let m = k;
      while (m + 1 < run.length && close(run[m + 1].approx, run[k].approx) && exactOf(run[m + 1]).equals(exactOf(run[k]))) m++;
      for (let x = k; x <= m; x++) visit(run[x], i + k + 1, m > k);
      k = m + 1;
    }
    i = j + 1;
  }
}

/** Floats within rounding of each other: their exact values decide. */
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * A place within a group of a ranked field — a club's pairs in a national simultaneous — from the
 * ranks in the whole field of the row and of the group's other members: the group keeps the field's
 * order and its ties ("2=" in the club only when the two are tied in the field too); the group's
 * first is 1 whatever its place in the field. Worked out for the rows read, not the whole field.
 */
export function placeWithin(rank: number, others: Iterable<number>): { place: string; rank: number } {
  let before = 0;
  let tied = false;
  for (const other of others) {
    if (other < rank) before++;
    else if (other === rank) tied = true;
  }
  return { rank: before + 1, place: `${before + 1}${tied ? '=' : ''}` };
}
