import { Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { IdArg } from '../common/id.js';
import { PrismaService } from '../database/prisma.service.js';
import { Event } from '../events/models/event.model.js';
import { acceptInvitation, inviteHost } from './hosting.js';
import { HostInvitation } from './models/host-invitation.model.js';

/**
 * Simultaneous events: a club outside the owning federation hosts sections only when both sides
 * agree — the organiser invites, the club's admin accepts — as federation membership does.
 */
@Resolver(() => Event)
export class HostInvitationsResolver {
  constructor(private readonly prisma: PrismaService) {}

  @Mutation(() => HostInvitation, { description: 'Simultaneous events: the organiser invites a club from outside its federation to host sections (DIRECTOR of the event); the club accepts with acceptHostInvitation' })
  @Requires('DIRECTOR', (a) => ({ kind: 'event', id: a.eventId }), 'Inviting a host club')
  inviteHostClub(@IdArg('eventId') eventId: string, @IdArg('clubId') clubId: string, @Actor() actor: string) {
    return this.prisma.$transaction((tx) => inviteHost(tx, eventId, clubId, actor));
  }

  @Mutation(() => HostInvitation, { description: 'A club’s admin accepts an event’s invitation to host sections (NOT_FOUND without one)' })
  @Requires('ADMIN', (a) => ({ kind: 'organization', id: a.clubId }), 'Accepting an invitation to host')
  acceptHostInvitation(@IdArg('eventId') eventId: string, @IdArg('clubId') clubId: string) {
    return this.prisma.$transaction((tx) => acceptInvitation(tx, eventId, clubId));
  }

  @ResolveField(() => [HostInvitation], { description: 'Simultaneous events: clubs from outside the federation invited to host sections, accepted or waiting' })
  hostInvitations(@Parent() event: Event) {
    return this.prisma.hostInvitation.findMany({ where: { eventId: event.id }, orderBy: { createdAt: 'asc' } });
  }
}
