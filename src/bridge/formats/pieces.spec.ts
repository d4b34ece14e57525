import { describe, expect, it } from '@jest/globals';
import { parseTravellersCsv, printRankingCsv, printTravellersCsv, rankingCsvPieces, travellersCsvPieces, type RankingCsvRow } from './csv.js';
import type { InterchangeContestant, InterchangeEvent, InterchangeLine } from './interchange.js';
import { parsePbn, pbnPieces, printPbn } from './pbn.js';
import { parseUsebio, printUsebio, usebioPieces } from './usebio.js';

/**
 * The printers' pieces (what the REST exports stream): the same text as the whole file, in pieces
 * of at most a few hundred lines, so that a national board's 10,000 lines are never one long piece
 * of work nor one large string.
 */

const SECTIONS = ['B', 'A']; // out of order: the file puts them in order
const TABLES = 700; // a section's 700 tables play board 1 and board 2: tables of more than one batch

function field(): InterchangeEvent {
  const contestants: InterchangeContestant[] = [];
  const lines: InterchangeLine[] = [];
  for (const section of SECTIONS) {
    for (let table = 1; table <= TABLES; table++) {
      for (const direction of ['NS', 'EW'] as const) {
        contestants.push({ section, number: table, direction, name: null, players: [{ name: `${section}${direction}${table}`, memberNumber: null }], figures: {}, source: '' });
      }
      for (const board of [2, 1]) {
        const tricks = 7 + ((table * board) % 7);
        lines.push({ section, board, round: 1, table, nsPair: table, ewPair: table, contract: '3NT', declarer: 'N', tricks, lead: null, artificial: null, notPlayed: false, figures: { nsScore: tricks >= 9 ? 400 : -50 * (9 - tricks) }, source: '' });
      }
    }
  }
  return {
    format: 'USEBIO',
    name: 'Pieces',
    date: '2026-11-30',
    kind: 'PAIRS',
    scoring: 'MATCHPOINTS',
    club: null,
    generator: 'Traveller',
    contestants,
    sessions: [{ number: 1, sections: SECTIONS.map((letter) => ({ letter, tables: TABLES, movement: null })), boards: [], lines }],
  };
}

const lineCount = (piece: string) => piece.split('\n').length - 1;

describe.each([
  ['travellers CSV', travellersCsvPieces, printTravellersCsv, (text: string) => parseTravellersCsv(text)],
  ['PBN', pbnPieces, printPbn, (text: string) => parsePbn(text)],
  ['USEBIO', usebioPieces, printUsebio, (text: string) => parseUsebio(text)],
])('%s in pieces', (_, pieces, print, parse) => {
  const event = field();
  const all = [...pieces(event)];

  it('joins to the whole file, which reads back with every line', () => {
    const text = all.join('');
    expect(text).toBe(print(event));
    expect(parse(text).event.sessions[0].lines).toHaveLength(SECTIONS.length * TABLES * 2);
  });

  it('writes whole lines a piece, none of more than a few hundred lines', () => {
    expect(all.length).toBeGreaterThanOrEqual(SECTIONS.length * 3 + 1); // a section's 1,400 lines in 3 pieces or more
    expect(all.every((piece) => piece === '' || piece.endsWith('\n'))).toBe(true);
    expect(Math.max(...all.map(lineCount))).toBeLessThanOrEqual(1000);
  });
});

describe('ranking CSV in pieces', () => {
  const rows: RankingCsvRow[] = Array.from({ length: 1_200 }, (_, k) => ({
    place: `${k + 1}`,
    section: 'A',
    number: k + 1,
    direction: 'NS',
    name: `Pair ${k + 1}`,
    players: [`North ${k + 1}`, `South ${k + 1}`],
    memberNumbers: [null, `${k}`],
    score: 1_200 - k,
    percentage: 50,
    boardsPlayed: 24,
    penalty: null,
  }));
  const meta = { event: 'Pieces', date: '2026-11-30' };

  it('joins to the whole file: its title, header and a piece of at most 500 rows at a time', () => {
    const pieces = [...rankingCsvPieces(rows, meta)];
    expect(pieces.join('')).toBe(printRankingCsv(rows, meta));
    expect(pieces.map(lineCount)).toEqual([3, 500, 500, 200]);
  });
});
