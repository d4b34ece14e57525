/**
 * `npm run bench:dd` — issue 16's figures, from one run: the full 20-result double-dummy table of
 * 200 seeded random deals (`DD_BENCH_DEALS` to change), one thread each, by our solver and — when
 * libdds0 is installed — by DDS on the same deals (CalcDDtable, one thread, in a child process).
 * Prints median, p90 and worst per deal for both (ours also in CPU time, since the machine's cores
 * may be shared), the ratio to the goal (median within 3× of DDS), how many deals took over 10 s,
 * how many tables agree, the positions searched (a measure the machine's load leaves alone: with
 * a small DD_BENCH_DEALS, the same first deals make a fixed sample to compare changes by), and the
 * memory one solver worker holds: this process solves exactly as
 * a worker thread does (one search, one transposition table, reused from deal to deal).
 */
import { availableParallelism, loadavg } from 'node:os';
import { ddsAvailable, ddsTables } from '../test/support/dds.js';
import { flattenTable } from '../src/bridge/double-dummy/analysis.js';
import { randomHoldings } from '../src/bridge/double-dummy/random-deal.js';
import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { solveHoldings } from '../src/bridge/double-dummy/table.js';
import { seededRandom } from '../src/bridge/random.js';
import { quantile } from './support/stats.js';

const DEALS = Number(process.env.DD_BENCH_DEALS ?? 200);
const GOAL_RATIO = 3;
const GOAL_WORST_MS = 10_000;


interface Figures {
  median: number;
  p90: number;
  worst: number;
}

function figures(ms: number[]): Figures {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), worst: sorted[sorted.length - 1] };
}

function line(name: string, f: Figures): void {
  const cell = (v: number) => v.toFixed(0).padStart(7);
  console.log(`${name.padEnd(14)} median ${cell(f.median)} ms   p90 ${cell(f.p90)} ms   worst ${cell(f.worst)} ms`);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const random = seededRandom(2026);
const deals = Array.from({ length: DEALS }, () => randomHoldings(random));
const loadBefore = loadavg()[0];
const rssBefore = process.memoryUsage().rss;
const search = new DoubleDummySearch();
const ours: number[] = [];
const cpu: number[] = [];
const nodes: number[] = [];
const tables: number[][] = [];
for (const [i, deal] of deals.entries()) {
  const start = performance.now();
  const used = process.cpuUsage();
  const nodesBefore = search.nodes;
  tables.push(flattenTable(solveHoldings(deal, search)));
  ours.push(performance.now() - start);
  cpu.push(process.cpuUsage(used).user / 1000);
  nodes.push(search.nodes - nodesBefore);
  if (process.env.DD_BENCH_VERBOSE) console.log(`deal ${i + 1}: ${ours[i].toFixed(0)} ms`);
}
const memory = process.memoryUsage();
const loadAfter = loadavg()[0];

console.log(`Double-dummy tables (20 results) of ${DEALS} seeded random deals, one thread each`);
console.log(`machine        ${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after our solving (other work shares the cores: wall times include waiting)`);
const mine = figures(ours);
line('ours', mine);
line('ours (CPU)', figures(cpu));
const searched = figures(nodes);
const millions = (n: number) => `${(n / 1e6).toFixed(2)} M`;
console.log(
  `positions      median ${millions(searched.median)}, p90 ${millions(searched.p90)}, worst ${millions(searched.worst)} a table; ` +
    `${millions(nodes.reduce((a, b) => a + b, 0))} in all`,
);
if (ddsAvailable()) {
  const theirs = ddsTables(deals, deals.map(() => 0), deals.map(() => 0));
  const dds = figures(theirs.map((t) => t.ms));
  line('libdds', dds);
  const agree = theirs.filter((t, i) => t.tricks.every((v, k) => v === tables[i][k])).length;
  const ratio = mine.median / dds.median;
  console.log(`ratio          ours / libdds: median ${ratio.toFixed(1)}×, p90 ${(mine.p90 / dds.p90).toFixed(1)}× (goal: median within ${GOAL_RATIO}×) — ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'}`);
  console.log(`agree          ${agree}/${DEALS} tables identical to DDS's`);
} else {
  console.log('libdds         not installed (apt-get install libdds0): no comparison');
}
const over = ours.filter((ms) => ms > GOAL_WORST_MS).length;
const overCpu = cpu.filter((ms) => ms > GOAL_WORST_MS).length;
console.log(`over 10 s      ${over} of ${DEALS} deals (${overCpu} in CPU time; goal: none) — ${over === 0 ? 'met' : 'NOT met'}`);
console.log(
  `memory         one solver worker: resident ${mib(memory.rss)} (${mib(memory.rss - rssBefore)} grown while solving), ` +
    `JS heap ${mib(memory.heapUsed)}, typed arrays ${mib(memory.arrayBuffers)} (transposition table ${mib(search.tableBytes)})`,
);
