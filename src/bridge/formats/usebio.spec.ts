import { describe, expect, it } from '@jest/globals';
import { fileErrorOf } from './fixtures/format-checks.fixture.js';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { boardInfo } from '../board.js';
import type { Contract } from '../contract.js';
import { formatContract } from '../contract.js';
import { normaliseDeal } from '../deal.js';
import { contractScore } from '../score.js';
import type { Direction, Seat, Strain } from '../types.js';
import {
  FileFormatError,
  type ArtificialCode,
  type EventKindInFile,
  type InterchangeContestant,
  type InterchangeEvent,
  type InterchangeLine,
  type InterchangeSession,
  type ParseOutcome,
  type ScoringInFile,
} from './interchange.js';
import { parseUsebio, printUsebio, usebioPieces } from './usebio.js';

// ───────────────────────────── small hand-written files ─────────────────────────────

const FIXTURES = resolve(process.cwd(), 'src/bridge/formats/fixtures');
const fixture = (name: string): Buffer => readFileSync(resolve(FIXTURES, name));

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

interface FileParts {
  eventType?: string;
  header?: string;
  participants?: string;
  body?: string;
  handset?: string;
}

/** A USEBIO file around the given parts (invented data only). */
function usebioFile({ eventType = 'PAIRS', header = '', participants = '', body = '', handset = '' }: FileParts): string {
  return [
    DECLARATION,
    '<USEBIO Version="1.2">',
    `<EVENT EVENT_TYPE="${eventType}">`,
    header,
    participants ? `<PARTICIPANTS>${participants}</PARTICIPANTS>` : '',
    body,
    '</EVENT>',
    handset,
    '</USEBIO>',
    '',
  ].join('\n');
}

const elements = (fields: Record<string, string | number>): string => Object.entries(fields).map(([k, v]) => `<${k}>${v}</${k}>`).join('');
const travellerLine = (fields: Record<string, string | number>): string => `<TRAVELLER_LINE>${elements(fields)}</TRAVELLER_LINE>`;
const board = (n: number, ...lines: string[]): string => `<BOARD><BOARD_NUMBER>${n}</BOARD_NUMBER>${lines.join('')}</BOARD>`;
const pair = (number: string, extra = ''): string => `<PAIR><PAIR_NUMBER>${number}</PAIR_NUMBER>${extra}</PAIR>`;
const player = (name: string, more: Record<string, string> = {}): string => `<PLAYER>${elements({ PLAYER_NAME: name, ...more })}</PLAYER>`;

/** A file with one traveller line on board `boardNumber` (pairs 1 v 2, no PARTICIPANTS). */
function oneLine(fields: Record<string, string | number>, boardNumber = 1): ParseOutcome {
  return parseUsebio(usebioFile({ body: board(boardNumber, travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, ...fields })) }));
}

function onlyLine(outcome: ParseOutcome): InterchangeLine {
  const lines = outcome.event.sessions.flatMap((s) => s.lines);
  expect(lines).toHaveLength(1);
  return lines[0];
}

const HANDS = { N: ['AKQ2', 'T95', 'J87', 'A43'], E: ['J854', 'AQ2', 'Q94', 'KQ6'], S: ['T9', 'K8763', 'AK2', 'J97'], W: ['763', 'J4', 'T653', 'T852'] };
const DOMAIN_DEAL = 'N:AKQ2.T95.J87.A43 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852';

function handset(boardNumber: number, hands: Record<string, string[]>): string {
  const hand = (seat: string, [spades, hearts, diamonds, clubs]: string[]) => `<HAND>${elements({ DIRECTION: seat, SPADES: spades, HEARTS: hearts, DIAMONDS: diamonds, CLUBS: clubs })}</HAND>`;
  return `<HANDSET><BOARD><BOARD_NUMBER>${boardNumber}</BOARD_NUMBER>${Object.entries(hands).map(([seat, suits]) => hand(seat, suits)).join('')}</BOARD></HANDSET>`;
}


// ───────────────────────────── generated events ─────────────────────────────

type Shape = 'one-field' | 'two-winner' | 'teams';

/**
 * What USEBIO cannot carry is normalised before comparing: the parser names each item by its
 * element path (source), PROGRAM_NAME is always Traveller (generator), contestants come out in
 * section/number/direction order, and lines come out grouped by section, board and match.
 */
function comparable(event: InterchangeEvent): unknown {
  const strip = <T extends { source: string }>(item: T): Omit<T, 'source'> => {
    const { source: _source, ...rest } = item;
    return rest;
  };
  const sessions = event.sessions.map((s: InterchangeSession) => ({
    ...s,
    boards: s.boards.map(strip),
    lines: s.lines.map(strip).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
  }));
  const contestants = event.contestants
    .map(strip)
    .sort((a, b) => (a.section ?? '').localeCompare(b.section ?? '') || a.number - b.number || (a.direction ?? '').localeCompare(b.direction ?? ''));
  return { ...event, generator: 'Traveller', contestants, sessions };
}

/** JSON with object keys in order, so that equal lines give equal keys whatever order their fields were set in. */
function sortKey(value: unknown): string {
  return JSON.stringify(value, (_key: string, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

const STRAINS: Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const SEAT_LIST: Seat[] = ['N', 'E', 'S', 'W'];
const RANK_ORDER = 'AKQJT98765432';
const CARDS = ['S', 'H', 'D', 'C'].flatMap((suit) => [...RANK_ORDER].map((rank) => rank + suit));

/** Names with the characters XML must escape and letters Latin-1 lacks; trimmed, as the parser trims. */
const text = fc
  .stringMatching(/^[A-Za-z0-9 &<>"'.,()éøßÆŁ€-]{1,18}$/)
  .map((s) => s.trim().replace(/\s+/g, ' '))
  .filter((s) => s !== '');
const money = fc.integer({ min: -100000, max: 100000 }).map((n) => n / 100);
const deal = fc.shuffledSubarray(CARDS, { minLength: 52, maxLength: 52 }).map((cards) => {
  const ranks = (part: string[], suit: string) => part.filter((c) => c.endsWith(suit)).map((c) => c[0]).sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
  const hand = (part: string[]) => ['S', 'H', 'D', 'C'].map((suit) => ranks(part, suit).join('')).join('.');
  return normaliseDeal(`N:${[0, 1, 2, 3].map((i) => hand(cards.slice(i * 13, i * 13 + 13))).join(' ')}`);
});

const contestantFigures = fc.record(
  { place: fc.constantFrom('1', '2', '3=', '12'), score: money, percentage: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100), boardsPlayed: fc.integer({ min: 0, max: 60 }) },
  { requiredKeys: [] },
);
const lineFigures = fc.record({ nsMatchpoints: money, ewMatchpoints: money, nsPercentage: money, ewPercentage: money, nsImps: money, ewImps: money }, { requiredKeys: [] });
const players = fc.array(fc.record({ name: text, memberNumber: fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: null }) }), { maxLength: 4 });

function contestantsArbitrary(shape: Shape, letters: (string | null)[]): fc.Arbitrary<InterchangeContestant[]> {
  const directions: (Direction | null)[] = shape === 'two-winner' ? ['NS', 'EW'] : [null];
  const groups = letters.flatMap((section) => directions.map((direction) => ({ section, direction })));
  return fc
    .tuple(
      ...groups.map(({ section, direction }) =>
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }).chain((numbers) =>
          fc.tuple(
            ...numbers.map((number) =>
              fc.record({ name: shape === 'teams' ? fc.option(text, { nil: null }) : fc.constant(null), players, figures: contestantFigures }).map(
                (c): InterchangeContestant => ({ section, number, direction, ...c, source: 'generated' }),
              ),
            ),
          ),
        ),
      ),
    )
    .map((lists) => lists.flat());
}

function resultArbitrary(boardNumber: number): fc.Arbitrary<Pick<InterchangeLine, 'contract' | 'declarer' | 'tricks' | 'lead' | 'artificial' | 'notPlayed'> & { nsScore?: number }> {
  const played = fc
    .record({ level: fc.integer({ min: 1, max: 7 }), strain: fc.constantFrom(...STRAINS), doubling: fc.constantFrom('' as const, 'X' as const, 'XX' as const), declarer: fc.constantFrom(...SEAT_LIST), tricks: fc.integer({ min: 0, max: 13 }), lead: fc.option(fc.constantFrom(...CARDS), { nil: null }), scored: fc.boolean() })
    .map(({ level, strain, doubling, declarer, tricks, lead, scored }) => {
      const contract: Contract = { level, strain, doubling };
      // A file's SCORE is the real score or absent: a random one could make TRICKS read as over/under.
      const nsScore = scored ? contractScore(contract, declarer, tricks, boardInfo(boardNumber).vulnerability).nsScore : undefined;
      return { contract: formatContract(contract), declarer, tricks, lead, artificial: null, notPlayed: false, ...(nsScore === undefined ? {} : { nsScore }) };
    });
  const passed = fc.record({ lead: fc.option(fc.constantFrom(...CARDS), { nil: null }), scored: fc.boolean() }).map(({ lead, scored }) => ({ contract: 'PASS', declarer: null, tricks: null, lead, artificial: null, notPlayed: false, ...(scored ? { nsScore: 0 } : {}) }));
  const code = fc.constantFrom<ArtificialCode>('A+', 'A', 'A-');
  const artificial = fc.record({ ns: code, ew: code, score: fc.option(fc.integer({ min: -300, max: 300 }).map((n) => n * 10), { nil: undefined }) }).map(({ ns, ew, score }) => ({
    contract: null,
    declarer: null,
    tricks: null,
    lead: null,
    artificial: { ns, ew },
    notPlayed: false,
    ...(score === undefined ? {} : { nsScore: score }),
  }));
  const notPlayed = fc.constant({ contract: null, declarer: null, tricks: null, lead: null, artificial: null, notPlayed: true });
  return fc.oneof({ arbitrary: played, weight: 6 }, { arbitrary: passed, weight: 1 }, { arbitrary: artificial, weight: 2 }, { arbitrary: notPlayed, weight: 1 });
}

function lineArbitrary(contestants: InterchangeContestant[], letters: string[]): fc.Arbitrary<InterchangeLine> {
  return fc
    .record({ section: fc.constantFrom(...letters), board: fc.integer({ min: 1, max: 12 }), round: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), table: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }) })
    .chain(({ section, board: boardNumber, round, table }) => {
      const here = contestants.filter((c) => c.section === null || c.section === section);
      const ns = here.filter((c) => c.direction !== 'EW');
      const ew = here.filter((c) => c.direction !== 'NS');
      return fc
        .record({ ns: fc.constantFrom(...ns), ew: fc.constantFrom(...ew), result: resultArbitrary(boardNumber), figures: lineFigures })
        .map(({ ns: nsPair, ew: ewPair, result: { nsScore, ...result }, figures }) => ({
          section,
          board: boardNumber,
          round,
          table,
          nsPair: nsPair.number,
          ewPair: ewPair.number,
          ...result,
          figures: nsScore === undefined ? figures : { ...figures, nsScore },
          source: 'generated',
        }));
    });
}

function eventArbitrary(shape: Shape): fc.Arbitrary<InterchangeEvent> {
  const kind: EventKindInFile = shape === 'teams' ? 'TEAMS' : 'PAIRS';
  // Plain IMPS reads as teams IMPs in a teams event and IMPs across the field in pairs: generate the pair that USEBIO can tell apart.
  const scorings: (ScoringInFile | null)[] = shape === 'teams' ? ['TEAMS_IMPS', 'TOTAL_POINTS', 'BUTLER', null] : ['MATCHPOINTS', 'BUTLER', 'CROSS_IMPS', 'IMPS_ACROSS_FIELD', 'TOTAL_POINTS', null];
  const sectioned = shape === 'one-field' ? fc.boolean() : fc.constant(false);
  return fc
    .record({
      name: fc.option(text, { nil: null }),
      date: fc.option(fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null }),
      scoring: fc.constantFrom(...scorings),
      club: fc.option(fc.record({ name: fc.option(text, { nil: null }), id: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: null }) }), { nil: null }),
      sectioned,
      deals: fc.array(fc.option(deal, { nil: null }), { minLength: 12, maxLength: 12 }),
      sessionNumbers: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }).map((ns) => ns.sort((a, b) => a - b)),
    })
    .chain(({ sectioned: perSection, deals, sessionNumbers, ...header }) => {
      const letters = perSection ? ['A', 'B'] : ['A'];
      return contestantsArbitrary(shape, perSection ? letters : [null]).chain((contestants) =>
        fc
          .tuple(
            ...sessionNumbers.map((number) =>
              fc.record({ lines: fc.array(lineArbitrary(contestants, letters), { maxLength: 8 }), extraBoards: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }) }).map(
                ({ lines, extraBoards }): InterchangeSession => {
                  const numbers = [...new Set([...lines.map((l) => l.board), ...extraBoards])].sort((a, b) => a - b);
                  return {
                    number,
                    // USEBIO carries neither table counts nor a movement, nor dealer and vulnerability (Law 2 gives them).
                    sections: letters.map((letter) => ({ letter, tables: null, movement: null })),
                    boards: numbers.map((n) => ({ number: n, dealer: null, vulnerability: null, deal: deals[n - 1], source: 'generated' })),
                    lines,
                  };
                },
              ),
            ),
          )
          .map((sessions): InterchangeEvent => ({ format: 'USEBIO', kind, generator: 'Traveller', ...header, contestants, sessions })),
      );
    });
}

// ───────────────────────────── the header ─────────────────────────────

describe('USEBIO header → event (DOMAIN §9.2)', () => {
  it('reads club, program, description and date from the hand-made two-section file (declared ISO-8859-1)', () => {
    const { event, rejected } = parseUsebio(fixture('usebio-two-sections.xml'));
    expect(rejected).toEqual([]);
    expect(event).toMatchObject({
      format: 'USEBIO',
      name: 'Tuesday Pairs',
      date: '2023-03-07',
      kind: 'PAIRS',
      scoring: 'MATCHPOINTS',
      club: { name: 'Riverside Bridge Club', id: '9001' },
      generator: 'HandMade 1.0',
    });
  });

  it.each<[string, EventKindInFile]>([
    ['PAIRS', 'PAIRS'],
    ['MP_PAIRS', 'PAIRS'],
    ['SWISS_PAIRS', 'PAIRS'],
    ['TEAMS', 'TEAMS'],
    ['SWISS_TEAMS', 'TEAMS'],
    ['INDIVIDUAL', 'INDIVIDUAL'],
  ])('EVENT_TYPE %s is a %s event', (eventType, kind) => {
    expect(parseUsebio(usebioFile({ eventType })).event.kind).toBe(kind);
  });

  it('reads EVENT_TYPE from a child element as well as from the attribute', () => {
    const text = `${DECLARATION}<USEBIO Version="1.2"><EVENT><EVENT_TYPE>TEAMS</EVENT_TYPE></EVENT></USEBIO>`;
    expect(parseUsebio(text).event.kind).toBe('TEAMS');
  });

  it.each<[string, string, ScoringInFile | null]>([
    ['MATCH_POINTS', 'PAIRS', 'MATCHPOINTS'],
    ['BUTLER_IMPS', 'PAIRS', 'BUTLER'],
    ['CROSS_IMPS', 'PAIRS', 'CROSS_IMPS'],
    ['AGGREGATE', 'TEAMS', 'TOTAL_POINTS'],
    ['IMPS', 'TEAMS', 'TEAMS_IMPS'],
    ['IMPS', 'SWISS_TEAMS', 'TEAMS_IMPS'],
    ['IMPS', 'PAIRS', 'IMPS_ACROSS_FIELD'],
    ['SOMETHING_NEW', 'PAIRS', null],
  ])('BOARD_SCORING_METHOD %s in a %s event is %s', (method, eventType, scoring) => {
    const header = elements({ BOARD_SCORING_METHOD: method });
    expect(parseUsebio(usebioFile({ eventType, header })).event.scoring).toBe(scoring);
  });

  it.each<[string, ScoringInFile | null]>([
    ['MP_PAIRS', 'MATCHPOINTS'],
    ['CROSS_IMP', 'CROSS_IMPS'],
    ['CROSS_IMPS_PAIRS', 'CROSS_IMPS'],
    ['BUTLER_PAIRS', 'BUTLER'],
    ['IMP_PAIRS', 'IMPS_ACROSS_FIELD'],
    ['PAIRS', null],
  ])('without BOARD_SCORING_METHOD, EVENT_TYPE %s gives %s', (eventType, scoring) => {
    expect(parseUsebio(usebioFile({ eventType })).event.scoring).toBe(scoring);
  });

  it('reads SCORING_METHOD where BOARD_SCORING_METHOD is missing', () => {
    expect(parseUsebio(usebioFile({ header: elements({ SCORING_METHOD: 'CROSS_IMPS' }) })).event.scoring).toBe('CROSS_IMPS');
  });

  it.each<[string, string | null]>([
    ['21/07/2022', '2022-07-21'],
    ['1/2/2024', '2024-02-01'],
    ['2024-02-29', '2024-02-29'],
    ['31/02/2023', null],
    ['yesterday', null],
  ])('DATE %s (dd/mm/yyyy) is %s', (text, date) => {
    const { event, rejected } = parseUsebio(usebioFile({ header: elements({ DATE: text }) }));
    expect(event.date).toBe(date);
    expect(rejected).toEqual(date === null ? [{ source: 'DATE', reason: expect.stringContaining(text) }] : []);
  });

  it('joins PROGRAM_NAME and PROGRAM_VERSION into the generator; no CLUB is a null club', () => {
    const { event } = parseUsebio(usebioFile({ header: elements({ PROGRAM_NAME: 'Compscore3', PROGRAM_VERSION: '26-Jul-22' }) }));
    expect(event.generator).toBe('Compscore3 26-Jul-22');
    expect(event.club).toBeNull();
    expect(event.name).toBeNull();
  });

  it.each(['1.0', '1.1', '1.2', '1.3'])('accepts Version %s when the structure is USEBIO', (version) => {
    const text = usebioFile({ body: board(1, travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 })) }).replace('Version="1.2"', `Version="${version}"`);
    expect(parseUsebio(text).event.sessions[0].lines).toHaveLength(1);
  });

  it('ignores unknown elements anywhere', () => {
    const body = `<MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE><CONTACT><FULL_NAME>Alice Archer</FULL_NAME></CONTACT>${board(
      1,
      travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7, LIN_DATA: 'x', FUTURE_FIELD: 'y' }),
    )}`;
    const outcome = parseUsebio(usebioFile({ body }));
    expect(outcome.rejected).toEqual([]);
    expect(onlyLine(outcome).contract).toBe('1NT');
  });
});

// ───────────────────────────── participants ─────────────────────────────

describe('USEBIO PARTICIPANTS → contestants (DOMAIN §9.2)', () => {
  const nsOne = pair('1', '<DIRECTION>NS</DIRECTION>');
  const ewOne = pair('1', '<DIRECTION>EW</DIRECTION>');
  const ewTwo = pair('2', '<DIRECTION>EW</DIRECTION>');

  it.each<[string, string, string, (Direction | null)[]]>([
    ['WINNER_TYPE 2 (two winners): contestants keep their direction', '<WINNER_TYPE>2</WINNER_TYPE>', nsOne + ewOne, ['NS', 'EW']],
    ['WINNER_TYPE 1 (one field): no direction', '<WINNER_TYPE>1</WINNER_TYPE>', nsOne + ewTwo, [null, null]],
    ['no WINNER_TYPE, but NS 1 and EW 1 are both listed: two winners', '', nsOne + ewOne, ['NS', 'EW']],
    ['no WINNER_TYPE and no number used twice: one field', '', nsOne + ewTwo, [null, null]],
  ])('%s', (_, header, participants, directions) => {
    expect(parseUsebio(usebioFile({ header, participants })).event.contestants.map((c) => c.direction)).toEqual(directions);
  });

  it.each<[string, number, Direction | null]>([
    ['7', 7, null],
    ['1NS', 1, 'NS'],
    ['3EW', 3, 'EW'],
    ['4 E', 4, 'EW'],
  ])('PAIR_NUMBER %s is pair %i, direction %s (Compscore3 writes "1NS")', (text, number, direction) => {
    const { event } = parseUsebio(usebioFile({ header: '<WINNER_TYPE>2</WINNER_TYPE>', participants: pair(text) }));
    expect(event.contestants).toMatchObject([{ number, direction, source: `PARTICIPANTS / PAIR ${text}` }]);
  });

  it('reads PLACE with "=", TOTAL_SCORE, PERCENTAGE and BOARDS_PLAYED as the file gives them', () => {
    const extra = elements({ PLACE: '3=', TOTAL_SCORE: '97.50', PERCENTAGE: '53,89', BOARDS_PLAYED: 18 });
    const { event } = parseUsebio(usebioFile({ participants: pair('7', extra) }));
    expect(event.contestants[0].figures).toEqual({ place: '3=', score: 97.5, percentage: 53.89, boardsPlayed: 18 });
  });

  it('takes the member number from NATIONAL_ID_NUMBER, else PLAYER_NUMBER', () => {
    const players = player('Alice Archer', { NATIONAL_ID_NUMBER: '100001', PLAYER_NUMBER: '7' }) + player('Bob Baker', { PLAYER_NUMBER: '100002' }) + player('Carol Cooper');
    const { event } = parseUsebio(usebioFile({ participants: pair('1', players) }));
    expect(event.contestants[0].players).toEqual([
      { name: 'Alice Archer', memberNumber: '100001' },
      { name: 'Bob Baker', memberNumber: '100002' },
      { name: 'Carol Cooper', memberNumber: null },
    ]);
    expect(event.contestants[0].name).toBeNull();
  });

  it('reads attributes as well as child elements (PAIR_NUMBER="2")', () => {
    const { event } = parseUsebio(usebioFile({ participants: `<PAIR PAIR_NUMBER="2">${player('Dan Dyer')}</PAIR>` }));
    expect(event.contestants).toMatchObject([{ number: 2, players: [{ name: 'Dan Dyer' }] }]);
  });

  it('reads teams: TEAM_ID and TEAM_NAME attributes, players directly or inside PAIRs', () => {
    const { event, rejected } = parseUsebio(fixture('usebio-teams.xml'));
    expect(rejected).toEqual([]);
    expect(event.contestants).toEqual([
      {
        section: null,
        number: 1,
        direction: null,
        name: 'Archer & Co',
        players: [
          { name: 'Alice Archer', memberNumber: '200001' },
          { name: 'Bob Baker', memberNumber: '200002' },
          { name: 'Carol Cooper', memberNumber: null },
          { name: 'Dan Dyer', memberNumber: null },
        ],
        figures: { place: '1', score: 15 },
        source: 'PARTICIPANTS / TEAM 1',
      },
      expect.objectContaining({ number: 2, name: 'Ellis', figures: { place: '2', score: 5 }, source: 'PARTICIPANTS / TEAM 2' }),
    ]);
  });

  it('rejects a participant without a number, and a figure that is not a number, and reads the rest', () => {
    const participants = `<PAIR>${player('Erin Ellis')}</PAIR>` + pair('2', '<TOTAL_SCORE>lots</TOTAL_SCORE>');
    const { event, rejected } = parseUsebio(usebioFile({ participants }));
    expect(event.contestants).toMatchObject([{ number: 2, figures: {} }]);
    expect(rejected).toEqual([
      { source: 'PARTICIPANTS / PAIR [1]', reason: 'PAIR has no number' },
      { source: 'PARTICIPANTS / PAIR 2 / TOTAL_SCORE', reason: '"lots" is not a number' },
    ]);
  });
});

// ───────────────────────────── sessions and sections ─────────────────────────────

describe('USEBIO SESSION and SECTION nesting (DOMAIN §9.2)', () => {
  it('reads participants and boards inside SESSION / SECTION, numbering pairs per section', () => {
    const { event } = parseUsebio(fixture('usebio-two-sections.xml'));
    expect(event.sessions.map((s) => s.number)).toEqual([1]);
    expect(event.sessions[0].sections.map((s) => s.letter)).toEqual(['A', 'B']);
    expect(event.contestants.map((c) => `${c.section}${c.number}`)).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(event.contestants[0].source).toBe('SESSION 1 / SECTION A / PARTICIPANTS / PAIR 1');
    expect(event.sessions[0].lines.map((l) => `${l.section} ${l.board} ${l.source}`)).toEqual([
      'A 1 SESSION 1 / SECTION A / BOARD 1 / TRAVELLER_LINE 1',
      'A 2 SESSION 1 / SECTION A / BOARD 2 / TRAVELLER_LINE 1',
      'B 1 SESSION 1 / SECTION B / BOARD 1 / TRAVELLER_LINE 1',
      'B 1 SESSION 1 / SECTION B / BOARD 1 / TRAVELLER_LINE 2',
    ]);
  });

  it('puts boards written straight under EVENT (Compscore3) in session 1, section A', () => {
    const outcome = oneLine({ CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 }, 3);
    expect(outcome.event.sessions).toMatchObject([{ number: 1, sections: [{ letter: 'A', tables: null, movement: null }], boards: [{ number: 3, deal: null }] }]);
    expect(onlyLine(outcome).source).toBe('BOARD 3 / TRAVELLER_LINE 1');
  });

  it('numbers sessions from SESSION_ID, else by their order', () => {
    const line = travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 });
    const body = `<SESSION SESSION_ID="1">${board(1, line)}</SESSION><SESSION><SESSION_ID>2</SESSION_ID>${board(5, line)}</SESSION><SESSION>${board(9, line)}</SESSION>`;
    const { event } = parseUsebio(usebioFile({ body }));
    expect(event.sessions.map((s) => [s.number, s.boards.map((b) => b.number)])).toEqual([
      [1, [1]],
      [2, [5]],
      [3, [9]],
    ]);
    expect(event.sessions[1].lines[0].source).toBe('SESSION 2 / BOARD 5 / TRAVELLER_LINE 1');
  });
});

// ───────────────────────────── traveller lines ─────────────────────────────

describe('USEBIO TRAVELLER_LINE → lines (DOMAIN §9.2)', () => {
  it.each<[string, string]>([
    ['4H', '4H'],
    ['4 h', '4H'],
    ['3 NT x', '3NTX'],
    ['6SXX', '6SXX'],
    ['3N', '3NT'],
  ])('CONTRACT %s is %s', (text, contract) => {
    expect(onlyLine(oneLine({ CONTRACT: text, PLAYED_BY: 'S', TRICKS: 9 })).contract).toBe(contract);
  });

  it.each<[string, Seat]>([
    ['N', 'N'],
    ['e', 'E'],
    ['South', 'S'],
    ['WEST', 'W'],
  ])('PLAYED_BY %s is seat %s', (text, seat) => {
    expect(onlyLine(oneLine({ CONTRACT: '2S', PLAYED_BY: text, TRICKS: 8 })).declarer).toBe(seat);
  });

  it('reads a passed-out board with no declarer or tricks', () => {
    expect(onlyLine(oneLine({ CONTRACT: 'PASS', SCORE: 0 }))).toMatchObject({ contract: 'PASS', declarer: null, tricks: null, artificial: null, notPlayed: false });
  });

  // Board 1: nobody vulnerable. Board 2: NS vulnerable.
  it.each<[string, string, Seat, number, string, number | null, number]>([
    ['tricks taken, agreeing with SCORE', '4H', 'S', 1, '10', 420, 10],
    ['over/under "0", as only that reading gives SCORE', '4H', 'S', 1, '0', 420, 10],
    ['over/under "1", as only that reading gives SCORE', '4H', 'S', 1, '1', 450, 11],
    ['signed "-1" is always over/under', '4H', 'S', 1, '-1', -50, 9],
    ['"=" is always over/under', '3NT', 'E', 2, '=', -400, 9],
    ['"+2" is always over/under', '2S', 'N', 1, '+2', 170, 10],
    ['a bare number with no SCORE: tricks taken', '4H', 'S', 1, '3', null, 3],
    ['a bare number SCORE contradicts both ways: tricks taken', '4H', 'S', 1, '2', 999, 2],
    ['vulnerability from Law 2 decides: board 2, NS vulnerable', '4H', 'S', 2, '1', 650, 11],
  ])('TRICKS: %s (%s by %s, board %i, TRICKS %s, SCORE %s → %i)', (_, contract, by, boardNumber, tricks, score, expected) => {
    const fields: Record<string, string | number> = { CONTRACT: contract, PLAYED_BY: by, TRICKS: tricks };
    if (score !== null) fields.SCORE = score;
    const line = onlyLine(oneLine(fields, boardNumber));
    expect(line.tricks).toBe(expected);
    // The file's own score is kept, whichever reading wins: the parser never scores.
    expect(line.figures.nsScore).toBe(score ?? undefined);
  });

  it('puts the file figures into figures: SCORE, both sides\' matchpoints, percentages and IMPs', () => {
    const line = onlyLine(
      oneLine({ CONTRACT: '3NT', PLAYED_BY: 'N', TRICKS: 9, SCORE: 400, NS_MATCH_POINTS: 7.5, EW_MATCH_POINTS: 2.5, NS_PERCENTAGE: 75, EW_PERCENTAGE: 25, NS_CROSS_IMP_POINTS: 3.5, EW_CROSS_IMP_POINTS: -3.5 }),
    );
    expect(line.figures).toEqual({ nsScore: 400, nsMatchpoints: 7.5, ewMatchpoints: 2.5, nsPercentage: 75, ewPercentage: 25, nsImps: 3.5, ewImps: -3.5 });
  });

  it.each<[Record<string, number>, number]>([
    [{ NS_SCORE: 420 }, 420],
    [{ EW_SCORE: 420 }, -420],
  ])('without SCORE, NS_SCORE/EW_SCORE give the NS score (%j)', (scores, nsScore) => {
    expect(onlyLine(oneLine({ CONTRACT: '4S', PLAYED_BY: 'N', TRICKS: 10, ...scores })).figures.nsScore).toBe(nsScore);
  });

  it('reads ROUND_NUMBER, TABLE_NUMBER and LEAD', () => {
    expect(onlyLine(oneLine({ CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7, ROUND_NUMBER: 4, TABLE_NUMBER: 3, LEAD: 'KH' }))).toMatchObject({ round: 4, table: 3, lead: 'KH' });
  });
});

describe('USEBIO adjusted-score codes → artificial scores (DOMAIN §9.2, Law 12C2)', () => {
  it.each<[string, string, ArtificialCode, ArtificialCode]>([
    ['A60A40', '', 'A+', 'A-'],
    ['A60/A40', '', 'A+', 'A-'],
    ['A40 A60', '', 'A-', 'A+'],
    ['A60A60', '', 'A+', 'A+'],
    ['A50', '', 'A', 'A'],
    ['A60', '', 'A+', 'A-'],
    ['A40', '', 'A-', 'A+'],
    ['AVE+', '', 'A+', 'A-'],
    ['AVE', '', 'A', 'A'],
    ['AVE-', '', 'A-', 'A+'],
    ['A+', '', 'A+', 'A-'],
    ['A-', '', 'A-', 'A+'],
    ['A60', 'A60', 'A+', 'A+'],
    ['A60', 'A40', 'A+', 'A-'],
    ['', 'A60A40', 'A+', 'A-'],
    ['', 'AVE-', 'A-', 'A+'],
    ['A6040', '', 'A+', 'A-'],
    ['A5050', '', 'A', 'A'],
    ['A6060', '', 'A+', 'A+'],
    ['A4060', '', 'A-', 'A+'],
    ['', 'A4040', 'A-', 'A-'],
  ])('CONTRACT "%s", SCORE "%s" → NS %s, EW %s', (contract, score, ns, ew) => {
    const fields: Record<string, string> = { CONTRACT: contract };
    if (score) fields.SCORE = score;
    expect(onlyLine(oneLine(fields))).toMatchObject({ contract: null, declarer: null, tricks: null, artificial: { ns, ew }, notPlayed: false });
  });

  it('keeps a numeric SCORE beside an adjusted CONTRACT as the file\'s figure', () => {
    expect(onlyLine(oneLine({ CONTRACT: 'A60A40', SCORE: 0 })).figures.nsScore).toBe(0);
  });

  it.each(['A55', 'A60A30', 'A70'])('rejects %s: a percentage other than 60/50/40 is not an artificial score', (code) => {
    const { event, rejected } = oneLine({ CONTRACT: code });
    expect(event.sessions[0].lines).toEqual([]);
    expect(rejected).toEqual([{ source: 'BOARD 1 / TRAVELLER_LINE 1', reason: expect.stringMatching(/60%, 50% or 40%/) }]);
  });
});

describe('USEBIO lines that were not played (DOMAIN §9.2)', () => {
  it.each<[Record<string, string>]>([[{ CONTRACT: 'NOT_PLAYED' }], [{ CONTRACT: 'NP' }], [{ CONTRACT: '' }], [{}], [{ CONTRACT: 'NP', SCORE: 'NP' }]])('%j is not played', (fields) => {
    expect(onlyLine(oneLine(fields))).toMatchObject({ contract: null, artificial: null, notPlayed: true, tricks: null, declarer: null });
  });

  it('rejects a score with no contract', () => {
    expect(oneLine({ CONTRACT: '', SCORE: '420' }).rejected).toEqual([{ source: 'BOARD 1 / TRAVELLER_LINE 1', reason: 'SCORE "420" without a contract' }]);
  });
});

describe('USEBIO lines that cannot be read go to rejected, and the rest imports (DOMAIN §9.2)', () => {
  it.each<[string, Record<string, string | number>, RegExp]>([
    ['a level above 7', { CONTRACT: '8H', PLAYED_BY: 'N', TRICKS: 10 }, /CONTRACT: Level must be 1–7/],
    ['a contract that is no contract', { CONTRACT: 'FOUR HEARTS', PLAYED_BY: 'N', TRICKS: 10 }, /not a contract/],
    ['no PLAYED_BY', { CONTRACT: '4H', TRICKS: 10 }, /4H has no PLAYED_BY/],
    ['a PLAYED_BY that is no seat', { CONTRACT: '4H', PLAYED_BY: 'X', TRICKS: 10 }, /PLAYED_BY "X" is not a seat/],
    ['no TRICKS', { CONTRACT: '4H', PLAYED_BY: 'N' }, /has no TRICKS/],
    ['TRICKS that are words', { CONTRACT: '4H', PLAYED_BY: 'N', TRICKS: 'ten' }, /TRICKS "ten"/],
    ['TRICKS above 13', { CONTRACT: '1C', PLAYED_BY: 'N', TRICKS: 14 }, /more than 13 tricks/],
    ['an overtrick count past 13 tricks', { CONTRACT: '6S', PLAYED_BY: 'N', TRICKS: '+2' }, /only 13/],
    ['a SCORE that is no number or code', { CONTRACT: '4H', PLAYED_BY: 'N', TRICKS: 10, SCORE: 'lots' }, /SCORE "lots"/],
    ['matchpoints that are no number', { CONTRACT: '4H', PLAYED_BY: 'N', TRICKS: 10, NS_MATCH_POINTS: 'x' }, /NS_MATCH_POINTS "x" is not a number/],
    ['no EW pair', { EW_PAIR_NUMBER: '', CONTRACT: '4H', PLAYED_BY: 'N', TRICKS: 10 }, /no EW_PAIR_NUMBER/],
    ['a pair number that is no number', { NS_PAIR_NUMBER: 'one', CONTRACT: '4H', PLAYED_BY: 'N', TRICKS: 10 }, /NS_PAIR_NUMBER "one"/],
  ])('%s', (_, fields, reason) => {
    const good = travellerLine({ NS_PAIR_NUMBER: 3, EW_PAIR_NUMBER: 4, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 });
    const bad = travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, ...fields });
    const { event, rejected } = parseUsebio(usebioFile({ body: board(5, good, bad, good) }));
    expect(rejected).toEqual([{ source: 'BOARD 5 / TRAVELLER_LINE 2', reason: expect.stringMatching(reason) }]);
    expect(event.sessions[0].lines.map((l) => l.source)).toEqual(['BOARD 5 / TRAVELLER_LINE 1', 'BOARD 5 / TRAVELLER_LINE 3']);
  });

  it('rejects a participant of the wrong kind and every EVENT after the first', () => {
    const text = usebioFile({ participants: '<TEAM TEAM_ID="1"/>' + pair('1') }).replace('</USEBIO>', '<EVENT EVENT_TYPE="PAIRS"/></USEBIO>');
    const { event, rejected } = parseUsebio(text);
    expect(event.contestants.map((c) => c.number)).toEqual([1]);
    expect(rejected).toEqual([
      { source: 'EVENT [2]', reason: 'only the first EVENT of a file is read' },
      { source: 'PARTICIPANTS / TEAM 1', reason: 'a TEAM in a pairs event is not read' },
    ]);
  });

  it('rejects an individual traveller line, which names four players', () => {
    const line = travellerLine({ N_PLAYER_NUMBER: 1, S_PLAYER_NUMBER: 2, E_PLAYER_NUMBER: 3, W_PLAYER_NUMBER: 4, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 });
    const { event, rejected } = parseUsebio(usebioFile({ eventType: 'INDIVIDUAL', body: board(1, line) }));
    expect(event.kind).toBe('INDIVIDUAL');
    expect(rejected).toEqual([{ source: 'BOARD 1 / TRAVELLER_LINE 1', reason: expect.stringContaining('four players') }]);
  });

  it('rejects a teams line whose MATCH does not name both teams', () => {
    const body = `<MATCH><TEAM>1</TEAM>${board(1, travellerLine({ DIRECTION: 'NS', CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 }))}</MATCH>`;
    expect(parseUsebio(usebioFile({ eventType: 'TEAMS', body })).rejected).toEqual([{ source: 'MATCH 1 / BOARD 1 / TRAVELLER_LINE 1', reason: 'the MATCH does not name both TEAM and OPPOSING_TEAM' }]);
  });

  it('rejects a BOARD without a number, naming it by position', () => {
    const { rejected } = parseUsebio(usebioFile({ body: `<BOARD>${travellerLine({ NS_PAIR_NUMBER: 1 })}</BOARD>` }));
    expect(rejected).toEqual([{ source: 'BOARD [1]', reason: 'BOARD has no BOARD_NUMBER' }]);
  });
});

// ───────────────────────────── deals ─────────────────────────────

describe('USEBIO HANDSET → deals (DOMAIN §9.2)', () => {
  it('builds a checked PBN deal from four HANDs ("10" for T and any rank order accepted)', () => {
    const { event } = parseUsebio(fixture('usebio-two-sections.xml'));
    expect(event.sessions[0].boards).toEqual([
      { number: 1, dealer: null, vulnerability: null, deal: DOMAIN_DEAL, source: 'HANDSET / BOARD 1' },
      { number: 2, dealer: null, vulnerability: null, deal: null, source: 'SESSION 1 / SECTION A / BOARD 2' },
    ]);
  });

  it('keeps a hand record with no traveller for the board (in session 1)', () => {
    const { event } = parseUsebio(usebioFile({ handset: handset(7, { North: HANDS.N, East: HANDS.E, South: HANDS.S, West: HANDS.W }) }));
    expect(event.sessions).toMatchObject([{ number: 1, boards: [{ number: 7, deal: DOMAIN_DEAL }], lines: [] }]);
  });

  it('gives a HANDSET inside a SESSION to that session only, and a BOARD with no HAND no deal', () => {
    const line = travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 });
    const inSession = handset(1, { N: HANDS.N, E: HANDS.E, S: HANDS.S, W: HANDS.W });
    const body = `<SESSION SESSION_ID="1">${board(1, line)}</SESSION><SESSION SESSION_ID="2">${board(1, line)}${inSession}</SESSION>`;
    const { event } = parseUsebio(usebioFile({ body, handset: '<HANDSET><BOARD><BOARD_NUMBER>2</BOARD_NUMBER></BOARD></HANDSET>' }));
    expect(event.sessions.map((s) => s.boards.map((b) => [b.number, b.deal, b.source]))).toEqual([
      [
        [1, null, 'SESSION 1 / BOARD 1'],
        [2, null, 'HANDSET / BOARD 2'],
      ],
      [[1, DOMAIN_DEAL, 'SESSION 2 / HANDSET / BOARD 1']],
    ]);
  });

  it.each<[string, Record<string, string[]>, RegExp]>([
    ['53 cards (14 in one hand)', { N: ['AKQ2', 'T95', 'J87', 'A432'], E: HANDS.E, S: HANDS.S, W: HANDS.W }, /has 14 cards|appears twice/],
    ['a card in two hands', { N: ['AKQ2', 'T95', 'J87', 'A43'], E: ['J854', 'AQ2', 'Q94', 'KQ6'], S: ['T9', 'K8763', 'AK2', 'J97'], W: ['763', 'J4', 'T653', 'T85A'] }, /CA appears twice/],
    ['a rank twice in one suit', { N: ['AAKQ', 'T95', 'J87', 'A4'], E: HANDS.E, S: HANDS.S, W: HANDS.W }, /A twice/],
    ['a missing hand', { N: HANDS.N, E: HANDS.E, S: HANDS.S }, /no HAND for West/],
    ['a hand with no direction', { N: HANDS.N, E: HANDS.E, S: HANDS.S, Up: HANDS.W }, /DIRECTION "Up"/],
    ['a card that is no card', { N: ['AKQ2', 'T95', 'J87', 'A4X'], E: HANDS.E, S: HANDS.S, W: HANDS.W }, /"X" is not a card rank/],
  ])('stops the import at %s, naming the HANDSET board', (_, hands, message) => {
    const error = fileErrorOf(() => parseUsebio(usebioFile({ handset: handset(4, hands) })));
    expect(error.message).toMatch(/^USEBIO file, HANDSET \/ BOARD 4 \(line \d+\): /);
    expect(error.message).toMatch(message);
  });
});

// ───────────────────────────── teams ─────────────────────────────

describe('USEBIO teams MATCH → lines between teams (DOMAIN §9.2)', () => {
  it('reads the team that sat NS from DIRECTION, with the match round', () => {
    const { event } = parseUsebio(fixture('usebio-teams.xml'));
    expect(event).toMatchObject({ kind: 'TEAMS', scoring: 'TEAMS_IMPS', date: '2024-10-15' });
    expect(event.sessions[0].lines.map((l) => [l.board, l.round, l.nsPair, l.ewPair, l.contract, l.declarer, l.tricks, l.figures.nsScore, l.source])).toEqual([
      [1, 1, 1, 2, '4S', 'N', 10, 420, 'MATCH 1 / BOARD 1 / TRAVELLER_LINE 1'],
      [1, 1, 2, 1, '2S', 'N', 10, 170, 'MATCH 1 / BOARD 1 / TRAVELLER_LINE 2'],
      [2, 1, 1, 2, '3NT', 'W', 8, 50, 'MATCH 1 / BOARD 2 / TRAVELLER_LINE 1'],
      [2, 1, 2, 1, '3NT', 'W', 9, -400, 'MATCH 1 / BOARD 2 / TRAVELLER_LINE 2'],
    ]);
  });
});

// ───────────────────────────── files that cannot be read ─────────────────────────────

describe('USEBIO files that cannot be read stop the import with a location (DOMAIN §9.2)', () => {
  const valid = usebioFile({ participants: pair('1') + pair('2'), body: board(1, travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: 2, CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 })) });

  it.each<[string, string | Buffer, RegExp]>([
    ['truncated XML', valid.slice(0, valid.indexOf('</EVENT>')), /^USEBIO file, line \d+, column \d+: the file ends before <USEBIO>, <EVENT> are closed/],
    ['truncated inside a tag', valid.slice(0, valid.indexOf('<CONTRACT>') + 5), /^USEBIO file, line \d+, column \d+: /],
    ['not XML', 'Board 1: 4H by South, 10 tricks', /^USEBIO file, line 1, column 1: not well-formed XML/],
    ['an empty file', '', /^USEBIO file, line 1, column 1: the file holds no XML element/],
    ['HTML', '<!DOCTYPE html>\n<html><head><title>Results</title></head><body><p>Board 1<br></p></body></html>', /^USEBIO file, line 2, column \d+: not well-formed XML/],
    ['well-formed XHTML', '<html><body><p>Results</p></body></html>', /^USEBIO file, <html> \(line 1\): the root element is <html>, not <USEBIO>/],
    ['a USEBIO without EVENT', `${DECLARATION}\n<USEBIO Version="1.2"><CLUB/></USEBIO>`, /^USEBIO file, USEBIO \(line 2\): no <EVENT> element/],
    ['a Version that is no version', valid.replace('Version="1.2"', 'Version="new"'), /Version "new" is not a USEBIO version/],
    ['a line naming a pair PARTICIPANTS does not list', valid.replace('<EW_PAIR_NUMBER>2<', '<EW_PAIR_NUMBER>9<'), /^USEBIO file, BOARD 1 \/ TRAVELLER_LINE 1 \(line \d+\): EW 9 is not in PARTICIPANTS/],
    ['a deal with 53 cards', usebioFile({ handset: handset(2, { N: ['AKQ2', 'T95', 'J87', 'A432'], E: HANDS.E, S: HANDS.S, W: HANDS.W }) }), /^USEBIO file, HANDSET \/ BOARD 2 \(line \d+\)/],
    ['UTF-8 declared, Latin-1 bytes', Buffer.from(valid.replace('</USEBIO>', '<!-- Zoë --></USEBIO>'), 'latin1'), /^USEBIO file, line \d+, column 8: byte 0xEB is not UTF-8/],
    ['an encoding this importer does not read', Buffer.from(valid.replace('UTF-8', 'EBCDIC-CP-US')), /^USEBIO file, line 1, column 31: the XML declaration names encoding "EBCDIC-CP-US"/],
    ['UTF-16 declared on 8-bit bytes', Buffer.from(valid.replace('UTF-8', 'UTF-16')), /encoding "UTF-16"/],
    ['well-formed XML the XML reader refuses', valid.replace('<EVENT_TYPE', '<constructor/><EVENT_TYPE').replace('</EVENT>', '<constructor/></EVENT>'), /^USEBIO file, line \d+, column \d+: the XML cannot be read/],
    // XML 1.0 allows no control character but tab, line feed and carriage return.
    ['a NUL byte in a contract', valid.replace('<CONTRACT>1NT', '<CONTRACT>\u00001NT'), /^USEBIO file, line \d+, column \d+: control character U\+0000: XML allows none/],
    ['a control character written as a reference', valid.replace('<CONTRACT>1NT', '<CONTRACT>&#x1F;1NT'), /^USEBIO file, line \d+, column \d+: the character reference &#x1F; names a control character/],
    ['a NUL written as a decimal reference', valid.replace('<CONTRACT>1NT', '<CONTRACT>&#0;1NT'), /the character reference &#0; names a control character/],
  ])('%s', (_, input, message) => {
    expect(fileErrorOf(() => parseUsebio(input)).message).toMatch(message);
  });

  it('checks pair numbers with their direction in a two-winner event: EW 1 is not NS 1', () => {
    const participants = pair('1', '<DIRECTION>NS</DIRECTION>') + pair('2', '<DIRECTION>EW</DIRECTION>');
    const body = board(1, travellerLine({ NS_PAIR_NUMBER: 1, EW_PAIR_NUMBER: '1EW', CONTRACT: '1NT', PLAYED_BY: 'N', TRICKS: 7 }));
    expect(fileErrorOf(() => parseUsebio(usebioFile({ header: '<WINNER_TYPE>2</WINNER_TYPE>', participants, body }))).message).toMatch(/EW 1 is not in PARTICIPANTS/);
  });

  it('checks a line against its own section\'s pairs', () => {
    const text = readFileSync(resolve(FIXTURES, 'usebio-two-sections.xml'), 'latin1').replace('<PAIR PAIR_NUMBER="2">', '<PAIR PAIR_NUMBER="3">');
    expect(fileErrorOf(() => parseUsebio(Buffer.from(text, 'latin1'))).message).toMatch(/SESSION 1 \/ SECTION B \/ BOARD 1 \/ TRAVELLER_LINE 1 \(line \d+\): NS 2 is not in PARTICIPANTS/);
  });
});

describe('USEBIO encodings (DOMAIN §9.2)', () => {
  const named = (name: string) => usebioFile({ participants: pair('1', player(name)) });
  const firstPlayer = (outcome: ParseOutcome) => outcome.event.contestants[0].players[0].name;

  it.each<[string, Buffer]>([
    ['UTF-8, declared', Buffer.from(named('Zoë Brontë'), 'utf8')],
    ['UTF-8 with a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(named('Zoë Brontë'), 'utf8')])],
    ['ISO-8859-1, declared', Buffer.from(named('Zoë Brontë').replace('UTF-8', 'ISO-8859-1'), 'latin1')],
    ['windows-1252, declared', Buffer.from(named('Zoë Brontë').replace('UTF-8', 'windows-1252'), 'latin1')],
    ['Latin-1 with no declaration at all (read as windows-1252)', Buffer.from(named('Zoë Brontë').replace(DECLARATION, ''), 'latin1')],
    ['UTF-16 with a byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(named('Zoë Brontë').replace('UTF-8', 'UTF-16'), 'utf16le')])],
  ])('%s', (_, bytes) => {
    expect(firstPlayer(parseUsebio(bytes))).toBe('Zoë Brontë');
  });

  it.each<[string, Buffer]>([
    ['GBK, declared', iconv.encode(named('张伟').replace('UTF-8', 'GBK'), 'gb18030')],
    ['GB2312, declared', iconv.encode(named('张伟').replace('UTF-8', 'GB2312'), 'gb18030')],
    ['GB18030 with no declaration at all', iconv.encode(named('张伟').replace(DECLARATION, ''), 'gb18030')],
  ])('Chinese: %s', (_, bytes) => {
    expect(firstPlayer(parseUsebio(bytes))).toBe('张伟');
  });

  it.each<[string, Buffer]>([
    ['Big5, declared', iconv.encode(named('陳建宏').replace('UTF-8', 'Big5'), 'big5')],
    ['CP950, declared', iconv.encode(named('陳建宏').replace('UTF-8', 'CP950'), 'big5')],
    ['Big5-HKSCS, declared', iconv.encode(named('陳建宏').replace('UTF-8', 'Big5-HKSCS'), 'big5')],
    ['Big5 with no declaration at all', iconv.encode(named('陳建宏').replace(DECLARATION, ''), 'big5')],
  ])('traditional Chinese: %s', (_, bytes) => {
    expect(firstPlayer(parseUsebio(bytes))).toBe('陳建宏');
  });

  it('reads a declared Big5-HKSCS file’s Hong Kong characters as themselves', () => {
    expect(firstPlayer(parseUsebio(iconv.encode(named('陳嘅咗').replace('UTF-8', 'Big5-HKSCS'), 'big5hkscs')))).toBe('陳嘅咗');
  });

  it('reads a long undeclared Big5 file whole', () => {
    const names = ['陳建宏', '林淑芬', '黃志明', '張雅婷', '李宗翰', '王俊傑', '吳佩珊', '劉家豪', '陳大文', '黃志強'];
    const participants = Array.from({ length: 600 }, (_, i) => pair(String(i + 1), player(names[i % names.length]) + player(names[(i + 3) % names.length]))).join('');
    const bytes = iconv.encode(usebioFile({ participants }).replace(DECLARATION, ''), 'big5');
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const players = parseUsebio(bytes).event.contestants.flatMap((c) => c.players.map((p) => p.name));
    expect(players).toHaveLength(1200);
    expect(players.slice(-2)).toEqual([names[599 % 10], names[602 % 10]]);
  });

  it('reads undeclared windows-1252 names that GB18030 would also decode as windows-1252', () => {
    expect(firstPlayer(parseUsebio(iconv.encode(named('Müller Françoise').replace(DECLARATION, ''), 'windows-1252')))).toBe('Müller Françoise');
  });

  it('reads windows-1252 bytes 0x80–0x9F (€) and character references', () => {
    const withEuro = Buffer.from(named('Fee X').replace('UTF-8', 'windows-1252').replace('Fee X', 'Fee \x80 \x93Q\x94'), 'latin1');
    expect(firstPlayer(parseUsebio(withEuro))).toBe('Fee € “Q”');
    expect(firstPlayer(parseUsebio(named('Zo&#235; &amp; Co')))).toBe('Zoë & Co');
  });

  it('reads the two-section fixture declared ISO-8859-1', () => {
    expect(parseUsebio(fixture('usebio-two-sections.xml')).event.contestants[0].players[1]).toEqual({ name: 'Zoë Brontë', memberNumber: '100002' });
  });
});

// ───────────────────────────── the printer ─────────────────────────────

describe('printUsebio writes USEBIO 1.2 (DOMAIN §9.2)', () => {
  const twoSections = parseUsebio(fixture('usebio-two-sections.xml')).event;

  it('starts with a UTF-8 declaration, the 1.2 DTD and <USEBIO Version="1.2">, and names Traveller as the program', () => {
    const text = printUsebio(twoSections);
    expect(text.split('\n').slice(0, 3)).toEqual(['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">', '<USEBIO Version="1.2">']);
    expect(text).toContain('<EVENT EVENT_TYPE="PAIRS">');
    expect(text).toContain('<PROGRAM_NAME>Traveller</PROGRAM_NAME>');
    expect(text).toContain('<DATE>07/03/2023</DATE>');
    expect(text).toContain('<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>');
    expect(text).toContain('<WINNER_TYPE>1</WINNER_TYPE>');
    expect(text).toContain('<SECTION SECTION_ID="B">');
    expect(text).toContain('<CONTRACT>A60A40</CONTRACT>');
    expect(text).toContain('<HANDSET>');
  });

  it('makes the file a piece at a time as it is asked for, a traveller line a piece, each piece whole lines', () => {
    const pieces = [...usebioPieces(twoSections)];
    expect(pieces.join('')).toBe(printUsebio(twoSections));
    expect(pieces.every((piece) => piece.endsWith('\n'))).toBe(true);
    const lines = pieces.filter((piece) => piece.trimStart().startsWith('<TRAVELLER_LINE>'));
    expect(lines).toHaveLength(twoSections.sessions[0].lines.length);
    // Nothing of a later section is made before an earlier one is taken.
    const lazily = usebioPieces(twoSections);
    const upToB = [];
    for (const piece of lazily) {
      upToB.push(piece);
      if (piece.includes('<SECTION SECTION_ID="B">')) break;
    }
    expect(upToB.join('')).not.toMatch(/<SECTION SECTION_ID="B">[\s\S]*<PAIR>/);
  });

  it('escapes XML and drops characters XML cannot carry', () => {
    const event: InterchangeEvent = { ...twoSections, name: 'Spring <Cup> & "Plate" \u0001', club: { name: "O'Neill & Sons", id: null } };
    const text = printUsebio(event);
    expect(text).toContain('<EVENT_DESCRIPTION>Spring &lt;Cup&gt; &amp; &quot;Plate&quot; </EVENT_DESCRIPTION>');
    expect(parseUsebio(text).event).toMatchObject({ name: 'Spring <Cup> & "Plate"', club: { name: "O'Neill & Sons", id: null } });
  });

  it('prints teams as TEAM (TEAM_ID, TEAM_NAME) and MATCH, each line saying where TEAM sat', () => {
    const text = printUsebio(parseUsebio(fixture('usebio-teams.xml')).event);
    expect(text).toContain('<EVENT EVENT_TYPE="TEAMS">');
    expect(text).toContain('<TEAM TEAM_ID="1" TEAM_NAME="Archer &amp; Co">');
    expect(text).toMatch(/<MATCH>\s*<ROUND_NUMBER>1<\/ROUND_NUMBER>\s*<TEAM>1<\/TEAM>\s*<OPPOSING_TEAM>2<\/OPPOSING_TEAM>/);
    expect(text).toMatch(/<TRAVELLER_LINE>\s*<DIRECTION>EW<\/DIRECTION>\s*<CONTRACT>2S<\/CONTRACT>/);
  });

  it('keeps contestants of a section no session has, in a SECTION of the first session', () => {
    const event = parseUsebio(fixture('usebio-two-sections.xml')).event;
    const moved: InterchangeEvent = {
      ...event,
      contestants: event.contestants.map((c) => (c.section === 'B' ? { ...c, section: 'C' } : c)),
      sessions: event.sessions.map((s) => ({ ...s, lines: s.lines.filter((l) => l.section !== 'B') })),
    };
    const again = parseUsebio(printUsebio(moved)).event;
    expect(again.contestants.map((c) => `${c.section}${c.number}`)).toEqual(['A1', 'A2', 'C1', 'C2']);
    expect(again.sessions[0].sections.map((s) => s.letter)).toEqual(['A', 'B', 'C']);
  });

  it.each(['usebio-two-sections.xml', 'usebio-teams.xml'])('prints %s back to the same event', (name) => {
    const outcome = parseUsebio(fixture(name));
    expect(comparable(parseUsebio(printUsebio(outcome.event)).event)).toEqual(comparable(outcome.event));
  });

  it.each<[string, fc.Arbitrary<InterchangeEvent>]>([
    ['pairs, one field', eventArbitrary('one-field')],
    ['pairs, two winners', eventArbitrary('two-winner')],
    ['teams', eventArbitrary('teams')],
  ])('parse(print(event)) gives the event back: %s (fast-check)', (_, events) => {
    fc.assert(
      fc.property(events, (event) => {
        const outcome = parseUsebio(printUsebio(event));
        expect(outcome.rejected).toEqual([]);
        expect(comparable(outcome.event)).toEqual(comparable(event));
      }),
      { numRuns: 150 },
    );
  });
});

// ───────────────────────────── robustness ─────────────────────────────

describe('parseUsebio on damaged input (fast-check)', () => {
  const valid = readFileSync(resolve(FIXTURES, 'usebio-two-sections.xml'), 'latin1');

  /** Anything but a FileFormatError (a TypeError, a DomainError) is a bug. */
  function readsOrRefuses(input: string | Buffer): void {
    try {
      parseUsebio(input);
    } catch (e) {
      if (!(e instanceof FileFormatError)) throw e;
    }
  }

  it('never throws anything but FileFormatError on arbitrary text', () => {
    const xmlish = fc.string({ unit: fc.constantFrom('<', '>', '/', '?', '!', '"', '=', ' ', '\n', 'USEBIO', 'EVENT', 'BOARD', 'TRAVELLER_LINE', 'HAND', '&amp;', '&#', 'x', '1'), maxLength: 200 });
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 }), xmlish), readsOrRefuses), { numRuns: 300 });
  });

  it('never throws anything but FileFormatError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.boolean(), (bytes, declared) => {
        const head = declared ? Buffer.from('<?xml version="1.0" encoding="UTF-8"?><USEBIO><EVENT>') : Buffer.alloc(0);
        readsOrRefuses(Buffer.concat([head, Buffer.from(bytes)]));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but FileFormatError on a valid file with characters deleted, duplicated or flipped', () => {
    const edit = fc.record({ at: fc.nat(valid.length - 1), kind: fc.constantFrom('delete', 'duplicate', 'flip'), length: fc.integer({ min: 1, max: 40 }), char: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 5 }), (edits) => {
        let text = valid;
        for (const { at, kind, length, char } of edits) {
          const i = at % Math.max(1, text.length);
          if (kind === 'delete') text = text.slice(0, i) + text.slice(i + length);
          else if (kind === 'duplicate') text = text.slice(0, i) + text.slice(i, i + length) + text.slice(i);
          else text = text.slice(0, i) + char + text.slice(i + 1);
        }
        readsOrRefuses(Buffer.from(text, 'latin1'));
      }),
      { numRuns: 400 },
    );
  });
});
