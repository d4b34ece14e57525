import { Injectable } from '@nestjs/common';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { pageQuery, toPage, type Page } from '../common/pagination.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Organization } from '../generated/prisma/client.js';
import type { CreateOrganizationInput, OrganizationsArgs, UpdateOrganizationInput } from './dto/organization.inputs.js';

@Injectable()
export class OrganizationsService {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: string): Promise<Organization> {
    const org = await this.prisma.organization.findUnique({ where: { id } });
    if (!org) throw new NotFoundError('Organization', id, 'id');
    return org;
  }

  async list(args: OrganizationsArgs): Promise<Page<Organization>> {
    const where = { kind: args.kind, federationId: args.federationId };
    const [rows, total] = await Promise.all([
      this.prisma.organization.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageQuery(args) }),
      this.prisma.organization.count({ where }),
    ]);
    return toPage(rows, args, total);
  }

  async create(input: CreateOrganizationInput): Promise<Organization> {
    if (input.federationId) await this.requireFederation(input.federationId);
    return this.prisma.organization.create({ data: input });
  }

  /**
   * `byOperator`: a global admin key. Joining a federation gives the federation's keys the club's
   * awards, member numbers and player merges, so it takes both sides: a club's own key setting
   * `federationId` only asks (requestedFederationId), and the federation's admin accepts with
   * acceptMemberClub. The operator attaches at once; leaving (federationId null) is the club's own
   * decision.
   */
  async update(id: string, input: UpdateOrganizationInput, byOperator: boolean): Promise<Organization> {
    const current = await this.get(id);
    if (input.federationId) await this.requireFederation(input.federationId);
    const { federationId, ...rest } = input;
    const asking = !!federationId && federationId !== current.federationId && !byOperator;
    const membership =
      federationId === undefined ? {} : asking ? { requestedFederationId: federationId } : { federationId: federationId ?? null, requestedFederationId: null };
    return this.prisma.$transaction(async (tx) => {
      const saved = await tx.organization.update({ where: { id }, data: { ...rest, ...membership } });
      if (input.namePolicy && input.namePolicy !== current.namePolicy) {
        await tx.auditEntry.create({ data: { organizationId: id, action: 'NAME_POLICY_CHANGED', entityId: id, before: { namePolicy: current.namePolicy }, after: { namePolicy: input.namePolicy } } });
        // Every cached answer and page showing these players' names is stale: touching the events
        // they played in bumps those events' revisions (the triggers), which the caches check.
        await tx.$executeRaw`UPDATE "Event" SET "updatedAt" = now() WHERE "organizationId" = ${id}::uuid OR "id" IN (
          SELECT c."eventId" FROM "Contestant" c JOIN "ContestantPlayer" cp ON cp."contestantId" = c."id" JOIN "Player" p ON p."id" = cp."playerId" WHERE p."organizationId" = ${id}::uuid)`;
      }
      return saved;
    });
  }

  /** The federation's admin (or the operator) accepts a club's request to join it. */
  async acceptMember(clubId: string, federationId: string | null): Promise<Organization> {
    const club = await this.get(clubId);
    if (!club.requestedFederationId || (federationId && club.requestedFederationId !== federationId)) {
      throw new NotFoundError('Request to join this federation from club', clubId, 'clubId');
    }
    // Only the request as it stands is accepted, even if the club changed it a moment ago.
    const { count } = await this.prisma.organization.updateMany({ where: { id: clubId, requestedFederationId: club.requestedFederationId }, data: { federationId: club.requestedFederationId, requestedFederationId: null } });
    if (!count) throw new NotFoundError('Request to join this federation from club', clubId, 'clubId');
    return this.get(clubId);
  }

  private async requireFederation(id: string): Promise<void> {
    const fed = await this.prisma.organization.findUnique({ where: { id } });
    if (!fed) throw new NotFoundError('Federation', id, 'federationId');
    if (fed.kind !== 'FEDERATION') throw new BadInputError(`${fed.name} is a club, not a federation`, ['federationId']);
  }
}
