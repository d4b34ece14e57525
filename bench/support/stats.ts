/** The `q` quantile of `xs` (nearest rank, no interpolation): p99 of 100 samples is the slowest. */
export const quantile = (xs: readonly number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
