import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { setImmediate as nextTick } from 'node:timers/promises';
import { Fraction } from '../bridge/fraction.js';
import type { EventData } from './event-data.js';
import { rankedList, readyForReads, roundedFrom, scoreEvent } from './event-scoring.js';

describe('display rounding from a floating-point twin', () => {
  it('equals the exact value rounded half away from zero, whatever its rounding error (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fc.integer({ min: 1, max: 40_000 }),
        fc.double({ min: -1e-12, max: 1e-12, noNaN: true }),
        (num, den, error) => {
          const exact = Fraction.of(num, den);
          expect(roundedFrom(exact.toNumber() * (1 + error), () => exact)).toBe(exact.round(2));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds values exactly on a boundary (x.xx5) from the exact value', () => {
    for (const text of ['1/200', '-1/200', '2469/200', '-2469/200', '0', '1/3', '-2/3']) {
      const exact = Fraction.parse(text);
      expect(roundedFrom(exact.toNumber(), () => exact)).toBe(exact.round(2));
    }
  });
});

/** A field of `tables` tables a section, two sections playing one board: 4·`tables` pairs, each NS pair's score from `seed`. */
function bigField(tables: number, seed: number): EventData {
  const contestants = new Map<string, unknown>();
  const results: unknown[] = [];
  for (const section of ['A', 'B']) {
    for (let t = 1; t <= tables; t++) {
      contestants.set(`${section}${2 * t - 1}`, { id: `${section}${2 * t - 1}`, number: 2 * t - 1, direction: 'NS', section, players: [] });
      contestants.set(`${section}${2 * t}`, { id: `${section}${2 * t}`, number: 2 * t, direction: 'EW', section, players: [] });
      const nsScore = [420, 450, 170, -50, -100][(t * 7 + seed) % 5];
      results.push({ id: `${section}-${t}`, sectionId: section, boardNumber: 1, round: null, nsContestantId: `${section}${2 * t - 1}`, ewContestantId: `${section}${2 * t}`, status: 'PLAYED', nsScore, boardForm: 1, adjustment: null, version: 1 });
    }
  }
  const sections = ['A', 'B'].map((id) => ({ id, letter: id, boardNumbers: [1], movement: null }));
  return { event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: { scoreAcross: 'SESSION' } }, contestants, sessions: [{ session: { id: 's1' }, sections, boards: new Map(), results, penalties: [], awards: [] }] } as unknown as EventData;
}

describe('an event made ready for reads in the background', () => {
  const rows = (scored: ReturnType<typeof scoreEvent>) => {
    const list = rankedList(scored, [scored.sessions.get('s1')!]);
    return Array.from({ length: list.length }, (_, i) => `${list.contestantAt(i).id}:${list.row(i).place}`);
  };

  it('makes its rankings and indexes only between long pauses until a read hurries it, then at once, the same ranking', async () => {
    const data = bigField(1_200, 3); // 4,800 pairs: the ranking is made in several steps
    const atOnce = rows(scoreEvent(data));
    const scored = scoreEvent(data);
    const readying = readyForReads(data, scored, 0, 60_000);
    let ready = false;
    void readying.ready.then(() => (ready = true));
    for (let i = 0; i < 5; i++) await nextTick();
    expect(ready).toBe(false);
    readying.hurry();
    await readying.ready;
    // The lines are indexed by then: each found by its id.
    const s1 = scored.sessions.get('s1')!;
    expect(s1.state!.indexSlots(0)).toBe(true);
    const kept = rankedList(scored, [scored.sessions.get('s1')!]);
    expect(rankedList(scored, [scored.sessions.get('s1')!])).toBe(kept); // made once, and kept
    expect(rows(scored)).toEqual(atOnce);
  });
});
