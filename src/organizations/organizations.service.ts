import { ForbiddenError } from '../auth/principal.js';
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
   * awards, member numbers and player merges, so a club's own key cannot join one: the federation
   * consents by creating its member clubs (createOrganization), or the operator attaches an
   * existing club. Leaving (federationId null) is the club's own decision.
   */
  async update(id: string, input: UpdateOrganizationInput, byOperator: boolean): Promise<Organization> {
    const current = await this.get(id);
    if (input.federationId && input.federationId !== current.federationId && !byOperator) {
      throw new ForbiddenError('A club joins a federation only with the federation’s consent: the federation’s admin creates its member clubs, or the operator (a global admin key) attaches an existing club');
    }
    if (input.federationId) await this.requireFederation(input.federationId);
    return this.prisma.organization.update({ where: { id }, data: input });
  }

  private async requireFederation(id: string): Promise<void> {
    const fed = await this.prisma.organization.findUnique({ where: { id } });
    if (!fed) throw new NotFoundError('Federation', id, 'federationId');
    if (fed.kind !== 'FEDERATION') throw new BadInputError(`${fed.name} is a club, not a federation`, ['federationId']);
  }
}
