import { Injectable } from '@nestjs/common';
import { boardInfo } from '../bridge/board.js';
import { groupBy } from '../bridge/grouping.js';
import { frac, type Fraction } from '../bridge/fraction.js';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { decodeCursor, toPage, type Page } from '../common/pagination.js';
import type { RankingPageArgs } from './dto/ranking-page.args.js';
import type { TravellerPageArgs } from './dto/traveller-page.args.js';
import { noteExpiry } from '../common/read-tracking.js';
import type { Session } from '../generated/prisma/client.js';
import { relativeResult } from '../results/line-score.js';
import type { Traveller, TravellerLine } from '../results/models/traveller.model.js';
import { nextStandingChange, resultsStanding, travellersHidden, type ResultsStanding } from '../bridge/periods.js';
import { adjustmentText, travellerLineOf } from '../results/traveller-line.js';
import type { ContestantWithPlayers, StoredResult } from './event-data.js';
import { rankedList, shownFigures, shownPercentage, shownScore, type LineFigures, type RankedList, type RankingRow, type ScoredEvent, type ScoredSession } from './event-scoring.js';
import type { RankedContestant, RankingClub, RankingEntry, Scorecard, ScorecardLine, SplitTie } from './models/ranking.model.js';
import { ScoredEvents } from './scored-events.service.js';
import { boundWholeList } from '../common/row-budget.js';
import { splitTie } from '../bridge/split-tie.js';
import { boardsPlayedBy } from './boards-played.js';
import { numberKey } from '../bridge/scoring/pair-results.js';
import type { SplitTieInput } from './dto/split-tie.inputs.js';
import { ClubPlaces, clubMembers, contestantHosts } from './club-places.js';
import { PrismaService } from '../database/prisma.service.js';

/** A ranking's clubs: each contestant's club place (worked out when read), and the clubs' names. */
interface Clubs {
  places: ClubPlaces;
  hosts: Map<string, string>;
  names: Map<string, string>;
  owner: string | null;
}

/** What a ranking read keeps of the whole ranking: one field, one section, one club's pairs. */
export interface RankingFilter {
  direction?: 'NS' | 'EW' | null;
  section?: string | null;
  organizationId?: string | null;
}

/** Who reads: an insider (a key of the event's organisation) sees travellers a director hides. */
export interface Reader {
  insider: boolean;
}
export const PUBLIC_READER: Reader = { insider: false };

/** Some rows of a ranking, from a position on, and how many rows the ranking (or the part a filter keeps) has. */
export interface RankingSlice {
  entries: RankingEntry[];
  total: number;
}

const rounded = (f: Fraction | null | undefined) => (f ? f.round(2) : null);
const STANDING_ORDER: ResultsStanding[] = ['PROVISIONAL', 'OFFICIAL', 'FINAL'];

/**
 * Scores and rankings out, from the scored event of the current revision (ScoredEvents): a
 * ranking is current the moment a post returns, and repeated reads do no scoring.
 */
@Injectable()
export class RankingsService {
  /** Exact ranking rows per scored event and filter; a new revision is a new ScoredEvent. */
  private readonly views = new WeakMap<ScoredEvent, Map<string, RankingView>>();
  /** Club places per ranking, and host clubs with their members and names per set-up (the event's contestants as loaded). */
  private readonly places = new WeakMap<RankedList, ClubPlaces>();
  private readonly hosts = new WeakMap<object, Promise<{ hosts: Map<string, string>; members: Map<string, string[]>; names: Map<string, string> }>>();

  constructor(
    private readonly scored: ScoredEvents,
    private readonly prisma: PrismaService,
  ) {}

  /** A board's whole traveller; one of more than MAX_WHOLE_TRAVELLER lines is refused (travellerPage pages it). */
  async traveller(sessionId: string, board: number, reader: Reader): Promise<Traveller> {
    const event = await this.scored.ofSession(sessionId);
    const s = sessionOf(event, sessionId);
    const rows = boardRows(s, board);
    // Hidden from the reader, the traveller is empty (and says nothing of how many lines are in).
    if (!hiddenFrom(reader, s)) {
      boundWholeList(rows.length, MAX_WHOLE_TRAVELLER, {
        subject: `Board ${board} of this session has`,
        unit: 'traveller lines',
        instead: `read them a page at a time with travellerPage(sessionId, board, first, after) or GET /api/v1/sessions/${sessionId}/boards/${board}/traveller`,
        field: 'board',
      });
    }
    return travellerOf(event, s, board, rows, reader);
  }

  /**
   * Lines [from, from + count) of a board's traveller in its order (one section's only, with
   * `section`), how many there are and whether the board was played in several sections: a
   * national board's page shows 500 of its 10,000 lines, and only those are made (their figures
   * rounded from exact fractions: ~100 ms for the whole traveller).
   */
  async travellerPart(sessionId: string, board: number, reader: Reader, part: { section?: string | null; from: number; count: number }): Promise<{ traveller: Traveller; total: number; sectioned: boolean }> {
    const event = await this.scored.ofSession(sessionId);
    const s = sessionOf(event, sessionId);
    const rows = boardRows(s, board);
    const ordered = inTravellerOrder(event, s, rows, { section: part.section });
    const traveller = travellerOf(event, s, board, ordered.slice(part.from, part.from + part.count), reader);
    return { traveller, total: traveller.hidden ? 0 : ordered.length, sectioned: new Set(rows.map((r) => r.sectionId)).size > 1 };
  }

  /**
   * A board's traveller lines a page at a time (`first`/`after`, a line's id as its cursor), in
   * the traveller's order, one section's or one club's sections' only: a national board has
   * 10,000 lines, and only the page's are made. None while the travellers are hidden from `reader`.
   */
  async travellerPage(sessionId: string, board: number, reader: Reader, args: TravellerPageArgs): Promise<Page<TravellerLine>> {
    const event = await this.scored.ofSession(sessionId);
    const s = sessionOf(event, sessionId);
    const hosts = args.organizationId ? (await this.known(event)).hosts : null;
    const owner = event.data.event.organizationId;
    // A club's lines: those of the sections it hosts; the organiser's own: the sections nobody hosts (as its ranking).
    const inClub = hosts ? (r: StoredResult) => (hosts.get(r.nsContestantId) ?? owner) === args.organizationId : undefined;
    const ordered = hiddenFrom(reader, s) ? [] : inTravellerOrder(event, s, boardRows(s, board), { section: args.section, inClub });
    const after = args.after ? decodeCursor(args.after) : null;
    const start = after ? ordered.findIndex((r) => r.id === after) + 1 : 0;
    if (args.after && start === 0) throw new BadInputError('after is not a cursor of this traveller (it may have come from another board or filter)', ['after']);
    const lines = travellerOf(event, s, board, ordered.slice(start, start + args.first + 1), reader).lines;
    return toPage(lines, args, ordered.length);
  }

  /**
   * These boards' deals as their travellers show them to `reader` (none while the travellers are
   * hidden from it), without the travellers' lines: a hand-record sheet of a national field's 24
   * boards made their 240,000 lines into travellers only to read the deals (~2 s).
   */
  async boardDeals(sessionId: string, boards: number[], reader: Reader): Promise<Omit<Traveller, 'lines' | 'top'>[]> {
    const event = await this.scored.ofSession(sessionId);
    const s = sessionOf(event, sessionId);
    return boards.map((board) => {
      const { lines: _lines, top: _top, ...deal } = travellerOf(event, s, board, [], reader);
      return deal;
    });
  }

  /**
   * Every board's traveller of the session, in board order (one read for a whole results page); a
   * session of more than MAX_WHOLE_TRAVELLERS lines is refused: a national session's 240,000 lines
   * in one answer held the service for seconds and answered ~100 MB, where travellerPage pages them.
   */
  async travellers(sessionId: string, reader: Reader): Promise<Traveller[]> {
    const event = await this.scored.ofSession(sessionId);
    const s = sessionOf(event, sessionId);
    const lines = s.data.results.length;
    // Hidden from the reader, the travellers are empty (and say nothing of how many lines are in).
    if (!hiddenFrom(reader, s)) {
      boundWholeList(lines, MAX_WHOLE_TRAVELLERS, { subject: 'This session has', unit: 'traveller lines', instead: "read each board's lines a page at a time with travellerPage(sessionId, board, first, after)", field: 'travellers' });
    }
    const byBoard = groupBy(s.data.results, (r) => r.boardNumber);
    const boards = new Set([...s.data.boards.keys(), ...byBoard.keys()]);
    return [...boards].sort((a, b) => a - b).map((board) => travellerOf(event, s, board, byBoard.get(board) ?? [], reader));
  }

  /** The whole session ranking in one answer; one of more than MAX_WHOLE_RANKING rows is refused (`boundWholeRanking`). */
  async sessionRanking(sessionId: string, direction?: 'NS' | 'EW' | null): Promise<RankingEntry[]> {
    const scored = await this.scored.ofSession(sessionId);
    const s = sessionOf(scored, sessionId);
    boundWholeRanking(lengthOf(this.sessionView(scored, s, { direction })), 'sessionRankingPage(sessionId, first, after)', s.data.session.eventId);
    const clubs = await this.clubs(scored, this.sessionView(scored, s, {}).list);
    const view = this.sessionView(scored, s, { direction }, clubs);
    return entries(rowsOf(view, 0, lengthOf(view)), [s.data.session], clubs);
  }

  async eventRanking(eventId: string): Promise<RankingEntry[]> {
    const scored = await this.scored.ofEvent(eventId);
    const sessions = [...scored.sessions.values()];
    const list = this.eventView(scored, {}).list;
    boundWholeRanking(list.length, 'eventRankingPage(eventId, first, after)', eventId);
    return entries([...list.rows()], sessions.map((s) => s.data.session), await this.clubs(scored, list));
  }

  /** Rows [start, start + count) of the session ranking, or of the part `filter` keeps: a results page of a national field shows a part at a time. */
  async sessionRankingSlice(sessionId: string, filter: RankingFilter, start: number, count: number): Promise<RankingSlice> {
    const scored = await this.scored.ofSession(sessionId);
    const s = sessionOf(scored, sessionId);
    const clubs = await this.clubs(scored, this.sessionView(scored, s, {}).list);
    return sliceOf(this.sessionView(scored, s, filter, clubs), start, count, [s.data.session], clubs);
  }

  /** `sessionRankingSlice` of the event's ranking over all its sessions. */
  async eventRankingSlice(eventId: string, filter: RankingFilter, start: number, count: number): Promise<RankingSlice> {
    const scored = await this.scored.ofEvent(eventId);
    const clubs = await this.clubs(scored, this.eventView(scored, {}).list);
    return sliceOf(this.eventView(scored, filter, clubs), start, count, [...scored.sessions.values()].map((x) => x.data.session), clubs);
  }

  async sessionRankingPage(sessionId: string, args: RankingPageArgs): Promise<Page<RankingEntry>> {
    const scored = await this.scored.ofSession(sessionId);
    const s = sessionOf(scored, sessionId);
    const clubs = await this.clubs(scored, this.sessionView(scored, s, {}).list);
    return pageOf(this.sessionView(scored, s, args, clubs), args, [s.data.session], clubs);
  }

  async eventRankingPage(eventId: string, args: RankingPageArgs): Promise<Page<RankingEntry>> {
    const scored = await this.scored.ofEvent(eventId);
    const sessions = [...scored.sessions.values()];
    const clubs = await this.clubs(scored, this.eventView(scored, {}).list);
    return pageOf(this.eventView(scored, args, clubs), args, sessions.map((x) => x.data.session), clubs);
  }

  /** One contestant's line: found at its position in the ranking, its row (and club place) the only one made. */
  async sessionRankingEntry(sessionId: string, contestantId: string): Promise<RankingEntry | null> {
    const scored = await this.scored.ofSession(sessionId);
    const s = sessionOf(scored, sessionId);
    if (!scored.data.contestants.has(contestantId)) throw new NotFoundError('Contestant of this event', contestantId, 'contestantId');
    const list = this.sessionView(scored, s, {}).list;
    const at = list.positionOf(contestantId);
    return at === undefined ? null : entries([list.row(at)], [s.data.session], await this.clubs(scored, list))[0];
  }

  /**
   * A pairs tie split by a method of DOMAIN §7 (split-tie.ts), over the event's sessions or one:
   * each tied pair's boards read off the scored lines (matchpoints as a share of the board's top).
   */
  async splitTie(input: SplitTieInput): Promise<SplitTie> {
    const scored = await this.scored.ofEvent(input.eventId);
    if (scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS') throw new BadInputError('Teams split ties by the event’s tieBreaks, already in its ranking', ['eventId']);
    if (input.method === 'DESIGNATED_BOARDS' && !input.boards?.length) throw new BadInputError('DESIGNATED_BOARDS needs the boards', ['boards']);
    for (const [i, id] of input.contestantIds.entries()) if (!scored.data.contestants.has(id)) throw new NotFoundError('Contestant of this event', id, `contestantIds.${i}`);
    const sessions = input.sessionId ? [sessionOf(scored, input.sessionId)] : [...scored.sessions.values()];
    const played = boardsPlayedBy(sessions, input.contestantIds);
    const percent = scored.kind === 'MATCHPOINTS' && input.method !== 'BETTER_BOARDS';
    const split = splitTie(input.contestantIds, played, { method: input.method, boards: input.boards }, (id) => numberKey(scored.data.contestants.get(id)!));
    return {
      entries: split.map(({ item, place }) => ({ contestant: rankedContestant(scored.data.contestants.get(item.contestant)!), place, figure: (percent ? item.figure.mul(frac(100)) : item.figure).round(2) })),
    };
  }

  async scorecard(sessionId: string, contestantId: string, reader: Reader): Promise<Scorecard> {
    const scored = await this.scored.ofSession(sessionId);
    const s = sessionOf(scored, sessionId);
    const me = scored.data.contestants.get(contestantId);
    if (!me) throw new NotFoundError('Contestant of this event', contestantId, 'contestantId');
    const hidden = hiddenFrom(reader, s);
    const lines = (hidden ? [] : s.data.results)
      .filter((r) => r.nsContestantId === contestantId || r.ewContestantId === contestantId)
      // A team's two lines of a board: the one where it sat NS first (whatever order the rows were read in).
      .sort((a, b) => (a.round ?? 0) - (b.round ?? 0) || a.boardNumber - b.boardNumber || Number(b.nsContestantId === contestantId) - Number(a.nsContestantId === contestantId))
      .map((r) => scorecardLine(s, scored, r, r.nsContestantId === contestantId));
    const list = this.sessionView(scored, s, {}).list;
    const at = list.positionOf(contestantId);
    const row = at === undefined ? undefined : list.row(at);
    const tally = s.tallies.get(contestantId);
    const own = tally && !tally.tops.isZero() ? tally.score.div(tally.tops).mul(frac(100)) : null;
    const total = rounded(row?.score ?? tally?.score) ?? 0;
    return {
      contestant: rankedContestant(me),
      hidden,
      lines,
      percentage: rounded(row?.percentage ?? own),
      score: total,
      matchpoints: total,
    };
  }

  /** The clubs of a ranking: its club places (worked out when read), names read once per set-up. */
  private async clubs(scored: ScoredEvent, list: RankedList): Promise<Clubs> {
    const { hosts, members, names } = await this.known(scored);
    let places = this.places.get(list);
    if (!places) this.places.set(list, (places = new ClubPlaces(list, hosts, members)));
    return { places, hosts, names, owner: scored.data.event.organizationId };
  }

  /** Each contestant's host club, the clubs' members and names: looked up once per set-up. */
  private known(scored: ScoredEvent): Promise<{ hosts: Map<string, string>; members: Map<string, string[]>; names: Map<string, string> }> {
    // Hosts change only with the set-up, which reloads the contestants: a new revision of results
    // keeps the same contestants map, so its hosts and names are not looked up again.
    const setup = scored.data.contestants;
    let known = this.hosts.get(setup);
    if (!known) {
      const hosts = contestantHosts(scored);
      known = this.clubNames([...new Set(hosts.values())]).then((names) => ({ hosts, members: clubMembers(hosts), names }));
      this.hosts.set(setup, known);
      known.catch(() => this.hosts.delete(setup));
    }
    return known;
  }

  private async clubNames(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.prisma.organization.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    return new Map(rows.map((o) => [o.id, o.name]));
  }

  /** The session's ranking, every field, computed once per scored event (a filter keeps part of it). */
  private sessionView(scored: ScoredEvent, s: ScoredSession, filter: RankingFilter, clubs?: Clubs): RankingView {
    return this.view(scored, `session ${s.data.session.id}`, () => rankedList(scored, [s]), filter, clubs);
  }

  /** The event's ranking over every session, computed once per scored event (a filter keeps part of it). */
  private eventView(scored: ScoredEvent, filter: RankingFilter, clubs?: Clubs): RankingView {
    return this.view(scored, 'event', () => rankedList(scored, [...scored.sessions.values()]), filter, clubs);
  }

  /**
   * A ranking, or the part of it one filter keeps (its positions): computed once per scored event
   * and filter, so a page is found by its cursor (see indexIn) and makes its own rows only (a
   * national field is read 100 rows at a time, 200 pages a walk). A club's filter needs the clubs.
   */
  private view(scored: ScoredEvent, key: string, compute: () => RankedList, filter: RankingFilter, clubs?: Clubs): RankingView {
    let views = this.views.get(scored);
    if (!views) this.views.set(scored, (views = new Map()));
    const section = filter.section?.toUpperCase() ?? '';
    const club = clubs ? (filter.organizationId ?? '') : '';
    const name = `${key}|${filter.direction ?? ''}|${section}|${club}`;
    let view = views.get(name);
    if (view) return view;
    const filtered = !!(filter.direction || section || club);
    const list = filtered ? this.view(scored, key, compute, {}).list : compute();
    let kept: Int32Array | null = null;
    if (filtered) {
      // A club's list: the pairs of the sections it hosts; the organiser's own: the sections nobody hosts.
      const inClub = (c: ContestantWithPlayers) => (clubs!.hosts.get(c.id) ?? clubs!.owner) === club;
      const keeps = (c: ContestantWithPlayers) => (!filter.direction || c.direction === filter.direction) && (!section || c.section?.toUpperCase() === section) && (!club || inClub(c));
      const positions: number[] = [];
      for (let at = 0; at < list.length; at++) if (keeps(list.contestantAt(at))) positions.push(at);
      kept = Int32Array.from(positions);
    }
    view = { list, kept };
    views.set(name, view);
    return view;
  }
}

/** A ranking as read: the whole list, and the positions a filter keeps of it (null: all). */
interface RankingView {
  list: RankedList;
  kept: Int32Array | null;
}

const lengthOf = (view: RankingView) => view.kept?.length ?? view.list.length;

/** The view's rows from index `from` up to `to` (made now, for these rows only). */
function rowsOf(view: RankingView, from: number, to: number): RankingRow[] {
  const rows: RankingRow[] = [];
  for (let i = from; i < Math.min(to, lengthOf(view)); i++) rows.push(view.list.row(view.kept ? view.kept[i] : i));
  return rows;
}

/** Rows [start, start + count) of a view as entries, and the view's length. */
function sliceOf(view: RankingView, start: number, count: number, sessions: Session[], clubs: Clubs): RankingSlice {
  return { entries: entries(rowsOf(view, start, start + count), sessions, clubs), total: lengthOf(view) };
}

/** A contestant's index in a view: its position in the list, found among the kept positions (in order) by bisection. */
function indexIn(view: RankingView, contestantId: string): number | undefined {
  const at = view.list.positionOf(contestantId);
  if (at === undefined || !view.kept) return at;
  let [lo, hi] = [0, view.kept.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (view.kept[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return view.kept[lo] === at ? lo : undefined;
}

function sessionOf(scored: ScoredEvent, sessionId: string): ScoredSession {
  const s = scored.sessions.get(sessionId);
  if (!s) throw new NotFoundError('Session', sessionId, 'sessionId');
  return s;
}

/**
 * One page of ranking rows, cursors being contestant ids: only the page's rows are rounded for
 * display (their exact totals are worked out then), so a page of a 20,000-pair field stays cheap.
 */
function pageOf(view: RankingView, args: RankingPageArgs, sessions: Session[], clubs: Clubs): Page<RankingEntry> {
  const after = args.after ? decodeCursor(args.after) : null;
  const start = after ? (indexIn(view, after) ?? -1) + 1 : 0;
  if (args.after && start === 0) throw new BadInputError('after is not a cursor of this ranking (it may have come from another ranking or filter)', ['after']);
  // One row past the page tells toPage whether another page follows.
  return toPage(entries(rowsOf(view, start, start + args.first + 1), sessions, clubs), args, lengthOf(view), (e) => e.contestant.id);
}

/** Display rows; the standing is the least settled of the sessions ranked. */
function entries(rows: RankingRow[], sessions: Session[], clubs: Clubs): RankingEntry[] {
  const now = new Date();
  const standing = sessions.length ? STANDING_ORDER[Math.min(...sessions.map((s) => STANDING_ORDER.indexOf(resultsStanding(s, now))))] : 'PROVISIONAL';
  for (const s of sessions) noteExpiry(nextStandingChange(s, now));
  const official = sessions.length > 0 && sessions.every((s) => !!s.publishedAt);
  return rows.map((r) => ({
    place: r.place,
    rank: r.rank,
    contestant: rankedContestant(r.contestant),
    score: shownScore(r),
    // Worked out only when a reader asks for them: a page that shows no percentage or club (or
    // exact score) does not place the pair in its club or work out its exact figures for them.
    get exactScore() {
      return r.score.toString();
    },
    field: r.field,
    get percentage() {
      return shownPercentage(r);
    },
    boardsPlayed: r.boards,
    penalty: rounded(r.penalty),
    carriedForward: rounded(r.carried),
    official,
    standing,
    get club() {
      return clubOf(clubs, r.contestant.id);
    },
  }));
}

function clubOf(clubs: Clubs, contestantId: string): RankingClub | null {
  const placed = clubs.places.of(contestantId);
  return placed ? { id: placed.clubId, name: clubs.names.get(placed.clubId) ?? '', place: placed.place, rank: placed.rank } : null;
}

/** One board's traveller from its stored lines; hidden from a public reader while the director says so. */
function travellerOf(event: ScoredEvent, s: ScoredSession, board: number, rows: StoredResult[], reader: Reader): Traveller {
  const stored = s.data.boards.get(board);
  const law2 = boardInfo(board);
  const top = rows.map((r) => s.lines.get(r.id)?.top).find(Boolean);
  const hidden = hiddenFrom(reader, s);
  const letters = sectionLetters(s);
  return {
    sessionId: s.data.session.id,
    board,
    dealer: stored?.dealerOverride ?? law2.dealer,
    vulnerability: stored?.vulnerabilityOverride ?? law2.vulnerability,
    deal: hidden ? null : (stored?.deal ?? null),
    top: rounded(top),
    hidden,
    lines: (hidden ? [] : rows)
      .map((r) => travellerLine(s, event, r, letters))
      .sort(travellerOrder),
  };
}

/**
 * The most lines `travellers` (a session's) and `traveller` (a board's) answer at once: a national
 * board's 10,000 lines with their pairs' names took 2.4–2.8 s of the service in one answer, on a
 * public query. 5,000 lines hold a congress of 200 tables playing 25 boards; 2,000 lines a board of
 * a field of 2,000 tables. travellerPage carries any size.
 */
export const MAX_WHOLE_TRAVELLERS = 5_000;
export const MAX_WHOLE_TRAVELLER = 2_000;

/**
 * The most rows a ranking answers whole (sessionRanking, eventRanking, Session.ranking): one field
 * of the national bench's 10,000 pairs took 1.1 s of the service in one answer, on a public query;
 * the pages (`sessionRankingPage`, `eventRankingPage`) and ranking.csv carry any size.
 */
export const MAX_WHOLE_RANKING = 5_000;

function boundWholeRanking(rows: number, page: string, eventId: string): void {
  boundWholeList(rows, MAX_WHOLE_RANKING, { subject: 'This ranking has', unit: 'rows', instead: `read it a page at a time with ${page}, or download GET /api/v1/events/${eventId}/ranking.csv`, field: 'ranking' });
}

/** Whether the director hides the session's travellers from `reader` now (a club's or the organiser's keys see them). */
const hiddenFrom = (reader: Reader, s: ScoredSession) => !reader.insider && travellersHidden(s.data.session);

/** A board's stored lines in a session; NOT_FOUND for a board it neither sets up nor has lines of. */
function boardRows(s: ScoredSession, board: number): StoredResult[] {
  const rows = s.data.results.filter((r) => r.boardNumber === board);
  if (!s.data.boards.has(board) && !rows.length) throw new NotFoundError(`Board ${board} of session`, s.data.session.id, 'board');
  return rows;
}

/** A board's rows in the traveller's order, one section's (any case) or those `inClub` keeps only. */
function inTravellerOrder(event: ScoredEvent, s: ScoredSession, rows: StoredResult[], filter: { section?: string | null; inClub?: (r: StoredResult) => boolean }): StoredResult[] {
  const letters = sectionLetters(s);
  const section = filter.section?.toUpperCase();
  const kept = rows.filter((r) => (!section || letters.get(r.sectionId)?.toUpperCase() === section) && (!filter.inClub || filter.inClub(r)));
  return kept
    .map((row) => ({ row, section: letters.get(row.sectionId) ?? '', nsScore: row.nsScore, nsPair: event.data.contestants.get(row.nsContestantId)?.number ?? 0 }))
    .sort(travellerOrder)
    .map((x) => x.row);
}

/** A traveller's order: by section, then NS score from the highest (lines without one last), then NS pair. */
const travellerOrder = (a: { section: string; nsScore: number | null; nsPair: number }, b: { section: string; nsScore: number | null; nsPair: number }) =>
  a.section.localeCompare(b.section) || (b.nsScore ?? -1e9) - (a.nsScore ?? -1e9) || a.nsPair - b.nsPair;

/** The session's section letters by id, once: a national board's 10,000 lines looked theirs up among 500. */
const sectionLetters = (s: ScoredSession) => new Map(s.data.sections.map((x) => [x.id, x.letter]));

function travellerLine(s: ScoredSession, scored: ScoredEvent, r: StoredResult, letters: ReadonlyMap<string, string>): TravellerLine {
  const names = {
    sectionLetter: (id: string) => letters.get(id) ?? '',
    contestant: (id: string) => scored.data.contestants.get(id),
  };
  return travellerLineOf(r, names, shownFigures(s, r));
}

/**
 * One board of a contestant's card, from its own side. In teams the board's IMPs (both rooms
 * together) are shown on the line where the team sat NS, so the card's IMPs add up to the match.
 */
function scorecardLine(s: ScoredSession, scored: ScoredEvent, r: StoredResult, ns: boolean): ScorecardLine {
  const figures: LineFigures = s.lines.get(r.id) ?? {};
  const teams = scored.kind === 'TEAMS_IMPS' || scored.kind === 'TEAMS_POINTS';
  const opponent = scored.data.contestants.get(ns ? r.ewContestantId : r.nsContestantId);
  return {
    board: r.boardNumber,
    round: r.round,
    direction: ns ? 'NS' : 'EW',
    opponent: opponent?.number ?? 0,
    contract: r.contract,
    declarer: r.declarer,
    result: relativeResult(r.contract, r.tricks),
    score: r.nsScore === null ? null : ns ? r.nsScore : -r.nsScore || 0,
    matchpoints: rounded(ns ? figures.nsMatchpoints : figures.ewMatchpoints),
    imps: teams && !ns ? null : rounded(ns ? figures.nsImps : figures.ewImps),
    top: rounded(figures.top),
    adjustment: adjustmentText(r),
  };
}

function rankedContestant(c: ContestantWithPlayers): RankedContestant {
  return { id: c.id, eventId: c.eventId, section: c.section, number: c.number, direction: c.direction, name: c.name, players: c.players.map((p) => p.player) };
}
