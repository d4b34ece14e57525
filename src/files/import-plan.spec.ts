import { describe, expect, it } from '@jest/globals';
import { parseTravellersCsv } from '../bridge/formats/csv.js';
import { outlineOf, planImport } from './import-plan.js';

/** A travellers CSV of these rows (Kind, Winners, Session, Section, Board, NS, EW, NS names, EW names, Contract, Declarer, Tricks). */
const csv = (rows: string[]) => ['Kind,Winners,Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks', ...rows].join('\n');
const planOf = (rows: string[]) => planImport(parseTravellersCsv(csv(rows)).event);
const boardsPlayed = (rows: string[]) => planOf(rows).sessions[0].results.map((r) => `${r.sectionLetter}${r.boardNumber}:${r.ns.number}-${r.ew.number}`);

describe('planImport: seats (DOMAIN §6.6 rule 4) and pairs', () => {
  it('refuses a pair’s second line on a board, and keeps its lines on other boards and in other sections', () => {
    const plan = planOf(['PAIRS,2,1,A,1,1,2,,,4H,N,10', 'PAIRS,2,1,A,1,1,3,,,4H,N,9', 'PAIRS,2,1,A,2,1,2,,,4H,N,10', 'PAIRS,2,1,B,1,1,2,,,3NT,S,9']);
    expect(plan.sessions[0].results.map((r) => `${r.sectionLetter}${r.boardNumber}`)).toEqual(['A1', 'A2', 'B1']);
    expect(plan.rejected).toEqual([{ source: 'line 3', reason: 'a pair of this line already has a result on board 1; the second line is not imported' }]);
  });

  it('refuses a second line for the EW pair too, in a one-field event where NS 1 and EW 1 are one pair', () => {
    const plan = planOf(['PAIRS,1,1,A,1,1,2,,,4H,N,10', 'PAIRS,1,1,A,1,3,1,,,4H,N,10', 'PAIRS,1,1,A,1,3,4,,,4H,N,10']);
    expect(plan.sessions[0].results.map((r) => `${r.ns.number}-${r.ew.number}`)).toEqual(['1-2', '3-4']);
    expect(plan.rejected.map((r) => r.source)).toEqual(['line 3']);
  });

  it('lets a team play a board once in each direction, not twice in one', () => {
    expect(boardsPlayed(['TEAMS,2,1,A,1,1,2,,,4H,N,10', 'TEAMS,2,1,A,1,2,1,,,4H,N,10', 'TEAMS,2,1,A,1,1,3,,,4H,N,10'])).toEqual(['A1:1-2', 'A1:2-1']);
  });

  it('finds a pair in its section when pairs are numbered per section, across the event otherwise', () => {
    const perSection = planOf(['PAIRS,2,1,A,1,1,2,Ann & Bob,Cat & Dan,4H,N,10', 'PAIRS,2,1,B,1,1,2,Eve & Fay,Gus & Hal,4H,N,10']);
    const [a, b] = perSection.sessions[0].results;
    expect([a.ns.section, b.ns.section, a.ns.name, b.ns.name]).toEqual(['A', 'B', 'Ann & Bob', 'Eve & Fay']);
    expect(a.ns.id).not.toBe(b.ns.id);
    // Pair 1 in section A of the first session and in section B of the second: one pair, numbered across the event.
    const eventWide = planOf(['PAIRS,2,1,A,1,1,2,Ann & Bob,,4H,N,10', 'PAIRS,2,2,B,2,1,2,,,4H,N,10']);
    const [x, y] = [eventWide.sessions[0].results[0], eventWide.sessions[1].results[0]];
    expect(x.ns.section).toBeNull();
    expect(y.ns).toBe(x.ns);
    expect(x.ew.direction).toBe('EW');
  });
});

describe('outlineOf: the plan as an import transaction holds it', () => {
  it('keeps all but the contestants, of whom it keeps the planned ids and each member number once', () => {
    const plan = planOf(['PAIRS,2,1,A,1,1,2,Ann & Bob,Cat & Dan,4H,N,10', 'PAIRS,2,1,A,2,1,2,Ann & Bob,Cat & Dan,4H,N,9']);
    const [ns, ew] = plan.contestants;
    ns.players[0].memberNumber = '1001';
    ew.players[1].memberNumber = '1001'; // the same person named twice: looked up once
    ew.players[0].memberNumber = '2002';
    const { contestantIds, memberNumbers, ...rest } = outlineOf(plan);
    const { contestants, ...kept } = plan;
    expect(rest).toEqual(kept);
    expect(contestantIds).toEqual(contestants.map((c) => c.id));
    expect([...memberNumbers].sort()).toEqual(['1001', '2002']);
  });
});
