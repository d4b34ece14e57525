import { describe, expect, it } from '@jest/globals';
import { fileErrorOf, parsesOrRefuses as checkParsesOrRefuses } from './fixtures/format-checks.fixture.js';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { boardInfo } from '../board.js';
import { formatDeal, type Deal, type Hand } from '../deal.js';
import { SEATS, type Seat } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type ContestantFigures,
  type EventKindInFile,
  type InterchangeBoard,
  type InterchangeContestant,
  type InterchangeEvent,
  type InterchangeLine,
  type InterchangePlayer,
  type LineFigures,
  type ScoringInFile,
} from './interchange.js';
import { parsePbn, printPbn } from './pbn.js';

const FIXTURE = readFileSync(resolve(process.cwd(), 'src/bridge/formats/fixtures/two-section-mitchell.pbn'));

const DEAL = 'N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852';

/** A PBN text from its lines (LF endings unless a test says otherwise). */
function pbn(...lines: string[]): string {
  return lines.join('\n');
}

/** One hand-record game with a ScoreTable: the header and rows are the test's. */
function traveller(header: string, ...rows: string[]): string {
  return pbn('[Event "Club night"]', '[Board "1"]', '[Scoring "MP"]', `[ScoreTable "${header}"]`, ...rows);
}

function linesOf(text: string | Buffer): InterchangeLine[] {
  return parsePbn(text).event.sessions.flatMap((s) => s.lines);
}


describe('PBN file layout (DOMAIN §9.1 file structure)', () => {
  it('reads games separated by blank lines, whatever the line endings', () => {
    const text = pbn('% PBN 2.1', '[Event "Club night"]', '[Board "1"]', '', '[Event "#"]', '[Board "2"]', '');
    for (const variant of [text, text.replace(/\n/g, '\r\n'), text.replace(/\n/g, '\r')]) {
      const { event } = parsePbn(variant);
      expect(event.name).toBe('Club night');
      expect(event.sessions[0].boards.map((b) => [b.number, b.source])).toEqual([
        [1, 'line 3'],
        [2, 'line 6'],
      ]);
    }
  });

  it.each([
    ['% escape lines anywhere', pbn('[Board "1"]', '%%!R 75974684697597468469', '[Board "1"]')],
    ['{commentary} spanning blank lines', pbn('[Board "1"]', '{ a note', '', 'that goes on }', '[Deal ""]')],
    ['; comments to the end of the line', pbn('[Board "1"] ; first board', '[Dealer "N"] ; dealer')],
    ['several tag pairs on one line', pbn('[Board "1"][Dealer "N"]  [Vulnerable "None"]')],
    ['unknown tags, with or without section data', pbn('[Board "1"]', '[BCFlags "1f"]', '[MyTable "A;B"]', 'x y', 'z w')],
  ])('keeps one game with %s', (_, text) => {
    const { event } = parsePbn(text);
    expect(event.sessions).toHaveLength(1);
    expect(event.sessions[0].boards.map((b) => b.number)).toEqual([1]);
  });

  it('reads escaped quotes and backslashes in tag values', () => {
    expect(parsePbn('[Event "The \\"Cup\\" at C:\\\\club"]\n[Board "1"]').event.name).toBe('The "Cup" at C:\\club');
  });

  it('repeats a value written "#" from the previous game (PBN §4.8)', () => {
    const { event } = parsePbn(pbn('[Site "Hall"]', '[Board "1"]', '[Dealer "S"]', '', '[Site "#"]', '[Board "2"]', '[Dealer "#"]'));
    expect(event.club).toEqual({ name: 'Hall', id: null });
    expect(event.sessions[0].boards.map((b) => b.dealer)).toEqual(['S', 'S']);
  });

  it('reuses the previous ScoreTable columns when the header is "#"', () => {
    const text = pbn('[Board "1"]', '[ScoreTable "Result;Declarer;Contract;PairId_EW;PairId_NS"]', '10 N 4H 2 1', '', '[Board "2"]', '[ScoreTable "#"]', '9 S 3NT 4 3');
    expect(linesOf(text).map((l) => [l.board, l.nsPair, l.ewPair, l.contract, l.declarer, l.tricks])).toEqual([
      [1, 1, 2, '4H', 'N', 10],
      [2, 3, 4, '3NT', 'S', 9],
    ]);
  });

  it.each([
    ['UTF-8 with a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[Event "Café Ł"]\n[Board "1"]')]), 'Café Ł'],
    ['UTF-16LE with a byte-order mark (Notepad\'s "Unicode")', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[Event "Café 桥"]\r\n[Board "1"]', 'utf16le')]), 'Café 桥'],
    ['UTF-16BE with a byte-order mark', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('[Event "Café 桥"]\r\n[Board "1"]', 'utf16le').swap16()]), 'Café 桥'],
    ['Windows-1252 when the bytes are not UTF-8', Buffer.from([...Buffer.from('[Event "Caf'), 0xe9, ...Buffer.from('"]\n[Board "1"]')]), 'Café'],
    // 0x80–0x9F are printable in windows-1252 (en dash, curly quote, Š): not the control characters Latin-1 has there.
    ['Windows-1252 punctuation and letters of its 0x80–0x9F row', Buffer.from([...Buffer.from('[Event "Pairs '), 0x96, ...Buffer.from(' O'), 0x92, 0x8a, ...Buffer.from('"]\n[Board "1"]')]), 'Pairs – O’Š'],
    [
      'a declared ISO-8859-1 charset, read as windows-1252 as browsers do',
      Buffer.from([...Buffer.from('%Content-type: text/x-pbn; charset=ISO-8859-1\n[Event "'), 0x93, ...Buffer.from('Club'), 0x94, ...Buffer.from('"]\n[Board "1"]')]),
      '“Club”',
    ],
    [
      'a declared ISO-8859-2 charset',
      Buffer.from([...Buffer.from('% Charset ISO-8859-2\n[Event "'), 0xa3, 0xf3, 0x64, 0xbc, ...Buffer.from('"]\n[Board "1"]')]),
      'Łódź',
    ],
    [
      'a declared windows-1250 content type',
      Buffer.from([...Buffer.from('%Content-type: text/x-pbn; charset=windows-1250\n[Event "'), 0x8a, 0x9e, ...Buffer.from('"]\n[Board "1"]')]),
      'Šž',
    ],
    ['GB18030 when the bytes are not UTF-8 and read as Chinese', iconv.encode('[Event "张伟 & 王芳"]\n[Board "1"]', 'gb18030'), '张伟 & 王芳'],
    ['windows-1252 when GB18030 would read accented letters as rare ideographs', iconv.encode('[Event "Müller Françoise"]\n[Board "1"]', 'windows-1252'), 'Müller Françoise'],
    ['a declared GBK charset', iconv.encode('%Content-type: text/x-pbn; charset=GBK\n[Event "王芳"]\n[Board "1"]', 'gb18030'), '王芳'],
    ['a declared CP936 charset', iconv.encode('% Charset CP936\n[Event "张伟"]\n[Board "1"]', 'gb18030'), '张伟'],
    ['Big5 when the bytes are not UTF-8 and read as traditional Chinese', iconv.encode('[Event "陳建宏 & 林淑芬"]\n[Board "1"]', 'big5'), '陳建宏 & 林淑芬'],
    ['a declared Big5 charset', iconv.encode('%Content-type: text/x-pbn; charset=Big5\n[Event "黃志明"]\n[Board "1"]', 'big5'), '黃志明'],
    // Too short to tell from its bytes alone (丁奕航 reads as rarer characters either way): the declaration says.
    ['a declared CP950 charset', iconv.encode('% Charset CP950\n[Event "丁奕航"]\n[Board "1"]', 'big5'), '丁奕航'],
    ['a declared x-big5 charset', iconv.encode('% Charset x-big5\n[Event "丁奕航"]\n[Board "1"]', 'big5'), '丁奕航'],
    ['a declared Big5-HKSCS charset', iconv.encode('% Charset Big5-HKSCS\n[Event "陳大文"]\n[Board "1"]', 'big5'), '陳大文'],
    ['a declared Big5-HKSCS charset, with the Hong Kong supplement’s characters', iconv.encode('% Charset Big5-HKSCS\n[Event "嘅咗啲 盃"]\n[Board "1"]', 'big5hkscs'), '嘅咗啲 盃'],
    ['a declared charset over valid UTF-8 bytes', Buffer.from('% Charset ISO-8859-1\n[Event "é"]\n[Board "1"]', 'utf8'), 'Ã©'],
    ['an unknown declared charset (detection as usual)', Buffer.from('% Charset klingon\n[Event "é"]\n[Board "1"]', 'utf8'), 'é'],
  ])('decodes %s', (_, bytes, name) => {
    expect(parsePbn(bytes).event.name).toBe(name);
  });
});

describe('PBN in Big5', () => {
  it('reads a long undeclared Big5 file whole: the pairs named in its last game', () => {
    const names = ['陳建宏', '林淑芬', '黃志明', '張雅婷', '李宗翰', '王俊傑', '吳佩珊', '劉家豪'];
    const game = (n: number) => [
      '[Event "台北市橋牌協會雙人賽"]',
      `[Board "${n}"]`,
      ...['North', 'East', 'South', 'West'].map((seat, i) => `[${seat} "${names[(n + i) % names.length]}"]`),
      '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]',
      '1 2 4H N 10',
      '',
    ];
    const pairs = ['[TotalScoreTable "PairId;Direction;Names"]', '1 NS "陳大文;黃志強"', '2 EW "李嘉欣;梁家輝"'];
    const bytes = iconv.encode([...Array.from({ length: 1000 }, (_, i) => game(i + 1)).flat(), ...pairs].join('\r\n'), 'big5');
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const { event } = parsePbn(bytes);
    expect(event.name).toBe('台北市橋牌協會雙人賽');
    expect(event.contestants.map((c) => c.players.map((p) => p.name))).toEqual([['陳大文', '黃志強'], ['李嘉欣', '梁家輝']]);
  });
});

describe('hand records (DOMAIN §9.1 Board, Dealer, Vulnerable, Deal)', () => {
  it.each([
    ['None', 'NONE'],
    ['Love', 'NONE'],
    ['-', 'NONE'],
    ['NS', 'NS'],
    ['EW', 'EW'],
    ['All', 'BOTH'],
    ['Both', 'BOTH'],
    ['both', 'BOTH'],
  ])('reads Vulnerable "%s" as %s', (word, vulnerability) => {
    const board = parsePbn(`[Board "5"]\n[Vulnerable "${word}"]`).event.sessions[0].boards[0];
    expect(board.vulnerability).toBe(vulnerability);
  });

  it('keeps dealer and vulnerability null when the file does not state them (Law 2 then applies)', () => {
    const board = parsePbn('[Board "5"]\n[Dealer ""]').event.sessions[0].boards[0];
    expect(board).toEqual({ number: 5, dealer: null, vulnerability: null, deal: null, source: 'line 1' });
  });

  it.each(['Some', 'constructor', '__proto__'])('rejects Vulnerable "%s" and an impossible dealer, and keeps the board', (word) => {
    const { event, rejected } = parsePbn(`[Board "5"]\n[Dealer "X"]\n[Vulnerable "${word}"]`);
    expect(event.sessions[0].boards[0]).toMatchObject({ dealer: null, vulnerability: null });
    expect(rejected).toEqual([
      { source: 'line 2', reason: expect.stringMatching(/Dealer "X"/) },
      { source: 'line 3', reason: expect.stringMatching(`Vulnerable "${word}"`) },
    ]);
  });

  it.each([
    ['a deal given from North', DEAL, DEAL],
    ['a deal given from East, in lower case', 'e:akq2.t95.j87.a43 j854.aq2.q94.kq6 t9.k8763.ak2.j97 763.j4.t653.t852', 'N:763.J4.T653.T852 AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97'],
    ['a partial deal with "-" hands', 'N:AKQ2.T95.J87.A43 - - -', null],
    ['an empty deal', '', null],
  ])('reads %s', (_, text, deal) => {
    expect(parsePbn(`[Board "1"]\n[Deal "${text}"]`).event.sessions[0].boards[0].deal).toBe(deal);
  });

  it('merges the games of one board and refuses two different deals for it', () => {
    const same = pbn('[Board "1"]', `[Deal "${DEAL}"]`, '', '[Board "1"]', '[Dealer "E"]', `[Deal "${DEAL}"]`);
    expect(parsePbn(same).event.sessions[0].boards).toEqual([{ number: 1, dealer: 'E', vulnerability: null, deal: DEAL, source: 'line 1' }]);
    const other = same.replace(/\[Deal "N:(.*)"\]$/, '[Deal "E:$1"]');
    expect(fileErrorOf(() => parsePbn(other)).message).toMatch(/line 4: board 1 has a different deal/);
  });
});

describe('files that cannot be read (DOMAIN §9.1): FileFormatError naming the line', () => {
  const deal53 = 'N:AKQ2.T95.J87.A432 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852';
  it.each([
    ['a truncated tag value', pbn('[Event "Club"]', '[Board "1"]', '[Deal "N:AKQ2.T95'), 3, /value of tag Deal has no closing quote/],
    ['a tag not closed', pbn('[Board "1"', '[Dealer "N"]'), 1, /tag Board is not closed/],
    [
      'a table header with no closing quote',
      pbn('[Board "1"]', '[ScoreTable "PairId_NS;PairId_EW;Contract', '1 2 4H'),
      2,
      /value of tag ScoreTable has no closing quote/,
    ],
    ['commentary never closed', pbn('[Board "1"]', '{ half a note', '[Dealer "N"]'), 2, /commentary/],
    ['plain text, not PBN', 'Dear club members,\nthe results are attached.', 1, /outside a tag pair/],
    ['a CSV file', 'Board,NS,EW,Contract\n1,1,2,4H', 1, /outside a tag pair/],
    ['an empty file', '', 1, /no games/],
    ['only comments', '% PBN 2.1\n% EXPORT\n{ nothing here }\n', 1, /no games/],
    ['binary data', Buffer.from([0x5b, 0x42, 0x0a, 0x00, 0x01, 0x02, 0xff, 0xfe]), 2, /binary data/],
    ['a hand of 14 cards (53 in the deal)', pbn('[Board "1"]', `[Deal "${deal53}"]`), 2, /Deal .*14 cards/],
    ['a repeated card', pbn('[Board "1"]', '[Deal "N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T85A"]'), 2, /Deal .*must be in order|appears twice/],
    ['a card named twice across hands', pbn('[Board "1"]', '[Deal "N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 762.J4.T653.T852"]'), 2, /S2 appears twice/],
    ['a board number that is not one', pbn('[Board "one"]'), 1, /Board "one" is not a board number/],
    [
      'a table row missing values',
      traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', '1 2 4H N 10', '3 4 3NT'),
      6,
      /has 5 columns but this row has only 3 values/,
    ],
    ['a pair number that is not a number', traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', 'one 2 4H N 10'), 5, /PairId_NS "one" is not a pair number/],
    [
      'a ScoreTable pair missing from the TotalScoreTable',
      pbn(
        '[Board "1"]',
        '[TotalScoreTable "PairId;Names"]',
        '1 "Alice Archer;Bob Baker"',
        '2 "Carol Chen;Dan Drake"',
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]',
        '1 2 4H N 10',
        '1 7 4H N 10',
      ),
      7,
      /pair EW 7 is not in the TotalScoreTable/,
    ],
    ['a ScoreTable outside any board', pbn('[Event "x"]', '[ScoreTable "PairId_NS;PairId_EW"]', '1 2'), 2, /must belong to a game with a Board/],
  ])('%s', (_, text, line, message) => {
    const error = fileErrorOf(() => parsePbn(text));
    expect(error.location).toBe(`line ${line}`);
    expect(error.message).toMatch(`PBN file, line ${line}: `);
    expect(error.message).toMatch(message);
  });
});

describe('ScoreTable travellers (DOMAIN §9.1 result tables)', () => {
  const played = (fields: Partial<InterchangeLine>): InterchangeLine => ({
    section: 'A',
    board: 1,
    round: null,
    table: null,
    nsPair: 1,
    ewPair: 2,
    contract: '4H',
    declarer: 'N',
    tricks: 10,
    lead: null,
    artificial: null,
    notPlayed: false,
    figures: {},
    source: 'line 5',
    ...fields,
  });

  it('reads columns by name, in any order and with widths, never by position', () => {
    const a = linesOf(traveller('PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R', ' 1  2 4H   N 10'));
    const b = linesOf(traveller('-Result;Declarer;+Contract;Multiplicity;PairId_EW;PairId_NS', '10 N 4H 1 2 1'));
    expect(a).toEqual([played({})]);
    expect(b).toEqual(a);
  });

  it('reads rows by column count, even when a row spans lines (import format)', () => {
    expect(linesOf(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', '1 2', '4H N 10'))).toEqual([played({})]);
  });

  it.each([
    ['10', 10],
    ['=', 10],
    ['+1', 11],
    ['-2', 8],
    ['0', 0],
  ])('reads Result %s on 4H as %i tricks', (result, tricks) => {
    expect(linesOf(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', `1 2 4h n ${result}`))[0].tricks).toBe(tricks);
  });

  it.each([
    ['Pass - -', { contract: 'PASS', declarer: null, tricks: null }],
    ['PASS N 0', { contract: 'PASS', declarer: null, tricks: null }],
    ['3NTX W 7', { contract: '3NTX', declarer: 'W', tricks: 7 }],
    ['6SXX ^E 12', { contract: '6SXX', declarer: 'E', tricks: 12 }],
  ])('reads "%s"', (cells, expected) => {
    expect(linesOf(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', `1 2 ${cells}`))[0]).toMatchObject(expected);
  });

  it('rejects lines it cannot read, with their line numbers, and imports the rest', () => {
    const text = traveller(
      'PairId_NS;PairId_EW;Contract;Declarer;Result',
      '1 2 9H N 10',
      '3 4 4H N 14',
      '5 6 4H - 10',
      '7 8 4H X 10',
      '9 10 4H N -',
      '11 12 4H N 10',
      '- 14 4H N 10',
    );
    const { event, rejected } = parsePbn(text);
    expect(event.sessions[0].lines.map((l) => l.source)).toEqual(['line 10']);
    expect(rejected).toEqual([
      { source: 'line 5', reason: expect.stringMatching(/Level must be 1–7, got 9/) },
      { source: 'line 6', reason: expect.stringMatching(/0 to 13/) },
      { source: 'line 7', reason: 'no declarer' },
      { source: 'line 8', reason: 'declarer "X" is not N, E, S or W' },
      { source: 'line 9', reason: 'no result (tricks taken)' },
      { source: 'line 11', reason: expect.stringMatching(/no NS or no EW pair/) },
    ]);
  });

  it('puts the file’s own figures into figures, with % signs and decimal commas, never computing any', () => {
    const header = 'PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW;IMP_NS;IMP_EW';
    const [a, b, c] = linesOf(traveller(header, '1 2 4H N 10 420 - 7,5 4.5 62,5% 37.5% 3 -3', '3 4 4H N 9 - 50 - - - - - -', '5 6 4H N 10 999 - 0 12 0 100 +1 -1'));
    expect(a.figures).toEqual({ nsScore: 420, nsMatchpoints: 7.5, ewMatchpoints: 4.5, nsPercentage: 62.5, ewPercentage: 37.5, nsImps: 3, ewImps: -3 });
    expect(b.figures).toEqual({ nsScore: -50 });
    expect(c.figures).toEqual({ nsScore: 999, nsMatchpoints: 0, ewMatchpoints: 12, nsPercentage: 0, ewPercentage: 100, nsImps: 1, ewImps: -1 });
  });

  it.each([
    ['^A+ ^A-', { ns: 'A+', ew: 'A-' }],
    ['^A ^A', { ns: 'A', ew: 'A' }],
    ['^A- -', { ns: 'A-', ew: 'A+' }],
    ['- ^Ave+', { ns: 'A-', ew: 'A+' }],
  ])('reads an artificial score (Law 12C2) "%s"', (scores, artificial) => {
    const [line] = linesOf(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW', `1 2 - - - ${scores}`));
    expect(line).toMatchObject({ contract: null, declarer: null, tricks: null, artificial, notPlayed: false });
  });

  it('reads a row with no contract and no score as not played, and refuses an assigned score without a contract', () => {
    const { event, rejected } = parsePbn(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW', '1 2 - - - - -', '3 4 - - - 300 -'));
    expect(event.sessions[0].lines).toEqual([played({ contract: null, declarer: null, tricks: null, notPlayed: true })]);
    expect(rejected).toEqual([{ source: 'line 6', reason: expect.stringMatching(/assigned score/) }]);
  });

  it('reads section, round, table and lead; quoted names may hold spaces', () => {
    const [line] = linesOf(traveller('Section;Round;Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Names_NS;Names_EW', 'B 3 4 1 2 4H N 10 SQ "Alice Archer;Bob Baker" "Carol Chen;Dan Drake"'));
    expect(line).toEqual(played({ section: 'B', round: 3, table: 4, lead: 'SQ' }));
  });
});

describe('contestants (DOMAIN §9.1: PairId refers to the TotalScoreTable)', () => {
  const { event, rejected } = parsePbn(FIXTURE);

  it('reads the ranking with the file’s own figures, players and member numbers', () => {
    expect(rejected).toEqual([]);
    expect(event.contestants).toHaveLength(6);
    expect(event.contestants[0]).toEqual({
      section: 'A',
      number: 1,
      direction: 'NS',
      name: null,
      players: [
        { name: 'Alice Archer', memberNumber: '10001' },
        { name: 'Bob Baker', memberNumber: '10002' },
      ],
      figures: { place: '1', score: 3, percentage: 75, boardsPlayed: 2 },
      source: 'line 22',
    });
    expect(event.contestants[3].players).toEqual([
      { name: 'Grace Gill', memberNumber: null },
      { name: 'Hugo Hart', memberNumber: null },
    ]);
    expect(event.contestants.map((c) => [c.section, c.number, c.direction, c.figures.place])).toEqual([
      ['A', 1, 'NS', '1'],
      ['A', 2, 'NS', '2'],
      ['A', 1, 'EW', '1'],
      ['A', 2, 'EW', '2'],
      ['B', 1, 'NS', '1='],
      ['B', 1, 'EW', '1='],
    ]);
  });

  it('reads the rest of the fixture: event facts, boards and lines', () => {
    expect(event).toMatchObject({
      format: 'PBN',
      name: 'Spring Pairs',
      date: '2024-03-14',
      kind: 'PAIRS',
      scoring: 'MATCHPOINTS',
      club: { name: 'Riverside Bridge Club', id: null },
      generator: 'Hand-written test fixture 1.0',
    });
    const [session] = event.sessions;
    expect(session.sections).toEqual([
      { letter: 'A', tables: null, movement: null },
      { letter: 'B', tables: null, movement: null },
    ]);
    expect(session.boards.map((b) => [b.number, b.dealer, b.vulnerability])).toEqual([
      [1, 'N', 'NONE'],
      [2, 'E', 'NS'],
    ]);
    expect(session.lines.map((l) => [l.section, l.board, l.nsPair, l.ewPair, l.contract, l.declarer, l.tricks, l.source])).toEqual([
      ['A', 1, 1, 1, '4H', 'S', 10, 'line 29'],
      ['A', 1, 2, 1, '4H', 'S', 9, 'line 30'],
      ['B', 1, 1, 1, '3NT', 'N', 9, 'line 31'],
      ['A', 2, 1, 1, '2S', 'W', 7, 'line 50'],
      ['A', 2, 2, 1, 'PASS', null, null, 'line 51'],
      ['B', 2, 1, 1, null, null, null, 'line 52'],
    ]);
    expect(session.lines[5].artificial).toEqual({ ns: 'A+', ew: 'A-' });
    expect(session.lines[0].figures).toEqual({ nsScore: 420, nsMatchpoints: 1, ewMatchpoints: 0, nsPercentage: 100, ewPercentage: 0 });
  });

  it.each([
    ['MP', 'PairId', 'MATCHPOINTS', 'PAIRS', 1],
    ['IMP;Butler', 'PairId', 'BUTLER', 'PAIRS', 2],
    ['IMP', 'TeamId', 'TEAMS_IMPS', 'TEAMS', 3],
  ])('reads the total of a %s event from the column in its unit', (scoring, id, method, kind, score) => {
    const { event } = parsePbn(pbn(`[Scoring "${scoring}"]`, `[TotalScoreTable "${id};TotalScoreMP;TotalScoreIMP;TotalScoreVP"]`, '1 1 2 3'));
    expect(event.kind).toBe(kind);
    expect(event.scoring).toBe(method);
    expect(event.contestants[0].figures.score).toBe(score);
  });

  it('carries a teams event in victory points: TotalScoreVP then, TotalScoreIMP otherwise', () => {
    const team = (number: number, vp: number): InterchangeContestant => ({ section: null, number, direction: null, name: `Team ${number}`, players: [], figures: { score: vp }, source: '' });
    const teams: InterchangeEvent = {
      format: 'PBN',
      name: 'Teams',
      date: '2024-03-14',
      kind: 'TEAMS',
      scoring: 'TEAMS_IMPS',
      club: null,
      generator: null,
      victoryPoints: true,
      contestants: [team(1, 12.5), team(2, 7.5)],
      sessions: [],
    };
    const printed = printPbn(teams);
    expect(printed).toContain('TotalScoreVP');
    expect(parsePbn(printed).event.victoryPoints).toBe(true);
    const inImps = printPbn({ ...teams, victoryPoints: undefined });
    expect(inImps).toContain('TotalScoreIMP');
    expect(parsePbn(inImps).event.victoryPoints).toBeUndefined();
  });

  it('carries a board-a-match teams event as Scoring "BAM", and reads it back so', () => {
    const parsed = parsePbn('[Event "BAM"]\n[Competition "Teams"]\n[Scoring "BAM"]\n[Board "1"]\n[HomeTeam "Aces"]\n[VisitTeam "Kings"]\n').event;
    expect(parsed).toMatchObject({ kind: 'TEAMS', scoring: 'TOTAL_POINTS', boardAMatch: true });
    const printed = printPbn({ ...parsed, format: 'PBN' });
    expect(printed).toContain('[Scoring "BAM"]');
    expect(printPbn({ ...parsed, boardAMatch: undefined })).toContain('[Scoring "TotalPoints"]');
    // A pairs file saying BAM has no Traveller method.
    expect(parsePbn('[Scoring "BAM"]\n[Board "1"]').event).toMatchObject({ kind: 'PAIRS', scoring: null });
  });

  it('reads the PBN 2.0 column names and decimal commas', () => {
    const { event } = parsePbn(pbn('[TotalScoreTable "PairId;TotalMP;TotalPercentage"]', '1 42,5 55,25%'));
    expect(event.contestants[0].figures).toEqual({ score: 42.5, percentage: 55.25 });
  });

  it('reads names as players ("A;B") or as a partnership name, and TeamName for teams', () => {
    const text = pbn(
      '[TotalScoreTable "TeamId;TeamName;Names;MemberID1;MemberID2;MemberID3"]',
      '1 "The Owls" "Alice Archer;Bob Baker;Carol Chen" 11 12 13',
      '2 - "Dan Drake" - - -',
      '3 "Lions" - - - -',
    );
    expect(parsePbn(text).event.contestants.map((c) => [c.name, c.players])).toEqual([
      [
        'The Owls',
        [
          { name: 'Alice Archer', memberNumber: '11' },
          { name: 'Bob Baker', memberNumber: '12' },
          { name: 'Carol Chen', memberNumber: '13' },
        ],
      ],
      ['Dan Drake', []],
      ['Lions', []],
    ]);
  });

  it('derives pairs from the travellers when there is no ranking: a two-winner Mitchell numbers NS and EW apart', () => {
    const { event } = parsePbn(
      traveller(
        'Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Names_NS;Names_EW',
        'A 1 1 4H N 10 "Alice Archer;Bob Baker" "Carol Chen;Dan Drake"',
        'A 2 1 4H N 10 "Erin Evans;Frank Fox" -',
        'B 1 2 4H N 10 Ivy-Irwin Kim-Kerr',
      ),
    );
    expect(event.contestants.map((c) => [c.section, c.number, c.direction, c.name, c.players.map((p) => p.name), c.figures, c.source])).toEqual([
      ['A', 1, 'NS', null, ['Alice Archer', 'Bob Baker'], {}, 'line 5'],
      ['A', 1, 'EW', null, ['Carol Chen', 'Dan Drake'], {}, 'line 5'],
      ['A', 2, 'NS', null, ['Erin Evans', 'Frank Fox'], {}, 'line 6'],
      ['B', 1, null, 'Ivy-Irwin', [], {}, 'line 7'],
      ['B', 2, null, 'Kim-Kerr', [], {}, 'line 7'],
    ]);
  });

  it('keeps one field when pairs change direction (a Howell) and the file has no sections', () => {
    const { event } = parsePbn(traveller('PairId_NS;PairId_EW;Contract;Declarer;Result', '1 2 4H N 10', '2 3 4H N 10', '3 1 4H N 10'));
    expect(event.contestants.map((c) => [c.section, c.number, c.direction])).toEqual([
      [null, 1, null],
      [null, 2, null],
      [null, 3, null],
    ]);
    expect(event.sessions[0].lines.map((l) => l.section)).toEqual(['A', 'A', 'A']);
  });

  it('takes the direction from a Direction column in the ranking', () => {
    const { event } = parsePbn(pbn('[TotalScoreTable "PairId;Direction"]', '1 N-S', '1 E-W', '2 -'));
    expect(event.contestants.map((c) => c.direction)).toEqual(['NS', 'EW', null]);
  });
});

describe('single-result games (DOMAIN §9.1 Contract, Declarer, Result tags)', () => {
  const game = (board: number, north: string, east: string, contract: string, declarer: string, result: string, extra: string[] = []) =>
    pbn(
      `[Board "${board}"]`,
      `[West "${east}"]`,
      `[North "${north}"]`,
      `[East "${east}"]`,
      `[South "${north}"]`,
      '[Scoring "IMP"]',
      `[Declarer "${declarer}"]`,
      `[Contract "${contract}"]`,
      `[Result "${result}"]`,
      ...extra,
    );

  it('numbers pairs by their first appearance when the file has no pair numbers', () => {
    const text = [game(1, 'Pair-7', 'Pair-3', '4H', 'N', '10'), game(1, 'Pair-5', 'Pair-7', '3NT', 'E', '9'), game(2, 'Pair-3', 'Pair-5', 'Pass', '', '')].join('\n\n');
    const { event, rejected } = parsePbn(text);
    expect(rejected).toEqual([]);
    expect(event.scoring).toBe('IMPS_ACROSS_FIELD');
    expect(event.sessions[0].lines.map((l) => [l.board, l.nsPair, l.ewPair, l.contract, l.declarer, l.tricks, l.source])).toEqual([
      [1, 1, 2, '4H', 'N', 10, 'line 8'],
      [1, 3, 1, '3NT', 'E', 9, 'line 18'],
      [2, 2, 3, 'PASS', null, null, 'line 28'],
    ]);
    expect(event.contestants.map((c) => [c.number, c.direction, c.name])).toEqual([
      [1, null, 'Pair-7'],
      [2, null, 'Pair-3'],
      [3, null, 'Pair-5'],
    ]);
  });

  it('names a pair by its two players when the seats hold different names, in either seat order', () => {
    const first = game(1, 'x', 'y', '4H', 'N', '10').replace('[North "x"]', '[North "alice"]').replace('[South "x"]', '[South "bob"]');
    const second = game(2, 'x', 'y', '4H', 'N', '10').replace('[North "x"]', '[North "bob"]').replace('[South "x"]', '[South "alice"]');
    const { event } = parsePbn(`${first}\n\n${second}`);
    expect(event.sessions[0].lines.map((l) => [l.nsPair, l.ewPair])).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(event.contestants[0].players.map((p) => p.name)).toEqual(['alice', 'bob']);
  });

  it('uses pair-number, section, round and table tags when present, and the Score tags as figures', () => {
    const extra = ['[Section "C"]', '[Round "2"]', '[Table "4"]', '[PairId_NS "11"]', '[PairId_EW "12"]', '[Score "NS 420"]', '[ScoreIMP "NS 3.5 EW -3.5"]', '[Play "W"]', 'SQ S2 SA S4'];
    const [line] = linesOf(game(1, 'Pair-1', 'Pair-2', '4H', 'N', '10', extra));
    expect(line).toMatchObject({ section: 'C', round: 2, table: 4, nsPair: 11, ewPair: 12, lead: 'SQ', figures: { nsScore: 420, nsImps: 3.5, ewImps: -3.5 } });
  });

  it('rejects a relative Result tag (it is tricks taken) and a game that names players but gives no contract', () => {
    const text = [game(1, 'Pair-1', 'Pair-2', '4H', 'N', '+1'), game(2, 'Pair-1', 'Pair-2', '', '', ''), game(3, 'Pair-1', 'Pair-2', '4H', 'N', '10')].join('\n\n');
    const { event, rejected } = parsePbn(text);
    expect(event.sessions[0].lines).toHaveLength(1);
    expect(rejected).toEqual([
      { source: 'line 8', reason: expect.stringMatching(/Result "\+1" must be the number of tricks/) },
      { source: 'line 18', reason: expect.stringMatching(/board 2: .* no contract/) },
    ]);
  });

  it('reads team matches from HomeTeam, VisitTeam and Room: the home team sits EW in the closed room', () => {
    const teams = (room: string) => ['[HomeTeam "Owls"]', '[VisitTeam "Lions"]', `[Room "${room}"]`];
    const text = [game(1, 'a', 'b', '4H', 'N', '10', teams('Open')), game(1, 'c', 'd', '4H', 'N', '9', teams('Closed'))].join('\n\n');
    const { event } = parsePbn(text);
    expect(event.kind).toBe('TEAMS');
    expect(event.scoring).toBe('TEAMS_IMPS');
    expect(event.sessions[0].lines.map((l) => [l.nsPair, l.ewPair])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(event.contestants.map((c) => c.name)).toEqual(['Owls', 'Lions']);
  });
});

describe('event facts (DOMAIN §9.1 Event, Site, Date, Scoring, Generator)', () => {
  it.each<[string, ScoringInFile | null]>([
    ['MP', 'MATCHPOINTS'],
    ['MatchPoints', 'MATCHPOINTS'],
    ['MP2', 'MATCHPOINTS'],
    ['IMP', 'IMPS_ACROSS_FIELD'],
    ['Butler', 'BUTLER'],
    ['IMP;Butler', 'BUTLER'],
    ['Cross-IMPs', 'CROSS_IMPS'],
    ['IMP;Cross', 'CROSS_IMPS'],
    ['X-IMP', 'CROSS_IMPS'],
    ['TotalPoints', 'TOTAL_POINTS'],
    ['BAM', null],
    ['Rubber', null],
    ['', null],
  ])('reads Scoring "%s" as %s', (word, scoring) => {
    expect(parsePbn(`[Scoring "${word}"]\n[Board "1"]`).event.scoring).toBe(scoring);
  });

  it.each([
    ['2025.12.23', '2025-12-23'],
    ['2013-08-10 19:19', '2013-08-10'],
    ['2025.??.??', null],
    ['????.??.??', null],
    ['2025.02.30', null],
    ['', null],
  ])('reads Date "%s" as %s', (text, date) => {
    expect(parsePbn(`[Date "${text}"]\n[Board "1"]`).event.date).toBe(date);
  });

  it('takes the first day of play, or EventDate when given', () => {
    const games = pbn('[Date "2024.03.15"]', '[Board "1"]', '', '[Date "2024.03.14"]', '[Board "2"]');
    expect(parsePbn(games).event.date).toBe('2024-03-14');
    expect(parsePbn(`[EventDate "2024.03.01"]\n${games}`).event.date).toBe('2024-03-01');
  });

  it.each([
    ['a % Creator header', '%Creator: ScoreProgram 2.3\n[Generator "Dealer 1.0"]\n[Board "1"]', 'ScoreProgram 2.3'],
    ['a % Generator header', '% Generator ScoreProgram 2.3\n[Board "1"]', 'ScoreProgram 2.3'],
    ['the Generator tag', '[Generator "Dealer 1.0"]\n[Board "1"]', 'Dealer 1.0'],
    ['nothing', '[Board "1"]', null],
  ])('takes the generator from %s', (_, text, generator) => {
    expect(parsePbn(text).event.generator).toBe(generator);
  });

  it('falls back on BridgeComposer title headers when the tags are empty', () => {
    const text = pbn('%HRTitleEvent "Autumn Pairs"', '%HRTitleSite "Hilltop Club"', '%HRTitleDate 2022.10.19', '[Event ""]', '[Site ""]', '[Board "1"]');
    expect(parsePbn(text).event).toMatchObject({ name: 'Autumn Pairs', club: { name: 'Hilltop Club', id: null }, date: '2022-10-19' });
  });

  it.each<[string, EventKindInFile]>([
    ['[Board "1"]', 'PAIRS'],
    ['[Competition "Individuals"]\n[Board "1"]', 'INDIVIDUAL'],
    ['[Competition "Teams"]\n[Board "1"]', 'TEAMS'],
    ['[Room "Open"]\n[Board "1"]', 'TEAMS'],
    ['[TotalScoreTable "TeamId;TotalScoreVP"]\n1 12.5', 'TEAMS'],
  ])('recognises the kind of %j as %s', (text, kind) => {
    expect(parsePbn(text).event.kind).toBe(kind);
  });
});

describe('printPbn: a PBN 2.1 export (DOMAIN §9.1 mandatory tags in export order)', () => {
  const pair = (number: number, direction: 'NS' | 'EW' | null, players: string[], figures: ContestantFigures): InterchangeContestant => ({
    section: null,
    number,
    direction,
    name: null,
    players: players.map((name) => ({ name, memberNumber: null })),
    figures,
    source: '',
  });
  const line = (board: number, ns: number, ew: number, contract: string, declarer: Seat, tricks: number, figures: LineFigures): InterchangeLine => ({
    section: 'A',
    board,
    round: null,
    table: null,
    nsPair: ns,
    ewPair: ew,
    contract,
    declarer,
    tricks,
    lead: null,
    artificial: null,
    notPlayed: false,
    figures,
    source: '',
  });
  const event: InterchangeEvent = {
    format: 'PBN',
    name: 'Club "Night"',
    date: '2024-03-14',
    kind: 'PAIRS',
    scoring: 'MATCHPOINTS',
    club: { name: 'Riverside Bridge Club', id: null },
    generator: 'Traveller',
    contestants: [pair(1, null, ['Alice Archer', 'Bob Baker'], { place: '1', score: 1, percentage: 100 }), pair(2, null, ['Carol Chen'], { place: '2', score: 0, percentage: 0 })],
    sessions: [
      {
        number: 1,
        sections: [{ letter: 'A', tables: null, movement: null }],
        boards: [
          { number: 2, dealer: null, vulnerability: null, deal: null, source: '' },
          { number: 1, dealer: 'W', vulnerability: 'BOTH', deal: DEAL, source: '' },
        ],
        lines: [line(1, 1, 2, '4H', 'N', 10, { nsScore: 420, nsMatchpoints: 1, ewMatchpoints: 0 }), line(2, 2, 1, '3NT', 'E', 8, { nsScore: 100 })],
      },
    ],
  };
  const text = printPbn(event);
  const rows = text.split('\r\n');

  it('writes the export header, then one game per board in board order', () => {
    expect(rows.slice(0, 4)).toEqual(['% PBN 2.1', '% EXPORT', '% Content-type: text/x-pbn; charset=UTF-8', '% Creator: Traveller']);
    expect(rows.filter((r) => r.startsWith('[Board '))).toEqual(['[Board "1"]', '[Board "2"]']);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes the mandatory tags in export order, escaping quotes', () => {
    const names = rows.slice(5, 20).map((r) => /^\[(\w+) /.exec(r)?.[1]);
    expect(names).toEqual(['Event', 'Site', 'Date', 'Board', 'West', 'North', 'East', 'South', 'Dealer', 'Vulnerable', 'Deal', 'Scoring', 'Declarer', 'Contract', 'Result']);
    expect(rows[5]).toBe('[Event "Club \\"Night\\""]');
    expect(rows).toContain('[Date "2024.03.14"]');
    expect(rows).toContain('[Scoring "MP"]');
  });

  it('keeps the mandatory tags together and in order when a board has its double-dummy tables', () => {
    const solved: InterchangeEvent = {
      ...event,
      sessions: [{ ...event.sessions[0], boards: [{ number: 1, dealer: 'W', vulnerability: 'BOTH', deal: DEAL, source: '', doubleDummy: Array.from({ length: 20 }, () => 7) }] }],
    };
    const game = printPbn(solved).split('\r\n\r\n')[1].split('\r\n');
    expect(game.slice(0, 15).map((r) => /^\[(\w+) /.exec(r)?.[1])).toEqual(['Event', 'Site', 'Date', 'Board', 'West', 'North', 'East', 'South', 'Dealer', 'Vulnerable', 'Deal', 'Scoring', 'Declarer', 'Contract', 'Result']);
    expect(game).toContain('[DoubleDummyTricks "77777777777777777777"]');
  });

  it('uses Law 2 for dealer and vulnerability when the board does not give them', () => {
    const board2 = text.split('\r\n\r\n')[2];
    expect(board2).toContain(`[Dealer "${boardInfo(2).dealer}"]`);
    expect(board2).toContain('[Vulnerable "NS"]');
    expect(text.split('\r\n\r\n')[1]).toContain('[Vulnerable "All"]');
  });

  it('writes the ranking in the first game only and a ScoreTable with MPs for a matchpointed event', () => {
    expect(rows.filter((r) => r.startsWith('[TotalScoreTable'))).toEqual(['[TotalScoreTable "Rank\\1R;PairId\\1R;Names\\24L;TotalScoreMP\\1R;TotalPercentage\\3R"]']);
    expect(rows).toContain('1 1 "Alice Archer;Bob Baker" 1 100');
    expect(rows).toContain('2 2 "Carol Chen;"            0   0');
    const header = rows.find((r) => r.startsWith('[ScoreTable'));
    expect(header).toMatch(/PairId_NS.*PairId_EW.*Contract.*Declarer.*Result.*Score_NS.*Score_EW.*MP_NS.*MP_EW.*Names_NS.*Names_EW/);
    expect(rows).toContain('2 1 3NT E 8 100 - - - "Carol Chen;" "Alice Archer;Bob Baker"');
  });

  it('reads back what it wrote', () => {
    const { event: read, rejected } = parsePbn(text);
    expect(rejected).toEqual([]);
    expect(withoutSources(read)).toEqual(carriedByPbn(event));
  });

  it('marks sessions with a Stage tag and writes IMP columns for an IMP event', () => {
    const twoSessions: InterchangeEvent = {
      ...event,
      scoring: 'BUTLER',
      sessions: [event.sessions[0], { ...event.sessions[0], number: 2 }],
    };
    const printed = printPbn(twoSessions);
    expect(printed.match(/\[Stage "Session \d"\]/g)).toEqual(['[Stage "Session 1"]', '[Stage "Session 1"]', '[Stage "Session 2"]', '[Stage "Session 2"]']);
    expect(printed).toContain('[Scoring "IMP;Butler"]');
    expect(printed).toMatch(/IMP_NS.*IMP_EW/);
    expect(withoutSources(parsePbn(printed).event)).toEqual(carriedByPbn(twoSessions));
  });

  it('still writes one game for an event with no boards', () => {
    const bare: InterchangeEvent = { ...event, sessions: [] };
    expect(withoutSources(parsePbn(printPbn(bare)).event)).toEqual(carriedByPbn(bare));
  });

  it('reads back the hand-written fixture after printing it', () => {
    const read = parsePbn(FIXTURE).event;
    expect(withoutSources(parsePbn(printPbn(read)).event)).toEqual(carriedByPbn(read));
  });
});

// ───────────── round trips with generated events ─────────────

/** Sources are line numbers of the file read, so a printed file has its own. */
function withoutSources(event: InterchangeEvent): InterchangeEvent {
  return {
    ...event,
    contestants: event.contestants.map((c) => ({ ...c, source: '' })),
    sessions: event.sessions.map((s) => ({
      ...s,
      boards: s.boards.map((b) => ({ ...b, source: '' })),
      lines: s.lines.map((l) => ({ ...l, source: '' })),
    })),
  };
}

/**
 * What PBN can carry of an event. It cannot carry: a club id (PBN has only Site); section table
 * counts and movements (PBN has no section list: sections are the letters the lines show); a board
 * without dealer or vulnerability (the export states Law 2's); PBN's plain "IMP" means team IMPs in a
 * team event and IMPs across the field otherwise. Boards and lines come back in board order.
 */
function carriedByPbn(event: InterchangeEvent): InterchangeEvent {
  const teams = event.kind === 'TEAMS';
  const scoring = teams && event.scoring === 'IMPS_ACROSS_FIELD' ? 'TEAMS_IMPS' : !teams && event.scoring === 'TEAMS_IMPS' ? 'IMPS_ACROSS_FIELD' : event.scoring;
  return withoutSources({
    ...event,
    scoring,
    club: event.club?.name ? { name: event.club.name, id: null } : null,
    sessions: [...event.sessions]
      .sort((a, b) => a.number - b.number)
      .map((s) => {
        const boards = [...s.boards].sort((a, b) => a.number - b.number);
        const lines = [...s.lines].sort((a, b) => a.board - b.board);
        return {
          ...s,
          sections: [...new Set(lines.map((l) => l.section))].sort().map((letter) => ({ letter, tables: null, movement: null })),
          boards: boards.map((b) => ({
            ...b,
            dealer: b.dealer ?? boardInfo(b.number).dealer,
            vulnerability: b.vulnerability ?? boardInfo(b.number).vulnerability,
          })),
          lines,
        };
      }),
  });
}

/** Text PBN can hold in a tag or string token: one line, trimmed, no ";" (it separates names), not the "#" or "?" markers. */
const tagText = fc
  .string({ unit: fc.constantFrom(...'abcxyzABCXYZ019 -.\'",&\\éßŁ{}[]%'.split('')), minLength: 1, maxLength: 16 })
  .map((s) => s.trim())
  .filter((s) => s !== '' && s !== '#' && s !== '?' && s !== '-');

const isoDay = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const figureValue = fc.integer({ min: -200000, max: 200000 }).map((n) => n / 100);

const RANKS = 'AKQJT98765432';
const CARDS = ['S', 'H', 'D', 'C'].flatMap((suit) => [...RANKS].map((rank) => suit + rank));

/** A random complete deal in canonical form: a shuffled pack dealt 13 to each seat from North. */
const dealArb = fc.shuffledSubarray(CARDS, { minLength: 52, maxLength: 52 }).map((pack) => {
  const deal = {} as Record<Seat, Hand>;
  SEATS.forEach((seat, k) => {
    const hand = pack.slice(13 * k, 13 * k + 13);
    const suit = (s: string) =>
      hand
        .filter((c) => c[0] === s)
        .map((c) => c[1])
        .sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b))
        .join('');
    deal[seat] = [suit('S'), suit('H'), suit('D'), suit('C')];
  });
  return formatDeal(deal as Deal);
});

const playerArb: fc.Arbitrary<InterchangePlayer> = fc.record({ name: tagText, memberNumber: fc.option(fc.oneof(fc.stringMatching(/^[0-9]{1,7}$/), tagText)) });

const whoArb = fc.record({ name: fc.option(tagText), players: fc.array(playerArb, { maxLength: 4 }) });

const contestantFiguresArb: fc.Arbitrary<ContestantFigures> = fc.record(
  {
    place: fc.tuple(fc.integer({ min: 1, max: 40 }), fc.boolean()).map(([n, tie]) => `${n}${tie ? '=' : ''}`),
    score: figureValue,
    percentage: figureValue,
    boardsPlayed: fc.integer({ min: 0, max: 99 }),
  },
  { requiredKeys: [] },
);

const lineFiguresArb: fc.Arbitrary<LineFigures> = fc.record(
  {
    nsScore: fc.integer({ min: -760, max: 760 }).map((n) => n * 10),
    nsMatchpoints: figureValue,
    ewMatchpoints: figureValue,
    nsPercentage: figureValue,
    ewPercentage: figureValue,
    nsImps: figureValue,
    ewImps: figureValue,
  },
  { requiredKeys: [] },
);

const artificialArb = fc.constantFrom<ArtificialCode>('A+', 'A', 'A-');

type Outcome = Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'artificial' | 'notPlayed'>;

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  fc
    .record({
      level: fc.integer({ min: 1, max: 7 }),
      strain: fc.constantFrom('C', 'D', 'H', 'S', 'NT'),
      doubling: fc.constantFrom('', 'X', 'XX'),
      declarer: fc.constantFrom<Seat>(...SEATS),
      tricks: fc.integer({ min: 0, max: 13 }),
    })
    .map((p) => ({ contract: `${p.level}${p.strain}${p.doubling}`, declarer: p.declarer, tricks: p.tricks, artificial: null, notPlayed: false })),
  fc.constant({ contract: 'PASS', declarer: null, tricks: null, artificial: null, notPlayed: false }),
  fc.record({ ns: artificialArb, ew: artificialArb }).map((artificial) => ({ contract: null, declarer: null, tricks: null, artificial, notPlayed: false })),
  fc.constant({ contract: null, declarer: null, tricks: null, artificial: null, notPlayed: true }),
);

const lineSeedArb = fc.record({
  section: fc.nat(),
  ns: fc.nat(),
  ew: fc.nat(),
  round: fc.option(fc.integer({ min: 1, max: 30 })),
  table: fc.option(fc.integer({ min: 1, max: 30 })),
  lead: fc.option(fc.constantFrom(...CARDS)),
  outcome: outcomeArb,
  figures: lineFiguresArb,
});

const boardSeedArb = fc.record({
  dealer: fc.option(fc.constantFrom<Seat>(...SEATS)),
  vulnerability: fc.option(fc.constantFrom('NONE' as const, 'NS' as const, 'EW' as const, 'BOTH' as const)),
  deal: fc.option(dealArb),
  lines: fc.array(lineSeedArb, { maxLength: 3 }),
});

const sessionSeedArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 36 }), { minLength: 1, maxLength: 3 })
  .chain((numbers) => fc.tuple(fc.constant(numbers), fc.array(boardSeedArb, { minLength: numbers.length, maxLength: numbers.length })));

const SCORINGS: ScoringInFile[] = ['MATCHPOINTS', 'IMPS_ACROSS_FIELD', 'BUTLER', 'CROSS_IMPS', 'TEAMS_IMPS', 'TOTAL_POINTS'];

/** Events whose lines name only contestants the event has: the shape a scoring program exports. */
const eventArb: fc.Arbitrary<InterchangeEvent> = fc
  .record({
    name: fc.option(tagText),
    date: fc.option(isoDay),
    kind: fc.constantFrom<EventKindInFile>('PAIRS', 'TEAMS', 'INDIVIDUAL'),
    scoring: fc.option(fc.constantFrom(...SCORINGS)),
    club: fc.option(tagText),
    generator: fc.option(tagText),
    sectioned: fc.boolean(),
    twoWinner: fc.boolean(),
    perSection: fc.integer({ min: 1, max: 4 }),
    whos: fc.array(whoArb, { minLength: 16, maxLength: 16 }),
    figures: fc.array(contestantFiguresArb, { minLength: 16, maxLength: 16 }),
    sessions: fc.array(sessionSeedArb, { minLength: 1, maxLength: 3 }),
  })
  .map((seed) => {
    const letters = seed.sectioned ? ['A', 'B'] : [null];
    const directions = seed.twoWinner ? (['NS', 'EW'] as const) : [null];
    const contestants: InterchangeContestant[] = [];
    for (const section of letters) {
      for (let number = 1; number <= seed.perSection; number++) {
        for (const direction of directions) {
          const k = contestants.length;
          contestants.push({ section, number, direction, ...seed.whos[k], figures: seed.figures[k], source: '' });
        }
      }
    }
    const sessions = seed.sessions.map(([numbers, boardSeeds], s) => {
      const boards: InterchangeBoard[] = numbers
        .map((number, k) => ({ number, dealer: boardSeeds[k].dealer, vulnerability: boardSeeds[k].vulnerability, deal: boardSeeds[k].deal, source: '' }))
        .sort((a, b) => a.number - b.number);
      const lines = boards.flatMap((board) =>
        boardSeeds[numbers.indexOf(board.number)].lines.map((l): InterchangeLine => {
          // PBN carries an artificial score in the Score columns and a not-played line has none.
          const figures = l.outcome.contract === null ? { ...l.figures, nsScore: undefined } : l.figures;
          return {
            section: letters[l.section % letters.length] ?? 'A',
            board: board.number,
            round: l.round,
            table: l.table,
            nsPair: 1 + (l.ns % seed.perSection),
            ewPair: 1 + (l.ew % seed.perSection),
            ...l.outcome,
            lead: l.lead,
            figures: JSON.parse(JSON.stringify(figures)) as LineFigures,
            source: '',
          };
        }),
      );
      return { number: s + 1, sections: [], boards, lines };
    });
    return {
      format: 'PBN' as const,
      name: seed.name,
      date: seed.date,
      kind: seed.kind,
      scoring: seed.scoring,
      club: seed.club === null ? null : { name: seed.club, id: null },
      generator: seed.generator,
      contestants,
      sessions,
    };
  });

describe('round trips: parsePbn(printPbn(e)) keeps what PBN can carry (DOMAIN §9.1)', () => {
  it('for generated events, read from the printed bytes', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const { event: read, rejected } = parsePbn(Buffer.from(printPbn(event), 'utf8'));
        expect(rejected).toEqual([]);
        expect(withoutSources(read)).toEqual(carriedByPbn(event));
      }),
      { numRuns: 300 },
    );
  });

  it('printing what was read prints the same file again', () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const once = printPbn(event);
        expect(printPbn(parsePbn(once).event)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});

// ───────────── robustness ─────────────

const parsesOrRefuses = (input: string | Buffer) => checkParsesOrRefuses(parsePbn, 'PBN', input);

const PBN_PIECES = [
  '[',
  ']',
  '"',
  '\\',
  '{',
  '}',
  ';',
  '%',
  '#',
  '-',
  '^',
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  '[Board "1"]',
  '[Board "#"]',
  '[Event "#"]',
  `[Deal "${DEAL}"]`,
  '[Deal "N:- - - -"]',
  '[Dealer "W"]',
  '[Vulnerable "All"]',
  '[Scoring "IMP"]',
  '[Contract "4H"]',
  '[Declarer "N"]',
  '[Result "10"]',
  '[North "a"]',
  '[East "b"]',
  '[Stage "Session 2"]',
  '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]',
  '[TotalScoreTable "PairId;Direction;Names;TotalScoreMP"]',
  '1 2 4H N 10 420',
  '1 NS "A;B" 3',
  '- - - ^A+',
  '9H',
  '14',
];

describe('robustness: only FileFormatError, quickly (DOMAIN §9.1)', () => {
  it('for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 3000 }), parsesOrRefuses), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), parsesOrRefuses), { numRuns: 300 });
  });

  it('for strings made of PBN pieces', () => {
    const pieces = fc.array(fc.constantFrom(...PBN_PIECES), { maxLength: 200 }).map((p) => p.join(''));
    fc.assert(fc.property(pieces, parsesOrRefuses), { numRuns: 1000 });
  });

  it('for arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4000 }), (bytes) => parsesOrRefuses(Buffer.from(bytes))), { numRuns: 300 });
  });

  it('for a valid file with characters deleted, duplicated or flipped', () => {
    const original = FIXTURE.toString('latin1');
    type Mutation = { kind: 'delete' | 'duplicate' | 'flip'; at: number; length: number; char: string };
    const mutation: fc.Arbitrary<Mutation> = fc.record({
      kind: fc.constantFrom<Mutation['kind']>('delete', 'duplicate', 'flip'),
      at: fc.nat({ max: original.length - 1 }),
      length: fc.integer({ min: 1, max: 40 }),
      char: fc.constantFrom('[', ']', '"', '\\', '{', '}', ';', '%', '\n', ' ', '#', '-', 'X', '9', '\u0000', 'é'),
    });
    const mutate = (source: string, m: Mutation) => {
      if (m.kind === 'delete') return source.slice(0, m.at) + source.slice(m.at + m.length);
      if (m.kind === 'duplicate') return source.slice(0, m.at + m.length) + source.slice(m.at, m.at + m.length) + source.slice(m.at + m.length);
      return source.slice(0, m.at) + m.char + source.slice(m.at + 1);
    };
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 5 }), (mutations) => {
        parsesOrRefuses(mutations.reduce(mutate, original));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads large and adversarial inputs through (a backtracking pattern would hang past the time limit)', () => {
    const games = Array.from({ length: 3000 }, (_, k) => `[Board "${k + 1}"]\n[Deal "${DEAL}"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4H N 10\n3 4 3NT S 9`);
    expect(parsePbn(games.join('\n\n')).event.sessions[0].lines).toHaveLength(6000);
    for (const hostile of ['['.repeat(200000), '"'.repeat(200000), '{'.repeat(200000), `[Board "1"]\n${'x '.repeat(100000)}`, Buffer.from(`% Charset ${'a'.repeat(100000)}`)]) {
      parsesOrRefuses(hostile);
    }
  });
});
