import { DoubleDummySearch } from '../src/bridge/double-dummy/search.js';
import { seededRandom } from '../src/bridge/random.js';
const K = Number(process.argv[2] ?? 4);
const N = Number(process.argv[3] ?? 200);
const rnd = seededRandom(7);
function brute(h: Int32Array, trump: number, leader: number): number {
  // returns NS tricks
  const left = h.reduce((a, m) => a + popc(m), 0) / 4;
  if (left === 0) return 0;
  const trick: number[] = [];
  function rec(pos: number, hand: number, lead: number, ws: number, wr: number, wh: number): number {
    if (pos === 4) { const ns = (wh & 1) === 0 ? 1 : 0; return ns + brute(h, trump, wh); }
    let best = (hand & 1) === 0 ? -1 : 99;
    const hasLead = pos > 0 && h[hand * 4 + lead] !== 0;
    for (let s = 0; s < 4; s++) {
      if (hasLead && s !== lead) continue;
      for (let r = 0; r < 13; r++) {
        if (!(h[hand * 4 + s] & (1 << r))) continue;
        h[hand * 4 + s] ^= 1 << r;
        let nws = ws, nwr = wr, nwh = wh;
        if (pos === 0) { nws = s; nwr = r; nwh = hand; }
        else if (s === ws ? r > wr : s === trump) { nws = s; nwr = r; nwh = hand; }
        const v = rec(pos + 1, (hand + 1) & 3, pos === 0 ? s : lead, nws, nwr, nwh);
        h[hand * 4 + s] ^= 1 << r;
        if ((hand & 1) === 0) best = Math.max(best, v); else best = Math.min(best, v);
      }
    }
    return best;
  }
  void trick;
  return rec(0, leader, -1, -1, -1, -1);
}
function popc(m: number) { let n = 0; while (m) { m &= m - 1; n++; } return n; }
const search = new DoubleDummySearch(16);
let bad = 0;
for (let d = 0; d < N; d++) {
  const perm = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  const h = new Int32Array(16);
  for (let i = 0; i < 4 * K; i++) { const c = perm[i]; h[Math.floor(i / K) * 4 + Math.floor(c / 13)] |= 1 << (c % 13); }
  const trump = Math.floor(rnd() * 5), leader = Math.floor(rnd() * 4);
  const want = brute(h, trump, leader);
  search.setPosition(h, trump, leader);
  const got = search.nsTricks();
  if (want !== got) { bad++; if (bad < 5) console.log('MISMATCH', Array.from(h), trump, leader, want, got); }
}
console.log('K', K, 'bad', bad, 'of', N);
