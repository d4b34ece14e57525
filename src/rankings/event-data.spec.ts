import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Result, Session } from '../generated/prisma/client.js';
import { applyEventChanges, indexPositions, LinesBySession, type EventData } from './event-data.js';

/**
 * A cached event takes each revision's changes in place of a reload: whatever the sequence of
 * corrections, new lines and removals, its rows must be exactly the rows a reload would read.
 */
const SESSIONS = ['s1', 's2'];
const session = (id: string) => ({ id }) as Session;
const row = (id: string, sessionId: string, version: number) => ({ id, sessionId, version }) as unknown as Result;

describe('applying a revision’s changes to a cached event', () => {
  it('holds exactly the stored rows after any sequence of changes (property)', () => {
    const step = fc.array(fc.record({ id: fc.integer({ min: 1, max: 30 }), session: fc.constantFrom(...SESSIONS), remove: fc.boolean() }), { maxLength: 5 });
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 30 }), session: fc.constantFrom(...SESSIONS) }), { selector: (r) => r.id, maxLength: 20 }), fc.array(step, { minLength: 1, maxLength: 20 }), fc.array(fc.nat(4), { minLength: 1 }), (first, steps, indexed) => {
        // The event as first cached: its lines handed over as an import hands them (no index of positions yet).
        const stored = new Map(first.map((r) => [`r${r.id}`, row(`r${r.id}`, r.session, -1)]));
        const lines = new LinesBySession();
        lines.add([...stored.values()] as never);
        let data: EventData = { event: {} as EventData['event'], contestants: new Map(), sessions: SESSIONS.map((id) => ({ session: session(id), sections: [], boards: new Map(), results: lines.bySession.get(id) ?? [], penalties: [], awards: [] })) };
        steps.forEach((changes, version) => {
          // The background indexing after a scoring (indexEventPositions) part of the way through.
          for (const s of data.sessions) indexPositions(s.results, indexed[version % indexed.length]);
          // What loadEventChanges reads: each id changed since the last revision, as stored now (or gone).
          const touched = new Set<string>();
          for (const c of changes) {
            const id = `r${c.id}`;
            touched.add(id);
            // A row keeps its session for life.
            const sessionId = stored.get(id)?.sessionId ?? c.session;
            if (c.remove) stored.delete(id);
            else stored.set(id, row(id, sessionId, version));
          }
          const results = [...touched].filter((id) => stored.has(id)).map((id) => stored.get(id)!);
          const removed = [...touched].filter((id) => !stored.has(id));
          data = applyEventChanges(data, { results, removed, sessions: SESSIONS.map(session), penalties: [] });
          for (const s of data.sessions) {
            const want = [...stored.values()].filter((r) => r.sessionId === s.session.id).map((r) => `${r.id}@${r.version}`).sort();
            expect(s.results.map((r) => `${r.id}@${r.version}`).sort()).toEqual(want);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});
