import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Session } from '../generated/prisma/client.js';
import type { CreateSessionInput, UpdateSessionInput } from './dto/session.inputs.js';

@Injectable()
export class SessionsService {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: string): Promise<Session> {
    const session = await this.prisma.session.findUnique({ where: { id } });
    if (!session) throw new NotFoundError('Session', id, 'id');
    return session;
  }

  ofEvent(eventId: string): Promise<Session[]> {
    return this.prisma.session.findMany({ where: { eventId }, orderBy: { number: 'asc' } });
  }

  async create(input: CreateSessionInput): Promise<Session> {
    const event = await this.prisma.event.findUnique({ where: { id: input.eventId } });
    if (!event) throw new NotFoundError('Event', input.eventId, 'eventId');
    const last = await this.prisma.session.findFirst({ where: { eventId: event.id }, orderBy: { number: 'desc' } });
    const number = input.number ?? (last?.number ?? 0) + 1;
    const taken = await this.prisma.session.findUnique({ where: { eventId_number: { eventId: event.id, number } } });
    if (taken) throw new ConflictError(`Session ${number} of ${event.name} already exists`, ['number']);
    return this.prisma.session.create({ data: { ...input, number } });
  }

  async update(id: string, input: UpdateSessionInput): Promise<Session> {
    await this.get(id);
    return this.prisma.session.update({ where: { id }, data: input });
  }
}
