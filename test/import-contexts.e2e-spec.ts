import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { statementsWith } from './support/statements.js';

/**
 * After an import, the sessions' validation contexts are made from the rows the import read in
 * its own transaction (a slice at a time), not read again: the first posts find them, and check
 * lines against the file's own pairs.
 */
describe('posts right after an import', () => {
  let t: TestApp;
  let contestantReads: string[];
  beforeAll(async () => {
    t = await startTestApp();
    contestantReads = statementsWith(t, 'FROM "Contestant" c JOIN "Session"');
  });
  afterAll(() => t.close());

  /** A two-winner Mitchell: two sections of three tables, two boards, every line 4S= but table 1's board 1. */
  function csv(): Buffer {
    const rows = ['Event,Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Winners'];
    for (const section of ['A', 'B'])
      for (let pair = 1; pair <= 3; pair++)
        for (let board = 1; board <= 2; board++) rows.push(['Contexts Pairs', 1, section, board, pair, pair, pair, `N${section}${pair} & S${section}${pair}`, `E${section}${pair} & W${section}${pair}`, '4S', 'N', board === 1 && pair === 1 ? 9 : 10, 2].join(','));
    return Buffer.from(`${rows.join('\n')}\n`);
  }

  it('checks the first posts against the imported pairs without reading them again', async () => {
    const report = (await t.http().post('/api/v1/imports/csv').set('content-type', 'text/csv').send(csv()).expect(201)).body;
    expect(report).toMatchObject({ lines: 12, rejected: [] });
    const sessionId = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: report.eventId })).event.sessions[0].id as string;
    contestantReads.length = 0;
    const post = (line: object) => t.http().post(`/api/v1/sessions/${sessionId}/results`).send({ lines: [line] });
    const corrected = await post({ section: 'B', board: 1, nsPair: 1, ewPair: 1, contract: '4S', declarer: 'N', result: '+1', correction: { reason: 'Table agreed 11 tricks' } });
    expect([corrected.status, corrected.body.message]).toEqual([201, undefined]);
    const unknown = await post({ section: 'B', board: 2, nsPair: 4, ewPair: 1, contract: '4S', declarer: 'N', result: '=' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/4/);
    expect(contestantReads).toEqual([]);
  });
});
