import { solveHoldings } from '../src/bridge/double-dummy/table.js';
import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { seededRandom } from '../src/bridge/random.js';
import { writeFileSync } from 'node:fs';
const N = Number(process.argv[2] ?? 10);
const rnd = seededRandom(42);
const search = new DoubleDummySearch();
const out: unknown[] = [];
const times: number[] = [];
for (let d = 0; d < N; d++) {
  const perm = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  const h = new Int32Array(16);
  perm.forEach((c, i) => { h[Math.floor(i / 13) * 4 + Math.floor(c / 13)] |= 1 << (c % 13); });
  const t0 = performance.now(); search.nodes = 0;
  const t = solveHoldings(h, search);
  const ms = performance.now() - t0; times.push(ms);
  out.push({ h: Array.from(h), t });
  console.log(d, ms.toFixed(0), search.nodes, JSON.stringify(t));
}
times.sort((a, b) => a - b);
console.log('median', times[Math.floor(N / 2)].toFixed(0), 'p90', times[Math.floor(N * 0.9)].toFixed(0));
writeFileSync('/tmp/ddt/ours.json', JSON.stringify(out));
