/**
 * `npm run bench:dd` — issue 16's figures, from one run: the full 20-result double-dummy table of
 * 200 seeded random deals (`DD_BENCH_DEALS` to change), one thread each, by our solver and — when
 * libdds0 is installed — by DDS on the same deals (CalcDDtable, one thread, in a child process).
 * Prints median, p90 and worst per deal for both, how many tables agree, and the memory one
 * solver worker holds (its transposition table, and the process's resident memory).
 */
import { ddsAvailable, ddsTables } from '../test/support/dds.js';
import { flattenTable } from '../src/bridge/double-dummy/analysis.js';
import { randomHoldings } from '../src/bridge/double-dummy/random-deal.js';
import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { solveHoldings } from '../src/bridge/double-dummy/table.js';
import { seededRandom } from '../src/bridge/random.js';

const DEALS = Number(process.env.DD_BENCH_DEALS ?? 200);
const GOAL_RATIO = 3;
const GOAL_WORST_MS = 10_000;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(name: string, ms: number[]): { median: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  console.log(`${name.padEnd(8)} median ${median.toFixed(0).padStart(7)} ms   p90 ${quantile(sorted, 0.9).toFixed(0).padStart(7)} ms   worst ${sorted[sorted.length - 1].toFixed(0).padStart(7)} ms`);
  return { median };
}

const random = seededRandom(2026);
const deals = Array.from({ length: DEALS }, () => randomHoldings(random));
const rssBefore = process.memoryUsage().rss;
const search = new DoubleDummySearch();
const ours: number[] = [];
const tables: number[][] = [];
for (const [i, deal] of deals.entries()) {
  const start = performance.now();
  tables.push(flattenTable(solveHoldings(deal, search)));
  ours.push(performance.now() - start);
  if (process.env.DD_BENCH_VERBOSE) console.log(`deal ${i + 1}: ${ours[i].toFixed(0)} ms`);
}
const rss = process.memoryUsage().rss;

console.log(`Double-dummy tables (20 results) of ${DEALS} seeded random deals, one thread each`);
const mine = summary('ours', ours);
if (ddsAvailable()) {
  const theirs = ddsTables(deals, deals.map(() => 0), deals.map(() => 0));
  const dds = summary('libdds', theirs.map((t) => t.ms));
  const agree = theirs.filter((t, i) => t.tricks.every((v, k) => v === tables[i][k])).length;
  console.log(`ratio    ours / libdds median ${(mine.median / dds.median).toFixed(1)}× (goal: within ${GOAL_RATIO}×)`);
  console.log(`agree    ${agree}/${DEALS} tables identical to DDS's`);
} else {
  console.log('libdds   not installed (apt-get install libdds0): no comparison');
}
const worst = Math.max(...ours);
console.log(`worst    ${worst.toFixed(0)} ms (goal: none over ${GOAL_WORST_MS} ms) — ${worst <= GOAL_WORST_MS ? 'met' : 'NOT met'}`);
console.log(`memory   transposition table ${(search.tableBytes / 2 ** 20).toFixed(0)} MiB per worker; process resident ${(rss / 2 ** 20).toFixed(0)} MiB (${((rss - rssBefore) / 2 ** 20).toFixed(0)} MiB grown while solving)`);
