import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { seededRandom } from '../src/bridge/random.js';
const rnd = seededRandom(42);
const K = Number(process.argv[2] ?? 8);
const search = new DoubleDummySearch();
for (let d = 0; d < 5; d++) {
  const perm = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  const h = new Int32Array(16);
  for (let i = 0; i < 4 * K; i++) { const c = perm[i]; h[Math.floor(i / K) * 4 + Math.floor(c / 13)] |= 1 << (c % 13); }
  for (const trump of [4, 0]) {
    const t0 = performance.now(); search.nodes = 0; 
    search.setPosition(h, trump, 1);
    const v = search.nsTricks();
    console.log(d, trump, v, (performance.now() - t0).toFixed(0), 'ms nodes', search.nodes);
  }
}
