import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { frac } from '../fraction.js';
import { scoreBoard } from '../matchpoints.js';
import { discreteVpTable, vpTable } from '../victory-points.js';
import type { ContestantRow, EventInput, LineRow, StoredAdjustment } from './event-input.js';
import type { StoredRules } from './rules.js';
import { scoreEvent } from './score-event.js';
import { rankingRows } from './standings.js';

/** Builders: contestants "1" … "n", one section "A" per session, lines from compact tuples. */
const contestants = (n: number): Map<string, ContestantRow> => new Map(Array.from({ length: n }, (_, i) => [`${i + 1}`, { id: `${i + 1}`, number: i + 1, direction: null, section: null }]));

let ids = 0;
function line(board: number, ns: number, ew: number, score: number | null, adjustment: StoredAdjustment | null = null, round: number | null = null): LineRow {
  return {
    id: `l${++ids}`,
    sectionId: 'A',
    boardNumber: board,
    round,
    nsContestantId: `${ns}`,
    ewContestantId: `${ew}`,
    status: adjustment ? (adjustment.kind === 'ARTIFICIAL' ? 'ARTIFICIAL' : 'ASSIGNED') : 'PLAYED',
    nsScore: score,
    boardForm: 1,
    adjustment,
    version: 1,
  };
}

function event(scoring: string, pairs: number, sessions: LineRow[][], options: StoredRules = {}, kind: 'PAIRS' | 'TEAMS' = 'PAIRS', vpScale: string | null = null): EventInput {
  return {
    event: { kind, scoring: scoring as EventInput['event']['scoring'], vpScale, scoringOptions: options },
    contestants: contestants(pairs),
    sessions: sessions.map((results, i) => ({ session: { id: `s${i + 1}` }, sections: [{ id: 'A', letter: 'A', boardNumbers: [], movement: null }], results, penalties: [] })),
  };
}

const figures = (e: EventInput, lineId: string) => scoreEvent(e).sessions.get('s1')!.lines.get(lineId)!;

describe('the event scoring core', () => {
  it('matchpoints DOMAIN §3.3: ten results Neubergged to N = 11, the artificial table 60 % / 40 % of the top 20', () => {
    const scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50];
    const lines = scores.map((s, i) => line(1, i + 1, i + 12, s));
    const artificial = line(1, 11, 22, null, { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' });
    const e = event('MATCHPOINTS', 22, [[...lines, artificial]]);
    expect(lines.map((l) => figures(e, l.id).nsMatchpoints!.round(2))).toEqual([19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]);
    // One board only: no other boards to take a session percentage from, so 12 and 8 stand.
    expect(figures(e, artificial.id)).toMatchObject({ nsMatchpoints: frac(12), ewMatchpoints: frac(8) });
  });

  it('matchpoints DOMAIN §3.4: the weighted table and the field compared with each of its results', () => {
    const field = [420, 420, 420, 420, 170, 170, 170, -50, -50].map((s, i) => line(1, i + 1, i + 11, s));
    const weighted = line(1, 10, 20, null, { kind: 'ASSIGNED', ns: [{ nsScore: 420, weight: '3/5' }, { nsScore: -50, weight: '2/5' }] });
    const e = event('MATCHPOINTS', 20, [[...field, weighted]]);
    expect(figures(e, weighted.id).nsMatchpoints!.toString()).toBe('46/5');
    expect([0, 4, 7].map((i) => figures(e, field[i].id).nsMatchpoints!.toString())).toEqual(['72/5', '34/5', '7/5']);
  });

  it('matchpoints DOMAIN §3.5: a split score puts NS and EW on their own lists', () => {
    const others = [420, 420, 170, -50, -100].map((s, i) => line(1, i + 1, i + 11, s));
    const split = line(1, 6, 16, null, { kind: 'ASSIGNED', ns: [{ nsScore: 420, weight: '1' }], ew: [{ nsScore: 450, weight: '1' }] });
    const e = event('MATCHPOINTS', 16, [[...others, split]]);
    expect([figures(e, split.id).nsMatchpoints!.round(2), figures(e, split.id).ewMatchpoints!.round(2)]).toEqual([8, 0]);
    expect(others.map((l) => [figures(e, l.id).nsMatchpoints!.round(2), figures(e, l.id).ewMatchpoints!.round(2)])).toEqual([[8, 3], [8, 3], [4, 6], [2, 8], [0, 10]]);
  });

  it('IMPs DOMAIN §4.3: the Butler datum 460 and each table’s IMPs against it', () => {
    const scores = [620, 620, 650, 170, -100, 620, 420, -100, 650, 680];
    const lines = scores.map((s, i) => line(1, i + 1, i + 11, s));
    const e = event('BUTLER', 20, [lines]);
    expect(lines.map((l) => figures(e, l.id).nsImps!.toNumber())).toEqual([4, 4, 5, -7, -11, 4, -1, -11, 5, 6]);
  });

  it('IMPs DOMAIN §4.4: cross-IMPs averaged over the comparisons', () => {
    const scores = [620, 620, 650, 170, -100, 620, 420, -100, 650, 680];
    const lines = scores.map((s, i) => line(1, i + 1, i + 11, s));
    const e = event('CROSS_IMPS', 20, [lines]);
    expect([9, 2, 0, 6, 3, 4].map((i) => figures(e, lines[i].id).nsImps!.round(2))).toEqual([5.67, 4.89, 3.89, -0.56, -5.89, -10.33]);
  });

  it('keeps every matchpoint board whole: NS matchpoints add up to n(n − 1) (2/1/0) whatever the scores', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -76, max: 76 }).map((x) => x * 10), { minLength: 2, maxLength: 30 }), (scores) => {
        const lines = scores.map((s, i) => line(1, i + 1, i + 100, s));
        const session = scoreEvent(event('MATCHPOINTS', 200, [lines])).sessions.get('s1')!;
        const total = lines.reduce((sum, l) => sum.add(session.lines.get(l.id)!.nsMatchpoints!), frac(0));
        expect(total.equals(frac(scores.length * (scores.length - 1)))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('gives every line of a plain session exactly what scoreBoard gives it, board by board', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -30, max: 30 }).map((x) => x * 10), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }), (boards) => {
        const lines = boards.flatMap((scores, b) => scores.map((s, i) => line(b + 1, i + 1, i + 50, s)));
        const session = scoreEvent(event('MATCHPOINTS', 100, [lines])).sessions.get('s1')!;
        const expected = Math.max(...boards.map((b) => b.length));
        for (const [b, scores] of boards.entries()) {
          const own = lines.filter((l) => l.boardNumber === b + 1);
          const direct = scoreBoard(own.map((l, i) => ({ id: l.id, ns: scores[i] })), { expected });
          for (const d of direct.lines) expect(session.lines.get(d.id)!.nsMatchpoints!.equals(d.ns)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('balances a cross-IMP board with a weighted line: the NS IMPs add up to zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -40, max: 40 }).map((x) => x * 10), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (scores, a, b, fifths) => {
          const lines = scores.map((s, i) => line(1, i + 1, i + 50, s));
          const weighted = line(1, 40, 90, null, { kind: 'ASSIGNED', ns: [{ nsScore: a * 10, weight: `${fifths}/5` }, { nsScore: b * 10, weight: `${5 - fifths}/5` }] });
          const session = scoreEvent(event('CROSS_IMPS', 100, [[...lines, weighted]])).sessions.get('s1')!;
          const total = [...lines, weighted].reduce((sum, l) => sum.add(session.lines.get(l.id)!.nsImps!), frac(0));
          expect(total.isZero()).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('applies Law 12C2(c) in matchpoints: max(60 %, own %) for A+, min(40 %, own %) for A−', () => {
    // Pair 1 scores 3 of 4 on board 1 (75 %); pair 2 scores 1 of 4 (25 %) on board 1 … then board 2 is A+/A−.
    const lines = [line(1, 1, 4, 420), line(1, 2, 5, -50), line(1, 3, 6, 170)];
    const adjusted = line(2, 1, 5, null, { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' });
    const e = event('MATCHPOINTS', 6, [[...lines, adjusted, line(2, 2, 6, 100), line(2, 3, 4, 100)]]);
    // Pair 1: 4 of 4 on board 1 → 100 % of the top 4 on board 2. Pair 5 (EW): 4 of 4 against −50 → stays 40 %.
    expect(figures(e, adjusted.id)).toMatchObject({ nsMatchpoints: frac(4), ewMatchpoints: frac(8, 5) });
    const off = { ...e, event: { ...e.event, scoringOptions: { sessionPercentageRule: false } } };
    expect(figures(off, adjusted.id).nsMatchpoints).toEqual(frac(12, 5));
  });

  describe('Law 12C2(d): a contestant’s later artificial scores in a session take the varied values', () => {
    // Three boards, three tables each (top 4): pair 1 (NS) and pair 4 (EW) get A+/A− at table 1 of every board.
    const session = (rounds: (number | null)[]) =>
      [1, 2, 3].flatMap((b, i) => [line(b, 1, 4, null, { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' }, rounds[i]), line(b, 2, 5, 420, null, rounds[i]), line(b, 3, 6, 100, null, rounds[i])]);
    const varied = { from: 2, averagePlus: 50, average: 50, averageMinus: 30, imps: 2 };
    const adjusted = (lines: LineRow[]) => lines.filter((l) => l.adjustment);

    it('values the first at 60 % / 40 % of the top and the later ones as the event varies them', () => {
      const lines = session([1, 2, 3]);
      const e = event('MATCHPOINTS', 6, [lines], { multipleArtificial: varied, sessionPercentageRule: false });
      expect(adjusted(lines).map((l) => [figures(e, l.id).nsMatchpoints, figures(e, l.id).ewMatchpoints])).toEqual([
        [frac(12, 5), frac(8, 5)],
        [frac(2), frac(6, 5)],
        [frac(2), frac(6, 5)],
      ]);
      // Without the rule every one is 60 % / 40 %.
      const plain = event('MATCHPOINTS', 6, [lines], { sessionPercentageRule: false });
      expect(adjusted(lines).map((l) => figures(plain, l.id).nsMatchpoints)).toEqual([frac(12, 5), frac(12, 5), frac(12, 5)]);
    });

    it('counts in the order played: by round, then board', () => {
      const lines = session([3, 1, 2]);
      const e = event('MATCHPOINTS', 6, [lines], { multipleArtificial: { ...varied, from: 3 }, sessionPercentageRule: false });
      // Board 2 is played first, board 3 second, board 1 third: only board 1 is varied.
      expect(adjusted(lines).map((l) => figures(e, l.id).nsMatchpoints)).toEqual([frac(2), frac(12, 5), frac(12, 5)]);
    });

    it('lets Law 12C2(c) weigh the side’s own percentage against the varied value', () => {
      // Pair 1 scores 4 of 4 on a board of play: its own 100 % beats both 60 % and the varied 50 %.
      const lines = [...session([1, 2, 3]), line(4, 1, 5, 420, null, 4), line(4, 2, 6, 100, null, 4), line(4, 3, 4, -50, null, 4)];
      const e = event('MATCHPOINTS', 6, [lines], { multipleArtificial: varied });
      expect(adjusted(lines).map((l) => figures(e, l.id).nsMatchpoints)).toEqual([frac(4), frac(4), frac(4)]);
      // Pair 4 scores 2 of 4 (50 %): above both 40 % and 30 %, so its A− keep their values.
      expect(adjusted(lines).map((l) => figures(e, l.id).ewMatchpoints)).toEqual([frac(8, 5), frac(6, 5), frac(6, 5)]);
    });

    it('varies IMPs too: ± the varied IMPs from the `from`-th on', () => {
      const lines = session([1, 2, 3]);
      const e = event('BUTLER', 6, [lines], { multipleArtificial: varied, sessionPercentageRule: false });
      expect(adjusted(lines).map((l) => [figures(e, l.id).nsImps, figures(e, l.id).ewImps])).toEqual([
        [frac(3), frac(-3)],
        [frac(2), frac(-2)],
        [frac(2), frac(-2)],
      ]);
    });

    it('varies a team’s artificial IMPs from its `from`-th board with one, both rooms of a board counting once', () => {
      // Teams 1 and 2, round 1: board 1 artificial in both rooms, board 2 in one room (the other played), board 3 played.
      const artificial = { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' } as const;
      const lines = [
        line(1, 1, 2, null, artificial, 1), line(1, 2, 1, null, { kind: 'ARTIFICIAL', ns: 'A-', ew: 'A+' }, 1),
        line(2, 1, 2, null, artificial, 1), line(2, 2, 1, 420, null, 1),
        line(3, 1, 2, 420, null, 1), line(3, 2, 1, 420, null, 1),
      ];
      const total = (options: StoredRules) => {
        const scored = scoreEvent(event('TEAMS_IMPS', 2, [lines], options, 'TEAMS'));
        return rankingRows(scored, [...scored.sessions.values()]).map((r) => [r.contestant.id, r.score.toNumber()]);
      };
      // Board 1: team 1 +3 in each room (mean +3), team 2 −3. Board 2: team 1's +3 in the open room is its second board: +2 varied; team 2 −3 → −2.
      expect(total({ multipleArtificial: { from: 2, averagePlus: 60, average: 50, averageMinus: 40, imps: 2 } })).toEqual([['1', 5], ['2', -5]]);
      expect(total({})).toEqual([['1', 6], ['2', -6]]);
    });

    it('refuses a stored rule it cannot score', () => {
      expect(() => scoreEvent(event('MATCHPOINTS', 6, [session([1, 2, 3])], { multipleArtificial: { ...varied, from: 1 } }))).toThrow(/multipleArtificial.from/);
      expect(() => scoreEvent(event('MATCHPOINTS', 6, [session([1, 2, 3])], { multipleArtificial: { ...varied, averagePlus: 101 } }))).toThrow(/multipleArtificial.averagePlus/);
    });
  });

  it('combines sessions by percentage, weighted by boards or equally', () => {
    const s1 = [line(1, 1, 2, 420), line(1, 3, 4, -50)]; // pair 1: 100 % over 1 board (top 2)
    const s2 = [1, 2, 3].flatMap((b) => [line(b, 1, 2, -50), line(b, 3, 4, 420)]); // pair 1: 0 % over 3
    const byBoards = rankingRows(scoreEvent(event('MATCHPOINTS', 4, [s1, s2])), [...scoreEvent(event('MATCHPOINTS', 4, [s1, s2])).sessions.values()]);
    expect(byBoards.find((r) => r.contestant.id === '1')!.percentage!.toNumber()).toBe(25);
    const equal = scoreEvent(event('MATCHPOINTS', 4, [s1, s2], { sessionWeighting: 'EQUAL' }));
    expect(rankingRows(equal, [...equal.sessions.values()]).find((r) => r.contestant.id === '1')!.percentage!.toNumber()).toBe(50);
  });

  it('orders tied teams by the event’s own tie-breaks', () => {
    const room = (board: number, round: number, home: number, away: number, homeGain: number) => [line(board, home, away, homeGain, null, round), line(board, away, home, 0, null, round)];
    // 1 v 2: +170 (5 IMPs to 1). 1 v 3: +600 (12 to 1), −500 (11 to 3). 2 v 3: +500 (11 to 2).
    // Teams 1 and 2 both end on +6 IMPs: 1 won both its matches and the one between them; 2 has the
    // better quotient (11 won ÷ 5 lost against 17 ÷ 11).
    const lines = [...room(1, 1, 1, 2, 170), ...room(2, 2, 1, 3, 600), ...room(3, 2, 1, 3, -500), ...room(4, 3, 2, 3, 500)];
    const rank = (tieBreaks: string[]) => {
      const scored = scoreEvent(event('TEAMS_IMPS', 3, [lines], { tieBreaks: tieBreaks as never }, 'TEAMS'));
      return rankingRows(scored, [...scored.sessions.values()]).map((r) => r.contestant.id);
    };
    expect(rank(['IMP_QUOTIENT'])).toEqual(['2', '1', '3']);
    expect(rank(['HEAD_TO_HEAD_VP'])).toEqual(['1', '2', '3']);
    expect(rank(['MATCHES_WON', 'IMP_QUOTIENT'])).toEqual(['1', '2', '3']);
  });

  it('averages a knockout board that does not balance (Law 86): A gets (a − b)/2', () => {
    const lines = [line(1, 1, 2, 420, null, 1), line(1, 2, 1, 420, null, 1), line(2, 1, 2, null, { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A+' }, 1), line(2, 2, 1, 420, null, 1)];
    const scored = scoreEvent(event('TEAMS_IMPS', 2, [lines], { knockout: true }, 'TEAMS'));
    const rows = rankingRows(scored, [...scored.sessions.values()]);
    // Board 2: team 1 +3 from its A+, team 2 +3 from its own: each gets (3 − 3)/2 = 0.
    expect(rows.map((r) => [r.contestant.id, r.score.toNumber(), r.place])).toEqual([['1', 0, '1='], ['2', 0, '1=']]);
  });
});

describe('a final’s carry-forward from its qualifying stage (DOMAIN §7)', () => {
  const carry = (entries: [string, string | null, number, number, string][], fraction = '1/2'): StoredRules => ({
    carryForward: { fromEventId: 'q', fraction, entries: entries.map(([contestant, share, boards, sessions, score]) => ({ contestant, from: `q${contestant}`, share, boards, sessions, score })) },
  });
  const ranking = (e: EventInput, sessions?: string[]) => {
    const scored = scoreEvent(e);
    const rows = rankingRows(scored, [...scored.sessions.values()].filter((s) => !sessions || sessions.includes(s.data.session.id)));
    return rows.map((r) => ({ id: r.contestant.id, place: r.place, score: r.score.toString(), percentage: r.percentage?.round(2) ?? null, carried: r.carried?.toString() ?? null, boards: r.boards }));
  };
  // Pairs 1 and 3 sit NS, 2 and 4 EW; top 2 a board. Pair 1 and pair 3 each score 2 of 4.
  const final = [line(1, 1, 2, 420), line(1, 3, 4, 170), line(2, 1, 2, -100), line(2, 3, 4, 100)];
  // Pair 1 qualified on 60 % over 20 boards, pair 3 on 40 %; pairs 2 and 4 carry nothing.
  const carried = carry([['1', '3/5', 20, 2, '0'], ['3', '2/5', 20, 2, '0']]);

  it('matchpoints: half the qualifying boards at the qualifying percentage, the EBU’s S × FT / (2 × QT)', () => {
    // Pair 1: S × FT / (2 × QT) = (0.6 × 20 × QT) × 2 / (2 × QT) = 12 MPs carried; 2 + 12 = 14 of (2 + 10) × 2 = 24, 58.33 %.
    expect(ranking(event('MATCHPOINTS', 4, [final], carried))).toEqual([
      { id: '1', place: '1', score: '14', percentage: 58.33, carried: '12', boards: 2 },
      { id: '2', place: '2=', score: '2', percentage: 50, carried: null, boards: 2 },
      { id: '4', place: '2=', score: '2', percentage: 50, carried: null, boards: 2 },
      { id: '3', place: '4', score: '10', percentage: 41.67, carried: '8', boards: 2 },
    ]);
    // Without it the four are level.
    expect(ranking(event('MATCHPOINTS', 4, [final])).map((r) => r.place)).toEqual(['1=', '1=', '1=', '1=']);
  });

  it('counts in the ranking over all the final’s sessions, not in one session’s, by boards or by sessions', () => {
    const second = [line(3, 1, 2, 420), line(3, 3, 4, 420)];
    // By boards: 2/4 over 2 boards, 1/2 over 1, 3/5 over 10: 7.5 / 13 = 57.69 %.
    expect(ranking(event('MATCHPOINTS', 4, [final, second], carried))[0]).toMatchObject({ id: '1', percentage: 57.69, carried: '12', boards: 3 });
    // Sessions equally: 50 %, 50 % and 60 % weighing half its two qualifying sessions: 1.6 / 3 = 53.33 %.
    expect(ranking(event('MATCHPOINTS', 4, [final, second], { ...carried, sessionWeighting: 'EQUAL' }))[0]).toMatchObject({ id: '1', percentage: 53.33 });
    expect(ranking(event('MATCHPOINTS', 4, [final, second], carried), ['s1']).find((r) => r.id === '1')).toMatchObject({ percentage: 50, carried: null });
  });

  it('IMPs: the qualifying IMPs a board over half its boards, added to the total', () => {
    const plain = ranking(event('CROSS_IMPS', 4, [final]));
    const withCarry = ranking(event('CROSS_IMPS', 4, [final], carry([['1', '3/2', 20, 2, '30']])));
    const own = Number(plain.find((r) => r.id === '1')!.score);
    expect(withCarry.find((r) => r.id === '1')).toMatchObject({ score: String(own + 15), carried: '15', place: '1' });
  });

  it('teams: the fraction of the qualifying total added, as a match against no one', () => {
    const lines = [line(1, 1, 2, 170, null, 1), line(1, 2, 1, 0, null, 1)]; // team 1 +5 IMPs
    const teams = (options: StoredRules) => ranking(event('TEAMS_IMPS', 2, [lines], options, 'TEAMS')).map((r) => [r.id, r.score, r.carried]);
    expect(teams({})).toEqual([['1', '5', null], ['2', '-5', null]]);
    expect(teams(carry([['2', null, 0, 0, '30']]))).toEqual([['2', '10', '15'], ['1', '5', null]]);
  });

  it('refuses a stored carry-forward it cannot score', () => {
    expect(() => scoreEvent(event('MATCHPOINTS', 4, [final], carry([['1', '3/5', 20, 2, '0']], '3/2')))).toThrow(/carryForward.fraction/);
    expect(() => scoreEvent(event('MATCHPOINTS', 4, [final], carry([['1', 'sixty', 20, 2, '0']])))).toThrow(/carryForward.entries.share/);
  });
});

describe('VP scales as data (DOMAIN §5)', () => {
  it('keeps the whole-VP WBF scale’s ranges non-decreasing in width, for every match length to 64 boards', () => {
    for (let boards = 1; boards <= 64; boards++) {
      const table = discreteVpTable(boards);
      const starts = Array.from({ length: 10 }, (_, k) => table.findIndex((v) => v >= 11 + k));
      const widths = starts.slice(1).map((s, i) => s - starts[i]);
      for (let i = 1; i < widths.length; i++) if (starts[i + 1] > 0) expect(widths[i]).toBeGreaterThanOrEqual(widths[i - 1]);
      expect(table[table.length - 1]).toBe(20);
    }
  });

  it('scales the WBF 2013 curve to 25 and 30 VPs: half for a draw, the maximum at the blitz, concave', () => {
    for (const max of [25, 30]) {
      const table = vpTable(16, max);
      expect(table[0]).toBe(max * 50);
      expect(table[table.length - 1]).toBe(max * 100);
      for (let m = 1; m + 1 < table.length; m++) expect(table[m + 1] - table[m]).toBeLessThanOrEqual(table[m] - table[m - 1]);
    }
  });
});
