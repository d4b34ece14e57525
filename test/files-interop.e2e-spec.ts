import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/**
 * Files written by other programs (../shared/fixtures, kept out of the repo: real names, unclear
 * licences), imported through the service: each is re-scored from contracts and tricks, and its
 * own figures are compared with Traveller's. Skipped, with a note, where ../shared is absent.
 */
const SHARED = resolve(process.cwd(), '../shared/fixtures');
const present = existsSync(SHARED);
if (!present) console.log(`Interop files: ${SHARED} is absent; the files of other programs are not tested here`);

(present ? describe : describe.skip)('files from other programs', () => {
  let t: TestApp;
  const summary: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    console.log(`Files from other programs, re-scored by Traveller:\n${summary.join('\n')}`);
    await t.close();
  });

  const file = (path: string) => readFileSync(resolve(SHARED, path));
  async function importFile(format: string, body: Buffer) {
    const report = (await t.http().post(`/api/v1/imports/${format}`).set('content-type', 'application/octet-stream').send(body).expect(201)).body;
    const c = report.compared;
    const figures = [...new Set(report.differences.map((d: { figure: string }) => d.figure))].join(', ');
    summary.push(
      `  ${format.toUpperCase().padEnd(6)} ${report.lines} lines (${report.rejected.length} refused), ${report.contestants} contestants; ` +
        `figures compared on ${c.lines} lines (${c.linesDiffering} differ) and ${c.contestants} contestants (${c.contestantsDiffering} differ)${figures ? `: ${figures}` : ''}`,
    );
    return report;
  }

  it('imports the Bridgemate BWS of an ACBL club game: two sections, every line, players', async () => {
    const report = await importFile('bws', gunzipSync(file('bws/acbl-club-pairs-2025-12-23.bws.gz')));
    expect(report).toMatchObject({ sessions: 1, contestants: 34, lines: 384, rejected: [] });
    // The club plays duplicated boards at several tables a round: still a movement, and it is kept.
    expect(report.warnings.filter((w: string) => /movement was not kept/.test(w))).toEqual([]);
    const session = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id sections { id letter boards } } } }`, { e: report.eventId })).event.sessions[0];
    expect(session.sections.map((s: { letter: string; boards: number[] }) => [s.letter, s.boards.length])).toEqual([['A', 24], ['B', 21]]);
    for (const section of session.sections) {
      const movement = dataOf(await t.gql(`query($id: ID!) { movement(sectionId: $id) { rounds { number tables { boards } } } }`, { id: section.id })).movement;
      expect(movement.rounds.length).toBeGreaterThan(1);
    }
    const ranking = dataOf(await t.gql(`query($s: ID!) { sessionRanking(sessionId: $s, direction: NS) { place percentage boardsPlayed } }`, { s: session.id })).sessionRanking;
    expect(ranking).toHaveLength(17);
  });

  it('agrees with the scores of the BridgeComposer PBN of the same game, line by line', async () => {
    const report = await importFile('pbn', file('pbn/bridgecomposer-scoretable-2025-12-23.pbn'));
    expect(report).toMatchObject({ lines: 333, rejected: [] });
    expect(report.differences.filter((d: { figure: string }) => d.figure === 'nsScore')).toEqual([]);
  });

  it('re-scores the Compscore3 USEBIO: scores, matchpoints, percentages and totals', async () => {
    const report = await importFile('usebio', file('usebio/compscore3-mp-pairs-mitchell-6-tables.xml'));
    expect(report).toMatchObject({ lines: 126, rejected: [] });
    expect(report.compared.lines).toBe(126);
    expect(report.differences.filter((d: { figure: string }) => d.figure === 'nsScore')).toEqual([]);
  });

  it.each([
    ['pbn/bridgecomposer-scoretable-2025-12-30.pbn', 405],
    ['pbn/kops-pairs-imp-records-2013-08-07.pbn', 108],
    ['pbn/bbo-pairs-auction-play-2013-08-10.pbn', 42],
  ])('imports %s', async (path, lines) => {
    expect((await importFile('pbn', file(path))).lines).toBe(lines);
  });

  it.each(['pbn/bridgecomposer-handrecord-dd-2022-10-19.pbn', 'pbn/bigdeal-handrecord-32-boards.pbn'])('imports the hand record %s', async (path) => {
    const report = await importFile('pbn', file(path));
    expect(report.lines).toBe(0);
    expect(report.boards).toBeGreaterThan(14);
  });
});
