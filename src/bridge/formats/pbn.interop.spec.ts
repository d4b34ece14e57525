import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { boardInfo } from '../board.js';
import type { InterchangeEvent, InterchangeLine, ParseOutcome } from './interchange.js';
import { parsePbn, printPbn } from './pbn.js';

/*
 * Real PBN files from other programs (../shared/fixtures/README.md says what each holds). They carry
 * real names under unclear licences, so they stay outside the repository and no name from them is
 * written here: the tests check counts and structure only.
 */
const FOLDER = resolve(process.cwd(), '../shared/fixtures/pbn');
const present = existsSync(FOLDER);
if (!present) console.log(`PBN interop tests skipped: ${FOLDER} does not exist`);
const describeWithFiles = present ? describe : describe.skip;

function read(file: string): ParseOutcome {
  return parsePbn(readFileSync(resolve(FOLDER, file)));
}

function allLines(event: InterchangeEvent): InterchangeLine[] {
  return event.sessions.flatMap((s) => s.lines);
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

function boardNumbers(event: InterchangeEvent): number[] {
  return event.sessions.flatMap((s) => s.boards.map((b) => b.number));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}

describeWithFiles('real PBN files (DOMAIN §9.1)', () => {
  const files = present ? readdirSync(FOLDER).filter((f) => f.toLowerCase().endsWith('.pbn')) : [];

  it('finds the six files the fixtures README lists', () => {
    expect(files).toHaveLength(6);
  });

  it.each(files)('%s: every board has a complete deal stated with Law 2 dealer and vulnerability', (file) => {
    const boards = read(file).event.sessions.flatMap((s) => s.boards);
    expect(boards.length).toBeGreaterThan(0);
    for (const board of boards) {
      expect(board.deal).toMatch(/^N:/);
      expect({ dealer: board.dealer, vulnerability: board.vulnerability }).toEqual(boardInfo(board.number));
    }
  });

  it.each(files)('%s: printed as PBN and read back, keeps its boards, lines and pairs', (file) => {
    const { event } = read(file);
    const again = parsePbn(printPbn(event));
    expect(again.rejected).toEqual([]);
    const strip = (e: InterchangeEvent) => ({
      boards: e.sessions.flatMap((s) => s.boards.map((b) => ({ ...b, source: '' }))),
      lines: allLines(e).map((l) => ({ ...l, source: '' })),
      contestants: e.contestants.map((c) => ({ ...c, source: '' })),
      facts: [e.name, e.date, e.kind, e.scoring, e.club, e.generator],
    });
    expect(strip(again.event)).toEqual(strip(event));
  });

  describe('bridgecomposer-scoretable-2025-12-23.pbn: BridgeComposer ScoreTables of a two-section Mitchell', () => {
    const { event, rejected } = present ? read('bridgecomposer-scoretable-2025-12-23.pbn') : ({} as ParseOutcome);

    it('reads the event facts', () => {
      expect(event).toMatchObject({
        name: 'Alpine Club Championship',
        date: '2025-12-23',
        kind: 'PAIRS',
        scoring: 'MATCHPOINTS',
        generator: 'BridgeComposer Version 5.114',
      });
      expect(event.club?.name).toBeTruthy();
      expect(rejected).toEqual([]);
    });

    it('has 24 boards and 333 score rows in sections A (190) and B (143)', () => {
      expect(boardNumbers(event)).toEqual(range(1, 24));
      const lines = allLines(event);
      expect(lines).toHaveLength(333);
      expect(countBy(lines, (l) => l.section)).toEqual({ A: 190, B: 143 });
      expect(event.sessions[0].sections.map((s) => s.letter)).toEqual(['A', 'B']);
    });

    it('keeps the file’s scores and no matchpoints (its MP columns are "-")', () => {
      const lines = allLines(event);
      expect(lines.every((l) => l.contract !== null && l.declarer !== null && l.tricks !== null)).toBe(true);
      expect(lines.every((l) => Object.keys(l.figures).join() === 'nsScore')).toBe(true);
    });

    it('finds a two-winner Mitchell: 9 tables in A and 8 in B, as the matching BWS has', () => {
      expect(countBy(event.contestants, (c) => `${c.section} ${c.direction}`)).toEqual({ 'A NS': 9, 'A EW': 9, 'B NS': 8, 'B EW': 8 });
      expect(event.contestants.every((c) => c.name !== null && c.players.length === 0)).toBe(true); // "Surname-Surname" partnership names
    });
  });

  describe('bridgecomposer-scoretable-2025-12-30.pbn: the second session of the same club', () => {
    const { event, rejected } = present ? read('bridgecomposer-scoretable-2025-12-30.pbn') : ({} as ParseOutcome);

    it('has 24 boards and 405 score rows in sections A (191) and B (214)', () => {
      expect(rejected).toEqual([]);
      expect(event).toMatchObject({ name: 'Alpine Club Championship', date: '2025-12-30', generator: 'BridgeComposer Version 5.116' });
      expect(event.club).toEqual(read('bridgecomposer-scoretable-2025-12-23.pbn').event.club);
      expect(boardNumbers(event)).toEqual(range(1, 24));
      expect(countBy(allLines(event), (l) => l.section)).toEqual({ A: 191, B: 214 });
    });

    it('reads its one passed-out board, written "PASS - -" with no score', () => {
      const passed = allLines(event).filter((l) => l.contract === 'PASS');
      expect(passed).toHaveLength(1);
      expect(passed[0]).toMatchObject({ section: 'B', declarer: null, tricks: null, figures: {} });
    });

    it('finds 8 tables in A and 11 in B', () => {
      expect(countBy(event.contestants, (c) => `${c.section} ${c.direction}`)).toEqual({ 'A NS': 8, 'A EW': 8, 'B NS': 11, 'B EW': 11 });
    });
  });

  describe('bridgecomposer-handrecord-dd-2022-10-19.pbn: an ISO-8859-1 hand record', () => {
    const { event, rejected } = present ? read('bridgecomposer-handrecord-dd-2022-10-19.pbn') : ({} as ParseOutcome);

    it('has boards 16 to 30 and no results', () => {
      expect(rejected).toEqual([]);
      expect(boardNumbers(event)).toEqual(range(16, 30));
      expect(allLines(event)).toEqual([]);
      expect(event.contestants).toEqual([]);
    });

    it('takes the event name from the %HRTitleEvent header (Event is empty), decoded as Latin-1', () => {
      expect(event.name).toMatch(/^2\. párový turnaj .* 2022$/);
      expect(event).toMatchObject({ date: null, scoring: null, club: null, generator: 'BridgeComposer Version 5.57' });
    });
  });

  describe('bigdeal-handrecord-32-boards.pbn: a minimal PBN 1.0 hand record', () => {
    const { event, rejected } = present ? read('bigdeal-handrecord-32-boards.pbn') : ({} as ParseOutcome);

    it('has 32 boards, skips the %%!R lines, and names its generator', () => {
      expect(rejected).toEqual([]);
      expect(boardNumbers(event)).toEqual(range(1, 32));
      expect(event).toMatchObject({ name: null, date: null, generator: 'Big Deal version 1.2', contestants: [] });
    });
  });

  describe('kops-pairs-imp-records-2013-08-07.pbn: one game per table result, Central European bytes', () => {
    const { event, rejected } = present ? read('kops-pairs-imp-records-2013-08-07.pbn') : ({} as ParseOutcome);

    it('gives 108 results: 27 boards played at 4 tables', () => {
      expect(rejected).toEqual([]);
      expect(boardNumbers(event)).toEqual(range(1, 27));
      const lines = allLines(event);
      expect(lines).toHaveLength(108);
      expect(Object.values(countBy(lines, (l) => String(l.board)))).toEqual(Array(27).fill(4));
      expect(lines.every((l) => l.contract !== null && l.declarer !== null && l.tricks !== null && l.nsPair !== l.ewPair)).toBe(true);
    });

    it('decodes the name (no charset header: Windows-1252 fallback reads "ó") and reads IMP scoring', () => {
      expect(event.name).toMatch(/Chorzów, 7\.08\.2013/);
      expect(event).toMatchObject({ date: null, kind: 'PAIRS', scoring: 'IMPS_ACROSS_FIELD' });
    });

    it('numbers its 9 pairs from their labels, one field (pairs change direction)', () => {
      expect(event.contestants.map((c) => c.number)).toEqual(range(1, 9));
      expect(event.contestants.every((c) => c.direction === null && c.section === null && /^Para-\d+$/.test(c.name ?? ''))).toBe(true);
    });
  });

  describe('bbo-pairs-auction-play-2013-08-10.pbn: BBO records with auction and play', () => {
    const { event, rejected } = present ? read('bbo-pairs-auction-play-2013-08-10.pbn') : ({} as ParseOutcome);

    it('gives 42 results from 44 records: two unfinished tables have no contract', () => {
      expect(boardNumbers(event)).toEqual(range(1, 11));
      expect(allLines(event)).toHaveLength(42);
      expect(rejected).toEqual([
        { source: 'line 107', reason: expect.stringMatching(/^board 1: .* no contract/) },
        { source: 'line 790', reason: expect.stringMatching(/^board 6: .* no contract/) },
      ]);
    });

    it('reads the date from "2013-08-10 19:19", no scoring, and the opening lead from each Play section', () => {
      expect(event).toMatchObject({ name: '2196-1376162040', date: '2013-08-10', scoring: null, kind: 'PAIRS' });
      expect(allLines(event).every((l) => /^[SHDC][AKQJT2-9]$/.test(l.lead ?? ''))).toBe(true);
    });

    it('numbers 8 pairs of two players each, one field', () => {
      expect(event.contestants.map((c) => [c.number, c.direction, c.players.length])).toEqual(range(1, 8).map((n) => [n, null, 2]));
    });
  });
});
