/** Binary searches over ascending scores: the counting behind matchpoints and cross-IMPs. */

/** How many values are < x. */
export function countBelow(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many values are ≤ x. */
export function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Real bridge scores are multiples of 10 between −7600 and +7600: 1,521 possible values. A board's
 * scores then fit a histogram, and "how many below" is a prefix sum: linear, no sort needed.
 */
export const SCORE_SLOTS = 1521;
const OFFSET = 760;

/** The histogram slot of a score, or −1 when it is not a whole multiple of 10 in range. */
export function scoreSlot(score: number): number {
  const s = score / 10;
  return Number.isInteger(s) && s >= -OFFSET && s <= OFFSET ? s + OFFSET : -1;
}

/** For each slot, how many scores are ≤ it (`counts` is overwritten with the prefix sums). */
export function cumulate(counts: Int32Array): Int32Array {
  for (let i = 1; i < counts.length; i++) counts[i] += counts[i - 1];
  return counts;
}
