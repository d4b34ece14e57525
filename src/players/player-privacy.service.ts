import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Player } from '../generated/prisma/client.js';
import { shownContestantName, shownName, type NamePolicy } from './name-policy.js';

interface OrgInfo {
  namePolicy: NamePolicy;
  federationId: string | null;
}

/** How long an organisation's policy is reused; the instance that changes it forgets at once. */
const REMEMBER_MS = 5_000;

type SeatedPlayer = Pick<Player, 'id' | 'name' | 'memberNumber' | 'organizationId'>;

/**
 * Who sees what of a player. The player's club, its federation and a global admin see everything;
 * everyone else (the public, other clubs) sees the name as the club's `namePolicy` publishes it,
 * never the member number or the history. Every place that shows a player asks here: the GraphQL
 * fields, the pages and the exports.
 */
@Injectable()
export class PlayerPrivacy {
  // Promises, so that the rows of one ranking asking together share one query.
  private readonly orgs = new Map<string, { info: Promise<OrgInfo | null>; until: number }>();
  private readonly eventOrgs = new Map<string, { organizationId: Promise<string | null>; until: number }>();

  constructor(private readonly prisma: PrismaService) {}

  /** Whether the reader is of the organisation (or its federation, or a global admin). */
  async inReach(organizationId: string | null, reader: Principal | null): Promise<boolean> {
    if (!reader) return false;
    if (reader.organizationId === null) return true;
    if (!organizationId) return false;
    if (reader.organizationId === organizationId) return true;
    return (await this.org(organizationId))?.federationId === reader.organizationId;
  }

  async policyOf(organizationId: string | null): Promise<NamePolicy> {
    return organizationId ? ((await this.org(organizationId))?.namePolicy ?? 'FULL') : 'FULL';
  }

  async name(player: SeatedPlayer, reader: Principal | null): Promise<string> {
    return (await this.player(player, reader)).name;
  }

  async memberNumber(player: SeatedPlayer, reader: Principal | null): Promise<string | null> {
    return (await this.inReach(player.organizationId, reader)) ? player.memberNumber : null;
  }

  /** A player as the reader may see it: name per policy, member number only in reach. */
  async player<T extends SeatedPlayer>(player: T, reader: Principal | null): Promise<T> {
    if (await this.inReach(player.organizationId, reader)) return player;
    return { ...player, name: shownName(player.name, await this.policyOf(player.organizationId)), memberNumber: null };
  }

  /** Whether the reader sees every one of these players in full. */
  async readsAll(players: SeatedPlayer[], reader: Principal | null): Promise<boolean> {
    return (await Promise.all(players.map((p) => this.inReach(p.organizationId, reader)))).every(Boolean);
  }

  /** A contestant's display name for the reader (see shownContestantName). */
  async contestantName(c: { name: string; number: number; nameChosen?: boolean; eventId: string; players: SeatedPlayer[] }, reader: Principal | null): Promise<string> {
    return this.nameOf(c, await Promise.all(c.players.map((p) => this.player(p, reader))), reader);
  }

  /** A contestant with its name and players as the reader may see them (each player worked out once). */
  async contestant<T extends { name: string; number: number; nameChosen?: boolean; eventId: string; players: SeatedPlayer[] }>(c: T, reader: Principal | null): Promise<T> {
    const players = await Promise.all(c.players.map((p) => this.player(p, reader)));
    return { ...c, name: await this.nameOf(c, players, reader), players };
  }

  /**
   * The contestant's name from its players as shown (see shownContestantName). The event's own
   * organisation reads a chosen name whatever its policy, but a name made of players' names as it
   * reads each player: a host club's players are that club's to publish.
   */
  private async nameOf(c: { name: string; number: number; nameChosen?: boolean; eventId: string; players: SeatedPlayer[] }, shown: SeatedPlayer[], reader: Principal | null): Promise<string> {
    const eventOrg = await this.eventOrganization(c.eventId);
    const policy = (await this.inReach(eventOrg, reader)) ? 'FULL' : await this.policyOf(eventOrg);
    return shownContestantName(c, shown.map((p) => p.name), policy, 'No.');
  }

  /** Forgets a policy the moment it changes (other instances within REMEMBER_MS). */
  forget(organizationId: string): void {
    this.orgs.delete(organizationId);
  }

  async eventOrganization(eventId: string): Promise<string | null> {
    const known = this.eventOrgs.get(eventId);
    if (known && known.until > Date.now()) return known.organizationId;
    const organizationId = this.prisma.event.findUnique({ where: { id: eventId }, select: { organizationId: true } }).then((e) => e?.organizationId ?? null);
    if (this.eventOrgs.size > 50_000) this.eventOrgs.clear();
    const entry = { organizationId, until: Date.now() + REMEMBER_MS };
    this.eventOrgs.set(eventId, entry);
    // An event's organisation is set once; an event without one may get one, so that is not kept long.
    organizationId.then(
      (id) => {
        if (id) entry.until = Date.now() + 60_000;
      },
      () => this.eventOrgs.delete(eventId),
    );
    return organizationId;
  }

  private async org(id: string): Promise<OrgInfo | null> {
    const known = this.orgs.get(id);
    if (known && known.until > Date.now()) return known.info;
    const info = this.prisma.organization
      .findUnique({ where: { id }, select: { namePolicy: true, federationId: true } })
      .then((row) => (row ? { namePolicy: row.namePolicy as NamePolicy, federationId: row.federationId } : null));
    if (this.orgs.size > 10_000) this.orgs.clear();
    this.orgs.set(id, { info, until: Date.now() + REMEMBER_MS });
    info.catch(() => this.orgs.delete(id));
    return info;
  }
}
