import { Injectable } from '@nestjs/common';
import { resultsStanding, travellersHidden } from '../bridge/periods.js';
import { ContestantsService } from '../contestants/contestants.service.js';
import { EventsService } from '../events/events.service.js';
import type { Event, Organization, Player, Session } from '../generated/prisma/client.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { PlayersService } from '../players/players.service.js';
import type { RankingEntry, Scorecard } from '../rankings/models/ranking.model.js';
import { PUBLIC_READER, RankingsService, type RankingFilter, type RankingSlice } from '../rankings/rankings.service.js';
import { NotFoundError } from '../common/errors.js';
import { ScoredEvents } from '../rankings/scored-events.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { storedMovement } from '../sections/sections.service.js';
import { expectedLineCount } from '../bridge/movements/missing-lines.js';
import type { BoardView } from './pages/hand-diagram.js';
import { DoubleDummyService } from '../double-dummy/double-dummy.service.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { PlayerPrivacy } from '../players/player-privacy.service.js';

/** A browser sends no key: every page reads as the public. */
const PUBLIC = null;

/**
 * A results page shows a ranking this many rows at a time: a club's whole, a national field's
 * (20,000 pairs: 8 MB of HTML, 1.3–1.8 s to make at once) a page at a time.
 */
export const RANKING_PAGE_ROWS = 500;

/** The part of a ranking a results page shows: its page, and one club's or one section's contestants only. */
export interface RankingQuery {
  page: number;
  club?: string;
  section?: string;
}

/** What a page shows of a long list (a ranking, a traveller): `count` rows from position `from` of `total` (all, or the part the filter keeps). */
export interface ListPart {
  page: number;
  pages: number;
  from: number;
  total: number;
  count: number;
  club: { id: string; name: string } | null;
  section: string | null;
}

/** What a results page shows of a ranking. */
export interface RankingPart extends ListPart {
  entries: RankingEntry[];
}

/** The position of a page's first row. */
const firstRow = (query: RankingQuery) => (query.page - 1) * RANKING_PAGE_ROWS;

/** Where a page of a list stands in it; NOT_FOUND past the last page, or where a filter (`filtered`) keeps nothing. */
function listPart(what: string, query: RankingQuery, total: number, count: number, filtered: boolean): ListPart {
  const pages = Math.max(1, Math.ceil(total / RANKING_PAGE_ROWS));
  if (query.page > pages || (filtered && !total)) throw new NotFoundError(what, query.page, 'page');
  return { page: query.page, pages, from: firstRow(query), total, count, club: null, section: query.section ?? null };
}

/**
 * What the pages show, read through the same services the GraphQL resolvers use, always as the
 * public reader (a browser sends no key): a page never shows what the API would not show it.
 */
@Injectable()
export class WebData {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly events: EventsService,
    private readonly sessions: SessionsService,
    private readonly scored: ScoredEvents,
    private readonly contestants: ContestantsService,
    private readonly rankings: RankingsService,
    private readonly players: PlayersService,
    private readonly doubleDummy: DoubleDummyService,
    private readonly lifecycle: EventLifecycle,
    private readonly privacy: PlayerPrivacy,
  ) {}

  async home() {
    const [organizations, events] = await Promise.all([this.organizations.list({ first: 100 }), this.events.list({ first: 20 })]);
    return { organizations: organizations.nodes, events: events.nodes };
  }

  async organization(id: string) {
    const [organization, events] = await Promise.all([this.organizations.get(id), this.events.list({ organizationId: id, first: 100 })]);
    return { organization, events: events.nodes };
  }

  async event(id: string, query: RankingQuery = { page: 1 }) {
    await this.lifecycle.check(id, PUBLIC);
    const event = await this.events.get(id);
    const [organization, sessions] = await Promise.all([this.organizationOf(event), this.sessions.ofEvent(id)]);
    const part = sessions.length ? await this.rankingPart(query, (filter, start) => this.rankings.eventRankingSlice(id, filter, start, RANKING_PAGE_ROWS)) : null;
    return { event, organization, sessions, ranking: part?.entries ?? [], part };
  }

  async session(id: string, query: RankingQuery = { page: 1 }) {
    const { session, event, organization, boards } = await this.sessionHead(id);
    const part = await this.rankingPart(query, (filter, start) => this.rankings.sessionRankingSlice(id, filter, start, RANKING_PAGE_ROWS));
    // A teams session's matches pair every team with its opponents: the whole ranking (a few dozen teams).
    const matches = event.kind === 'TEAMS' ? await this.matches(session, await this.publicEntries(await this.rankings.sessionRanking(id))) : [];
    const state = sessionState(session);
    const progress = state.standing === 'PROVISIONAL' ? await this.progress(session.id) : [];
    return { session, event, organization, ranking: part.entries, part, boards, matches, progress, ...state };
  }

  /** The rows of a ranking a page shows (`query`), read by `slice`; a page past the last, an unknown club or a filter that keeps nothing is not found. */
  private async rankingPart(query: RankingQuery, slice: (filter: RankingFilter, start: number) => Promise<RankingSlice>): Promise<RankingPart> {
    const club = query.club ? await this.organizations.get(query.club) : null;
    const { entries, total } = await slice({ organizationId: club?.id ?? null, section: query.section ?? null }, firstRow(query));
    // A filter that keeps nothing is no page either: nothing to show, and no page cached for each of a million letters.
    const part = listPart('Ranking page', query, total, entries.length, !!(club || query.section));
    return { ...part, entries: await this.publicEntries(entries), club: club && { id: club.id, name: club.name } };
  }

  async board(sessionId: string, number: number, query: RankingQuery = { page: 1 }) {
    const { session, event, organization, boards } = await this.sessionHead(sessionId);
    // A national field's board has 10,000 lines: shown 500 at a time, or one section's.
    const { traveller, total, sectioned } = await this.rankings.travellerPart(sessionId, number, PUBLIC_READER, { section: query.section, from: firstRow(query), count: RANKING_PAGE_ROWS });
    const { lines } = traveller;
    const part = listPart('Traveller page', query, total, lines.length, !!query.section && !traveller.hidden);
    // The page links each line to its pairs by number only: no name is shown, so none is masked. Only the lines' sections' pairs are read.
    const sections = [...new Set(lines.map((l) => l.section).filter((x): x is string => !!x))];
    const contestants = await this.contestants.ofEvent(event.id, sections.length ? sections : undefined);
    const view = { number, dealer: traveller.dealer, vulnerability: traveller.vulnerability, deal: traveller.deal };
    // The table of the deal the visitor may see: none while the traveller is hidden, none until solved.
    const board: BoardView = { ...view, doubleDummy: (await this.doubleDummy.ofSessionDeals(sessionId, [view])).get(number) ?? null };
    // `sectioned`: pairs are named with their section wherever the board was played in several (on every page of it, and on one section's).
    return { session, event, organization, boards, traveller, part, sectioned, board, contestants, ...sessionState(session) };
  }

  /** Every board's hand record (for printing). */
  async hands(sessionId: string) {
    const { session, event, organization, boards: numbers } = await this.sessionHead(sessionId);
    // Each board's deal as its traveller shows it to the public (so hidden boards stay hidden), from the scored event's cache.
    const deals = await this.rankings.boardDeals(sessionId, numbers, PUBLIC_READER);
    const views = deals.filter((t) => t.deal).map((t) => ({ number: t.board, dealer: t.dealer, vulnerability: t.vulnerability, deal: t.deal }));
    const tables = await this.doubleDummy.ofSessionDeals(sessionId, views);
    const boards: BoardView[] = views.map((v) => ({ ...v, doubleDummy: tables.get(v.number) ?? null }));
    return { session, event, organization, boards, ...sessionState(session) };
  }

  async scorecard(sessionId: string, contestantId: string) {
    const { session, event, organization } = await this.sessionHead(sessionId);
    const found = await this.rankings.scorecard(sessionId, contestantId, PUBLIC_READER);
    const card = { ...found, contestant: await this.privacy.contestant(found.contestant, PUBLIC) };
    const ranked = await this.rankings.sessionRankingEntry(sessionId, contestantId);
    const entry = ranked ? (await this.publicEntries([ranked]))[0] : ranked;
    // Its opponents are of its own section (or of none): a national field's 20,000 pairs, each named, took ~1.3 s.
    const contestants = await this.publicContestants(event.id, card.contestant.section ? [card.contestant.section] : undefined);
    return { session, event, organization, card, entry, contestants, ...sessionState(session) };
  }

  /**
   * A player's page shows the name as the club publishes it; the history (events, partners,
   * places) is for the club's and federation's keys only, as Player.history is, so a browser never sees it.
   */
  async player(id: string): Promise<{ player: Player }> {
    const player = await this.privacy.player(await this.players.get(id), PUBLIC);
    return { player };
  }

  /** Ranking entries with names as the public may see them. */
  private publicEntries(entries: RankingEntry[]): Promise<RankingEntry[]> {
    return Promise.all(entries.map(async (e) => ({ ...e, contestant: await this.privacy.contestant(e.contestant, PUBLIC) })));
  }

  private async publicContestants(eventId: string, sections?: string[]) {
    return Promise.all((await this.contestants.ofEvent(eventId, sections)).map((c) => this.privacy.contestant(c, PUBLIC)));
  }

  /**
   * While play goes on: for each section with a movement that has not finished, the results in
   * (lines that fit the movement) beside those it expects (DOMAIN §6.6), from the scored event's cache.
   */
  private async progress(sessionId: string): Promise<{ section: string; stored: number; expected: number }[]> {
    const s = (await this.scored.ofSession(sessionId)).sessions.get(sessionId);
    if (!s) return [];
    const fitting = new Map<string, number>();
    for (const r of s.data.results) if (!r.movementIssue) fitting.set(r.sectionId, (fitting.get(r.sectionId) ?? 0) + 1);
    const sections = s.data.sections.flatMap((section) => {
      const movement = section.finishedAt ? null : storedMovement(section);
      const expected = movement && expectedLineCount(movement);
      return expected ? [{ section: section.letter, stored: Math.min(fitting.get(section.id) ?? 0, expected), expected }] : [];
    });
    // A large field (a simultaneous of hundreds of sections) reads better as one total.
    if (sections.length <= PROGRESS_BY_SECTION) return sections;
    return [{ section: '', stored: sections.reduce((n, x) => n + x.stored, 0), expected: sections.reduce((n, x) => n + x.expected, 0) }];
  }

  /** A session whose pages the public may read (its event neither archived nor deleted); NotFoundError otherwise. */
  async publicSession(sessionId: string) {
    await this.lifecycle.checkSession(sessionId, PUBLIC);
    return this.sessions.get(sessionId);
  }

  private async sessionHead(sessionId: string) {
    const session = await this.publicSession(sessionId);
    const event = await this.events.get(session.eventId);
    const [organization, boards] = await Promise.all([this.organizationOf(event), this.boardNumbers(session)]);
    return { session, event, organization, boards };
  }

  private organizationOf(event: Event): Promise<Organization | null> {
    return event.organizationId ? this.organizations.get(event.organizationId) : Promise.resolve(null);
  }

  /** The session's boards: those set up, and any that have results (read from the scored event's cache, so pages track its revision). */
  private async boardNumbers(session: Session): Promise<number[]> {
    const scored = (await this.scored.ofSession(session.id)).sessions.get(session.id);
    // No array of every line's board: a national session has 240,000 lines, read on each of its pages.
    const numbers = new Set(scored?.data.boards.keys());
    for (const r of scored?.data.results ?? []) numbers.add(r.boardNumber);
    return [...numbers].sort((a, b) => a - b);
  }

  /** Team matches of the session, from each team's scorecard (its boards' IMPs, both rooms). */
  private async matches(session: Session, ranking: RankingEntry[]): Promise<MatchView[]> {
    const cards = await Promise.all(ranking.map((r) => this.rankings.scorecard(session.id, r.contestant.id, PUBLIC_READER)));
    const seen = new Set<string>();
    const matches: MatchView[] = [];
    for (const card of cards) {
      for (const [round, lines] of byRound(card)) {
        const opponent = ranking.find((r) => r.contestant.number === lines[0].opponent && r.contestant.id !== card.contestant.id)?.contestant;
        if (!opponent) continue;
        const key = [card.contestant.id, opponent.id].sort().join('|') + `|${round}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // The team as the (already public) ranking names it.
        const team = ranking.find((r) => r.contestant.id === card.contestant.id)?.contestant ?? card.contestant;
        matches.push({ round, team, opponent, imps: lines.reduce((sum, l) => sum + (l.imps ?? 0), 0) });
      }
    }
    return matches.sort((a, b) => a.round - b.round || a.team.number - b.team.number);
  }
}

export interface MatchView {
  round: number;
  team: RankingEntry['contestant'];
  opponent: RankingEntry['contestant'];
  /** Net IMPs from `team`'s side. */
  imps: number;
}

/** A scorecard's lines by round (a match in teams). */
export function byRound(card: Scorecard): Map<number, Scorecard['lines']> {
  const rounds = new Map<number, Scorecard['lines']>();
  for (const line of card.lines) {
    const round = line.round ?? 0;
    rounds.set(round, [...(rounds.get(round) ?? []), line]);
  }
  return rounds;
}

/** Sections a results page lists its progress by, at most; more are shown as one total. */
const PROGRESS_BY_SECTION = 12;

function sessionState(session: Session) {
  return { standing: resultsStanding(session), hidden: travellersHidden(session) };
}

export type BoardPage = Awaited<ReturnType<WebData['board']>>;
export type SessionPage = Awaited<ReturnType<WebData['session']>>;
export type EventPage = Awaited<ReturnType<WebData['event']>>;
export type ScorecardPage = Awaited<ReturnType<WebData['scorecard']>>;
export type HandsPage = Awaited<ReturnType<WebData['hands']>>;
export type HomePage = Awaited<ReturnType<WebData['home']>>;
export type OrganizationPage = Awaited<ReturnType<WebData['organization']>>;
export type PlayerPage = Awaited<ReturnType<WebData['player']>>;
