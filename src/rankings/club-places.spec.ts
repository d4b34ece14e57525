import { describe, expect, it } from '@jest/globals';
import { contestantHosts } from './club-places.js';
import type { ScoredEvent } from './event-scoring.js';

/** Only the parts contestantHosts reads: the sessions' sections and the contestants. */
const scoredOf = (sessions: { letter: string; organizationId: string | null }[][], contestants: { id: string; section: string | null }[]) =>
  ({ data: { sessions: sessions.map((sections) => ({ sections })), contestants: new Map(contestants.map((c) => [c.id, c])) } }) as unknown as ScoredEvent;

describe('a contestant’s club, from its section letter', () => {
  it('is the host of its letter, in every session', () => {
    const scored = scoredOf(
      [
        [{ letter: 'A', organizationId: 'north' }, { letter: 'B', organizationId: null }],
        [{ letter: 'A', organizationId: 'north' }],
      ],
      [{ id: 'a1', section: 'A' }, { id: 'b1', section: 'B' }, { id: 'x', section: null }, { id: 'a2', section: 'a' }],
    );
    expect([...contestantHosts(scored)]).toEqual([['a1', 'north'], ['a2', 'north']]);
  });

  it('is none when sessions disagree about the letter’s host (the organiser’s, then)', () => {
    const scored = scoredOf([[{ letter: 'A', organizationId: 'north' }], [{ letter: 'A', organizationId: null }], [{ letter: 'A', organizationId: 'north' }]], [{ id: 'a1', section: 'A' }]);
    expect(contestantHosts(scored).size).toBe(0);
  });
});
