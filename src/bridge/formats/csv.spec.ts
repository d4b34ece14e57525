import { describe, expect, it } from '@jest/globals';
import { fileErrorOf, parsesOrRefuses as checkParsesOrRefuses } from './fixtures/format-checks.fixture.js';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import type { Direction, Seat, Strain } from '../types.js';
import { parseTravellersCsv, printRankingCsv, printTravellersCsv, type RankingCsvRow } from './csv.js';
import {
  FileFormatError,
  type ArtificialCode,
  type EventKindInFile,
  type InterchangeContestant,
  type InterchangeEvent,
  type InterchangeLine,
  type InterchangeSession,
  type LineFigures,
  type ParseOutcome,
  type ScoringInFile,
} from './interchange.js';

// ───────────────────────────── small hand-written events and files ─────────────────────────────

const HEADER =
  'Event,Date,Kind,Scoring,Winners,Session,Section,Board,Round,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Result,Lead,Status,NS adjusted,EW adjusted,NS score,NS MP,EW MP,NS %,EW %,NS IMPs,EW IMPs';

const BOM = '\uFEFF';

function pair(number: number, players: string[], more: Partial<InterchangeContestant> = {}): InterchangeContestant {
  return { section: null, number, direction: null, name: null, players: players.map((name) => ({ name, memberNumber: null })), figures: {}, source: '', ...more };
}

function line(more: Partial<InterchangeLine> = {}): InterchangeLine {
  return { section: 'A', board: 1, round: null, table: null, nsPair: 1, ewPair: 2, contract: '4H', declarer: 'N', tricks: 10, lead: null, artificial: null, notPlayed: false, figures: {}, source: '', ...more };
}

function session(number: number, lines: InterchangeLine[]): InterchangeSession {
  return { number, sections: [{ letter: 'A', tables: null, movement: null }], boards: [], lines };
}

function club(lines: InterchangeLine[], more: Partial<InterchangeEvent> = {}): InterchangeEvent {
  return {
    format: 'USEBIO',
    name: 'Tuesday Pairs',
    date: '2024-03-05',
    kind: 'PAIRS',
    scoring: 'MATCHPOINTS',
    club: null,
    generator: null,
    contestants: [pair(1, ['Alice Archer', 'Bob Baker']), pair(2, ['Carol Cooper', 'Dan Dyer']), pair(3, ['Erin Ellis', 'Fred Ford'])],
    sessions: [session(1, lines)],
    ...more,
  };
}

/** The printed records without the BOM and the final CRLF. */
function printedLines(text: string): string[] {
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

/** The cells of a printed row that has no quoted cell. */
function cellsOf(row: string): Record<string, string> {
  const names = HEADER.split(',');
  const cells = row.split(',');
  expect(cells).toHaveLength(names.length);
  return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
}

const MINIMAL_COLUMNS = { Session: '1', Section: 'A', Board: '1', NS: '1', EW: '2', Contract: '4H', Declarer: 'N', Tricks: '10' };

/** A file with the required columns plus any given, and one row (cells written raw: no quoting). */
function oneRowFile(cells: Record<string, string>): string {
  const row = { ...MINIMAL_COLUMNS, ...cells };
  return `${Object.keys(row).join(',')}\r\n${Object.values(row).join(',')}\r\n`;
}

function onlyLine(outcome: ParseOutcome): InterchangeLine {
  const lines = outcome.event.sessions.flatMap((s) => s.lines);
  expect(lines).toHaveLength(1);
  return lines[0];
}


// ───────────────────────────── printing travellers ─────────────────────────────

describe('printTravellersCsv: layout', () => {
  const event = club([line({ round: 1, table: 2, lead: 'SA', figures: { nsScore: 420, nsMatchpoints: 3.5, ewMatchpoints: 0.5, nsPercentage: 87.5, ewPercentage: 12.5 } })]);

  it('writes a BOM, the header with exactly these names, and CRLF-ended rows', () => {
    const text = printTravellersCsv(event);
    expect(text.startsWith(`${BOM}${HEADER}\r\n`)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(printedLines(text)).toHaveLength(2);
  });

  it('writes one self-contained row per line: the event repeats, the names are the players', () => {
    const [, row] = printedLines(printTravellersCsv(event));
    expect(row).toBe(
      'Tuesday Pairs,2024-03-05,PAIRS,MATCHPOINTS,1,1,A,1,1,2,1,2,Alice Archer & Bob Baker,Carol Cooper & Dan Dyer,4H,N,10,=,SA,PLAYED,,,420,3.5,0.5,87.5,12.5,,',
    );
  });

  it('writes an empty file (header only) for an event without lines', () => {
    expect(printTravellersCsv(club([]))).toBe(`${BOM}${HEADER}\r\n`);
  });

  it.each<[string, Partial<InterchangeLine>, Record<string, string>]>([
    ['made', { contract: '4H', declarer: 'N', tricks: 10 }, { Contract: '4H', Declarer: 'N', Tricks: '10', Result: '=', Status: 'PLAYED' }],
    ['over', { contract: '3NTX', declarer: 'W', tricks: 10 }, { Contract: '3NTX', Declarer: 'W', Tricks: '10', Result: '+1', Status: 'PLAYED' }],
    ['down', { contract: '6SXX', declarer: 'S', tricks: 10 }, { Contract: '6SXX', Declarer: 'S', Tricks: '10', Result: '-2', Status: 'PLAYED' }],
    ['passed out', { contract: 'PASS', declarer: null, tricks: null, lead: 'C2' }, { Contract: 'PASS', Declarer: '', Tricks: '', Result: '', Lead: 'C2', Status: 'PASSED_OUT' }],
    [
      'artificial (Law 12C2)',
      { contract: null, declarer: null, tricks: null, artificial: { ns: 'A+', ew: 'A-' } },
      { Contract: '', Tricks: '', Status: 'ARTIFICIAL', 'NS adjusted': 'A+', 'EW adjusted': 'A-' },
    ],
    ['not played', { contract: null, declarer: null, tricks: null, notPlayed: true }, { Contract: '', Status: 'NOT_PLAYED', 'NS adjusted': '', 'EW adjusted': '' }],
  ])('writes a %s line', (_, result, expected) => {
    const [, row] = printedLines(printTravellersCsv(club([line(result)])));
    expect(cellsOf(row)).toMatchObject(expected);
  });

  it('sorts rows by session, section, board, then NS score high to low (no score last)', () => {
    const lines = [
      line({ board: 2, figures: { nsScore: 50 } }),
      line({ board: 1, figures: {} }),
      line({ board: 1, figures: { nsScore: -100 } }),
      line({ board: 1, section: 'B', figures: { nsScore: 600 } }),
      line({ board: 1, figures: { nsScore: 420 } }),
    ];
    const event = club([], { sessions: [session(2, [line({ board: 1, figures: { nsScore: 1000 } })]), session(1, lines)] });
    const keys = printedLines(printTravellersCsv(event))
      .slice(1)
      .map((row) => cellsOf(row))
      .map((c) => `${c.Session}${c.Section}${c.Board} ${c['NS score']}`);
    expect(keys).toEqual(['1A1 420', '1A1 -100', '1A1 ', '1A2 50', '1B1 600', '2A1 1000']);
  });

  it.each<[number, string]>([
    [1234.5, '1234.5'],
    [-0.25, '-0.25'],
    [1e6, '1000000'],
    [-0, '0'],
    [Number.NaN, ''],
  ])('writes the figure %d as "%s": a dot, no thousands separator', (figure, text) => {
    const [, row] = printedLines(printTravellersCsv(club([line({ figures: { nsMatchpoints: figure } })])));
    expect(cellsOf(row)['NS MP']).toBe(text);
  });

  it('writes Winners 2 when contestants have directions, and empty Scoring, Event and Date when the event has none', () => {
    const contestants = [pair(1, ['A'], { direction: 'NS' }), pair(1, ['B'], { direction: 'EW' })];
    const event = club([line({ nsPair: 1, ewPair: 1 })], { contestants, scoring: null, name: null, date: null });
    const cells = cellsOf(printedLines(printTravellersCsv(event))[1]);
    expect(cells).toMatchObject({ Event: '', Date: '', Scoring: '', Winners: '2', 'NS names': 'A', 'EW names': 'B' });
  });

  it.each<[string, EventKindInFile, Partial<InterchangeContestant>, string]>([
    ['a pair: its players', 'PAIRS', { players: [{ name: 'Alice Archer', memberNumber: '1' }, { name: 'Bob Baker', memberNumber: null }] }, 'Alice Archer & Bob Baker'],
    ['a named pair without players', 'PAIRS', { name: 'The Archers' }, 'The Archers ()'],
    ['a named pair with players', 'PAIRS', { name: 'The Archers', players: [{ name: 'Alice', memberNumber: null }] }, 'The Archers (Alice)'],
    ['a team: its name', 'TEAMS', { name: 'Archer & Co' }, 'Archer & Co'],
    ['a team with players', 'TEAMS', { name: 'Archer & Co', players: [{ name: 'Alice', memberNumber: null }, { name: 'Bob', memberNumber: null }] }, 'Archer & Co (Alice & Bob)'],
    ['a team whose name ends in a parenthesis', 'TEAMS', { name: 'Club (North)' }, 'Club (North) ()'],
    ['a team without a name', 'TEAMS', { players: [{ name: 'Alice', memberNumber: null }] }, '(Alice)'],
    ['an individual: the name', 'INDIVIDUAL', { name: 'Alice', players: [{ name: 'Alice', memberNumber: null }] }, 'Alice'],
    ['nobody', 'PAIRS', {}, ''],
  ])('names %s in one cell', (_, kind, who, cell) => {
    const event = club([line({ nsPair: 9 })], { kind, contestants: [pair(9, [], who)] });
    expect(cellsOf(printedLines(printTravellersCsv(event))[1])['NS names']).toBe(cell);
  });
});

describe('printTravellersCsv: quoting (RFC 4180) and formula protection', () => {
  it.each<[string, string]>([
    ['Plain', 'Plain'],
    ['Smith, Jones', '"Smith, Jones"'],
    ['The "Cup"', '"The ""Cup"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['semi;colon', '"semi;colon"'],
  ])('writes the event name %j as %j', (name, cell) => {
    const text = printTravellersCsv(club([line()], { name }));
    expect(text).toContain(`\r\n${cell},2024-03-05,`);
    expect(parseTravellersCsv(text).event.name).toBe(name);
  });

  // Free text only: Event, Section, the names and Lead. The Result "=", "+1", "-2" and numbers stay as they are.
  it.each<[string, string]>([
    [`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+44 club', "'+44 club"],
    ['-Bob', "'-Bob"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ["'=already", "''=already"],
    ["''+twice", "'''+twice"],
    ["'Tis us", "'Tis us"],
    ['Bob = Ann', 'Bob = Ann'],
  ])('guards the free text %j as %j and reads it back unchanged', (text, cell) => {
    const event = club([line({ lead: text, section: text })], { kind: 'TEAMS', name: text, contestants: [pair(1, [], { name: text }), pair(2, [], { name: 'B' })] });
    const printed = printTravellersCsv(event);
    expect(printed).toContain(`\r\n${cell},2024-03-05,`);
    expect(printed).toContain(`,1,${cell},1,,,1,2,`);
    expect(printed).toContain(`,4H,N,10,=,${cell},PLAYED,`);
    const { event: read, rejected } = parseTravellersCsv(printed);
    expect(rejected).toEqual([]);
    expect(read.name).toBe(text);
    expect(onlyLine({ event: read, rejected })).toMatchObject({ section: text, lead: text });
    expect(read.contestants[0].name).toBe(text);
  });

  it('guards a names cell as a whole', () => {
    const event = club([line()], { contestants: [pair(1, ['=Ann', 'Bo']), pair(2, ['Cy', '-Di'])] });
    expect(printedLines(printTravellersCsv(event))[1]).toContain(",'=Ann & Bo,Cy & -Di,");
  });

  it('does not guard the Result column, the codes or negative numbers', () => {
    const lines = [
      line({ board: 1, contract: '4H', tricks: 11, figures: { nsScore: -450, nsImps: -3.5 } }),
      line({ board: 2, contract: '4H', tricks: 8 }),
      line({ board: 3, contract: '4H', tricks: 10 }),
      line({ board: 4, contract: null, declarer: null, tricks: null, artificial: { ns: 'A-', ew: 'A+' } }),
    ];
    const rows = printedLines(printTravellersCsv(club(lines))).slice(1).map(cellsOf);
    expect(rows.map((r) => r.Result)).toEqual(['+1', '-2', '=', '']);
    expect(rows[0]).toMatchObject({ 'NS score': '-450', 'NS IMPs': '-3.5' });
    expect(rows[3]).toMatchObject({ 'NS adjusted': 'A-', 'EW adjusted': 'A+' });
  });
});

// ───────────────────────────── printing a ranking ─────────────────────────────

describe('printRankingCsv', () => {
  const rows: RankingCsvRow[] = [
    { place: '1', section: 'A', number: 3, direction: 'NS', name: 'Archer - Baker', players: ['Alice Archer', 'Bob Baker'], memberNumbers: ['100001', null], score: 123.5, percentage: 61.75, boardsPlayed: 24, penalty: null, carriedForward: 12.25 },
    { place: '=2', section: null, number: 7, direction: null, name: '-Cooper, "Dyer"', players: ['Carol Cooper', 'Dan Dyer'], memberNumbers: [null, null], score: -3, percentage: null, boardsPlayed: 24, penalty: -1.5 },
  ];

  it('writes a title row (event, date), a blank row, the header and one row per contestant, in the order given', () => {
    expect(printedLines(printRankingCsv(rows, { event: 'Tuesday Pairs', date: '2024-03-05' }))).toEqual([
      'Tuesday Pairs,2024-03-05',
      '',
      'Place,Section,Direction,Number,Name,Players,Member numbers,Score,Percentage,Boards,Penalty,Carried forward',
      '1,A,NS,3,Archer - Baker,Alice Archer & Bob Baker,100001 & ,123.5,61.75,24,,12.25',
      `'=2,,,7,"'-Cooper, ""Dyer""",Carol Cooper & Dan Dyer,,-3,,24,-1.5,`,
    ]);
  });

  it('guards a formula-looking event name and leaves an unknown date empty', () => {
    expect(printedLines(printRankingCsv([], { event: '=cmd|"/c calc"!A1', date: null }))[0]).toBe(`"'=cmd|""/c calc""!A1",`);
  });
});

// ───────────────────────────── parsing: the file ─────────────────────────────

describe('parseTravellersCsv: the file', () => {
  it('reads the header by name: any order, any case, unknown columns ignored, optional columns absent', () => {
    const text = 'tricks,Comment,DECLARER,contract,ew,ns,board,section,session\r\n10,nice,n,4h,2,1,7,B,3\r\n';
    const outcome = parseTravellersCsv(text);
    expect(outcome.rejected).toEqual([]);
    expect(outcome.event).toMatchObject({ format: 'CSV', name: null, date: null, kind: 'PAIRS', scoring: null, club: null, generator: null });
    expect(outcome.event.sessions).toEqual([
      {
        number: 3,
        sections: [{ letter: 'B', tables: null, movement: null }],
        boards: [{ number: 7, dealer: null, vulnerability: null, deal: null, source: 'line 2' }],
        lines: [line({ section: 'B', board: 7, contract: '4H', declarer: 'N', tricks: 10, source: 'line 2' })],
      },
    ]);
  });

  it.each(['Session', 'Section', 'Board', 'NS', 'EW', 'Contract', 'Declarer', 'Tricks'])('refuses a header without %s', (column) => {
    const header = Object.keys(MINIMAL_COLUMNS).filter((c) => c !== column);
    const error = fileErrorOf(() => parseTravellersCsv(`\r\n${header.join(',')}\r\n1,2,3\r\n`));
    expect(error.location).toBe('line 2');
    expect(error.message).toBe(`CSV file, line 2: the header has no column ${column}; a travellers CSV needs Session, Section, Board, NS, EW, Contract, Declarer, Tricks`);
  });

  it('refuses a header that is something else', () => {
    expect(fileErrorOf(() => parseTravellersCsv('Board,NS,EW,Contract\n1,1,2,4H')).message).toMatch(/^CSV file, line 1: the header has no column Session, Section, Declarer, Tricks/);
  });

  it.each<[string, string | Buffer]>([
    ['an empty string', ''],
    ['an empty buffer', Buffer.alloc(0)],
    ['blank lines', ' \r\n\t\n'],
    ['only a BOM', BOM],
    ['only empty cells', ',,,\r\n"",""'],
  ])('refuses %s as an empty file', (_, input) => {
    expect(fileErrorOf(() => parseTravellersCsv(input)).message).toMatch(/^CSV file, line 1: the file is empty/);
  });

  it('refuses a quoted cell that is never closed (a truncated file), naming the line it opens on', () => {
    const text = `${Object.keys(MINIMAL_COLUMNS).join(',')}\r\n1,A,1,1,2,4H,N,10\r\n1,A,"2\r\n`;
    expect(fileErrorOf(() => parseTravellersCsv(text)).message).toBe('CSV file, line 3: a quoted cell starting on this line is never closed: the file looks truncated');
  });

  it('reports a broken record anywhere before what is wrong with the header, the event or a row (records are read as they come, but the file is read whole first)', () => {
    const truncated = '1,A,"9\r\n';
    const noTricks = Object.keys(MINIMAL_COLUMNS).filter((c) => c !== 'Tricks');
    expect(fileErrorOf(() => parseTravellersCsv(`${noTricks.join(',')}\r\n1,A,1,1,2,4H,N\r\n${truncated}`)).location).toBe('line 3');
    const event = ['Event', ...Object.keys(MINIMAL_COLUMNS)].join(',');
    const mixed = `${event}\r\nCup,1,A,1,1,2,4H,N,10\r\nOther,1,A,2,1,2,4H,N,10\r\n`;
    expect(fileErrorOf(() => parseTravellersCsv(mixed)).location).toBe('line 3');
    expect(fileErrorOf(() => parseTravellersCsv(`${mixed}Cup,${truncated}`)).location).toBe('line 4');
    expect(fileErrorOf(() => parseTravellersCsv(`${event}\r\nCup,1,A,1,1,2,4H,N,99\r\nCup,${truncated}`)).message).toMatch(/line 3: a quoted cell/);
  });

  it('reads LF, CRLF and lone CR line ends and quoted line breaks in one file, counting lines as a text editor does', () => {
    const header = [...Object.keys(MINIMAL_COLUMNS), 'NS names'].join(',');
    const text = `${header}\n1,A,1,1,2,4H,N,10,Ann & Bob\r\n1 , A ,2,1,2,4H,N,10,"Ann\nSmith & Bob"\r1,A,x,1,2,4H,N,10,\r\n\r\n1,A,3,1,2,4H,N,9\r`;
    const { event, rejected } = parseTravellersCsv(text);
    expect(event.sessions[0].lines.map((l) => [l.board, l.source])).toEqual([
      [1, 'line 2'],
      [2, 'line 3'],
      [3, 'line 7'],
    ]);
    expect(rejected).toEqual([
      { source: 'line 5', reason: 'Board "x" is not a whole number from 1 up' },
      { source: 'line 3', reason: 'NS 1 is named "Ann\nSmith & Bob" here but "Ann & Bob" on line 2; the names on line 2 are kept' },
    ]);
  });

  it('refuses text after a closing quote', () => {
    expect(fileErrorOf(() => parseTravellersCsv(oneRowFile({ Lead: '"S"A' }))).location).toBe('line 2');
  });

  it.each<[string, Buffer, string]>([
    ['NUL bytes', Buffer.from('Session,Section\r\n1,\u0000A'), 'line 2'],
    ['a PNG image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), 'line 2'],
  ])('refuses binary data (%s)', (_, bytes, location) => {
    const error = fileErrorOf(() => parseTravellersCsv(bytes));
    expect(error.location).toBe(location);
    expect(error.message).toMatch(/control character U\+[0-9A-F]{4}: this is binary data/);
  });

  it('strips the BOM, from text and from bytes', () => {
    const text = `${BOM}${oneRowFile({})}`;
    expect(onlyLine(parseTravellersCsv(text)).contract).toBe('4H');
    expect(onlyLine(parseTravellersCsv(Buffer.from(text, 'utf8'))).contract).toBe('4H');
  });

  it.each(['\r\n', '\n', '\r'])('reads %j line ends, and counts lines across quoted line breaks', (end) => {
    const text = ['Session,Section,Board,NS,EW,NS names,Contract,Declarer,Tricks', '1,A,1,1,2,"Alice\r\nArcher",4H,N,10', '1,A,2,1,2,,9H,N,10', ''].join(end);
    const { event, rejected } = parseTravellersCsv(text);
    expect(rejected).toEqual([{ source: 'line 4', reason: expect.stringContaining('Level must be 1–7') }]);
    expect(event.contestants[0].players).toEqual([{ name: 'Alice\r\nArcher', memberNumber: null }]);
  });

  it('reads windows-1252 bytes (Excel\'s plain "CSV") and UTF-16 with its BOM', () => {
    const text = oneRowFile({ 'NS names': 'Zoë & Jürgen €' });
    const latin = Buffer.from(text.replace('€', '\u0080'), 'latin1');
    expect(parseTravellersCsv(latin).event.contestants[0].players.map((p) => p.name)).toEqual(['Zoë', 'Jürgen €']);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin]);
    expect(parseTravellersCsv(withBom).event.contestants[0].players.map((p) => p.name)).toEqual(['Zoë', 'Jürgen €']);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parseTravellersCsv(utf16).event.contestants[0].players.map((p) => p.name)).toEqual(['Zoë', 'Jürgen €']);
  });

  it('reads GBK/GB18030 bytes (Excel\'s plain "CSV" on Chinese Windows), and windows-1252 names as before', () => {
    const text = oneRowFile({ 'NS names': '张伟 & 王芳', 'EW names': '朱镕基 & 李娜' });
    const names = (outcome: ParseOutcome) => outcome.event.contestants.map((c) => c.players.map((p) => p.name));
    expect(names(parseTravellersCsv(iconv.encode(text, 'gb18030')))).toEqual([['张伟', '王芳'], ['朱镕基', '李娜']]);
    const european = oneRowFile({ 'NS names': 'Müller & Françoise', 'EW names': 'Zoë & Ångström' });
    expect(names(parseTravellersCsv(iconv.encode(european, 'windows-1252')))).toEqual([['Müller', 'Françoise'], ['Zoë', 'Ångström']]);
  });

  it('reads Big5 bytes (Excel\'s plain "CSV" on Traditional-Chinese Windows, Taiwan and Hong Kong), one line or thousands', () => {
    const names = (outcome: ParseOutcome) => outcome.event.contestants.map((c) => c.players.map((p) => p.name));
    const text = oneRowFile({ 'NS names': '陳建宏 & 林淑芬', 'EW names': '陳大文 & 黃志強' });
    expect(names(parseTravellersCsv(iconv.encode(text, 'big5')))).toEqual([['陳建宏', '林淑芬'], ['陳大文', '黃志強']]);
    // Past the first 64 KiB, which tell Big5 from GB18030: the whole file is read as Big5.
    const pairs = ['黃志明 & 張雅婷', '李宗翰 & 王俊傑', '吳佩珊 & 劉家豪', '蔡宜君 & 楊承恩'];
    const rows = Array.from({ length: 2000 }, (_, i) => `1,A,${1 + (i % 20)},${1 + (i % 100)},${101 + (i % 100)},${pairs[i % 4]},${pairs[(i + 1) % 4]},4H,N,10`);
    const last = '1,A,1,201,202,李嘉欣 & 梁家輝,何婉儀 & 張國榮,4H,N,10';
    const long = iconv.encode(['Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks', ...rows, last, ''].join('\r\n'), 'big5');
    expect(long.length).toBeGreaterThan(64 * 1024);
    expect(names(parseTravellersCsv(long)).slice(-2)).toEqual([['李嘉欣', '梁家輝'], ['何婉儀', '張國榮']]);
  });

  it('reads ";" as the separator when the header line has no comma, with decimal commas in figures', () => {
    const text = ['Session;Section;Board;NS;EW;NS names;Contract;Declarer;Tricks;NS score;NS MP;NS %;NS IMPs', '1;A;1;1;2;"Archer; Alice & Baker, Bob";4H;N;10;420;3,5;87,50 %;-1,25', ''].join('\r\n');
    const outcome = parseTravellersCsv(text);
    expect(outcome.rejected).toEqual([]);
    expect(onlyLine(outcome).figures).toEqual({ nsScore: 420, nsMatchpoints: 3.5, nsPercentage: 87.5, nsImps: -1.25 });
    expect(outcome.event.contestants[0].players.map((p) => p.name)).toEqual(['Archer; Alice', 'Baker, Bob']);
  });

  it('does not read a decimal comma in a "," file: a quoted "3,5" is not a number', () => {
    expect(parseTravellersCsv(oneRowFile({ 'NS MP': '"3,5"' })).rejected).toEqual([{ source: 'line 2', reason: 'NS MP "3,5" is not a number' }]);
  });

  it('skips blank rows and rows of empty cells, as spreadsheets leave them', () => {
    const text = `${oneRowFile({})}\r\n,,,,,,,\r\n   \r\n`;
    expect(parseTravellersCsv(text).rejected).toEqual([]);
  });
});

// ───────────────────────────── parsing: the event ─────────────────────────────

describe('parseTravellersCsv: the event columns', () => {
  const header = 'Event,Date,Kind,Scoring,Winners,Session,Section,Board,NS,EW,Contract,Declarer,Tricks';

  it('reads name, date, kind and scoring from the first row; a blank cell later repeats it', () => {
    const text = [header, 'Spring Cup,2024-04-01,TEAMS,TEAMS_IMPS,1,1,A,1,1,2,4H,N,10', ',,,,,1,A,2,1,2,4H,N,10', ''].join('\r\n');
    const { event, rejected } = parseTravellersCsv(text);
    expect(rejected).toEqual([]);
    expect(event).toMatchObject({ name: 'Spring Cup', date: '2024-04-01', kind: 'TEAMS', scoring: 'TEAMS_IMPS' });
  });

  it.each<[string, string]>([
    ['Event', 'Other Cup,2024-04-01,PAIRS,MATCHPOINTS,1'],
    ['Date', 'Spring Cup,2024-04-02,PAIRS,MATCHPOINTS,1'],
    ['Kind', 'Spring Cup,2024-04-01,TEAMS,MATCHPOINTS,1'],
    ['Scoring', 'Spring Cup,2024-04-01,PAIRS,BUTLER,1'],
    ['Winners', 'Spring Cup,2024-04-01,PAIRS,MATCHPOINTS,2'],
  ])('refuses a row whose %s disagrees with the first row, naming its line', (column, eventCells) => {
    const text = [header, 'Spring Cup,2024-04-01,PAIRS,MATCHPOINTS,1,1,A,1,1,2,4H,N,10', 'Spring Cup,2024-04-01,PAIRS,MATCHPOINTS,1,1,A,2,1,2,4H,N,10', `${eventCells},1,A,3,1,2,4H,N,10`].join('\r\n');
    const error = fileErrorOf(() => parseTravellersCsv(text));
    expect(error.location).toBe('line 4');
    expect(error.message).toContain(`${column} is "`);
    expect(error.message).toContain('on line 2: a file holds one event');
  });

  it.each<[string, string | null]>([
    ['2024-02-29', '2024-02-29'],
    ['29/02/2024', '2024-02-29'],
    ['5.3.2024', '2024-03-05'],
    ['2023-02-29', null],
    ['next Tuesday', null],
  ])('reads the Date %j as %j (day first when not ISO)', (text, date) => {
    const outcome = parseTravellersCsv(oneRowFile({ Date: text }));
    expect(outcome.event.date).toBe(date);
    expect(outcome.rejected).toEqual(date === null ? [{ source: 'line 2', reason: expect.stringContaining(`Date "${text}" is not a date`) }] : []);
  });

  it.each<[string, EventKindInFile]>([
    ['PAIRS', 'PAIRS'],
    ['teams', 'TEAMS'],
    ['Individual', 'INDIVIDUAL'],
    ['', 'PAIRS'],
  ])('reads Kind %j as %s', (text, kind) => {
    expect(parseTravellersCsv(oneRowFile({ Kind: text })).event.kind).toBe(kind);
  });

  it('refuses an unknown Kind or Winners: every row would be read wrongly', () => {
    expect(fileErrorOf(() => parseTravellersCsv(oneRowFile({ Kind: 'SWISS' }))).message).toBe('CSV file, line 2: Kind "SWISS" is not PAIRS, TEAMS, INDIVIDUAL');
    expect(fileErrorOf(() => parseTravellersCsv(oneRowFile({ Winners: '3' }))).location).toBe('line 2');
  });

  it('reads an unknown Scoring as none, and says so', () => {
    const outcome = parseTravellersCsv(oneRowFile({ Scoring: 'Neuberg' }));
    expect(outcome.event.scoring).toBeNull();
    expect(outcome.rejected).toEqual([{ source: 'line 2', reason: expect.stringContaining('Scoring "Neuberg" is not MATCHPOINTS') }]);
  });
});

// ───────────────────────────── parsing: lines ─────────────────────────────

describe('parseTravellersCsv: traveller lines', () => {
  const made: Partial<InterchangeLine> = { contract: '4H', declarer: 'N', tricks: 10, lead: null, artificial: null, notPlayed: false };
  const passed: Partial<InterchangeLine> = { contract: 'PASS', declarer: null, tricks: null, lead: null, artificial: null, notPlayed: false };
  const notPlayed: Partial<InterchangeLine> = { contract: null, declarer: null, tricks: null, lead: null, artificial: null, notPlayed: true };

  it.each<[string, Record<string, string>, Partial<InterchangeLine>]>([
    ['a played contract', { Status: 'PLAYED' }, made],
    ['spaces and lower case, as people type them', { Contract: ' 4 h ', Declarer: 'north', Lead: ' SA ' }, { ...made, lead: 'SA' }],
    ['cells padded with tabs, no-break and ideographic spaces', { Contract: '\t4H\u3000', Declarer: '\u00a0N', Lead: 'SA\u00a0', Table: '\u30007' }, { ...made, lead: 'SA', table: 7 }],
    ['Tricks over Result (Tricks is authoritative)', { Result: '-1' }, made],
    ['Result when Tricks is empty', { Tricks: '', Result: '+2' }, { ...made, tricks: 12 }],
    ['Result "="', { Tricks: '', Result: '=' }, made],
    ['a pass-out', { Contract: 'PASS', Declarer: '', Tricks: '', Lead: 'C2' }, { ...passed, lead: 'C2' }],
    ['a pass-out stated, contract empty', { Contract: '', Declarer: '', Tricks: '', Status: 'passed out' }, passed],
    ['an artificial score', { Contract: '', Declarer: '', Tricks: '', 'NS adjusted': 'A+', 'EW adjusted': 'a-' }, { ...notPlayed, notPlayed: false, artificial: { ns: 'A+', ew: 'A-' } }],
    ['an artificial score written Ave', { Contract: '', Declarer: '', Tricks: '', Status: 'ARTIFICIAL', 'NS adjusted': 'Ave', 'EW adjusted': 'Av+' }, { ...notPlayed, notPlayed: false, artificial: { ns: 'A', ew: 'A+' } }],
    ['a board not played', { Contract: '', Declarer: '', Tricks: '' }, notPlayed],
    ['a board not played, stated', { Contract: '', Declarer: '', Tricks: '', Status: 'NOT_PLAYED' }, notPlayed],
    ['round and table', { Round: '3', Table: '12' }, { round: 3, table: 12 }],
    ['the figures', { 'NS score': '-100', 'NS MP': '7', 'EW MP': '1.5', 'NS %': '87.5%', 'EW %': '12.5', 'NS IMPs': '+3.25', 'EW IMPs': '-3.25' }, { figures: { nsScore: -100, nsMatchpoints: 7, ewMatchpoints: 1.5, nsPercentage: 87.5, ewPercentage: 12.5, nsImps: 3.25, ewImps: -3.25 } }],
    ['no section: A', { Section: '' }, { section: 'A' }],
  ])('reads %s', (_, cells, expected) => {
    const outcome = parseTravellersCsv(oneRowFile(cells));
    expect(outcome.rejected).toEqual([]);
    expect(onlyLine(outcome)).toMatchObject(expected);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a contract that is none', { Contract: '8H' }, 'Contract: Level must be 1–7, got 8 in "8H"'],
    ['no declarer', { Declarer: '' }, 'Declarer is empty'],
    ['a declarer that is no seat', { Declarer: 'X' }, 'Declarer "X" is not N, E, S or W'],
    ['tricks that are no count', { Tricks: '+1' }, 'Tricks "+1" is not a trick count 0–13 (Result holds =, +1, -2)'],
    ['too many tricks', { Tricks: '14' }, 'Tricks: Tricks must be a whole number from 0 to 13, got 14'],
    ['neither Tricks nor Result', { Tricks: '' }, '4H has no Tricks'],
    ['a bare number as Result (a spreadsheet made "+1" into 1)', { Tricks: '', Result: '1' }, 'Result "1" is not =, +N or -N, and Tricks is empty'],
    ['an impossible Result', { Contract: '7NT', Tricks: '', Result: '+1' }, 'Result: 7NT+1 would be 14 tricks; there are only 13'],
    ['an unknown Status', { Status: 'DONE' }, 'Status "DONE" is not PLAYED, PASSED_OUT, ARTIFICIAL, NOT_PLAYED'],
    ['PLAYED with PASS', { Contract: 'PASS', Status: 'PLAYED' }, 'Status is PLAYED but Contract is PASS: a passed-out board is PASSED_OUT'],
    ['PASSED_OUT with a contract', { Status: 'PASSED_OUT' }, 'a PASSED_OUT line has Contract "4H"; clear it or change Status'],
    ['a pass-out with tricks', { Contract: 'PASS', Declarer: '' }, 'a PASSED_OUT line has Tricks "10"; clear it or change Status'],
    ['ARTIFICIAL with a contract', { 'NS adjusted': 'A', 'EW adjusted': 'A' }, 'an ARTIFICIAL line has Contract "4H"; clear it or change Status'],
    ['ARTIFICIAL without codes', { Contract: '', Declarer: '', Tricks: '', Status: 'ARTIFICIAL' }, 'an ARTIFICIAL line needs NS adjusted and EW adjusted (A+, A or A-)'],
    ['one code only', { Contract: '', Declarer: '', Tricks: '', 'NS adjusted': 'A+' }, 'EW adjusted is empty: an artificial score gives a code to both sides'],
    ['a code that is none', { Contract: '', Declarer: '', Tricks: '', 'NS adjusted': 'A60', 'EW adjusted': 'A' }, 'NS adjusted "A60" is not A+, A or A-'],
    ['codes on a played line', { Status: 'PLAYED', 'NS adjusted': 'A' }, 'a PLAYED line has NS adjusted "A"; clear it or change Status'],
    ['tricks without a contract', { Contract: '', Declarer: '' }, 'a NOT_PLAYED line has Tricks "10"; clear it or change Status'],
    ['no session', { Session: '' }, 'Session is empty'],
    ['board 0', { Board: '0' }, 'Board "0" is not a whole number from 1 up'],
    ['a pair that is no number', { NS: '1A' }, 'NS "1A" is not a whole number from 1 up'],
    ['a round that is no number', { Round: 'two' }, 'Round "two" is not a whole number from 1 up'],
    ['a figure with a thousands separator', { 'NS score': '"1,234"' }, 'NS score "1,234" is not a number'],
    ['a figure that is no number', { 'EW %': 'n/a' }, 'EW % "n/a" is not a number'],
  ])('rejects a row with %s, and reads the rest', (_, cells, reason) => {
    const row = { ...MINIMAL_COLUMNS, ...cells };
    const good = Object.keys(row).map((column) => (column === 'Board' ? '2' : column in MINIMAL_COLUMNS ? MINIMAL_COLUMNS[column as keyof typeof MINIMAL_COLUMNS] : ''));
    const outcome = parseTravellersCsv(`${oneRowFile(cells)}${good.join(',')}\r\n`);
    expect(outcome.rejected).toEqual([{ source: 'line 2', reason }]);
    expect(onlyLine(outcome)).toMatchObject({ board: 2, source: 'line 3' });
  });

  it('groups lines into sessions by number, sections in file order, boards by number', () => {
    const rows = ['2,B,5,1,2', '1,B,3,1,2', '1,A,1,1,2', '2,B,4,1,2', '1,A,3,3,4'].map((r) => `${r},1NT,S,7`);
    const { event } = parseTravellersCsv([Object.keys(MINIMAL_COLUMNS).join(','), ...rows].join('\n'));
    expect(event.sessions.map((s) => ({ number: s.number, sections: s.sections.map((x) => x.letter), boards: s.boards.map((b) => `${b.number} ${b.source}`), lines: s.lines.map((l) => l.source) }))).toEqual([
      { number: 1, sections: ['B', 'A'], boards: ['1 line 4', '3 line 3'], lines: ['line 3', 'line 4', 'line 6'] },
      { number: 2, sections: ['B'], boards: ['4 line 5', '5 line 2'], lines: ['line 2', 'line 5'] },
    ]);
  });
});

// ───────────────────────────── parsing: contestants ─────────────────────────────

describe('parseTravellersCsv: contestants', () => {
  const header = 'Winners,Session,Section,Board,NS,EW,NS names,EW names,Contract,Declarer,Tricks';
  const file = (...rows: string[]) => [header, ...rows.map((r) => `${r},1NT,S,7`)].join('\r\n');
  const ids = (outcome: ParseOutcome) => outcome.event.contestants.map((c) => `${c.section ?? '-'}${c.number}${c.direction ?? ''} ${c.name ?? ''}|${c.players.map((p) => p.name).join('+')} ${c.source}`);

  it('one field (Winners 1): NS 1 and EW 1 are the same pair', () => {
    const outcome = parseTravellersCsv(file('1,1,A,1,1,2,Ann & Bo,Cy & Di', '1,1,A,2,2,1,Cy & Di,Ann & Bo'));
    expect(ids(outcome)).toEqual(['-1 |Ann+Bo line 2', '-2 |Cy+Di line 2']);
  });

  it('two winners (Winners 2): NS 1 and EW 1 are different pairs, with their direction', () => {
    const outcome = parseTravellersCsv(file('2,1,A,1,1,1,Ann & Bo,Cy & Di', '2,1,A,2,2,1,Ed & Flo,Cy & Di'));
    expect(ids(outcome)).toEqual(['-1NS |Ann+Bo line 2', '-1EW |Cy+Di line 2', '-2NS |Ed+Flo line 3']);
  });

  it('numbers per section when a number has different names in two sections', () => {
    const outcome = parseTravellersCsv(file('1,1,A,1,1,2,Ann & Bo,Cy & Di', '1,1,B,1,1,2,Ed & Flo,Gil & Hal', '1,1,B,2,3,1,,Ed & Flo'));
    expect(ids(outcome)).toEqual(['A1 |Ann+Bo line 2', 'A2 |Cy+Di line 2', 'B1 |Ed+Flo line 3', 'B2 |Gil+Hal line 3', 'B3 | line 4']);
  });

  it('numbers event-wide when every number has the same names in every section (or none), each in one section a session', () => {
    const outcome = parseTravellersCsv(file('1,1,A,1,1,2,Ann & Bo,', '1,2,B,1,1,3,Ann & Bo,Ed & Flo', '1,3,C,1,2,3,Cy & Di,'));
    expect(ids(outcome)).toEqual(['-1 |Ann+Bo line 2', '-2 |Cy+Di line 2', '-3 |Ed+Flo line 3']);
  });

  it('numbers per section when a number sits in two sections of one session, named or not: two pairs, not one', () => {
    const nameless = parseTravellersCsv(file('1,1,A,1,1,2,,', '1,1,B,1,1,2,,', '1,1,A,2,2,1,,', '1,1,B,2,2,1,,'));
    expect(ids(nameless)).toEqual(['A1 | line 2', 'A2 | line 2', 'B1 | line 3', 'B2 | line 3']);
    const sameNames = parseTravellersCsv(file('1,1,A,1,1,2,Ann & Bo,Cy & Di', '1,1,B,1,1,2,Ann & Bo,Cy & Di'));
    expect(ids(sameNames)).toEqual(['A1 |Ann+Bo line 2', 'A2 |Cy+Di line 2', 'B1 |Ann+Bo line 3', 'B2 |Cy+Di line 3']);
    // Numbers that never meet across sections stay event-wide (1 and 2 in A, 3 and 4 in B).
    const apart = parseTravellersCsv(file('1,1,A,1,1,2,,', '1,1,B,1,3,4,,'));
    expect(ids(apart)).toEqual(['-1 | line 2', '-2 | line 2', '-3 | line 3', '-4 | line 3']);
  });

  it('keeps the first names of a pair named differently later, and says so', () => {
    const outcome = parseTravellersCsv(file('1,1,A,1,1,2,Ann & Bo,Cy & Di', '1,1,A,2,1,2,Ann & Bob,'));
    expect(ids(outcome)[0]).toBe('-1 |Ann+Bo line 2');
    expect(outcome.rejected).toEqual([{ source: 'line 3', reason: 'NS 1 is named "Ann & Bob" here but "Ann & Bo" on line 2; the names on line 2 are kept' }]);
    expect(outcome.event.sessions[0].lines).toHaveLength(2);
  });

  it.each<[EventKindInFile, string, string | null, string[]]>([
    ['PAIRS', 'Ann & Bo', null, ['Ann', 'Bo']],
    ['PAIRS', 'Ann&Bo', null, ['Ann', 'Bo']],
    ['PAIRS', 'The Archers ()', 'The Archers', []],
    ['TEAMS', 'Archer & Co', 'Archer & Co', []],
    ['TEAMS', 'Archer & Co (Ann & Bo & Cy & Di)', 'Archer & Co', ['Ann', 'Bo', 'Cy', 'Di']],
    ['TEAMS', 'Club (North) (Ann)', 'Club (North)', ['Ann']],
    ['INDIVIDUAL', 'Ann', 'Ann', ['Ann']],
  ])('reads the %s names cell %j as name %j and players %j', (kind, cell, name, players) => {
    const { event } = parseTravellersCsv(oneRowFile({ Kind: kind, 'NS names': `"${cell}"` }));
    expect(event.contestants[0]).toEqual({ section: null, number: 1, direction: null, name, players: players.map((p) => ({ name: p, memberNumber: null })), figures: {}, source: 'line 2' });
  });
});

// ───────────────────────────── round trips ─────────────────────────────

type Shape = 'one-field' | 'two-winner' | 'teams';

/** Text a cell carries: separators, quotes, line breaks, formula starts; not "&" or parentheses, which the names cell uses. Trimmed, as the parser trims. */
const text = fc
  .string({ unit: fc.constantFrom(...'abcXYZ019 ,;"\'\t\r\n=+-@éß€中'.split('')), minLength: 1, maxLength: 14 })
  .map((s) => s.trim())
  .filter((s) => s !== '');
const money = fc.integer({ min: -100000, max: 100000 }).map((n) => n / 100);
const STRAINS: Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const SEAT_LIST: Seat[] = ['N', 'E', 'S', 'W'];
const LEADS = ['SA', 'H2', 'DT', 'C9', '=', '-1'];
const code = fc.constantFrom<ArtificialCode>('A+', 'A', 'A-');

const lineFigures: fc.Arbitrary<LineFigures> = fc.record(
  { nsScore: fc.integer({ min: -760, max: 760 }).map((n) => n * 10), nsMatchpoints: money, ewMatchpoints: money, nsPercentage: money, ewPercentage: money, nsImps: money, ewImps: money },
  { requiredKeys: [] },
);

type Result = Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'lead' | 'artificial' | 'notPlayed'>;

const resultArbitrary: fc.Arbitrary<Result> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({ level: fc.integer({ min: 1, max: 7 }), strain: fc.constantFrom(...STRAINS), doubling: fc.constantFrom('', 'X', 'XX'), declarer: fc.constantFrom(...SEAT_LIST), tricks: fc.integer({ min: 0, max: 13 }), lead: fc.option(fc.constantFrom(...LEADS), { nil: null }) })
      .map(({ level, strain, doubling, declarer, tricks, lead }) => ({ contract: `${level}${strain}${doubling}`, declarer, tricks, lead, artificial: null, notPlayed: false })),
  },
  { weight: 1, arbitrary: fc.option(fc.constantFrom(...LEADS), { nil: null }).map((lead) => ({ contract: 'PASS', declarer: null, tricks: null, lead, artificial: null, notPlayed: false })) },
  { weight: 2, arbitrary: fc.record({ ns: code, ew: code }).map((artificial) => ({ contract: null, declarer: null, tricks: null, lead: null, artificial, notPlayed: false })) },
  { weight: 1, arbitrary: fc.constant({ contract: null, declarer: null, tricks: null, lead: null, artificial: null, notPlayed: true }) },
);

/**
 * Contestants numbered 1…count in each section (or event-wide) and direction. Each has a name or
 * players, made distinct by a tag, as a real field's are: the file tells sections apart by names.
 */
function contestantsArbitrary(shape: Shape, sections: (string | null)[], count: number): fc.Arbitrary<InterchangeContestant[]> {
  const directions: (Direction | null)[] = shape === 'two-winner' ? ['NS', 'EW'] : [null];
  const seats = sections.flatMap((section) => directions.flatMap((direction) => Array.from({ length: count }, (_, k) => ({ section, direction, number: k + 1 }))));
  const player = fc.record({ name: text, memberNumber: fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: null }) });
  const who = fc.record({ name: shape === 'teams' ? text.map((t): string | null => t) : fc.option(text, { nil: null }), players: fc.array(player, { minLength: shape === 'teams' ? 0 : 1, maxLength: shape === 'teams' ? 4 : 2 }) });
  const figures = fc.record({ place: fc.constantFrom('1', '2='), score: money, percentage: money, boardsPlayed: fc.nat(30) }, { requiredKeys: [] });
  return fc.tuple(...seats.map(() => fc.tuple(who, figures))).map((drawn) =>
    drawn.map(([{ name, players }, f], k): InterchangeContestant => {
      const { section, direction, number } = seats[k];
      const tag = ` ${section ?? ''}${number}${direction ?? ''}`;
      const tagged = name !== null ? { name: name + tag, players } : { name, players: players.map((p, i) => (i === 0 ? { ...p, name: p.name + tag } : p)) };
      return { section, number, direction, ...tagged, figures: f, source: 'generated' };
    }),
  );
}

function lineArbitrary(contestants: InterchangeContestant[], letters: string[]): fc.Arbitrary<InterchangeLine> {
  return fc.record({ section: fc.constantFrom(...letters), board: fc.integer({ min: 1, max: 12 }), round: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), table: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }) }).chain(({ section, ...at }) => {
    // Numbered event-wide, a pair plays in one section (one by its number), as a real field's do.
    const here = contestants.filter((c) => (c.section === null ? letters[(c.number - 1) % letters.length] === section : c.section === section));
    return fc
      .record({ ns: fc.constantFrom(...here.filter((c) => c.direction !== 'EW')), ew: fc.constantFrom(...here.filter((c) => c.direction !== 'NS')), result: resultArbitrary, figures: lineFigures })
      .map(({ ns, ew, result, figures }) => ({ section, ...at, nsPair: ns.number, ewPair: ew.number, ...result, figures, source: 'generated' }));
  });
}

/** In a sectioned event, pair 1 of each section plays board 1 in the first session, so the file shows the numbering. */
function anchorLines(letters: string[], twoWinner: boolean): fc.Arbitrary<InterchangeLine[]> {
  return fc.tuple(...letters.map(() => fc.tuple(resultArbitrary, lineFigures))).map((drawn) =>
    drawn.map(([result, figures], k) => ({ section: letters[k], board: 1, round: 1, table: 1, nsPair: 1, ewPair: twoWinner ? 1 : 2, ...result, figures, source: 'generated' })),
  );
}

function eventArbitrary(shape: Shape): fc.Arbitrary<InterchangeEvent> {
  const kind: EventKindInFile = shape === 'teams' ? 'TEAMS' : 'PAIRS';
  const scorings: (ScoringInFile | null)[] = shape === 'teams' ? ['TEAMS_IMPS', 'TOTAL_POINTS', 'BUTLER', null] : ['MATCHPOINTS', 'BUTLER', 'CROSS_IMPS', 'IMPS_ACROSS_FIELD', 'TOTAL_POINTS', null];
  return fc
    .record({
      name: fc.option(text, { nil: null }),
      date: fc.option(fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null }),
      scoring: fc.constantFrom(...scorings),
      // Teams in total points may be board-a-match (Scoring BOARD_A_MATCH).
      boardAMatch: shape === 'teams' ? fc.boolean() : fc.constant(false),
      club: fc.option(fc.record({ name: fc.option(text, { nil: null }), id: fc.constant(null) }), { nil: null }),
      generator: fc.option(text, { nil: null }),
      sectioned: shape === 'teams' ? fc.constant(false) : fc.boolean(),
      letters: fc.constantFrom<string[]>(['A'], ['A', 'B']),
      count: fc.integer({ min: 2, max: 5 }),
      sessionNumbers: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }).map((ns) => ns.sort((a, b) => a - b)),
    })
    .chain(({ sectioned, letters: eventWide, count, sessionNumbers, boardAMatch, ...header }) => {
      const letters = sectioned ? ['A', 'B'] : eventWide;
      return contestantsArbitrary(shape, sectioned ? letters : [null], count).chain((contestants) =>
        fc
          .tuple(
            sectioned ? anchorLines(letters, shape === 'two-winner') : fc.constant([]),
            ...sessionNumbers.map(() => fc.record({ lines: fc.array(lineArbitrary(contestants, letters), { maxLength: 8 }), extraBoards: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }), tables: fc.option(fc.nat(9), { nil: null }) })),
          )
          .map(([anchors, ...drawn]): InterchangeEvent => ({
            format: 'USEBIO',
            kind,
            ...header,
            ...(boardAMatch && header.scoring === 'TOTAL_POINTS' ? { boardAMatch: true } : {}),
            contestants,
            sessions: drawn.map(({ lines, extraBoards, tables }, k) => {
              const all = k === 0 ? [...anchors, ...lines] : lines;
              return {
                number: sessionNumbers[k],
                sections: letters.map((letter) => ({ letter, tables, movement: tables === null ? null : [{ round: 1, table: 1, ns: 1, ew: 2, boards: [1, 2] }] })),
                boards: [...new Set([...all.map((l) => l.board), ...extraBoards])].map((number) => ({ number, dealer: 'N', vulnerability: 'NONE', deal: null, source: 'generated' })),
                lines: all,
              };
            }),
          })),
      );
    });
}

/** JSON with object keys in order, so that equal lines give equal keys whatever order their fields were set in. */
function sortKey(value: unknown): string {
  return JSON.stringify(value, (_key: string, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

const DIRECTION_RANK = (d: Direction | null) => (d === null ? 0 : d === 'NS' ? 1 : 2);

/**
 * What a travellers CSV carries. Normalised away, as CSV cannot carry them: deals, dealer and
 * vulnerability, movements and table counts, players' member numbers, contestant figures, club,
 * generator, sources and the format; and what no row shows: sessions and boards without lines,
 * sections without lines, contestants no line names. Lines are compared in one fixed order.
 */
function carriedByCsv(event: InterchangeEvent): unknown {
  const lines = event.sessions.flatMap((s) => s.lines);
  const named = (c: InterchangeContestant) =>
    lines.some((l) => (c.section === null || c.section === l.section) && ((l.nsPair === c.number && c.direction !== 'EW') || (l.ewPair === c.number && c.direction !== 'NS')));
  const contestants = event.contestants
    .filter(named)
    .map(({ section, number, direction, name, players }) => ({ section, number, direction, name, players: players.map((p) => ({ name: p.name, memberNumber: null })), figures: {} }))
    .sort((a, b) => (a.section ?? '').localeCompare(b.section ?? '') || a.number - b.number || DIRECTION_RANK(a.direction) - DIRECTION_RANK(b.direction));
  const sessions = event.sessions
    .filter((s) => s.lines.length > 0)
    .sort((a, b) => a.number - b.number)
    .map((s) => ({
      number: s.number,
      sections: [...new Set(s.lines.map((l) => l.section))].sort().map((letter) => ({ letter, tables: null, movement: null })),
      boards: [...new Set(s.lines.map((l) => l.board))].sort((a, b) => a - b).map((number) => ({ number, dealer: null, vulnerability: null, deal: null })),
      lines: s.lines.map(({ source: _source, ...rest }) => rest).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)),
    }));
  // The event's own columns repeat on every row: an event without lines prints none, so they go too.
  const header = lines.length > 0 ? { name: event.name, date: event.date, kind: event.kind, scoring: event.scoring, boardAMatch: event.boardAMatch } : { name: null, date: null, kind: 'PAIRS', scoring: null, boardAMatch: undefined };
  return { ...event, ...header, format: 'CSV', club: null, generator: null, contestants, sessions };
}

describe('board-a-match teams (Scoring BOARD_A_MATCH)', () => {
  const file = (kind: string) => `Kind,Scoring,Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks\n${kind},BOARD_A_MATCH,1,A,1,1,1,2,4S,N,10\n`;

  it('reads teams in total points, board by board', () => {
    const { event, rejected } = parseTravellersCsv(file('TEAMS'));
    expect({ scoring: event.scoring, boardAMatch: event.boardAMatch, rejected }).toEqual({ scoring: 'TOTAL_POINTS', boardAMatch: true, rejected: [] });
  });

  it('refuses it for pairs, reading the event without a scoring method', () => {
    const { event, rejected } = parseTravellersCsv(file('PAIRS'));
    expect(event.scoring).toBeNull();
    expect(rejected[0].reason).toMatch(/BOARD_A_MATCH is for Kind TEAMS/);
  });
});

describe('round trips: parseTravellersCsv(printTravellersCsv(e)) keeps what CSV carries', () => {
  it.each<[string, Shape]>([
    ['pairs, one field', 'one-field'],
    ['pairs, two winners', 'two-winner'],
    ['teams', 'teams'],
  ])('%s (fast-check), read from the printed UTF-8 bytes', (_, shape) => {
    fc.assert(
      fc.property(eventArbitrary(shape), (event) => {
        const { event: read, rejected } = parseTravellersCsv(Buffer.from(printTravellersCsv(event), 'utf8'));
        expect(rejected).toEqual([]);
        expect(carriedByCsv(read)).toEqual(carriedByCsv(event));
      }),
      { numRuns: 200 },
    );
  });

  it('printing what was read prints the same file again', () => {
    fc.assert(
      fc.property(fc.oneof(eventArbitrary('one-field'), eventArbitrary('two-winner'), eventArbitrary('teams')), (event) => {
        const once = printTravellersCsv(event);
        expect(printTravellersCsv(parseTravellersCsv(once).event)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});

// ───────────────────────────── robustness ─────────────────────────────

const parsesOrRefuses = (input: string | Buffer) => checkParsesOrRefuses(parseTravellersCsv, 'CSV', input);

const VALID = printTravellersCsv(
  club(
    [
      line({ round: 1, table: 1, lead: 'SA', figures: { nsScore: 420, nsMatchpoints: 2, ewMatchpoints: 0 } }),
      line({ nsPair: 3, contract: 'PASS', declarer: null, tricks: null, figures: { nsScore: 0 } }),
      line({ board: 2, contract: null, declarer: null, tricks: null, artificial: { ns: 'A+', ew: 'A-' } }),
      line({ board: 3, contract: null, declarer: null, tricks: null, notPlayed: true }),
    ],
    { name: 'Spring "Cup", =1' },
  ),
);

const CSV_PIECES = [',', ';', '"', '""', '\r\n', '\n', '\r', ' ', "'", '=', '%', '&', '(', ')', 'PASS', '4H', 'N', '10', '-1', 'A+', '2', '3,5', HEADER, 'Session;Section;Board;NS;EW;Contract;Declarer;Tricks', '1,A,1,1,2,4H,N,10', '\uFEFF'];

describe('robustness: only FileFormatError, quickly', () => {
  it('for arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: 'binary', maxLength: 500 })), parsesOrRefuses), { numRuns: 200 });
  });

  it('for strings made of CSV pieces', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...CSV_PIECES), { maxLength: 200 }).map((p) => p.join('')), parsesOrRefuses), { numRuns: 200 });
  });

  it('for arbitrary bytes, with or without a header in front', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), (bytes, headed) => parsesOrRefuses(Buffer.concat([Buffer.from(headed ? `${HEADER}\r\n` : ''), Buffer.from(bytes)]))),
      { numRuns: 200 },
    );
  });

  it('for a valid file with characters deleted, duplicated or replaced', () => {
    const edit = fc.record({ kind: fc.constantFrom('delete', 'duplicate', 'replace'), at: fc.nat(VALID.length - 1), length: fc.integer({ min: 1, max: 40 }), char: fc.constantFrom(',', ';', '"', '\n', '\r', "'", '=', '&', '(', ')', 'X', '9', '-', '\u0000', 'é') });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 5 }), (edits) => {
        const mutated = edits.reduce((t, { kind, at, length, char }) => {
          const i = at % Math.max(1, t.length);
          if (kind === 'delete') return t.slice(0, i) + t.slice(i + length);
          if (kind === 'duplicate') return t.slice(0, i) + t.slice(i, i + length) + t.slice(i);
          return t.slice(0, i) + char + t.slice(i + 1);
        }, VALID);
        parsesOrRefuses(mutated);
      }),
      { numRuns: 200 },
    );
  });

  it('reads large and adversarial inputs through (a backtracking pattern would hang past the time limit)', () => {
    const rows = Array.from({ length: 20000 }, (_, k) => `1,A,${1 + (k % 30)},${1 + (k % 13)},${14 + (k % 13)},4H,N,10`);
    expect(parseTravellersCsv([Object.keys(MINIMAL_COLUMNS).join(','), ...rows].join('\r\n')).event.sessions[0].lines).toHaveLength(20000);
    const body = (cell: string) => `${HEADER}\r\n${'1,'.repeat(9)}${cell}`;
    for (const hostile of ['"'.repeat(200001), ','.repeat(200000), ' '.repeat(200000), `${HEADER}\r\n${'\r\n'.repeat(100000)}`, body(`"${'('.repeat(100000)}x)"`), body(`${' '.repeat(100000)}x%`), body("'".repeat(100000))]) {
      parsesOrRefuses(hostile);
    }
  });
});
