/**
 * The `q` quantile of `xs` by nearest rank, without interpolation: the smallest value that at
 * least a fraction `q` of the samples are at or below (rank ⌈q·n⌉). p50 of 100 samples is the
 * 50th, p99 the 99th — of 99 samples or fewer, the slowest. (Until 2026-11-28 this took rank
 * ⌊q·n⌋+1, one too many: p99 of 100 was the slowest.) Where a goal is a p99 of about a hundred
 * samples, the bench prints the slowest beside it.
 */
export const quantile = (xs: readonly number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))];
