import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ContestantRow, EventInput, LineRow } from './event-input.js';
import { scoreEvent, type ScoredEvent } from './score-event.js';
import { rankedList, readyRankings } from './standings.js';

/**
 * A national session's ranking is made a part at a time after a whole scoring (`readyRankings`),
 * while pages may already be read: whether a read comes between its steps or not, the ranking is
 * the one made at once, and a read that made it meanwhile is the one kept.
 */
const SECTIONS = ['A', 'B', 'C'];
const TABLES = 700; // 4,200 pairs: the steps pause several times
const SCORES = [420, 450, 170, -50, -100, 620, 140, 420, 420];

function field(seed: number): EventInput {
  const contestants = new Map<string, ContestantRow>();
  const results: LineRow[] = [];
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  for (const section of SECTIONS) {
    for (let t = 1; t <= TABLES; t++) {
      const [ns, ew] = [2 * t - 1, 2 * t];
      contestants.set(`${section}${ns}`, { id: `${section}${ns}`, number: ns, direction: 'NS', section });
      contestants.set(`${section}${ew}`, { id: `${section}${ew}`, number: ew, direction: 'EW', section });
      for (const board of [1, 2]) {
        results.push({ id: `${section}-${board}-${t}`, sectionId: section, boardNumber: board, round: null, nsContestantId: `${section}${ns}`, ewContestantId: `${section}${ew}`, status: 'PLAYED', nsScore: SCORES[next() % SCORES.length], boardForm: 1, adjustment: null, version: 1 });
      }
    }
  }
  return {
    event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: { scoreAcross: 'SESSION' } },
    contestants,
    sessions: [{ session: { id: 's1' }, sections: SECTIONS.map((s) => ({ id: s, letter: s, boardNumbers: [1, 2], movement: null })), results, penalties: [] }],
  };
}

const rowsOf = (scored: ScoredEvent) => {
  const list = rankedList(scored, [scored.sessions.get('s1')!]);
  return Array.from({ length: list.length }, (_, i) => `${list.row(i).field}:${list.contestantAt(i).id}:${list.row(i).place}:${list.row(i).score}`);
};

describe('a kept ranking made a part at a time', () => {
  it('is the ranking made at once, whenever a read comes between its steps', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.option(fc.nat(40)), (seed, readAt) => {
        const input = field(seed);
        const atOnce = rowsOf(scoreEvent(input));
        const scored = scoreEvent(input);
        const steps = readyRankings(scored);
        let taken = 0;
        let readMeanwhile: unknown = null;
        while (!steps.next().done) {
          if (++taken === readAt) readMeanwhile = rankedList(scored, [scored.sessions.get('s1')!]);
        }
        expect(taken).toBeGreaterThan(3);
        // The ranking a read made meanwhile is the one kept (not replaced by the steps' own).
        if (readMeanwhile) expect(rankedList(scored, [scored.sessions.get('s1')!])).toBe(readMeanwhile);
        expect(rowsOf(scored)).toEqual(atOnce);
      }),
      { numRuns: 8 },
    );
  });
});
