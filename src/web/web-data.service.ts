import { Injectable } from '@nestjs/common';
import { resultsStanding, travellersHidden } from '../bridge/periods.js';
import { ContestantsService } from '../contestants/contestants.service.js';
import { EventsService } from '../events/events.service.js';
import type { Event, Organization, Player, Session } from '../generated/prisma/client.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { PlayersService } from '../players/players.service.js';
import type { RankingEntry, Scorecard } from '../rankings/models/ranking.model.js';
import { PUBLIC_READER, RankingsService } from '../rankings/rankings.service.js';
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

  async event(id: string) {
    await this.lifecycle.check(id, PUBLIC);
    const event = await this.events.get(id);
    const [organization, sessions] = await Promise.all([this.organizationOf(event), this.sessions.ofEvent(id)]);
    const ranking = sessions.length ? await this.publicEntries(await this.rankings.eventRanking(id)) : [];
    return { event, organization, sessions, ranking };
  }

  async session(id: string) {
    const { session, event, organization, boards } = await this.sessionHead(id);
    const ranking = await this.publicEntries(await this.rankings.sessionRanking(id));
    const matches = event.kind === 'TEAMS' ? await this.matches(session, ranking) : [];
    const state = sessionState(session);
    const progress = state.standing === 'PROVISIONAL' ? await this.progress(session.id) : [];
    return { session, event, organization, ranking, boards, matches, progress, ...state };
  }

  async board(sessionId: string, number: number) {
    const { session, event, organization, boards } = await this.sessionHead(sessionId);
    // The page links each line to its pairs by number only: no name is shown, so none is masked.
    const [traveller, contestants] = await Promise.all([this.rankings.traveller(sessionId, number, PUBLIC_READER), this.contestants.ofEvent(event.id)]);
    const view = { number, dealer: traveller.dealer, vulnerability: traveller.vulnerability, deal: traveller.deal };
    // The table of the deal the visitor may see: none while the traveller is hidden, none until solved.
    const board: BoardView = { ...view, doubleDummy: (await this.doubleDummy.ofSessionDeals(sessionId, [view])).get(number) ?? null };
    return { session, event, organization, boards, traveller, board, contestants, ...sessionState(session) };
  }

  /** Every board's hand record (for printing). */
  async hands(sessionId: string) {
    const { session, event, organization, boards: numbers } = await this.sessionHead(sessionId);
    // Each board as the traveller shows it to the public (so hidden boards stay hidden), from the scored event's cache.
    const travellers = await Promise.all(numbers.map((n) => this.rankings.traveller(sessionId, n, PUBLIC_READER)));
    const views = travellers.filter((t) => t.deal).map((t) => ({ number: t.board, dealer: t.dealer, vulnerability: t.vulnerability, deal: t.deal }));
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
    const contestants = await this.publicContestants(event.id);
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

  private async publicContestants(eventId: string) {
    return Promise.all((await this.contestants.ofEvent(eventId)).map((c) => this.privacy.contestant(c, PUBLIC)));
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
    const numbers = [...(scored?.data.boards.keys() ?? []), ...(scored?.data.results.map((r) => r.boardNumber) ?? [])];
    return [...new Set(numbers)].sort((a, b) => a - b);
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
