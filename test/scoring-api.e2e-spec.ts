import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

describe('scoring calculator over GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('contractScore: Law 77 from both sides', async () => {
    const res = dataOf(await t.gql(`{ contractScore(contract: "4hx", declarer: E, tricks: 6, vulnerability: BOTH) { contract result nsScore declarerScore } }`));
    expect(res.contractScore).toEqual({ contract: '4HX', result: '-4', nsScore: 1100, declarerScore: -1100 });
  });

  it('boardInfo, imps and victoryPoints', async () => {
    const res = dataOf(await t.gql(`{ boardInfo(number: 20) { dealer vulnerability } imps(difference: -480) victoryPoints(margin: 20, boards: 16) { winner loser } }`));
    expect(res).toEqual({ boardInfo: { dealer: 'W', vulnerability: 'BOTH' }, imps: -10, victoryPoints: { winner: 15, loser: 5 } });
  });

  it.each([
    [`{ contractScore(contract: "8H", declarer: N, tricks: 10, vulnerability: NONE) { nsScore } }`, 'contract', /Level must be 1–7, got 8/],
    [`{ contractScore(contract: "4H", declarer: N, tricks: 14, vulnerability: NONE) { nsScore } }`, 'tricks', /0 to 13/],
    [`{ contractScore(contract: "PASS", declarer: N, tricks: 0, vulnerability: NONE) { nsScore } }`, 'contract', /passed-out/],
    [`{ boardInfo(number: 0) { dealer } }`, 'number', /at least 1/],
    [`{ victoryPoints(margin: -3, boards: 16) { winner } }`, 'margin', /absolute IMP difference/],
  ])('answers BAD_USER_INPUT naming what is wrong: %s', async (query, field, message) => {
    const res = await t.gql(query);
    expect(res.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [field] });
    expect(res.errors?.[0].message).toMatch(message);
  });
});
