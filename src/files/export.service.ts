import { Injectable } from '@nestjs/common';
import { boardInfo } from '../bridge/board.js';
import { analysisOf, tableOfCounts } from '../bridge/double-dummy/analysis.js';
import { PrismaService } from '../database/prisma.service.js';
import { BadInputError } from '../common/errors.js';
import { printRankingCsv, printTravellersCsv } from '../bridge/formats/csv.js';
import type { ArtificialCode, InterchangeContestant, InterchangeEvent, InterchangeLine, InterchangeSession } from '../bridge/formats/interchange.js';
import { printPbn } from '../bridge/formats/pbn.js';
import { printUsebio } from '../bridge/formats/usebio.js';
import type { Movement } from '../bridge/movements/index.js';
import type { ContestantWithPlayers, StoredResult } from '../rankings/event-data.js';
import { shownFigures, type ScoredEvent, type ScoredSession } from '../rankings/event-scoring.js';
import { rankingRows, type RankingRow } from '../rankings/event-scoring.js';
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

const rounded = (x: { round(places: number): number } | undefined | null) => (x ? x.round(2) : undefined);

/**
 * The most traveller lines an export with lines (PBN, USEBIO, travellers CSV) is made of: it is
 * made whole, in the service's thread, before it is sent. A national field's 240,000 lines held the
 * service 9 s for its travellers CSV (every other request waiting) and its USEBIO file ran the heap
 * out (the service stopped); 50,000 lines take ~1–2 s. TRAVELLER_MAX_EXPORT_LINES sets another
 * limit (a service with a larger heap); read when an export is asked for.
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
    if (format !== 'RANKING_CSV') refuseLarge(scored, format);
    const shown = await this.shownContestants(scored, reader);
    const base = fileName(scored.data.event.name);
    const file = async () => withoutSessions(toInterchange(scored, shown), await this.hiddenSessions(scored, reader));
    switch (format) {
      case 'PBN':
        return { fileName: `${base}.pbn`, contentType: 'application/x-pbn; charset=utf-8', content: printPbn(await this.withDoubleDummy(await file(), scored)) };
      case 'USEBIO':
        return { fileName: `${base}.xml`, contentType: 'application/xml; charset=utf-8', content: printUsebio(await file()) };
      case 'TRAVELLERS_CSV':
        return { fileName: `${base}-travellers.csv`, contentType: 'text/csv; charset=utf-8', content: printTravellersCsv(await file()) };
      case 'RANKING_CSV':
        return { fileName: `${base}-ranking.csv`, contentType: 'text/csv; charset=utf-8', content: rankingCsv(scored, shown) };
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
    const entries = await Promise.all(
      [...scored.data.contestants.values()].map(async (c) => {
        const seen = await this.privacy.contestant({ name: c.name, number: c.number, nameChosen: c.nameChosen, eventId: c.eventId, players: c.players.map((p) => p.player) }, reader);
        return [c.id, { name: seen.name, players: seen.players.map((p) => ({ name: p.name, memberNumber: p.memberNumber })) }] as const;
      }),
    );
    return new Map(entries);
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

/** An export with lines of an event larger than `maxExportLines`: refused, with what to do instead. */
function refuseLarge(scored: ScoredEvent, format: ExportFormat): void {
  const lines = [...scored.sessions.values()].reduce((n, s) => n + s.data.results.length, 0);
  const most = maxExportLines();
  if (lines <= most) return;
  throw new BadInputError(
    `This event has ${lines.toLocaleString('en-GB')} traveller lines, more than the ${most.toLocaleString('en-GB')} a ${format === 'TRAVELLERS_CSV' ? 'travellers CSV' : format} export is made of at once: read its rankings (ranking.csv, sessionRankingPage) and its travellers a board and a page at a time (travellerPage, GET /api/v1/sessions/{id}/boards/{n}/traveller)`,
    ['format'],
  );
}

/** Contestants' names and players as an export shows them to its reader (see PlayerPrivacy), by contestant id. */
export type Shown = Map<string, { name: string; players: { name: string; memberNumber: string | null }[] }>;

/** The event as a file carries it, with Traveller's figures where the file has room for them and names as `shown`. */
export function toInterchange(scored: ScoredEvent, shown: Shown): InterchangeEvent {
  const { event } = scored.data;
  const ranking = new Map(rankingRows(scored, [...scored.sessions.values()]).map((r) => [r.contestant.id, r]));
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
    contestants: [...scored.data.contestants.values()].map((c) => contestant(c, ranking.get(c.id), shown.get(c.id)!)),
    sessions: [...scored.sessions.values()].map((s) => session(s, scored)),
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
    figures: row ? { place: row.place, score: row.score.round(2), percentage: rounded(row.percentage), boardsPlayed: row.boards } : {},
    source: '',
  };
}

function session(s: ScoredSession, scored: ScoredEvent): InterchangeSession {
  const letter = new Map(s.data.sections.map((x) => [x.id, x.letter]));
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
    lines: s.data.results
      .filter(exportable)
      .map((r) => line(r, s, scored, letter.get(r.sectionId) ?? 'A'))
      .sort(inFileOrder),
  };
}

/** Lines as a scorer lists them (by section, board, round, table and pairs), whatever order the rows were read in. */
const inFileOrder = (a: InterchangeLine, b: InterchangeLine) =>
  a.section.localeCompare(b.section) || a.board - b.board || (a.round ?? 0) - (b.round ?? 0) || (a.table ?? 0) - (b.table ?? 0) || a.nsPair - b.nsPair || a.ewPair - b.ewPair;

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

function rankingCsv(scored: ScoredEvent, shown: Shown): string {
  const rows = rankingRows(scored, [...scored.sessions.values()]).map((r) => {
    const seen = shown.get(r.contestant.id)!;
    return {
      place: r.place,
      section: r.contestant.section,
      number: r.contestant.number,
      direction: r.contestant.direction,
      name: seen.name,
      players: seen.players.map((p) => p.name),
      memberNumbers: seen.players.map((p) => p.memberNumber),
      score: r.score.round(2),
      percentage: rounded(r.percentage) ?? null,
      boardsPlayed: r.boards,
      penalty: rounded(r.penalty) ?? null,
      carriedForward: rounded(r.carried) ?? null,
    };
  });
  const { event } = scored.data;
  return printRankingCsv(rows, { event: event.name, date: event.startsOn ? event.startsOn.toISOString().slice(0, 10) : null });
}

/** A file name from the event's name: letters, digits and dashes. */
function fileName(name: string): string {
  return name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'event';
}
