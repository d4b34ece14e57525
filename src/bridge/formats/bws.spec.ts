import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bwsToInterchange, parseBws, type BwsRow, type BwsTables } from './bws.js';
import { clubPairsTables, mitchellRows } from './fixtures/bws-club-pairs.fixture.js';
import { FileFormatError, type InterchangeLine, type ParseOutcome } from './interchange.js';

function lineFrom(outcome: ParseOutcome, source: string): InterchangeLine | undefined {
  return outcome.event.sessions[0].lines.find((line) => line.source === source);
}

function withRows(change: (tables: BwsTables) => void): BwsTables {
  const tables = clubPairsTables();
  change(tables);
  return tables;
}

function pick(row: BwsRow, columns: string[]): BwsRow {
  return Object.fromEntries(columns.filter((column) => column in row).map((column) => [column, row[column]]));
}

/** Runs `run` and returns what it threw, so a test can check the error's class and message. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, got none');
}

describe('BWS tables → interchange (DOMAIN §9.3)', () => {
  const outcome = bwsToInterchange(clubPairsTables());
  const session = outcome.event.sessions[0];

  it('reads the event, one session holding the section, and the movement', () => {
    expect(outcome.event).toMatchObject({ format: 'BWS', name: 'Tuesday Pairs', date: '2024-03-05', kind: 'PAIRS', scoring: 'MATCHPOINTS', generator: 'Bridgemate' });
    expect(outcome.event.sessions).toHaveLength(1);
    expect(session.number).toBe(1);
    expect(session.sections).toHaveLength(1);
    const [section] = session.sections;
    expect(section.letter).toBe('A'); // "A  " in the file
    expect(section.tables).toBe(3);
    expect(section.movement).toHaveLength(9);
    expect(section.movement?.[0]).toEqual({ round: 1, table: 1, ns: 1, ew: 1, boards: [1, 2] });
    expect(section.movement?.find((row) => row.round === 2 && row.table === 1)).toEqual({ round: 2, table: 1, ns: 1, ew: 3, boards: [3, 4] });
    expect(session.boards.map((board) => board.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ['ReceivedData ID 1', { contract: '3NT', declarer: 'N', tricks: 9, lead: 'S4' }],
    ['ReceivedData ID 2', { contract: '4HX', declarer: 'E', tricks: 8, lead: 'CT' }], // "4 H x", lead "C10"
    ['ReceivedData ID 3', { contract: 'PASS', declarer: null, tricks: null, lead: null }],
    ['ReceivedData ID 7', { contract: '1NT', declarer: 'W', tricks: 8, lead: 'HA' }], // lead "ha"
  ])('normalises contract, declarer, tricks and lead of %s', (source, expected) => {
    expect(lineFrom(outcome, source)).toMatchObject({ ...expected, artificial: null, notPlayed: false });
  });

  it('carries section, board, round, table and pairs on every line', () => {
    expect(lineFrom(outcome, 'ReceivedData ID 7')).toMatchObject({ section: 'A', board: 3, round: 2, table: 1, nsPair: 1, ewPair: 3, figures: {} });
  });

  it('takes the latest row that is not Erased per table, round and board', () => {
    const board4 = session.lines.filter((line) => line.board === 4);
    expect(board4).toHaveLength(1);
    expect(board4[0]).toMatchObject({ source: 'ReceivedData ID 9', contract: '3S', tricks: 9 });
    // ID 10 is later but Erased (a deleted entry): ID 7 stands.
    expect(session.lines.filter((line) => line.board === 3 && line.round === 2)).toEqual([expect.objectContaining({ source: 'ReceivedData ID 7' })]);
  });

  it('breaks an ID tie by DateLog + TimeLog', () => {
    const tables = withRows((t) => {
      t.ReceivedData = [
        { ID: 5, Section: 1, Table: 1, Round: 1, Board: 1, PairNS: 1, PairEW: 1, 'NS/EW': 'N', Contract: '2 S', Result: '=', TimeLog: new Date('1899-12-30T20:05:00Z') },
        { ID: 5, Section: 1, Table: 1, Round: 1, Board: 1, PairNS: 1, PairEW: 1, 'NS/EW': 'N', Contract: '4 S', Result: '=', TimeLog: new Date('1899-12-30T20:09:00Z') },
        { ID: 5, Section: 1, Table: 1, Round: 1, Board: 1, PairNS: 1, PairEW: 1, 'NS/EW': 'N', Contract: '3 S', Result: '=', TimeLog: new Date('1899-12-30T20:01:00Z') },
      ];
    });
    expect(bwsToInterchange(tables).event.sessions[0].lines.map((line) => line.contract)).toEqual(['4S']);
  });

  it('gives no line when every entry for a board is Erased', () => {
    const tables = withRows((t) => {
      t.ReceivedData = t.ReceivedData.filter((row) => row['ID'] === 4);
    });
    expect(bwsToInterchange(tables).event.sessions[0].lines).toEqual([]);
  });

  it('reads "Not played" and the 40/50/60% averages from Remarks', () => {
    expect(lineFrom(outcome, 'ReceivedData ID 5')).toMatchObject({ contract: null, declarer: null, tricks: null, artificial: null, notPlayed: true });
    expect(lineFrom(outcome, 'ReceivedData ID 6')).toMatchObject({ contract: null, tricks: null, artificial: { ns: 'A+', ew: 'A-' }, notPlayed: false });
  });

  it('rejects rows whose contract or result cannot be read, naming the row', () => {
    expect(outcome.rejected).toEqual([
      { source: 'ReceivedData ID 11', reason: expect.stringMatching(/"Z9" is not a contract/) },
      { source: 'ReceivedData ID 12', reason: expect.stringMatching(/5D\+9 would be 20 tricks; there are only 13/) },
    ]);
    expect(lineFrom(outcome, 'ReceivedData ID 11')).toBeUndefined();
    expect(session.lines).toHaveLength(7);
  });

  it.each([
    ['Arbitral score', /arbitral score/],
    ['Wrong direction', /Wrong direction/],
    ['55%-45%', /not a remark Traveller can read/],
    ['Board fouled', /not a remark Traveller can read/],
  ])('rejects a line whose Remarks say %s without giving a score', (remarks, reason) => {
    const tables = withRows((t) => {
      t.ReceivedData = [{ ...t.ReceivedData[0], Remarks: remarks }];
    });
    const result = bwsToInterchange(tables);
    expect(result.event.sessions[0].lines).toEqual([]);
    expect(result.rejected).toEqual([{ source: 'ReceivedData ID 1', reason: expect.stringMatching(reason) }]);
  });

  it.each([
    [{ 'NS/EW': 'NS' }, /NS\/EW "NS": it must be the declarer's seat/],
    [{ 'NS/EW': '' }, /NS\/EW is empty/],
    [{ Result: '' }, /Result is empty for 3NT/],
    [{ Contract: null }, /Contract is empty/],
    [{ Board: 0 }, /Board must be a whole number of at least 1, got 0/],
    [{ Erased: 'maybe' }, /Erased must be yes or no/],
    [{ PairNS: 'one' }, /PairNS must be a whole number/],
    [{ Contract: '3 NT\u0000' }, /Contract holds the control character U\+0000/],
    [{ Result: '=\u001b' }, /Result holds the control character U\+001B/],
  ])('rejects a row with %j', (change, reason) => {
    const tables = withRows((t) => {
      t.ReceivedData = [{ ...t.ReceivedData[0], ...change }];
    });
    expect(bwsToInterchange(tables).rejected).toEqual([{ source: 'ReceivedData ID 1', reason: expect.stringMatching(reason) }]);
  });

  it('names a row without an ID by its position', () => {
    const tables = withRows((t) => {
      t.ReceivedData = [{ ...t.ReceivedData[0], ID: null, Contract: '9 NT' }];
    });
    expect(bwsToInterchange(tables).rejected[0].source).toBe('ReceivedData row 1');
  });

  it('stops with a FileFormatError when a row names a pair RoundData does not have', () => {
    const tables = withRows((t) => {
      t.ReceivedData = [{ ...t.ReceivedData[0], PairEW: 7 }];
    });
    const error = thrownBy(() => bwsToInterchange(tables));
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as FileFormatError).location).toBe('ReceivedData ID 1');
    expect((error as FileFormatError).message).toMatch(/names pair 7, which RoundData does not have in section A/);
  });

  it('stops when a row is for a section the Section table lacks', () => {
    const tables = withRows((t) => {
      t.ReceivedData = [{ ...t.ReceivedData[0], Section: 4 }];
    });
    expect(() => bwsToInterchange(tables)).toThrow(/ReceivedData ID 1: section 4 is not in the Section table/);
  });
});

describe('sit-outs', () => {
  // Pair 3 is the phantom: NS 3 sits at table 3 and EW 3 moves, so both sides of 3 are nobody.
  const tables = withRows((t) => {
    t.Section[0]['MissingPair'] = 3;
    t.ReceivedData.push({ ID: 20, Section: 1, Table: 1, Round: 3, Board: 5, PairNS: 1, PairEW: 2, 'NS/EW': 'S', Contract: '2 D', Result: '-1' });
    t.PlayerNumbers.push({ Section: 1, Table: 3, Direction: 'N', Number: '3001', Name: 'Hal Hughes', Round: 0 });
  });
  const outcome = bwsToInterchange(tables);
  const session = outcome.event.sessions[0];

  it('keeps sit-out rows out of the movement', () => {
    const movement = session.sections[0].movement ?? [];
    expect(movement.some((row) => row.ns === 3 || row.ew === 3)).toBe(false);
    expect(movement).toHaveLength(4); // 9 rows, 5 of them seat pair 3
  });

  it('gives the phantom no contestant and its opponents no line', () => {
    expect(outcome.event.contestants.map((c) => `${c.direction}${c.number}`)).toEqual(['NS1', 'NS2', 'EW1', 'EW2']);
    expect(session.lines.some((line) => line.nsPair === 3 || line.ewPair === 3)).toBe(false);
    expect(outcome.rejected.filter((item) => /sit-out has no results/.test(item.reason)).map((item) => item.source)).toEqual([
      'ReceivedData ID 5',
      'ReceivedData ID 6',
      'ReceivedData ID 7',
      'ReceivedData ID 12',
    ]);
    expect(lineFrom(outcome, 'ReceivedData ID 9')).toMatchObject({ nsPair: 2, ewPair: 2 });
    expect(lineFrom(outcome, 'ReceivedData ID 20')).toMatchObject({ nsPair: 1, ewPair: 2, contract: '2D', tricks: 7 });
  });

  it('treats pair 0 as a sit-out too, and ignores the board range of a sit-out row', () => {
    const withZero = withRows((t) => {
      Object.assign(t.RoundData[2], { EWPair: 0, LowBoard: 0, HighBoard: null });
      t.ReceivedData = [];
    });
    const movement = bwsToInterchange(withZero).event.sessions[0].sections[0].movement ?? [];
    expect(movement).toHaveLength(8);
    expect(movement.some((row) => row.round === 1 && row.table === 3)).toBe(false);
  });

  it('rejects a player entered at the phantom\'s seat, and keeps the one facing it', () => {
    const players = outcome.rejected.filter((item) => item.source.startsWith('PlayerNumbers'));
    expect(players).toEqual([{ source: 'PlayerNumbers section A table 3 N', reason: 'the NS seat is empty (a sit-out) in round 1' }]);
    // Table 3 West in round 2 faces the phantom NS 3: that player is EW pair 2's.
    expect(outcome.event.contestants.find((c) => c.direction === 'EW' && c.number === 2)?.players.map((p) => p.memberNumber)).toEqual(['2003', '2004']);
  });
});

describe('winners and contestants', () => {
  it('gives two winners NS/EW contestants, numbered per section', () => {
    const contestants = bwsToInterchange(clubPairsTables()).event.contestants;
    expect(contestants.map((c) => `${c.section} ${c.direction}${c.number}`)).toEqual(['A NS1', 'A NS2', 'A NS3', 'A EW1', 'A EW2', 'A EW3']);
    expect(contestants[0].source).toBe('RoundData section A NS pair 1');
  });

  it('gives one field when Winners is 1', () => {
    const tables = withRows((t) => (t.Section[0]['Winners'] = 1));
    const contestants = bwsToInterchange(tables).event.contestants;
    expect(contestants.map((c) => [c.number, c.direction])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
  });

  it.each([0, null, undefined])('infers two winners from a Mitchell (stationary NS) when Winners is %p', (winners) => {
    const tables = withRows((t) => (t.Section[0]['Winners'] = winners));
    expect(bwsToInterchange(tables).event.contestants.map((c) => c.direction)).toEqual(['NS', 'NS', 'NS', 'EW', 'EW', 'EW']);
  });

  it('infers one field from a Howell (NS pairs move)', () => {
    const tables = withRows((t) => {
      delete t.Section[0]['Winners'];
      // 8-pair Howell, first two rounds (DOMAIN §6.3 table).
      t.RoundData = [
        [1, 1, 8, 1],
        [1, 2, 2, 7],
        [1, 3, 3, 6],
        [1, 4, 4, 5],
        [2, 1, 8, 2],
        [2, 2, 3, 1],
        [2, 3, 4, 7],
        [2, 4, 5, 6],
      ].map(([round, table, ns, ew]) => ({ Section: 1, Round: round, Table: table, NSPair: ns, EWPair: ew, LowBoard: table, HighBoard: table }));
      t.ReceivedData = [];
      t.PlayerNumbers = [];
    });
    const contestants = bwsToInterchange(tables).event.contestants;
    expect(contestants.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(contestants.every((c) => c.direction === null)).toBe(true);
  });

  it('reads a team match (two tables, same boards, numbers swapped) as a teams event', () => {
    const tables = withRows((t) => {
      t.RoundData = [
        { Section: 1, Round: 1, Table: 1, NSPair: 1, EWPair: 2, LowBoard: 1, HighBoard: 8 },
        { Section: 1, Round: 1, Table: 2, NSPair: 2, EWPair: 1, LowBoard: 1, HighBoard: 8 },
      ];
      t.ReceivedData = [];
      t.PlayerNumbers = [];
    });
    const event = bwsToInterchange(tables).event;
    expect(event.kind).toBe('TEAMS');
    expect(event.contestants.map((c) => [c.number, c.direction])).toEqual([
      [1, null],
      [2, null],
    ]);
  });

  it('refuses an individual movement (players in RoundData South and West)', () => {
    const tables = withRows((t) => {
      t.RoundData = t.RoundData.map((row, i) => ({ ...row, South: i + 10, West: i + 20 }));
    });
    expect(() => bwsToInterchange(tables)).toThrow(/individual movement/);
  });

  it.each([
    [2, null],
    [null, null],
  ])('leaves scoring to the import default when ScoringType is %p', (scoringType, expected) => {
    const tables = withRows((t) => (t.Section[0]['ScoringType'] = scoringType));
    expect(bwsToInterchange(tables).event.scoring).toBe(expected);
  });
});

describe('players', () => {
  const contestants = bwsToInterchange(clubPairsTables()).event.contestants;
  const pair = (direction: string, number: number) => contestants.find((c) => c.direction === direction && c.number === number);

  it('gives a stationary NS pair the N and S players of its table', () => {
    expect(pair('NS', 1)).toMatchObject({
      name: 'Alice Archer & Bob Baker',
      players: [
        { name: 'Alice Archer', memberNumber: '1001' },
        { name: 'Bob Baker', memberNumber: '1002' },
      ],
    });
  });

  it('gives E/W seats to the EW pair seated there in round 1 when Round is 0', () => {
    expect(pair('EW', 1)?.name).toBe('Carol Cooper & Dan Dyer');
  });

  it('gives a seat entered for a later round to the pair seated there in that round', () => {
    // Table 3 West in round 2 is EW pair 2 (round 1 it would be EW 3).
    expect(pair('EW', 2)?.players).toEqual([
      { name: 'Frank Fisher', memberNumber: '2003' },
      { name: 'Gina Grant', memberNumber: '2004' },
    ]);
    expect(pair('EW', 3)?.players).toEqual([]);
    expect(pair('EW', 3)?.name).toBeNull();
  });

  it('names a player from PlayerNames by number, else by the number itself', () => {
    expect(pair('NS', 2)?.players).toEqual([
      { name: 'Erin Ellis', memberNumber: '2001' },
      { name: '2002', memberNumber: '2002' },
    ]);
  });

  it('keeps the later entry when a seat is entered twice for the same round', () => {
    const tables = withRows((t) => {
      t.PlayerNumbers = [
        { Section: 1, Table: 1, Direction: 'N', Number: '1001', Name: 'Alice Archer', Round: 0, TimeLog: new Date('1899-12-30T19:00:00Z') },
        { Section: 1, Table: 1, Direction: 'N', Number: '1009', Name: 'Ivy Irving', Round: 0, TimeLog: new Date('1899-12-30T19:10:00Z') },
      ];
    });
    const ns1 = bwsToInterchange(tables).event.contestants.find((c) => c.direction === 'NS' && c.number === 1);
    expect(ns1?.players).toEqual([{ name: 'Ivy Irving', memberNumber: '1009' }]);
  });

  it('rejects a seat at a table RoundData does not have, naming it', () => {
    const tables = withRows((t) => {
      t.PlayerNumbers = [{ Section: 1, Table: 9, Direction: 'N', Number: '1', Name: 'Jo Jones' }];
    });
    const players = bwsToInterchange(tables).rejected.filter((item) => item.source.startsWith('PlayerNumbers'));
    expect(players).toEqual([{ source: 'PlayerNumbers section A table 9 N', reason: 'RoundData has no table 9 in round 1' }]);
  });

  it('rejects a seat whose name holds a control character, naming the seat, and lets no such character through', () => {
    const tables = withRows((t) => {
      t.PlayerNumbers[0]['Name'] = 'Alice\u0000Archer';
      t.PlayerNames = [{ ID: 2001, Name: 'Erin\u0007Ellis', strID: '2001' }];
    });
    const outcome = bwsToInterchange(tables);
    const players = outcome.rejected.filter((item) => item.source.startsWith('PlayerNumbers'));
    expect(players).toEqual([{ source: 'PlayerNumbers section A table 1 N', reason: expect.stringMatching(/^Name holds the control character U\+0000/) }]);
    const ns = (number: number) => outcome.event.contestants.find((c) => c.direction === 'NS' && c.number === number);
    expect(ns(1)?.players).toEqual([{ name: 'Bob Baker', memberNumber: '1002' }]);
    // A damaged name in the federation's list is passed over: the number stands in, as for a number it lacks.
    expect(ns(2)?.players).toContainEqual({ name: '2001', memberNumber: '2001' });
    expect(JSON.stringify(outcome)).not.toMatch(/\\u000[07]/);
  });
});

describe('two sections', () => {
  const tables = withRows((t) => {
    t.Section.push({ ID: 2, Letter: 'B  ', Tables: 3, MissingPair: 0, ScoringType: 1, Winners: 2 });
    t.RoundData.push(...mitchellRows(2, 3, 3, 2));
    t.ReceivedData.push({ ID: 30, Section: 2, Table: 1, Round: 1, Board: 1, PairNS: 1, PairEW: 1, 'NS/EW': 'S', Contract: '4 S', Result: '=' });
    t.PlayerNumbers.push({ Section: 2, Table: 1, Direction: 'N', Number: '5001', Name: 'Kim Kent', Round: 0 });
    // Section B's board 1 with the hands turned a quarter: a different deal under the same number.
    const b: BwsRow = { ...t.HandRecord[0], Section: 2 };
    for (const suit of ['Spades', 'Hearts', 'Diamonds', 'Clubs']) {
      const [north, east, south, west] = ['North', 'East', 'South', 'West'].map((seat) => b[`${seat}${suit}`]);
      Object.assign(b, { [`North${suit}`]: west, [`East${suit}`]: north, [`South${suit}`]: east, [`West${suit}`]: south });
    }
    t.HandRecord.push(b);
  });
  const outcome = bwsToInterchange(tables);
  const session = outcome.event.sessions[0];

  it('puts both sections in session 1 and numbers pairs per section', () => {
    expect(session.sections.map((s) => s.letter)).toEqual(['A', 'B']);
    expect(outcome.event.contestants.filter((c) => c.number === 1 && c.direction === 'NS').map((c) => c.section)).toEqual(['A', 'B']);
    expect(outcome.event.contestants.find((c) => c.section === 'B' && c.direction === 'NS' && c.number === 1)?.name).toBe('Kim Kent');
    expect(lineFrom(outcome, 'ReceivedData ID 30')).toMatchObject({ section: 'B', board: 1, contract: '4S', declarer: 'S', tricks: 10 });
  });

  it('keeps one deal per board number and rejects a section whose deal differs', () => {
    expect(session.boards.find((board) => board.number === 1)?.source).toBe('HandRecord section A board 1');
    expect(outcome.rejected).toContainEqual({ source: 'HandRecord section B board 1', reason: expect.stringMatching(/different deal from HandRecord section A board 1/) });
  });
});

describe('boards and deals', () => {
  it('turns HandRecord into a checked PBN deal (10 read as T)', () => {
    const board1 = bwsToInterchange(clubPairsTables()).event.sessions[0].boards[0];
    expect(board1).toEqual({
      number: 1,
      dealer: null,
      vulnerability: null,
      deal: 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 654.8765.876.876 32.432.5432.5432',
      source: 'HandRecord section A board 1',
    });
  });

  it('stops on an invalid deal, naming the board and section', () => {
    const tables = withRows((t) => (t.HandRecord[0]['WestClubs'] = '65432'));
    const error = thrownBy(() => bwsToInterchange(tables));
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as FileFormatError).location).toBe('HandRecord section A board 1');
    expect((error as FileFormatError).message).toMatch(/Card C6 appears twice/);
  });

  it('skips a HandRecord row with no cards', () => {
    const tables = withRows((t) => {
      t.HandRecord = [{ Section: 1, Board: 2, NorthSpades: '', NorthHearts: null }];
    });
    expect(bwsToInterchange(tables).event.sessions[0].boards.every((board) => board.deal === null)).toBe(true);
  });

  it('uses CustomBoards when present', () => {
    const tables = withRows((t) => {
      t.RoundData[0]['CustomBoards'] = '1,3 5-6';
    });
    expect(bwsToInterchange(tables).event.sessions[0].sections[0].movement?.[0].boards).toEqual([1, 3, 5, 6]);
  });

  it.each(['1,,x', '0', '7-3'])('stops on CustomBoards %p', (custom) => {
    const tables = withRows((t) => (t.RoundData[0]['CustomBoards'] = custom));
    expect(() => bwsToInterchange(tables)).toThrow(/RoundData section A round 1 table 1: CustomBoards/);
  });
});

describe('older and thinner files', () => {
  it('reads a file without the later columns and optional tables', () => {
    const tables = withRows((t) => {
      // As the 2008 Bridgemate sample creates them: no Winners/ScoringType, no Processed1..4, no Name/Round.
      t.Section = [{ ID: 1, Letter: 'A', Tables: 3, MissingPair: 0 }];
      const received = ['ID', 'Section', 'Table', 'Round', 'Board', 'PairNS', 'PairEW', 'Declarer', 'NS/EW', 'Contract', 'Result', 'LeadCard', 'Remarks', 'DateLog', 'TimeLog', 'Processed', 'Erased'];
      t.ReceivedData = t.ReceivedData.map((row) => pick(row, received));
      t.PlayerNumbers = t.PlayerNumbers.map((row) => pick(row, ['Section', 'Table', 'Direction', 'Number']));
      t.PlayerNames = [];
      t.HandRecord = [];
      t.Session = [];
    });
    const { event, rejected } = bwsToInterchange(tables);
    expect(event).toMatchObject({ name: null, date: null, scoring: null, kind: 'PAIRS' });
    expect(event.sessions[0].lines).toHaveLength(7);
    expect(rejected).toHaveLength(2);
    expect(event.contestants.find((c) => c.direction === 'NS' && c.number === 1)?.name).toBe('1001 & 1002');
    expect(event.contestants.every((c) => c.direction !== null)).toBe(true); // Mitchell inferred
  });

  it.each<[string, (t: BwsTables) => void, RegExp]>([
    ['no section', (t) => (t.Section = []), /table Section: has no rows/],
    ['a section without a letter', (t) => (t.Section[0]['Letter'] = '   '), /Section row 1: Section ID 1 has no Letter/],
    ['two sections with one letter', (t) => t.Section.push({ ID: 2, Letter: 'A' }), /Section A: two sections have this letter/],
    ['a section ID twice', (t) => t.Section.push({ ID: 1, Letter: 'B' }), /Section ID 1: appears twice/],
    ['RoundData for an unknown section', (t) => (t.RoundData[4]['Section'] = 3), /RoundData row 5: section 3 is not in the Section table/],
    ['a RoundData row twice', (t) => t.RoundData.push({ ...t.RoundData[0] }), /RoundData section A round 1 table 1: appears twice/],
    ['a board range upside down', (t) => (t.RoundData[1]['HighBoard'] = 1), /RoundData section A round 1 table 2: HighBoard 1 is below LowBoard 3/],
    ['a pair number that is not a number', (t) => (t.RoundData[1]['NSPair'] = 'two'), /RoundData section A round 1 table 2: NSPair must be a whole number/],
  ])('stops on %s', (_, change, message) => {
    const error = thrownBy(() => bwsToInterchange(withRows(change)));
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseBws on bytes that are not a BWS file', () => {
  it.each([
    ['empty', Buffer.alloc(0)],
    ['a PBN file', Buffer.from('% PBN 2.1\n[Event "Club"]\n')],
    ['a header and nothing else', Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.from('Standard Jet DB\0')])],
  ])('refuses %s with a FileFormatError', (_, bytes) => {
    const error = thrownBy(() => parseBws(bytes));
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as FileFormatError).format).toBe('BWS');
  });

  it('says what a BWS file should look like', () => {
    expect(() => parseBws(Buffer.from('hello'))).toThrow('BWS file, file header: is not an Access database: a BWS file begins with "Standard Jet DB"');
  });

  it('never throws anything but FileFormatError on arbitrary bytes (property)', () => {
    const jetHeader = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.from('Standard Jet DB\0')]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8192 }), fc.boolean(), (bytes, withHeader) => {
        const input = withHeader ? Buffer.concat([jetHeader, Buffer.from(bytes)]) : Buffer.from(bytes);
        try {
          parseBws(input);
        } catch (error) {
          expect(error).toBeInstanceOf(FileFormatError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('bwsToInterchange on damaged rows (property)', () => {
  const columns = [
    'ID', 'Section', 'Letter', 'Tables', 'MissingPair', 'Winners', 'ScoringType', 'Table', 'Round', 'NSPair', 'EWPair', 'LowBoard',
    'HighBoard', 'CustomBoards', 'Board', 'PairNS', 'PairEW', 'NS/EW', 'Contract', 'Result', 'LeadCard', 'Remarks', 'DateLog',
    'TimeLog', 'Erased', 'Direction', 'Number', 'Name', 'strID', 'NorthSpades', 'WestClubs', 'Date', 'South', 'West',
  ];
  const tableNames = ['Section', 'RoundData', 'ReceivedData', 'PlayerNumbers', 'PlayerNames', 'HandRecord', 'Session'] as const;
  const cell = fc.oneof(
    fc.anything(),
    fc.integer({ min: -3, max: 40 }),
    fc.constantFrom('', ' ', 'A', '3 NT x', 'PASS', '=', '+1', '-13', 'N', 'S10', 'Not played', '60%-40%', '1-3', 'AKQ', null, true),
    fc.date(),
    fc.bigInt(),
  );

  function assertOnlyFileFormatErrors(tables: BwsTables): void {
    try {
      const outcome = bwsToInterchange(tables);
      expect(outcome.event.sessions).toHaveLength(1);
    } catch (error) {
      expect(error).toBeInstanceOf(FileFormatError);
    }
  }

  it('mutated fixture rows: changed, deleted or odd cells', () => {
    const edit = fc.record({
      table: fc.constantFrom(...tableNames),
      row: fc.nat(20),
      column: fc.constantFrom(...columns),
      value: fc.option(cell, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        const tables = clubPairsTables();
        for (const { table, row, column, value } of edits) {
          const rows = tables[table];
          if (rows.length === 0) continue;
          const target = rows[row % rows.length];
          if (value === undefined) delete target[column];
          else target[column] = value;
        }
        assertOnlyFileFormatErrors(tables);
      }),
      { numRuns: 1500 },
    );
  });

  it('arbitrary tables of arbitrary rows', () => {
    const row = fc.dictionary(fc.constantFrom(...columns), cell, { maxKeys: 12 }) as fc.Arbitrary<BwsRow>;
    const rows = fc.array(row, { maxLength: 6 });
    fc.assert(
      fc.property(fc.record({ Section: rows, RoundData: rows, ReceivedData: rows, PlayerNumbers: rows, PlayerNames: rows, HandRecord: rows, Session: rows }), (tables) =>
        assertOnlyFileFormatErrors(tables),
      ),
      { numRuns: 1000 },
    );
  });

  it('real-looking movements of any size with random results', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ table: fc.integer({ min: 1, max: 10 }), round: fc.integer({ min: 1, max: 6 }), board: fc.integer({ min: 1, max: 50 }), pairNS: fc.integer({ min: 0, max: 10 }), pairEW: fc.integer({ min: 0, max: 10 }), contract: cell, result: cell, seat: cell, erased: fc.boolean() }), { maxLength: 20 }),
        (tableCount, boardsPerRound, results) => {
          const tables = withRows((t) => {
            t.RoundData = mitchellRows(1, tableCount, tableCount, boardsPerRound);
            t.ReceivedData = results.map((r, i) => ({ ID: i + 1, Section: 1, Table: r.table, Round: r.round, Board: r.board, PairNS: r.pairNS, PairEW: r.pairEW, 'NS/EW': r.seat, Contract: r.contract, Result: r.result, Erased: r.erased }));
          });
          assertOnlyFileFormatErrors(tables);
        },
      ),
      { numRuns: 500 },
    );
  });
});
