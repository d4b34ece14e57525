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

  it('shows the double-dummy table and par of its boards once the solver has them, and par beside the traveller', async () => {
    const solving = await startTestApp(undefined, { env: { TRAVELLER_SOLVER_THREADS: '2' } });
    try {
      await loadDemo(solving.app.get(PrismaService));
      const sessionId = dataOf(await solving.gql(`{ events { nodes { sessions { id } } } }`)).events.nodes[0].sessions[0].id;
      // Read as a club website does, anonymously (through the response cache, which must not keep
      // the answer from before the solver stored a table).
      const read = async () =>
        dataOf(await solving.gqlAs(null, `query($s: ID!) { session(id: $s) { doubleDummyProgress { deals solved } boards { number doubleDummy { tricks { tricks } par { nsScore contracts } } } } }`, { s: sessionId })).session;
      let session = await read();
      // One solved board is enough to show the path: the sweep solves the rest in the background.
      for (let i = 0; i < 600 && session.doubleDummyProgress.solved === 0; i++) {
        await new Promise((r) => setTimeout(r, 200));
        session = await read();
      }
      expect(session.doubleDummyProgress.deals).toBe(18);
      const board = session.boards.find((b: { doubleDummy: unknown }) => b.doubleDummy);
      expect(board.doubleDummy.tricks).toHaveLength(20);
      expect(board.doubleDummy.par.contracts.length).toBeGreaterThan(0);
      const traveller = dataOf(await solving.gqlAs(null, `query($s: ID!, $b: Int!) { traveller(sessionId: $s, board: $b) { par { nsScore contracts } } }`, { s: sessionId, b: board.number })).traveller;
      expect(traveller.par).toEqual(board.doubleDummy.par);
    } finally {
      await solving.close();
    }
  }, 180_000);

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
