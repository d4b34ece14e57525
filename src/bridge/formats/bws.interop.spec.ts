import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bwsTables, bwsToInterchange, parseBws, type BwsRow } from './bws.js';
import { FileFormatError } from './interchange.js';

/**
 * A real Bridgemate file (../shared/fixtures/README.md): an ACBL club matchpoint pairs game,
 * 2025-12-23, two Mitchell sections. It holds real names and player numbers, so these tests
 * assert counts only. A clone without ../shared skips them.
 */
const FIXTURE = resolve(process.cwd(), '../shared/fixtures/bws/acbl-club-pairs-2025-12-23.bws.gz');
const available = existsSync(FIXTURE);
if (!available) console.log(`bws.interop.spec: skipped, ${FIXTURE} not found`);
const describeWithFixture = available ? describe : describe.skip;

describeWithFixture('the ACBL club pairs BWS (real file)', () => {
  // Jest runs the body of a skipped describe too (to collect its tests): never touch a missing file.
  const bytes = available ? gunzipSync(readFileSync(FIXTURE)) : Buffer.alloc(0);
  const tables = available ? bwsTables(bytes) : null;
  const outcome = tables === null ? null : bwsToInterchange(tables);
  const event = () => outcome!.event;
  const session = () => event().sessions[0];
  const section = (letter: string) => session().sections.find((s) => s.letter === letter)!;

  it('opens every table the import needs, counting rows by reading them', () => {
    expect(tables!.Section).toHaveLength(2);
    expect(tables!.RoundData).toHaveLength(128);
    expect(tables!.ReceivedData).toHaveLength(384); // the table header says 0
    expect(tables!.PlayerNumbers).toHaveLength(68);
    expect(tables!.HandRecord).toHaveLength(0);
    expect(tables!.Session).toHaveLength(1);
    // Every seat has a name, so the 43,729-row national list is not read at all.
    expect(tables!.PlayerNames).toHaveLength(0);
  });

  it('reads the event: one session, generic name, matchpoint pairs', () => {
    expect(event()).toMatchObject({ format: 'BWS', name: 'Bridge game', date: '2025-12-23', kind: 'PAIRS', scoring: 'MATCHPOINTS', generator: 'Bridgemate', club: null });
    expect(event().sessions.map((s) => s.number)).toEqual([1]);
    expect(session().sections.map((s) => s.letter)).toEqual(['A', 'B']); // "A  " and "B  " in the file
  });

  it.each([
    ['A', 9, 8, 24],
    ['B', 8, 7, 21],
  ])('section %s: %i tables, %i rounds × 3 boards, boards 1–%i', (letter, tableCount, rounds, lastBoard) => {
    const { tables: declared, movement } = section(letter);
    expect(declared).toBe(tableCount);
    expect(movement).toHaveLength(tableCount * rounds);
    expect(new Set(movement!.map((row) => row.round)).size).toBe(rounds);
    expect(movement!.every((row) => row.boards.length === 3)).toBe(true);
    const boards = new Set(movement!.flatMap((row) => row.boards));
    expect([...boards].sort((a, b) => a - b)).toEqual(Array.from({ length: lastBoard }, (_, i) => i + 1));
    // A Mitchell: NS pair t never leaves table t.
    expect(movement!.every((row) => row.ns === row.table)).toBe(true);
  });

  it('has 128 movement rows, no sit-outs, and 24 boards without deals', () => {
    expect(session().sections.flatMap((s) => s.movement ?? [])).toHaveLength(128);
    expect(session().boards.map((b) => b.number)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(session().boards.every((b) => b.deal === null)).toBe(true);
  });

  it('keeps one line per table, round and board: 384 rows, none erased or superseded, none rejected', () => {
    const raw = tables!.ReceivedData;
    const erased = raw.filter((row) => row['Erased'] === true);
    const keys = new Set(raw.filter((row) => row['Erased'] !== true).map(resultKey));
    const superseded = raw.length - erased.length - keys.size;
    expect({ raw: raw.length, erased: erased.length, superseded }).toEqual({ raw: 384, erased: 0, superseded: 0 });
    expect(session().lines).toHaveLength(384);
    expect(outcome!.rejected).toEqual([]);
    const perSection = (letter: string) => session().lines.filter((line) => line.section === letter).length;
    expect([perSection('A'), perSection('B')]).toEqual([216, 168]); // 9 × 8 × 3 and 8 × 7 × 3
  });

  it('reads every line as a played contract that matches the movement', () => {
    const lines = session().lines;
    expect(lines.every((line) => line.contract !== null && line.declarer !== null && line.tricks !== null && !line.notPlayed && line.artificial === null)).toBe(true);
    expect(lines.filter((line) => /X$/.test(line.contract!))).toHaveLength(8); // "4 C x" and seven more
    expect(lines.filter((line) => line.contract === 'PASS')).toHaveLength(0);
    expect(lines.every((line) => line.lead === null)).toBe(true); // leads were not entered
    for (const line of lines) {
      const seat = section(line.section).movement!.find((row) => row.round === line.round && row.table === line.table)!;
      expect([line.nsPair, line.ewPair]).toEqual([seat.ns, seat.ew]);
      expect(seat.boards).toContain(line.board);
    }
  });

  it('has two winners per section (Winners is 0 in the file; inferred from the Mitchell)', () => {
    expect(tables!.Section.map((row) => row['Winners'])).toEqual([0, 0]);
    const count = (letter: string, direction: string) => event().contestants.filter((c) => c.section === letter && c.direction === direction).length;
    expect([count('A', 'NS'), count('A', 'EW'), count('B', 'NS'), count('B', 'EW')]).toEqual([9, 9, 8, 8]);
    expect(event().contestants).toHaveLength(34);
  });

  it('gives each of the 34 pairs its two players from the 68 seat entries', () => {
    const contestants = event().contestants;
    expect(contestants.every((c) => c.players.length === 2)).toBe(true);
    expect(contestants.every((c) => c.name === c.players.map((p) => p.name).join(' & '))).toBe(true);
    const players = contestants.flatMap((c) => c.players);
    expect(players).toHaveLength(68);
    expect(players.filter((p) => p.memberNumber === null)).toHaveLength(2); // two seats have a name but no number
  });
});

describeWithFixture('the real BWS, damaged (property)', () => {
  const bytes = available ? gunzipSync(readFileSync(FIXTURE)) : Buffer.alloc(0);

  function assertReadsOrRefuses(input: Buffer): void {
    try {
      parseBws(input);
    } catch (error) {
      expect(error).toBeInstanceOf(FileFormatError);
    }
  }

  it('flipped byte ranges give an outcome or a FileFormatError', () => {
    // Most of the file is the player-name list; bias half the damage to the first 256 KiB,
    // where the catalogue, table definitions and result pages are.
    const position = fc.oneof(fc.integer({ min: 0, max: 262_143 }), fc.integer({ min: 0, max: bytes.length - 1 }));
    fc.assert(
      fc.property(position, fc.integer({ min: 1, max: 512 }), fc.integer({ min: 1, max: 255 }), (start, length, mask) => {
        const damaged = Buffer.from(bytes);
        for (let i = start; i < Math.min(damaged.length, start + length); i++) damaged[i] ^= mask;
        assertReadsOrRefuses(damaged);
      }),
      { numRuns: 150 },
    );
  });

  it('truncated files give an outcome or a FileFormatError', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), (length) => assertReadsOrRefuses(bytes.subarray(0, length))),
      { numRuns: 60 },
    );
  });
});

function resultKey(row: BwsRow): string {
  return ['Section', 'Table', 'Round', 'Board'].map((column) => String(row[column])).join('|');
}
