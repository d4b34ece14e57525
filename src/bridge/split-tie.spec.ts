import { describe, expect, it } from '@jest/globals';
import { Fraction } from './fraction.js';
import { splitTie, type BoardPlayed } from './split-tie.js';

const board = (deal: string, figure: string, opponent: string): BoardPlayed => ({ deal, board: Number(deal.slice(1)), figure: Fraction.parse(figure), opponent });
const placed = (result: ReturnType<typeof splitTie>) => result.map((p) => [p.item.contestant, p.place, p.item.figure.toString()]);

describe('splitting a pairs tie (DOMAIN §7)', () => {
  // A and B tied. They met on board 1 (A 3/4 of the top, B 1/4); on boards 2 and 3 each met others.
  const played = new Map([
    ['A', [board('d1', '3/4', 'B'), board('d2', '1/4', 'X'), board('d3', '1/2', 'Y')]],
    ['B', [board('d1', '1/4', 'A'), board('d2', '3/4', 'Y'), board('d3', '3/4', 'X')]],
  ]);

  it('head to head: the boards they played against each other', () => {
    expect(placed(splitTie(['B', 'A'], played, { method: 'HEAD_TO_HEAD' }))).toEqual([['A', '1', '3/4'], ['B', '2', '1/4']]);
  });

  it('better boards: the deals both played where one scored better, counted against every other', () => {
    expect(placed(splitTie(['A', 'B'], played, { method: 'BETTER_BOARDS' }))).toEqual([['B', '1', '2'], ['A', '2', '1']]);
  });

  it('designated boards: their figures on the boards named', () => {
    expect(placed(splitTie(['A', 'B'], played, { method: 'DESIGNATED_BOARDS', boards: [1] }))).toEqual([['A', '1', '3/4'], ['B', '2', '1/4']]);
    expect(placed(splitTie(['A', 'B'], played, { method: 'DESIGNATED_BOARDS', boards: [2, 3] }))).toEqual([['B', '1', '3/2'], ['A', '2', '3/4']]);
  });

  it('leaves them tied where the figure cannot part them, listed by the key given', () => {
    const never = new Map([['A', [board('d1', '1/2', 'X')]], ['B', [board('d2', '1/2', 'Y')]], ['C', []]]);
    expect(placed(splitTie(['C', 'A', 'B'], never, { method: 'HEAD_TO_HEAD' }, (c) => ({ A: '2', B: '3', C: '1' })[c]!))).toEqual([['C', '1=', '0'], ['A', '1=', '0'], ['B', '1=', '0']]);
    // Three tied: each one's wins over the two others add up.
    const three = new Map([
      ['A', [board('d1', '1', 'X'), board('d2', '0', 'X')]],
      ['B', [board('d1', '1/2', 'Y'), board('d2', '1/2', 'Y')]],
      ['C', [board('d1', '0', 'Z'), board('d2', '1', 'Z')]],
    ]);
    expect(placed(splitTie(['A', 'B', 'C'], three, { method: 'BETTER_BOARDS' }))).toEqual([['A', '1=', '2'], ['B', '1=', '2'], ['C', '1=', '2']]);
  });
});
