import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '../src/database/prisma.service.js';
import { loadDemo } from '../src/demo/load-demo.js';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

describe('demo club', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('loads once, then leaves the database alone', async () => {
    const prisma = t.app.get(PrismaService);
    expect(await loadDemo(prisma, { onlyIfEmpty: true })).toBe('loaded');
    expect(await loadDemo(prisma)).toBe('already-there');
  });

  it('is visible through the events query with boards, deals and named pairs', async () => {
    const events = dataOf(
      await t.gql(`{ events { nodes { name kind scoring organization { name } sessions { sections { letter tables } boards { number deal } contestants { number direction name } } } } }`),
    ).events.nodes;
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ name: 'Tuesday Evening Pairs', kind: 'PAIRS', scoring: 'MATCHPOINTS' });
    const [session] = event.sessions;
    expect(session.sections).toEqual([{ letter: 'A', tables: 6 }]);
    expect(session.boards).toHaveLength(18);
    for (const board of session.boards) expect(board.deal).toMatch(/^N:/);
    expect(session.contestants).toHaveLength(12);
    expect(session.contestants[0]).toEqual({ number: 1, direction: 'NS', name: 'Alice Marsh & Bernard Cole' });
  });

  it('does not load into a database that already holds events', async () => {
    const other = await startTestApp();
    try {
      dataOf(await other.gql(`mutation { createEvent(input: { name: "Real", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`));
      expect(await loadDemo(other.app.get(PrismaService), { onlyIfEmpty: true })).toBe('skipped-not-empty');
    } finally {
      await other.close();
    }
  });
});
