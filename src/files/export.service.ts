import { Injectable } from '@nestjs/common';
import { boardInfo } from '../bridge/board.js';
import { analysisOf, tableOfCounts } from '../bridge/double-dummy/analysis.js';
import { PrismaService } from '../database/prisma.service.js';
import { BadInputError } from '../common/errors.js';
import { Turn } from '../common/turns.js';
import { EXPORT_TURN_MS } from './streamed-file.js';
import { rankingCsvPieces, travellersCsvPieces, type RankingCsvRow } from '../bridge/formats/csv.js';
import type { ArtificialCode, InterchangeContestant, InterchangeEvent, InterchangeLine, InterchangeSession } from '../bridge/formats/interchange.js';
import { pbnPieces } from '../bridge/formats/pbn.js';
import { usebioPieces } from '../bridge/formats/usebio.js';
import type { Movement } from '../bridge/movements/index.js';
import type { ContestantWithPlayers, StoredResult } from '../rankings/event-data.js';
import { shownFigures, shownPercentage, shownScore, type ScoredEvent, type ScoredSession } from '../rankings/event-scoring.js';
import { rankedList, type RankingRow } from '../rankings/event-scoring.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import type { Principal } from '../auth/principal.js';
import { DealVisibility } from '../boards/deal-visibility.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';
import type { StoredAdjustment } from '../bridge/scoring/index.js';

export type ExportFormat = 'PBN' | 'USEBIO' | 'RANKING_CSV' | 'TRAVELLERS_CSV';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  content: string;
}

/** An export made a piece at a time as it is written (see writePieces). */
export interface StreamedFile {
  fileName: string;
  contentType: string;
  pieces: Iterable<string>;
}

const rounded = (x: { round(places: number): number } | undefined | null) => (x ? x.round(2) : undefined);

/**
 * The most traveller lines an export with lines (PBN, USEBIO, travellers CSV) holds when it is
 * answered whole, as a string in GraphQL's exportEvent: made at once in the service's thread, a
 * national field's 240,000 lines held every other request for seconds and its USEBIO text ran the
 * heap out (the service stopped). The REST routes stream any size, made a piece at a time in turns
 * (writePieces), larger ones one after another. TRAVELLER_MAX_EXPORT_LINES sets another limit; read
 * when an export is asked for.
 */
export const MAX_EXPORT_LINES = 50_000;

export function maxExportLines(value = process.env.TRAVELLER_MAX_EXPORT_LINES): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n > 0 ? n : MAX_EXPORT_LINES;
}

/**
 * Files out: an event with Traveller's own figures (scores, matchpoints, IMPs, places, totals) in
 * the formats other programs read. Built from the same scored event the rankings show.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly scored: ScoredEvents,
    private readonly prisma: PrismaService,
    private readonly privacy: PlayerPrivacy,
    private readonly deals: DealVisibility,
  ) {}

  /**
   * `reader`: names and member numbers as that reader may see them (PlayerPrivacy); exports are
   * public. A session whose travellers the director hides goes out without its lines and hands to
   * whoever may not see them (DealVisibility), as its travellers and boards read; the ranking stays.
   */
  async export(eventId: string, format: ExportFormat, reader: Principal | null = null): Promise<ExportedFile> {
    const scored = await this.scored.ofEvent(eventId);
    const over = linesOverLimit(scored, format);
    if (over) refuseLarge(eventId, over, format);
    const { pieces, ...file } = await this.made(scored, format, reader);
    // Made in turns as the REST routes make it, then joined: up to the limit's 50,000 lines.
    const parts: string[] = [];
    const turn = new Turn(EXPORT_TURN_MS, 1);
    for (const piece of pieces) {
      parts.push(piece);
      if (turn.over()) await turn.next();
    }
    return { ...file, content: parts.join('') };
  }

  /**
   * The export for an answer that streams it (the REST routes): any size. Exports with more lines
   * than `maxExportLines` are made one after another — each holds its event's lines as a file
   * carries them while it is written — so `write` runs in turn; it ends when the file is written.
   */
  async stream(eventId: string, format: ExportFormat, reader: Principal | null, write: (file: StreamedFile) => Promise<unknown>): Promise<void> {
    const scored = await this.scored.ofEvent(eventId);
    const large = linesOverLimit(scored, format) > 0;
    const run = async () => void (await write(await this.made(large ? await this.scored.ofEvent(eventId) : scored, format, reader)));
    await (large ? this.largeExports.run(run) : run());
  }

  /** One large export at a time: see `stream`. */
  private readonly largeExports = new OneAtATime();

  private async made(scored: ScoredEvent, format: ExportFormat, reader: Principal | null): Promise<StreamedFile> {
    const shown = await this.shownContestants(scored, reader);
    const base = fileName(scored.data.event.name);
    const file = async () => withoutSessions(await toInterchange(scored, shown), await this.hiddenSessions(scored, reader));
    switch (format) {
      case 'PBN':
        return { fileName: `${base}.pbn`, contentType: 'application/x-pbn; charset=utf-8', pieces: pbnPieces(await this.withDoubleDummy(await file(), scored)) };
      case 'USEBIO':
        return { fileName: `${base}.xml`, contentType: 'application/xml; charset=utf-8', pieces: usebioPieces(await file()) };
      case 'TRAVELLERS_CSV':
        return { fileName: `${base}-travellers.csv`, contentType: 'text/csv; charset=utf-8', pieces: travellersCsvPieces(await file()) };
      case 'RANKING_CSV':
        return { fileName: `${base}-ranking.csv`, contentType: 'text/csv; charset=utf-8', pieces: await rankingCsv(scored, shown) };
    }
  }

  /** Numbers of the sessions whose travellers and hands the reader may not see now. */
  private async hiddenSessions(scored: ScoredEvent, reader: Principal | null): Promise<Set<number>> {
    const hidden = new Set<number>();
    for (const s of scored.sessions.values()) {
      if (!(await this.deals.visible({ sessionId: s.data.session.id }, reader))) hidden.add(s.data.session.number);
    }
    return hidden;
  }

  /** Each contestant's name and players as the reader may see them. */
  private async shownContestants(scored: ScoredEvent, reader: Principal | null): Promise<Shown> {
    const shown: Shown = new Map();
    const one = async (c: ContestantWithPlayers) => {
      const seen = await this.privacy.contestant({ name: c.name, number: c.number, nameChosen: c.nameChosen, eventId: c.eventId, players: c.players.map((p) => p.player) }, reader);
      shown.set(c.id, { name: seen.name, players: seen.players.map((p) => ({ name: p.name, memberNumber: p.memberNumber })) });
    };
    // A few at a time with turns between: a national field's 20,000 pairs at once held the event loop a second.
    const all = [...scored.data.contestants.values()];
    const turn = new Turn(EXPORT_TURN_MS, 1);
    for (let from = 0; from < all.length; from += 128) {
      await Promise.all(all.slice(from, from + 128).map(one));
      if (turn.over()) await turn.next();
    }
    return shown;
  }

  /** PBN carries each board's double-dummy table and par: the stored ones, when solved for the board's deal. */
  private async withDoubleDummy(file: InterchangeEvent, scored: ScoredEvent): Promise<InterchangeEvent> {
    const boards = new Map<string, { id: string }>();
    for (const s of scored.sessions.values()) for (const b of s.data.boards.values()) boards.set(`${s.data.session.number}/${b.number}`, b);
    const rows = await this.prisma.boardDoubleDummy.findMany({ where: { boardId: { in: [...boards.values()].map((b) => b.id) } } });
    const solved = new Map(rows.map((r) => [r.boardId, r]));
    const sessions = file.sessions.map((s) => ({
      ...s,
      boards: s.boards.map((b) => {
        const row = solved.get(boards.get(`${s.number}/${b.number}`)?.id ?? '');
        if (!row || row.deal !== b.deal) return b;
        const law2 = boardInfo(b.number);
        const { par } = analysisOf(tableOfCounts(row.tricks), b.vulnerability ?? law2.vulnerability, b.dealer ?? law2.dealer);
        return { ...b, doubleDummy: row.tricks, par };
      }),
    }));
    return { ...file, sessions };
  }
}

/** The lines of an export with lines over `maxExportLines`; 0 for one within it, or for ranking.csv (no lines). */
function linesOverLimit(scored: ScoredEvent, format: ExportFormat): number {
  if (format === 'RANKING_CSV') return 0;
  const lines = [...scored.sessions.values()].reduce((n, s) => n + s.data.results.length, 0);
  return lines > maxExportLines() ? lines : 0;
}

/** An export with lines, answered whole, of an event larger than `maxExportLines`: refused, with where to get it. */
function refuseLarge(eventId: string, lines: number, format: ExportFormat): never {
  const route = { PBN: 'export.pbn', USEBIO: 'export.usebio', TRAVELLERS_CSV: 'travellers.csv', RANKING_CSV: 'ranking.csv' }[format];
  throw new BadInputError(
    `This event has ${lines.toLocaleString('en-GB')} traveller lines, more than the ${maxExportLines().toLocaleString('en-GB')} an export answered in one piece holds: download it from GET /api/v1/events/${eventId}/${route}, which streams it`,
    ['format'],
  );
}

/** Tasks run one after another, in the order they came. */
class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task, task);
    this.last = result.catch(() => undefined);
    return result;
  }
}

/** Contestants' names and players as an export shows them to its reader (see PlayerPrivacy), by contestant id. */
export type Shown = Map<string, { name: string; players: { name: string; memberNumber: string | null }[] }>;


/**
 * The event as a file carries it, with Traveller's figures where the file has room for them and
 * names as `shown`. Made in turns (a national field's lines take seconds: their exact figures).
 */
export async function toInterchange(scored: ScoredEvent, shown: Shown): Promise<InterchangeEvent> {
  const { event } = scored.data;
  const turn = new Turn(EXPORT_TURN_MS, 64);
  const ranking = new Map((await rankingInTurns(scored, turn)).map((r) => [r.contestant.id, r]));
  const contestants: InterchangeContestant[] = [];
  for (const c of scored.data.contestants.values()) {
    contestants.push(contestant(c, ranking.get(c.id), shown.get(c.id)!));
    if (turn.over()) await turn.next();
  }
  const sessions: InterchangeSession[] = [];
  for (const s of scored.sessions.values()) sessions.push(await session(s, scored, turn));
  return {
    format: 'PBN',
    name: event.name,
    date: event.startsOn ? event.startsOn.toISOString().slice(0, 10) : null,
    kind: event.kind,
    scoring: event.scoring,
    club: null,
    generator: 'Traveller',
    victoryPoints: !!event.vpScale,
    boardAMatch: scored.rules.teamsTotalPoints === 'BOARD_A_MATCH',
    contestants,
    sessions,
  };
}

/** The event without the lines and deals of the sessions numbered in `hidden`. */
function withoutSessions(file: InterchangeEvent, hidden: Set<number>): InterchangeEvent {
  if (hidden.size === 0) return file;
  return {
    ...file,
    sessions: file.sessions.map((s) => (hidden.has(s.number) ? { ...s, lines: [], boards: s.boards.map((b) => ({ ...b, deal: null })) } : s)),
  };
}

/** `seen`: the contestant's names as the reader may see them (`Shown` holds every contestant of the event). */
function contestant(c: ContestantWithPlayers, row: RankingRow | undefined, seen: NonNullable<ReturnType<Shown['get']>>): InterchangeContestant {
  return {
    section: c.section,
    number: c.number,
    direction: c.direction,
    name: seen.name,
    players: seen.players,
    figures: row ? { place: row.place, score: shownScore(row), percentage: shownPercentage(row) ?? undefined, boardsPlayed: row.boards } : {},
    source: '',
  };
}

async function session(s: ScoredSession, scored: ScoredEvent, turn: Turn): Promise<InterchangeSession> {
  const letter = new Map(s.data.sections.map((x) => [x.id, x.letter]));
  // A section's lines sorted on their own, sections in their letters' order, with turns between:
  // not one sort of a national session's 240,000 lines.
  const bySection = new Map<string, InterchangeLine[]>();
  for (const r of s.data.results) {
    if (!exportable(r)) continue;
    const l = line(r, s, scored, letter.get(r.sectionId) ?? 'A');
    const lines = bySection.get(l.section);
    if (lines) lines.push(l);
    else bySection.set(l.section, [l]);
    if (turn.over()) await turn.next();
  }
  const lines: InterchangeLine[] = [];
  for (const section of [...bySection.keys()].sort((a, b) => a.localeCompare(b))) {
    for (const l of bySection.get(section)!.sort(inSectionOrder)) lines.push(l);
    if (turn.over()) await turn.next();
  }
  return {
    number: s.data.session.number,
    sections: s.data.sections.map((x) => ({
      letter: x.letter,
      tables: x.tables,
      movement: x.movement ? (x.movement as unknown as Movement).rows.filter((r) => !r.sitOut).map((r) => ({ round: r.round, table: r.table, ns: r.ns, ew: r.ew, boards: r.boards })) : null,
    })),
    boards: [...s.data.boards.values()]
      .sort((a, b) => a.number - b.number)
      .map((b) => ({ number: b.number, dealer: b.dealerOverride, vulnerability: b.vulnerabilityOverride, deal: b.deal, source: '' })),
    lines,
  };
}

/** A section's lines as a scorer lists them (by board, round, table and pairs), whatever order the rows were read in. */
const inSectionOrder = (a: InterchangeLine, b: InterchangeLine) =>
  a.board - b.board || (a.round ?? 0) - (b.round ?? 0) || (a.table ?? 0) - (b.table ?? 0) || a.nsPair - b.nsPair || a.ewPair - b.ewPair;

/** Assigned scores (weighted, Law 12C1(c)), direct awards and absent-pair lines have no place in these formats and are left out. */
const exportable = (r: StoredResult) => r.status !== 'ASSIGNED' && (r.adjustment as StoredAdjustment | null)?.kind !== 'ABSENT_PAIR';

function line(r: StoredResult, s: ScoredSession, scored: ScoredEvent, section: string): InterchangeLine {
  const shown = shownFigures(s, r);
  const given = (x: number | null) => x ?? undefined;
  const adjustment = r.adjustment as StoredAdjustment | null;
  const artificial = adjustment?.kind === 'ARTIFICIAL' ? { ns: adjustment.ns as ArtificialCode, ew: adjustment.ew as ArtificialCode } : null;
  return {
    section,
    board: r.boardNumber,
    round: r.round,
    table: r.table,
    nsPair: scored.data.contestants.get(r.nsContestantId)?.number ?? 0,
    ewPair: scored.data.contestants.get(r.ewContestantId)?.number ?? 0,
    contract: r.contract,
    declarer: r.declarer,
    tricks: r.tricks,
    lead: r.lead,
    artificial,
    notPlayed: r.status === 'NOT_PLAYED',
    figures: {
      nsScore: given(r.nsScore),
      nsMatchpoints: given(shown.nsMatchpoints),
      ewMatchpoints: given(shown.ewMatchpoints),
      nsPercentage: given(shown.nsPercentage),
      ewPercentage: given(shown.ewPercentage),
      nsImps: given(shown.nsImps),
      ewImps: given(shown.ewImps),
    },
    source: '',
  };
}

/**
 * The event's ranking as the ranking pages read it (`rankedList`), its rows taken in turns. Their
 * figures are shown as the pages show them (`shownScore`, `shownPercentage`: exact only near a
 * rounding boundary): the exact percentages of a national field's 20,000 pairs held the event loop 3 s.
 */
async function rankingInTurns(scored: ScoredEvent, turn: Turn): Promise<RankingRow[]> {
  const list = rankedList(scored, [...scored.sessions.values()]);
  const rows: RankingRow[] = [];
  for (let at = 0; at < list.length; at++) {
    rows.push(list.row(at));
    if (turn.over()) await turn.next();
  }
  return rows;
}

/** The ranking as ranking.csv prints it, in pieces; each row's figures worked out as its piece is made. */
async function rankingCsv(scored: ScoredEvent, shown: Shown): Promise<Iterable<string>> {
  const ranking = await rankingInTurns(scored, new Turn(EXPORT_TURN_MS, 64));
  const { event } = scored.data;
  return rankingCsvPieces(csvRowsOf(ranking, shown), { event: event.name, date: event.startsOn ? event.startsOn.toISOString().slice(0, 10) : null });
}

function* csvRowsOf(ranking: RankingRow[], shown: Shown): Generator<RankingCsvRow> {
  for (const r of ranking) {
    const seen = shown.get(r.contestant.id)!;
    yield {
      place: r.place,
      section: r.contestant.section,
      number: r.contestant.number,
      direction: r.contestant.direction,
      name: seen.name,
      players: seen.players.map((p) => p.name),
      memberNumbers: seen.players.map((p) => p.memberNumber),
      score: shownScore(r),
      percentage: shownPercentage(r),
      boardsPlayed: r.boards,
      penalty: rounded(r.penalty) ?? null,
      carriedForward: rounded(r.carried) ?? null,
    };
  }
}

/** A file name from the event's name: letters, digits and dashes. */
function fileName(name: string): string {
  return name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'event';
}
