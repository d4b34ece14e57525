import { describe, expect, it } from '@jest/globals';
import type { EventInput, LineRow } from '../bridge/scoring/event-input.js';
import { scoreEvent } from '../bridge/scoring/score-event.js';
import { rankingRows } from '../bridge/scoring/standings.js';
import type { ScoredEvent } from './event-scoring.js';
import type { EventData } from './event-data.js';
import { eventThroughRound, swissInputOf } from './swiss-from-event.js';

let ids = 0;
const line = (round: number | null, board: number, ns: number, ew: number, score: number): LineRow => ({
  id: `l${++ids}`, sectionId: 'A', boardNumber: board, round, nsContestantId: `${ns}`, ewContestantId: `${ew}`, status: 'PLAYED', nsScore: score, boardForm: 1, adjustment: null, version: 1,
});

function pairsEvent(sessions: LineRow[][], pairs = 6, number = (i: number) => i): ScoredEvent {
  const event: EventInput = {
    event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: {} },
    contestants: new Map(Array.from({ length: pairs }, (_, i) => [`${i + 1}`, { id: `${i + 1}`, number: number(i + 1), direction: null, section: null }])),
    sessions: sessions.map((results, i) => ({ session: { id: `s${i + 1}` }, sections: [{ id: 'A', letter: 'A', boardNumbers: [], movement: null }], results, penalties: [], awards: [] })),
  };
  return scoreEvent(event) as unknown as ScoredEvent;
}

describe('a Swiss pairs event read as the next draw’s input', () => {
  it('takes the ranking’s order, every pair of pairs that met (rounds counted across sessions), the unplaced last', () => {
    // Session 1, rounds 1–2; session 2, round 1 (the event's round 3). Pair 6 has not played.
    const scored = pairsEvent([
      [line(1, 1, 1, 2, 420), line(1, 1, 3, 4, 170), line(1, 2, 1, 2, 420), line(2, 3, 1, 3, -50), line(2, 3, 2, 4, 100)],
      [line(1, 4, 4, 1, 50), line(1, 4, 5, 2, 100)],
    ]);
    const input = swissInputOf(scored, rankingRows(scored, [...scored.sessions.values()]));
    if ('problem' in input) throw new Error(input.problem);
    expect(input.history).toEqual([[1, 2, 1], [3, 4, 1], [1, 3, 2], [2, 4, 2], [4, 1, 3], [5, 2, 3]]);
    expect(input.byes).toEqual([]);
    expect(input.standings.map((s) => s.number).slice(-1)).toEqual([6]);
    expect(input.standings).toHaveLength(6);
    // Its figure is the percentage (pairs play different numbers of boards).
    expect(input.standings.every((s, i, all) => i === 0 || all[i - 1].score >= s.score)).toBe(true);
  });

  it('refuses an event that numbers its pairs per section', () => {
    const scored = pairsEvent([[line(1, 1, 1, 2, 420)]], 2, () => 1);
    expect(swissInputOf(scored, [])).toEqual({ problem: expect.stringMatching(/numbers its contestants per section/) });
  });

  it('keeps the lines and awards up to a round counted across sessions (a lagged Swiss), and needs every line’s round', () => {
    const award = (round: number) => ({ round, kind: 'BYE', contestantId: '1', opponentId: null });
    const data = {
      sessions: [
        { results: [line(1, 1, 1, 2, 420), line(2, 2, 1, 3, 420)], awards: [award(2)] },
        { results: [line(1, 3, 1, 4, 420), line(2, 4, 1, 5, 420)], awards: [award(1)] },
      ],
    } as unknown as EventData;
    const through = eventThroughRound(data, 3);
    if ('problem' in through) throw new Error(through.problem);
    expect(through.sessions.map((s) => s.results.map((r) => r.boardNumber))).toEqual([[1, 2], [3]]);
    expect(through.sessions.map((s) => s.awards.map((a) => a.round))).toEqual([[2], [1]]);
    const unrounded = { sessions: [{ results: [line(null, 1, 1, 2, 420)], awards: [] }] } as unknown as EventData;
    expect(eventThroughRound(unrounded, 1)).toEqual({ problem: expect.stringMatching(/every line’s round/) });
  });
});
