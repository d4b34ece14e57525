import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ContestantRow, EventInput, LineRow, StoredAdjustment } from './event-input.js';
import { scoreEvent, type ScoredEvent } from './score-event.js';
import type { LineFigures } from './session-scores.js';
import { rankedList, rankingRows, readyIndexes, readyRankings } from './standings.js';
import { byField, exactPair, numberKey } from './pair-results.js';
import { placeByScore } from '../ranking.js';
import { Fraction } from '../fraction.js';

/**
 * A post or a correction updates the scored event in place of scoring it again
 * (`scoreEvent(next, previous, changes)`); whatever the sequence of changes, the figures must be
 * exactly those a whole scoring of the same rows gives.
 */
/** A revision's whole background readying, as the service runs it: its rankings, then its indexes. */
function* readying(scored: ScoredEvent): Generator<void, void> {
  yield* readyRankings(scored);
  yield* readyIndexes(scored);
}

const PAIRS = 8;
const SECTIONS = ['A', 'B'];
/** One field (no directions), or a two-winner field: odd numbers North–South, even East–West (a national field's shape). */
const contestantsOf = (directions: boolean) =>
  new Map<string, ContestantRow>(
    SECTIONS.flatMap((x) => Array.from({ length: PAIRS }, (_, i) => [`${x}${i + 1}`, { id: `${x}${i + 1}`, number: i + 1, direction: directions ? (i % 2 ? 'EW' : 'NS') : null, section: x }] as const)),
  );

const ADJUSTMENTS: (StoredAdjustment | null)[] = [
  null,
  null,
  null,
  { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' },
  { kind: 'ARTIFICIAL', ns: 'A', ew: 'A' },
  { kind: 'ASSIGNED', ns: [{ nsScore: 420, weight: '1/3' }, { nsScore: -50, weight: '2/3' }] },
  { kind: 'ABSENT_PAIR', absent: 'EW', presentPercentage: '60' },
];
const SCORES = [420, 450, 170, -50, -100, 620, 140];

/**
 * One change: a line (section, board, table) posted, corrected to another result, or removed; a
 * correction may also name the table's pairs the other way round (the line's contestants change).
 */
const change = fc.record({ section: fc.constantFrom(...SECTIONS), board: fc.integer({ min: 1, max: 3 }), table: fc.integer({ min: 1, max: PAIRS / 2 }), score: fc.constantFrom(...SCORES), adjustment: fc.nat(ADJUSTMENTS.length - 1), remove: fc.boolean(), swap: fc.boolean() });
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function eventOf(results: LineRow[], options: { scoring: string; rules: Record<string, unknown>; directions?: boolean }): EventInput {
  return {
    event: { kind: 'PAIRS', scoring: options.scoring as 'MATCHPOINTS', vpScale: null, scoringOptions: options.rules },
    contestants: contestantsOf(!!options.directions),
    sessions: [{ session: { id: 's1' }, sections: SECTIONS.map((x) => ({ id: x, letter: x, boardNumbers: [1, 2, 3], movement: null })), results, penalties: [] }],
  };
}

function apply(rows: Map<string, LineRow>, c: Change, version: number): { changed: LineRow[]; removed: string[] } {
  const id = `${c.section}-${c.board}-${c.table}`;
  if (c.remove) return rows.delete(id) ? { changed: [], removed: [id] } : { changed: [], removed: [] };
  const adjustment = ADJUSTMENTS[c.adjustment];
  const row: LineRow = {
    id,
    sectionId: c.section,
    boardNumber: c.board,
    round: null,
    nsContestantId: `${c.section}${c.table * 2 - (c.swap ? 0 : 1)}`,
    ewContestantId: `${c.section}${c.table * 2 - (c.swap ? 1 : 0)}`,
    status: adjustment ? (adjustment.kind === 'ARTIFICIAL' ? 'ARTIFICIAL' : 'ASSIGNED') : 'PLAYED',
    nsScore: adjustment ? null : c.score,
    boardForm: 1,
    adjustment,
    version,
  };
  rows.set(id, row);
  return { changed: [row], removed: [] };
}

function same(a: ScoredEvent, b: ScoredEvent): void {
  const [x, y] = [a.sessions.get('s1')!, b.sessions.get('s1')!];
  // Every figure as a reader gets it (a Law 12C2(c) figure is worked out when read).
  const text = (f: LineFigures | undefined) => f && JSON.stringify((['nsMatchpoints', 'ewMatchpoints', 'top', 'nsImps', 'ewImps'] as const).map((k) => f[k]?.toString() ?? null));
  expect([...x.lines.keys()].sort()).toEqual([...y.lines.keys()].sort());
  for (const [id, f] of x.lines) expect(text(f)).toBe(text(y.lines.get(id)));
  expect([...x.tallies.keys()].sort()).toEqual([...y.tallies.keys()].sort());
  for (const [id, t] of x.tallies) {
    const u = y.tallies.get(id)!;
    expect([t.score.toString(), t.tops.toString(), t.boards]).toEqual([u.score.toString(), u.tops.toString(), u.boards]);
  }
  const places = (s: ScoredEvent) => rankingRows(s, [s.sessions.get('s1')!]).map((r) => `${r.contestant.id}:${r.place}:${r.score}`);
  expect(places(a)).toEqual(places(b));
  expect(places(a)).toEqual(exactPlaces(b, new Map(rankingRows(a, [x]).map((r) => [r.contestant.id, r.field]))));
  // The list a page reads: the same rows, each contestant found at its position.
  const list = rankedList(a, [x]);
  expect(Array.from({ length: list.length }, (_, i) => `${list.row(i).contestant.id}:${list.row(i).place}:${list.row(i).score}`)).toEqual(places(a));
  for (let i = 0; i < list.length; i++) expect(list.positionOf(list.contestantAt(i).id)).toBe(i);
}

/** Places straight from the exact tallies (no floating point): each field (as ranked) by exact score, ties shared. */
function exactPlaces(s: ScoredEvent, fieldOf: ReadonlyMap<string, string>): string[] {
  const session = s.sessions.get('s1')!;
  const mp = s.kind === 'MATCHPOINTS';
  const key = (c: ContestantRow) => exactPair([{ tally: session.tallies.get(c.id)!, penalty: Fraction.ZERO }], mp, s.rules.sessionWeighting, Fraction.ZERO);
  const ranked = [...s.data.contestants.values()].filter((c) => session.tallies.get(c.id)?.boards);
  const fields = [...new Set(ranked.map((c) => fieldOf.get(c.id)!))].sort(byField);
  return fields.flatMap((f) => placeByScore(ranked.filter((c) => fieldOf.get(c.id) === f), (c) => key(c).key, numberKey).map((p) => `${p.item.id}:${p.place}:${key(p.item).score}`));
}

describe('scoring a change instead of the whole event', () => {
  const settings: { scoring: string; rules: Record<string, unknown>; directions?: boolean }[] = [
    { scoring: 'MATCHPOINTS', rules: {} },
    { scoring: 'MATCHPOINTS', rules: { scoreAcross: 'SESSION' }, directions: true },
    { scoring: 'MATCHPOINTS', rules: { scoreAcross: 'SESSION', factoring: 'RATIO' } },
    { scoring: 'MATCHPOINTS', rules: { sessionPercentageRule: false } },
    { scoring: 'MATCHPOINTS', rules: { multipleArtificial: { from: 2, averagePlus: 55, average: 45, averageMinus: 30, imps: 2 } } },
    { scoring: 'BUTLER', rules: { multipleArtificial: { from: 2, averagePlus: 60, average: 50, averageMinus: 40, imps: 1.5 } } },
    { scoring: 'BUTLER', rules: {} },
    { scoring: 'CROSS_IMPS', rules: { scoreAcross: 'SESSION' } },
  ];
  for (const options of settings) {
    it(`gives exactly the whole scoring's figures, ties and places (${options.scoring} ${JSON.stringify(options.rules)}${options.directions ? ', NS and EW fields' : ''})`, () => {
      fc.assert(
        // `indexed`: how many more lines the background indexing (indexSlots) gets through before
        // each change, and how many steps every revision's background readying (`readying`,
        // never stopped by a change) takes; `read`: whether a revision is read (checked) before
        // the next change comes (the last always is).
        fc.property(fc.array(change, { minLength: 1, maxLength: 40 }), fc.array(change, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(6), { minLength: 1 }), fc.array(fc.boolean(), { minLength: 1 }), (start, steps, indexed, read) => {
          const rows = new Map<string, LineRow>();
          start.forEach((c, i) => apply(rows, c, i + 1));
          let scored = scoreEvent(eventOf([...rows.values()], options));
          const readyings = [readying(scored)];
          for (const [i, c] of steps.entries()) {
            const n = indexed[i % indexed.length];
            scored.sessions.get('s1')!.state?.indexSlots(n);
            for (const r of readyings) for (let k = 0; k < n; k++) r.next();
            const { changed, removed } = apply(rows, c, 1000 + i);
            const next = eventOf([...rows.values()], options);
            scored = scoreEvent(next, scored, new Map([['s1', { changed, removed }]]));
            readyings.push(readying(scored));
            if (i === steps.length - 1 || read[i % read.length]) same(scored, scoreEvent(next));
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it('scores a pair’s later artificial scores again when an earlier one goes or comes (Law 12C2(d))', () => {
    const options = { scoring: 'MATCHPOINTS', rules: { multipleArtificial: { from: 2, averagePlus: 50, average: 50, averageMinus: 30, imps: 2 } } };
    const artificial = ADJUSTMENTS.indexOf(ADJUSTMENTS.find((a) => a?.kind === 'ARTIFICIAL' && a.ns === 'A+')!);
    const at = (board: number, table: number, adjustment = 0, remove = false): Change => ({ section: 'A', board, table, score: 420, adjustment, remove, swap: false });
    // Pair A1 (table 1) has A+ on boards 1 and 2: the second is varied until the first goes or is played.
    const start = [1, 2, 3].flatMap((board) => [at(board, 1, board < 3 ? artificial : 0), at(board, 2), at(board, 3)]);
    for (const step of [at(1, 1, 0, true), at(1, 1, 0), at(3, 1, artificial)]) {
      const rows = new Map<string, LineRow>();
      start.forEach((c, i) => apply(rows, c, i + 1));
      const before = scoreEvent(eventOf([...rows.values()], options));
      const { changed, removed } = apply(rows, step, 1000);
      const next = eventOf([...rows.values()], options);
      same(scoreEvent(next, before, new Map([['s1', { changed, removed }]])), scoreEvent(next));
    }
  });
});
