import { literalLike } from '../common/like.js';
import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { checkCursor, pageQuery, toPage, type Page } from '../common/pagination.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Player, Prisma } from '../generated/prisma/client.js';
import type { CreatePlayerInput, PlayersArgs, UpdatePlayerInput } from './dto/player.inputs.js';

@Injectable()
export class PlayersService {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: string): Promise<Player> {
    const player = await this.prisma.player.findUnique({ where: { id } });
    if (!player) throw new NotFoundError('Player', id, 'id');
    return player;
  }

  /**
   * `searchable`: the organisations whose every name may be listed or matched (the reader's own and
   * its member clubs); elsewhere only players whose club publishes full names, since the list is in
   * name order (null: everywhere, for a global admin).
   */
  async list(args: PlayersArgs, searchable: string[] | null = null): Promise<Page<Player>> {
    const where: Prisma.PlayerWhereInput = {
      organizationId: args.organizationId,
      memberNumber: args.memberNumber,
      name: args.name ? { contains: literalLike(args.name), mode: 'insensitive' } : undefined,
      ...(searchable ? { OR: [{ organizationId: null }, { organization: { namePolicy: 'FULL' } }, { organizationId: { in: searchable } }] } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.player.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageQuery(args) }),
      this.prisma.player.count({ where }),
      // Beside the page's own queries, not before them: a round trip less.
      checkCursor(args, async (id) => (await this.prisma.player.count({ where: { AND: [where, { id }] } })) > 0),
    ]);
    return toPage(rows, args, total);
  }

  /** The clubs of a federation (none for a club). */
  async memberClubs(organizationId: string): Promise<string[]> {
    return (await this.prisma.organization.findMany({ where: { federationId: organizationId }, select: { id: true } })).map((o) => o.id);
  }

  async create(input: CreatePlayerInput): Promise<Player> {
    if (input.organizationId && !(await this.prisma.organization.findUnique({ where: { id: input.organizationId } }))) {
      throw new NotFoundError('Organization', input.organizationId, 'organizationId');
    }
    await this.checkMemberNumberFree(input.organizationId ?? null, input.memberNumber);
    return this.prisma.player.create({ data: input });
  }

  async update(id: string, input: UpdatePlayerInput): Promise<Player> {
    const player = await this.get(id);
    if (input.memberNumber !== undefined && input.memberNumber !== player.memberNumber) {
      await this.checkMemberNumberFree(player.organizationId, input.memberNumber);
    }
    return this.prisma.player.update({ where: { id }, data: input });
  }

  private async checkMemberNumberFree(organizationId: string | null, memberNumber?: string): Promise<void> {
    if (!memberNumber) return;
    const holder = await this.prisma.player.findFirst({ where: { organizationId, memberNumber } });
    if (holder) {
      throw new ConflictError(`Member number ${memberNumber} already belongs to ${holder.name} (player ${holder.id})`, [
        'memberNumber',
      ]);
    }
  }
}
