import { describe, expect, it } from '@jest/globals';
import { tableOfCounts } from './analysis.js';
import { parOf } from './par.js';

/** A table from rows S, H, D, C, NT of N E S W counts. */
const table = (rows: number[][]) => tableOfCounts(rows.flat());

describe('par (Law 77 scores, perfect bidding on the double-dummy table)', () => {
  it('the side that can make the most takes its best game, with overtricks noted at the lowest level', () => {
    const t = table([
      [10, 3, 10, 3],
      [7, 6, 7, 6],
      [6, 7, 6, 7],
      [6, 7, 6, 7],
      [8, 5, 8, 5],
    ]);
    expect(parOf(t, 'NONE', 'N')).toEqual({ nsScore: 420, contracts: ['4S-NS'] });
    expect(parOf(t, 'NS', 'N')).toEqual({ nsScore: 620, contracts: ['4S-NS'] });
  });

  it('a sacrifice that costs less than the opponents’ game is par, doubled', () => {
    // NS make 4S vulnerable (620); EW, not vulnerable, go three down in 5H doubled (-500).
    const t = table([
      [10, 3, 10, 3],
      [3, 8, 3, 8],
      [6, 7, 6, 7],
      [6, 7, 6, 7],
      [6, 5, 6, 5],
    ]);
    expect(parOf(t, 'NS', 'E')).toEqual({ nsScore: 500, contracts: ['5HX-EW-3'] });
  });

  it('names only the declarers who make it', () => {
    const t = table([
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [9, 4, 8, 4],
    ]);
    expect(parOf(t, 'NONE', 'N')).toEqual({ nsScore: 400, contracts: ['3NT-N'] });
  });

  it('when both sides can make the same contract, the dealer’s side bids it first', () => {
    // N makes 1NT on East's lead, E makes 1NT on South's lead: whoever opens 1NT scores it.
    const t = table([
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [6, 6, 6, 6],
      [7, 7, 6, 6],
    ]);
    expect(parOf(t, 'NONE', 'N')).toEqual({ nsScore: 90, contracts: ['1NT-N'] });
    expect(parOf(t, 'NONE', 'E')).toEqual({ nsScore: -90, contracts: ['1NT-E'] });
  });

  it('passes out when nobody makes anything', () => {
    const t = table(Array.from({ length: 5 }, () => [6, 6, 6, 6]));
    expect(parOf(t, 'BOTH', 'S')).toEqual({ nsScore: 0, contracts: ['PASS'] });
  });
});
