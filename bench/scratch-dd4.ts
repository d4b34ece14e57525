import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { seededRandom } from '../src/bridge/random.js';
const rnd = seededRandom(42);
const K = Number(process.argv[2] ?? 11);
const search = new DoubleDummySearch(Number(process.argv[3] ?? 20));
let tot = 0, totN = 0;
for (let d = 0; d < 6; d++) {
  const perm = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  const h = new Int32Array(16);
  for (let i = 0; i < 4 * K; i++) { const c = perm[i]; h[Math.floor(i / K) * 4 + Math.floor(c / 13)] |= 1 << (c % 13); }
  for (const trump of [4, 0]) {
    const t0 = performance.now(); search.nodes = 0;
    search.setPosition(h, trump, 1);
    search.nsTricks();
    tot += performance.now() - t0; totN += search.nodes;
  }
}
console.log('K', K, 'ms', tot.toFixed(0), 'nodes', totN, 'rate M/s', (totN / tot / 1000).toFixed(2));
