import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Fraction, frac, sum } from './fraction.js';
import { scoreBoard, sessionAdjustedArtificial, type BoardLine } from './matchpoints.js';

const lines = (scores: number[]): BoardLine[] => scores.map((ns, i) => ({ id: `t${i + 1}`, ns }));
const nsOf = (scores: number[], options = {}) => scoreBoard(lines(scores), options).lines.map((l) => l.ns.toNumber());

describe('Law 78A matchpoints (DOMAIN §3.1)', () => {
  const board = [1430, 690, 680, 680, 680, 660, 660, 650, -100, -100];

  it('gives 2 per score beaten and 1 per tie: the 10-table example', () => {
    expect(nsOf(board)).toEqual([18, 16, 12, 12, 12, 7, 7, 4, 1, 1]);
    expect(scoreBoard(lines(board)).top.toNumber()).toBe(18);
  });

  it('gives EW top − NS', () => {
    const scored = scoreBoard(lines(board));
    for (const l of scored.lines) expect(l.ew.add(l.ns).equals(scored.top)).toBe(true);
  });

  it('halves everything on the 1-point scale', () => {
    expect(nsOf(board, { scale: 'ONE_POINT' })).toEqual([9, 8, 6, 6, 6, 3.5, 3.5, 2, 0.5, 0.5]);
  });
});

describe('unequal numbers of results (DOMAIN §3.2)', () => {
  const ten = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50];

  it('Neubergs 10 results to the top of 11 (the EBU illustration)', () => {
    expect(nsOf(ten, { expected: 11 })).toEqual([19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]);
    expect(nsOf(ten, { expected: 11, scale: 'ONE_POINT' })).toEqual([9.95, 8.85, 7.75, 6.65, 5.55, 4.45, 3.35, 2.25, 1.15, 0.05]);
  });

  it('factors by straight ratio when asked: full top and zero stay', () => {
    const ratio = nsOf(ten, { expected: 11, factoring: 'RATIO' });
    expect(ratio[0]).toBe(20);
    expect(ratio[9]).toBe(0);
  });
});

describe('artificial adjusted scores (Law 12C2, DOMAIN §3.3)', () => {
  const ten = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50];
  const board: BoardLine[] = [...lines(ten), { id: 't11', artificial: { ns: 'A+', ew: 'A-' } }];

  it('takes the artificial table out of the comparisons and gives 60 % / 40 % of the top', () => {
    const scored = scoreBoard(board);
    expect(scored.top.toNumber()).toBe(20);
    expect(scored.lines[0].ns.toNumber()).toBe(19.9);
    expect(scored.lines[10]).toMatchObject({ artificial: { ns: 'A+', ew: 'A-' } });
    expect([scored.lines[10].ns.toNumber(), scored.lines[10].ew.toNumber()]).toEqual([12, 8]);
  });

  it('Law 12C2(c): a non-offender averaging 64.5 % elsewhere gets 12.9', () => {
    expect(sessionAdjustedArtificial('A+', frac(20), frac(645, 1000)).toNumber()).toBe(12.9);
    expect(sessionAdjustedArtificial('A+', frac(20), frac(55, 100)).toNumber()).toBe(12);
    expect(sessionAdjustedArtificial('A-', frac(20), frac(35, 100)).toNumber()).toBe(7);
    expect(sessionAdjustedArtificial('A-', frac(20), frac(45, 100)).toNumber()).toBe(8);
    expect(sessionAdjustedArtificial('A', frac(20), frac(90, 100)).toNumber()).toBe(10);
  });
});

describe('weighted assigned scores (Law 12C1(c), DOMAIN §3.4)', () => {
  it('matchpoints each component and compares the field fractionally', () => {
    const board: BoardLine[] = [
      ...lines([420, 420, 420, 420, 170, 170, 170, -50, -50]),
      { id: 'w', ns: [ { nsScore: 420, weight: frac(3, 5) }, { nsScore: -50, weight: frac(2, 5) } ] },
    ];
    const scored = scoreBoard(board);
    const mps = scored.lines.map((l) => l.ns);
    expect(mps.map((m) => m.toNumber())).toEqual([14.4, 14.4, 14.4, 14.4, 6.8, 6.8, 6.8, 1.4, 1.4, 9.2]);
    expect(sum(mps).toNumber()).toBe(90);
    expect(mps[9].toString()).toBe('46/5'); // exact, not 9.2000001
  });

  it('refuses weights that do not add up to 1', () => {
    const board: BoardLine[] = [...lines([420]), { id: 'w', ns: [{ nsScore: 420, weight: frac(1, 3) }, { nsScore: -50, weight: frac(1, 3) }] }];
    expect(() => scoreBoard(board)).toThrow(/add up to 1, not 2\/3/);
  });
});

describe('split scores (Law 12C1(b), DOMAIN §3.5)', () => {
  it('matchpoints NS on the NS list and EW on the EW list', () => {
    const board: BoardLine[] = [{ id: 'split', ns: 420, ew: 450 }, ...lines([420, 420, 170, -50, -100])];
    const scored = scoreBoard(board);
    expect(scored.lines.map((l) => l.ns.toNumber())).toEqual([8, 8, 8, 4, 2, 0]);
    expect(scored.lines.map((l) => l.ew.toNumber())).toEqual([0, 3, 3, 6, 8, 10]);
    expect(sum(scored.lines.map((l) => l.ns)).toNumber()).toBe(30);
    expect(sum(scored.lines.map((l) => l.ew)).toNumber()).toBe(30);
  });
});

describe('fouled boards (Law 87, DOMAIN §8.3)', () => {
  /** Three scores on the first version of the board, two on the second. */
  const FOULED: BoardLine[] = [
    { id: 'a1', ns: 420, form: 1 },
    { id: 'a2', ns: 400, form: 1 },
    { id: 'a3', ns: 170, form: 1 },
    { id: 'b1', ns: -100, form: 2 },
    { id: 'b2', ns: -200, form: 2 },
  ];

  it('scores each version apart and Neubergs each group to the full top', () => {
    const board = FOULED;
    const scored = scoreBoard(board);
    expect(scored.top.toNumber()).toBe(8);
    // form 1: 4, 2, 0 among 3 → (MP + 1)·5/3 − 1; form 2: 2, 0 among 2 → (MP + 1)·5/2 − 1
    expect(scored.lines.map((l) => l.ns.toString())).toEqual(['22/3', '4', '2/3', '13/2', '3/2']);
  });

  it('gives a small group that is not the largest fixed percentages when the regulations say so (DOMAIN §3.2)', () => {
    const board: BoardLine[] = [...FOULED, { id: 'c1', ns: 50, form: 3 }];
    const fixed = scoreBoard(board, { smallGroups: 'FIXED_PERCENTAGES' });
    // Top 10. The largest group (3 scores) is Neubergged as before: (MP + 1)·6/3 − 1 → 9, 5, 1.
    // The pair of version 2: 65 % and 55 %; the single score of version 3: 60 % for both sides.
    expect(fixed.lines.map((l) => [l.ns.toString(), l.ew.toString()])).toEqual([
      ['9', '1'], ['5', '5'], ['1', '9'],
      ['13/2', '11/2'], ['11/2', '13/2'],
      ['6', '6'],
    ]);
    // Level scores share: two of two tie at 60 %; two level at the top of three get 65 % each.
    const level = scoreBoard([...board.slice(0, 3), { id: 'x', ns: 420, form: 1 }, { id: 'b1', ns: -100, form: 2 }, { id: 'b2', ns: -100, form: 2 }], { smallGroups: 'FIXED_PERCENTAGES' });
    expect(level.lines.slice(4).map((l) => l.ns.toString())).toEqual(['6', '6']);
    const three = scoreBoard([...board.slice(0, 3), { id: 'a4', ns: 100, form: 1 }, { id: 'b1', ns: 50, form: 2 }, { id: 'b2', ns: 50, form: 2 }, { id: 'b3', ns: -50, form: 2 }], { smallGroups: 'FIXED_PERCENTAGES' });
    expect(three.lines.slice(4).map((l) => l.ns.div(three.top).mul(frac(100)).toString())).toEqual(['65', '65', '50']);
    // Groups of the same, largest size are Neubergged (3 and 3).
    const even = [...board.slice(0, 3), { id: 'b1', ns: -100, form: 2 }, { id: 'b2', ns: -200, form: 2 }, { id: 'b3', ns: -300, form: 2 }];
    expect(scoreBoard(even, { smallGroups: 'FIXED_PERCENTAGES' }).lines.map((l) => l.ns.toString())).toEqual(scoreBoard(even).lines.map((l) => l.ns.toString()));
  });
});

describe('invariants (properties)', () => {
  const scores = fc.array(fc.integer({ min: -760, max: 298 }).map((x) => x * 10), { minLength: 1, maxLength: 40 });

  it('board MP totals are n(n − 1) on the 2-point scale, and EW = top − NS', () => {
    fc.assert(
      fc.property(scores, (s) => {
        const scored = scoreBoard(lines(s));
        expect(sum(scored.lines.map((l) => l.ns)).toNumber()).toBe(s.length * (s.length - 1));
        for (const l of scored.lines) expect(l.ns.add(l.ew).equals(scored.top)).toBe(true);
      }),
    );
  });

  it('Neuberg with n = N is the identity; factored boards keep the average N − 1', () => {
    fc.assert(
      fc.property(scores, fc.integer({ min: 0, max: 5 }), (s, missing) => {
        expect(nsOf(s, { expected: s.length })).toEqual(nsOf(s));
        const expected = s.length + missing;
        const total = sum(scoreBoard(lines(s), { expected }).lines.map((l) => l.ns));
        expect(total.equals(frac((expected - 1) * s.length))).toBe(true);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(scores, fc.integer(), (s, seed) => {
        const shuffled = [...s.entries()].sort((a, b) => ((a[0] * 7919 + seed) % 13) - ((b[0] * 7919 + seed) % 13));
        const byScore = new Map(s.map((v, i) => [v, nsOf(s)[i]]));
        const again = nsOf(shuffled.map(([, v]) => v));
        shuffled.forEach(([, v], i) => expect(again[i]).toBe(byScore.get(v)));
      }),
    );
  });
});

describe('plain scores counted in half-matchpoints', () => {
  it('give exactly the fractions of the general path (weights of 1), factored either way, on either scale (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ ns: fc.integer({ min: -20, max: 20 }).map((x) => x * 10), ew: fc.option(fc.integer({ min: -20, max: 20 }).map((x) => x * 10), { freq: 4 }) }), { minLength: 1, maxLength: 30 }),
        fc.nat(5),
        fc.constantFrom('NEUBERG' as const, 'RATIO' as const),
        fc.constantFrom('TWO_POINT' as const, 'ONE_POINT' as const),
        (rows, missing, factoring, scale) => {
          const options = { expected: rows.length + missing, factoring, scale };
          const plain: BoardLine[] = rows.map((r, i) => ({ id: `t${i}`, ns: r.ns, ew: r.ew ?? undefined }));
          const weighted: BoardLine[] = rows.map((r, i) => ({ id: `t${i}`, ns: [{ nsScore: r.ns, weight: Fraction.ONE }], ew: r.ew === null ? undefined : [{ nsScore: r.ew, weight: Fraction.ONE }] }));
          const text = (b: ReturnType<typeof scoreBoard>) => b.lines.map((l) => `${l.id} ${l.ns} ${l.ew}`);
          expect(text(scoreBoard(plain, options))).toEqual(text(scoreBoard(weighted, options)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
