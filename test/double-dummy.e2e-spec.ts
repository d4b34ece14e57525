import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent } from './support/events.js';

// North–South hold every top card: they make 13 tricks in every strain, whoever declares.
const GRAND = 'N:AKQJ.AKQJ.AKQ.AK 5432.432.432.432 T9.T9.JT98.QJT98 876.8765.765.765';
// The same deal a seat round: now East–West make everything.
const TURNED = 'N:876.8765.765.765 AKQJ.AKQJ.AKQ.AK 5432.432.432.432 T9.T9.JT98.QJT98';
const DD = 'doubleDummy { tricks { strain declarer tricks } par { nsScore contracts } }';

describe('double-dummy tables and par over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { env: { TRAVELLER_SOLVER_THREADS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('doubleDummy solves a deal: 20 results and par with the vulnerability', async () => {
    const data = dataOf(await t.gql(`query($d: String!) { doubleDummy(deal: $d, vulnerability: NS) { tricks { strain declarer tricks } par { nsScore contracts } } }`, { d: GRAND }));
    const { tricks, par } = data.doubleDummy;
    expect(tricks).toHaveLength(20);
    expect(tricks[0]).toEqual({ strain: 'C', declarer: 'N', tricks: 13 });
    for (const row of tricks) expect(row.tricks).toBe(row.declarer === 'N' || row.declarer === 'S' ? 13 : 0);
    // Law 77: 7NT vulnerable = 220 trick score + 500 game + 1500 grand slam.
    expect(par).toEqual({ nsScore: 2220, contracts: ['7NT-NS'] });
  });

  it('refuses a deal that is not one, naming the field', async () => {
    const res = await t.gql(`{ doubleDummy(deal: "N:AKQ.. x") { par { nsScore } } }`);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.fields).toEqual(['deal']);
  });

  it('boards are solved in the background, shown with par, and solved again when the deal changes', async () => {
    const built = await buildEvent(t, { scoring: 'MATCHPOINTS', sessions: [['letter: "A", tables: 2, boards: [1, 2]']] });
    const sessionId = built.sessionIds[0];
    const boards = async () =>
      dataOf(await t.gql(`query($s: ID!) { session(id: $s) { doubleDummyProgress { deals solved } boards { id number vulnerability ${DD} } } }`, { s: sessionId })).session;
    const first = await boards();
    expect(first.doubleDummyProgress).toEqual({ deals: 0, solved: 0 });
    expect(first.boards[0].doubleDummy).toBeNull(); // no deal, no table
    const board1 = first.boards.find((b: { number: number }) => b.number === 1).id;
    dataOf(await t.gql(`mutation($id: ID!, $d: String!) { updateBoard(id: $id, input: { deal: $d }) { id } }`, { id: board1, d: GRAND }));
    const solved = await waitFor(boards, (s) => s.doubleDummyProgress.solved === 1);
    expect(solved.doubleDummyProgress).toEqual({ deals: 1, solved: 1 });
    const shown = solved.boards.find((b: { number: number }) => b.number === 1);
    // Board 1 is vulnerable for nobody (Law 2): 7NT = 1520.
    expect(shown.doubleDummy.par).toEqual({ nsScore: 1520, contracts: ['7NT-NS'] });
    expect(solved.boards.find((b: { number: number }) => b.number === 2).doubleDummy).toBeNull();

    dataOf(await t.gql(`mutation($id: ID!, $d: String!) { updateBoard(id: $id, input: { deal: $d }) { id } }`, { id: board1, d: TURNED }));
    // The stored table belongs to the old deal: it is not shown for the new one, which is solved again.
    const again = await waitFor(boards, (s) => s.boards.find((b: { number: number }) => b.number === 1).doubleDummy?.par.nsScore === -1520);
    expect(again.boards.find((b: { number: number }) => b.number === 1).doubleDummy.par).toEqual({ nsScore: -1520, contracts: ['7NT-EW'] });

    // A traveller gives par beside its lines, so each line reads against it: EW bid only 6NT and
    // make 12 tricks (NS -990, not vulnerable), 530 better for NS than the par of -1520.
    await t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ board: 1, nsPair: 1, ewPair: 2, contract: '6NT', declarer: 'E', tricks: 12 }).expect(201);
    const trav = dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 1) { par { nsScore contracts } lines { nsScore } } }`, { s: sessionId })).traveller;
    expect(trav.par).toEqual({ nsScore: -1520, contracts: ['7NT-EW'] });
    expect(trav.lines[0].nsScore - trav.par.nsScore).toBe(530);
    expect(dataOf(await t.gql(`query($s: ID!) { traveller(sessionId: $s, board: 2) { par { nsScore } } }`, { s: sessionId })).traveller.par).toBeNull();

    // Both boards solved: boards and travellers asked together (their tables read in one query)
    // each get their own board's table. Board 2 is NS vulnerable (Law 2): 7NT = 2220.
    const board2 = first.boards.find((b: { number: number }) => b.number === 2).id;
    dataOf(await t.gql(`mutation($id: ID!, $d: String!) { updateBoard(id: $id, input: { deal: $d }) { id } }`, { id: board2, d: GRAND }));
    const both = await waitFor(boards, (s) => s.doubleDummyProgress.solved === 2);
    expect(both.boards.map((b: { number: number; doubleDummy: { par: { nsScore: number } } }) => [b.number, b.doubleDummy.par.nsScore])).toEqual([
      [1, -1520],
      [2, 2220],
    ]);
    const pair = dataOf(await t.gql(`query($s: ID!) { one: traveller(sessionId: $s, board: 1) { par { nsScore } } two: traveller(sessionId: $s, board: 2) { par { nsScore } } }`, { s: sessionId }));
    expect([pair.one.par.nsScore, pair.two.par.nsScore]).toEqual([-1520, 2220]);

    // PBN export carries the table and par.
    const pbn = (await t.http().get(`/api/v1/events/${built.eventId}/export.pbn`)).text;
    expect(pbn).toContain('[DoubleDummyTricks "0000000000dddddddddd"]');
    expect(pbn).toContain('[OptimumScore "NS -1520"]');
    expect(pbn).toContain('[ParContract "7NT-EW"]');
    expect(pbn).toMatch(/\[OptimumResultTable "Declarer\\1L;Denomination\\2R;Result\\2R"\]\r\nN NT  0/);
  });

  it('a PBN import checks the file’s double-dummy table against ours and reports each difference', async () => {
    // One result wrong in the file: North in notrump (the first digit) makes 13, not 12.
    const file = [
      '% PBN 2.1',
      '[Event "Checked"]',
      '[Board "1"]',
      '[Dealer "N"]',
      '[Vulnerable "None"]',
      `[Deal "${GRAND}"]`,
      '[DoubleDummyTricks "cddddddddd0000000000"]',
      '',
    ].join('\r\n');
    const res = await t.http().post('/api/v1/imports/pbn').set('content-type', 'text/plain').send(file);
    expect(res.status).toBe(201);
    const notes = (res.body.warnings as string[]).filter((w) => w.includes('double dummy'));
    expect(notes).toEqual(["Board 1: the file gives N 12 tricks in NT double dummy; Traveller's solver finds 13"]);
  });
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out waiting for the solver');
}
