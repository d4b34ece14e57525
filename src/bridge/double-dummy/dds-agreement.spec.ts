/**
 * Agreement with DDS, the field's standard solver (Debian's libdds0, through koffi in a child
 * process: test/support/dds.ts). Skipped, saying so, when the library is not installed.
 * - Par: 1,000 seeded tables, ours against DDS's DealerPar, score and contracts.
 * - Tricks: 1,000 seeded random 5-card endings (every trump, every leader) against SolveBoard.
 * - Tables: all 20 results of 100 seeded random 8-card positions against SolveBoard.
 * Full deals are compared in src/double-dummy/dds-deals.spec.ts, through the service's threads.
 */
import { describe, expect, it } from '@jest/globals';
import { ddsAvailable, ddsPar, ddsPositions } from '../../../test/support/dds.js';
import { seededRandom } from '../random.js';
import type { Seat, Vulnerability } from '../types.js';
import { flattenTable, tableOfCounts } from './analysis.js';
import { parOf } from './par.js';
import { randomHoldings } from './random-deal.js';
import { DoubleDummySearch } from './search.js';
import { solveHoldings } from './table.js';

const available = ddsAvailable();
const maybe = available ? describe : describe.skip;
if (!available) console.log('libdds0 (or koffi) is not installed: the DDS agreement tests are skipped');

const SEATS: Seat[] = ['N', 'E', 'S', 'W'];
const VULNERABILITIES: Vulnerability[] = ['NONE', 'BOTH', 'NS', 'EW']; // DDS's order
/** DDS writes "5C*-NS-3" and "3N-EW"; we write "5CX-NS-3" and "3NT-EW". */
const ddsContract = (text: string) => text.replace('*', 'X').replace(/^(\d)N/, '$1NT');

maybe('agreement with DDS (libdds0)', () => {
  it('par of 1,000 seeded tables (DealerPar), every dealer and vulnerability', () => {
    const random = seededRandom(2026);
    const tables = Array.from({ length: 1000 }, () => plausibleTable(random));
    const answers = ddsPar(tables, tables.map((_, i) => Math.floor(i / 4) % 4), tables.map((_, i) => i % 4));
    tables.forEach((counts, i) => {
      const ours = parOf(tableOfCounts(counts), VULNERABILITIES[i % 4], SEATS[Math.floor(i / 4) % 4]);
      expect([i, ours.nsScore, [...ours.contracts].sort()]).toEqual([i, answers[i].score, answers[i].contracts.map(ddsContract).sort()]);
    });
  });

  it('tricks of 1,000 seeded 5-card endings, every trump and leader (SolveBoard)', () => {
    const random = seededRandom(5);
    const positions = Array.from({ length: 1000 }, (_, i) => ({ cards: randomHoldings(random, 5), trump: i % 5, leader: Math.floor(i / 5) % 4 }));
    const theirs = ddsPositions(positions);
    const search = new DoubleDummySearch(18);
    positions.forEach((p, i) => {
      search.setPosition(p.cards, p.trump, p.leader);
      const ns = search.nsTricks();
      expect([i, (p.leader & 1) === 0 ? ns : 5 - ns]).toEqual([i, theirs[i]]);
    });
  });

  it('all 20 results of 100 seeded 8-card positions (SolveBoard for each trump and leader)', () => {
    const random = seededRandom(8);
    const deals = Array.from({ length: 100 }, () => randomHoldings(random, 8));
    const positions = deals.flatMap((cards) => [0, 1, 2, 3, 4].flatMap((trump) => [1, 2, 3, 0].map((leader) => ({ cards, trump, leader }))));
    const theirs = ddsPositions(positions);
    const search = new DoubleDummySearch(18);
    deals.forEach((deal, i) => {
      const ours = flattenTable(solveHoldings(deal, search));
      // Declarer d's tricks are 8 minus what the side of the leader (d + 1) takes.
      const expected = ours.map((_, k) => 8 - theirs[i * 20 + Math.floor(k / 4) * 4 + (k % 4)]);
      expect([i, ours]).toEqual([i, expected]);
    });
  });
});

/** A table shaped like real ones: each side's tricks in a strain close for its two declarers. */
function plausibleTable(random: () => number): number[] {
  const counts: number[] = [];
  for (let strain = 0; strain < 5; strain++) {
    const ns = Math.min(13, Math.max(0, Math.round(6.5 + (random() - 0.5) * 14)));
    const n = ns;
    const s = Math.max(0, Math.min(13, ns - (random() < 0.3 ? 1 : 0)));
    const e = Math.max(0, Math.min(13, 13 - ns - (random() < 0.3 ? 1 : 0)));
    const w = Math.max(0, Math.min(13, 13 - ns - (random() < 0.3 ? 1 : 0)));
    counts.push(n, e, s, w);
  }
  return counts;
}
