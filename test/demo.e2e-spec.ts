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

  it('shows a finished, published club night: travellers, rankings, an adjustment', async () => {
    const sessionId = dataOf(await t.gql(`{ events { nodes { sessions { id } } } }`)).events.nodes[0].sessions[0].id;
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s) { place contestant { direction } percentage boardsPlayed official standing } }`, { s: sessionId })).sessionRanking;
    expect(ranking).toHaveLength(12);
    expect(ranking.every((r: any) => r.official && r.standing === 'OFFICIAL' && r.boardsPlayed === 18)).toBe(true);
    const pct = ranking.map((r: any) => r.percentage);
    expect(Math.max(...pct)).toBeGreaterThan(55);
    expect(Math.min(...pct)).toBeLessThan(45);
    const board8 = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 8) { top lines { status adjustment nsMatchpoints } } }`, { s: sessionId })).traveller;
    expect(board8.lines).toHaveLength(6); // six plays in five rounds: the relay tables 1 and 6 share it once
    expect(board8.lines.find((l: any) => l.status === 'ARTIFICIAL')).toMatchObject({ adjustment: 'A+/A- (Law 12C2)' });
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
