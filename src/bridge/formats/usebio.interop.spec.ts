import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { boardInfo } from '../board.js';
import { parseContract } from '../contract.js';
import { contractScore } from '../score.js';
import type { InterchangeEvent } from './interchange.js';
import { parseUsebio, printUsebio } from './usebio.js';

/**
 * Real USEBIO files (../shared/fixtures/README.md). They carry (anonymised) names, so these tests
 * assert structure and counts only, never names. A clone without ../shared skips them.
 */
const FOLDER = resolve(process.cwd(), '../shared/fixtures/usebio');
const COMPSCORE3 = resolve(FOLDER, 'compscore3-mp-pairs-mitchell-6-tables.xml');
const available = existsSync(FOLDER);
if (!available) console.log(`usebio.interop.spec: skipped, ${FOLDER} not found`);
const describeWithFixtures = available ? describe : describe.skip;

describeWithFixtures('every real USEBIO file (DOMAIN §9.2)', () => {
  // Jest runs the body of a skipped describe too (to collect its tests): never read a missing folder.
  const files = available ? readdirSync(FOLDER).filter((f) => f.toLowerCase().endsWith('.xml')) : [];

  it.each(files)('%s parses with nothing rejected and prints back to the same event', (file) => {
    const outcome = parseUsebio(readFileSync(resolve(FOLDER, file)));
    expect(outcome.rejected).toEqual([]);
    const again = parseUsebio(printUsebio(outcome.event)).event;
    // USEBIO names the program that wrote the file (now Traveller); sources name elements of each file.
    expect(withoutSources({ ...again, generator: null })).toEqual(withoutSources({ ...outcome.event, generator: null }));
  });
});

const describeCompscore3 = available && existsSync(COMPSCORE3) ? describe : describe.skip;

describeCompscore3('the Compscore3 matchpointed Mitchell (real file)', () => {
  let cached: InterchangeEvent | null = null;
  const event = (): InterchangeEvent => (cached ??= parseUsebio(readFileSync(COMPSCORE3)).event);
  const lines = () => event().sessions.flatMap((s) => s.lines);

  it('reads the header: a matchpointed pairs event written by Compscore3', () => {
    const e = event();
    expect(e).toMatchObject({ format: 'USEBIO', kind: 'PAIRS', date: '2022-07-21', generator: 'Compscore3 26-Jul-22' });
    // No BOARD_SCORING_METHOD in the file: EVENT_TYPE "MP_PAIRS" says matchpoints.
    expect(e.scoring).toBe('MATCHPOINTS');
    expect(e.name).not.toBeNull();
    expect(e.club?.id).toMatch(/^\d+$/);
  });

  it('has one session, one (unnamed) section, 21 boards each with a HANDSET deal', () => {
    const e = event();
    expect(e.sessions).toHaveLength(1);
    expect(e.sessions[0].sections.map((s) => s.letter)).toEqual(['A']);
    expect(e.sessions[0].boards.map((b) => b.number)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(e.sessions[0].boards.every((b) => b.deal !== null && b.source.startsWith('HANDSET / BOARD'))).toBe(true);
  });

  it('has 126 traveller lines: 6 tables on each of 21 boards, all played, none adjusted', () => {
    expect(lines()).toHaveLength(126);
    const perBoard = new Map<number, number>();
    for (const l of lines()) perBoard.set(l.board, (perBoard.get(l.board) ?? 0) + 1);
    expect([...perBoard.values()].every((n) => n === 6)).toBe(true);
    expect(lines().every((l) => l.contract !== null && l.artificial === null && !l.notPlayed)).toBe(true);
    // The file gives no ROUND_NUMBER or TABLE_NUMBER.
    expect(lines().every((l) => l.round === null && l.table === null)).toBe(true);
  });

  it('is two-winner: pairs "1NS" … "7NS" and "2EW" … "7EW" (7 NS pairs, 6 EW pairs, so an NS pair sits out each round)', () => {
    const e = event();
    expect(e.contestants.filter((c) => c.direction === 'NS').map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(e.contestants.filter((c) => c.direction === 'EW').map((c) => c.number)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(e.contestants.every((c) => c.players.length === 2 && c.players.every((p) => p.memberNumber !== null))).toBe(true);
    const nsBoards = new Map<number, number>();
    for (const l of lines()) nsBoards.set(l.nsPair, (nsBoards.get(l.nsPair) ?? 0) + 1);
    expect([...nsBoards.values()]).toEqual([18, 18, 18, 18, 18, 18, 18]);
  });

  it('carries its own matchpoints on all 126 lines, top 10, and the pairs\' totals add up from them', () => {
    const withMps = lines().filter((l) => l.figures.nsMatchpoints !== undefined && l.figures.ewMatchpoints !== undefined);
    expect(withMps).toHaveLength(126);
    expect(lines().every((l) => l.figures.nsMatchpoints! + l.figures.ewMatchpoints! === 10)).toBe(true);
    for (const c of event().contestants) {
      const side = c.direction === 'NS' ? 'nsMatchpoints' : 'ewMatchpoints';
      const mine = lines().filter((l) => (c.direction === 'NS' ? l.nsPair : l.ewPair) === c.number);
      expect(mine.reduce((sum, l) => sum + l.figures[side]!, 0)).toBe(c.figures.score);
    }
  });

  it('writes TRICKS as tricks taken: every SCORE agrees with that reading', () => {
    for (const l of lines()) {
      const score = contractScore(parseContract(l.contract!), l.declarer, l.tricks!, boardInfo(l.board).vulnerability).nsScore;
      expect(score).toBe(l.figures.nsScore);
    }
  });

  it('writes tied places without "=": two NS pairs share TOTAL_SCORE and both say PLACE 3', () => {
    const ns = event().contestants.filter((c) => c.direction === 'NS' && c.figures.place === '3');
    expect(ns).toHaveLength(2);
    expect(ns[0].figures.score).toBe(ns[1].figures.score);
    expect(event().contestants.some((c) => c.figures.place?.includes('='))).toBe(false);
  });
});

function withoutSources(event: InterchangeEvent): unknown {
  return JSON.parse(JSON.stringify(event, (key: string, value: unknown) => (key === 'source' ? undefined : value)));
}
