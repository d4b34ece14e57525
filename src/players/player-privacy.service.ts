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
  private readonly orgs = new Map<string, { info: OrgInfo | null; until: number }>();
  private readonly eventOrgs = new Map<string, { organizationId: string | null; until: number }>();

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
    if (await this.inReach(player.organizationId, reader)) return player.name;
    return shownName(player.name, await this.policyOf(player.organizationId));
  }

  async memberNumber(player: SeatedPlayer, reader: Principal | null): Promise<string | null> {
    return (await this.inReach(player.organizationId, reader)) ? player.memberNumber : null;
  }

  /** A player as the reader may see it: name per policy, member number only in reach. */
  async player<T extends SeatedPlayer>(player: T, reader: Principal | null): Promise<T> {
    if (await this.inReach(player.organizationId, reader)) return player;
    return { ...player, name: shownName(player.name, await this.policyOf(player.organizationId)), memberNumber: null };
  }

  /** A contestant's display name for the reader (see shownContestantName). */
  async contestantName(c: { name: string; number: number; eventId: string; players: SeatedPlayer[] }, reader: Principal | null, label = 'No.'): Promise<string> {
    const eventOrg = await this.eventOrganization(c.eventId);
    if (await this.inReach(eventOrg, reader)) return c.name;
    const shown = await Promise.all(c.players.map((p) => this.name(p, reader)));
    return shownContestantName(c, shown, await this.policyOf(eventOrg), label);
  }

  /** A contestant with its name and players as the reader may see them. */
  async contestant<T extends { name: string; number: number; eventId: string; players: SeatedPlayer[] }>(c: T, reader: Principal | null): Promise<T> {
    const [name, players] = await Promise.all([this.contestantName(c, reader), Promise.all(c.players.map((p) => this.player(p, reader)))]);
    return { ...c, name, players };
  }

  /** Forgets a policy the moment it changes (other instances within REMEMBER_MS). */
  forget(organizationId: string): void {
    this.orgs.delete(organizationId);
  }

  async eventOrganization(eventId: string): Promise<string | null> {
    const known = this.eventOrgs.get(eventId);
    if (known && known.until > Date.now()) return known.organizationId;
    const event = await this.prisma.event.findUnique({ where: { id: eventId }, select: { organizationId: true } });
    const organizationId = event?.organizationId ?? null;
    if (this.eventOrgs.size > 50_000) this.eventOrgs.clear();
    // An event's organisation is set once; an event without one may get one, so that is not kept long.
    this.eventOrgs.set(eventId, { organizationId, until: Date.now() + (organizationId ? 60_000 : REMEMBER_MS) });
    return organizationId;
  }

  private async org(id: string): Promise<OrgInfo | null> {
    const known = this.orgs.get(id);
    if (known && known.until > Date.now()) return known.info;
    const row = await this.prisma.organization.findUnique({ where: { id }, select: { namePolicy: true, federationId: true } });
    const info = row ? { namePolicy: row.namePolicy as NamePolicy, federationId: row.federationId } : null;
    if (this.orgs.size > 10_000) this.orgs.clear();
    this.orgs.set(id, { info, until: Date.now() + REMEMBER_MS });
    return info;
  }
}
