import { Injectable, Logger } from '@nestjs/common';
import { BadInputError, NotFoundError } from '../common/errors.js';
import { PrismaService } from '../database/prisma.service.js';
import type { ApiKey } from '../generated/prisma/client.js';
import { generateKey, hashKey, keyPrefix, sameHash } from './api-key.js';
import { UnauthenticatedError, type ApiRole, type Principal } from './principal.js';

/** How long a verified key is trusted without asking the database again (so a revocation reaches every instance within it). */
const TRUST_MS = 5_000;

export interface CreatedKey {
  key: string;
  apiKey: ApiKey;
}

/**
 * API keys: created (shown once), verified on each request that presents one, revoked. The
 * environment's TRAVELLER_ADMIN_KEY is a global admin key too (automation, containers).
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger('ApiKeys');
  private readonly verified = new Map<string, { principal: Principal | Error; until: number; expiresAt: Date | null }>();

  constructor(private readonly prisma: PrismaService) {}

  /** The principal of a presented key, or UnauthenticatedError saying what is wrong with it. */
  async verify(key: string): Promise<Principal> {
    const hash = hashKey(key);
    const cached = this.verified.get(hash);
    if (cached && cached.until > Date.now()) {
      if (cached.principal instanceof Error) throw cached.principal;
      // Trusted for a moment, but never past its expiry: that is checked at every use.
      if (cached.expiresAt && cached.expiresAt <= new Date()) throw expired(cached.expiresAt);
      return cached.principal;
    }
    const found = await this.lookup(key, hash).catch((error: unknown) => (error instanceof UnauthenticatedError ? error : Promise.reject(error)));
    if (this.verified.size > 10_000) this.verified.clear();
    const principal = found instanceof Error ? found : found.principal;
    this.verified.set(hash, { principal, until: Date.now() + TRUST_MS, expiresAt: found instanceof Error ? null : found.expiresAt });
    if (principal instanceof Error) throw principal;
    return principal;
  }

  private async lookup(key: string, hash: string): Promise<{ principal: Principal; expiresAt: Date | null }> {
    const admin = process.env.TRAVELLER_ADMIN_KEY;
    // Compared by their hashes: equal lengths whatever the key holds (a key of the admin key's length
    // in characters but not in bytes threw here, a 500), and nothing about the admin key's length shows.
    if (admin && sameHash(hashKey(admin), hash)) {
      return { principal: { keyId: null, label: 'admin (TRAVELLER_ADMIN_KEY)', role: 'ADMIN', organizationId: null, eventId: null }, expiresAt: null };
    }
    const prefix = keyPrefix(key);
    const row = prefix ? await this.prisma.apiKey.findUnique({ where: { prefix } }) : null;
    if (!row || !sameHash(row.hash, hash)) throw new UnauthenticatedError('Unknown API key');
    if (row.revokedAt) throw new UnauthenticatedError(`This API key was revoked on ${row.revokedAt.toISOString()}`);
    if (row.expiresAt && row.expiresAt <= new Date()) throw expired(row.expiresAt);
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
      void this.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
    }
    return { principal: { keyId: row.id, label: `key ${row.prefix} (${row.name})`, role: row.role, organizationId: row.organizationId, eventId: row.eventId }, expiresAt: row.expiresAt };
  }

  async create(input: { name: string; role: ApiRole; organizationId: string | null; eventId?: string | null; expiresAt?: Date | null }, createdBy: string): Promise<CreatedKey> {
    if (input.expiresAt && input.expiresAt <= new Date()) throw new BadInputError('expiresAt must be in the future', ['expiresAt']);
    if (input.eventId) {
      const event = await this.prisma.event.findUnique({ where: { id: input.eventId } });
      // A club's key may be limited to a simultaneous event another organisation runs, when the club hosts a section of it.
      const hosting = !!event && !!input.organizationId && event.organizationId !== input.organizationId && (await this.prisma.section.count({ where: { organizationId: input.organizationId, session: { eventId: event.id } } })) > 0;
      if (!event || (input.organizationId && event.organizationId !== input.organizationId && !hosting)) throw new NotFoundError('Event of this organisation', input.eventId, 'eventId');
    }
    const { key, prefix, hash } = generateKey();
    const apiKey = await this.prisma.apiKey.create({
      data: { name: input.name, role: input.role, organizationId: input.organizationId, eventId: input.eventId ?? null, expiresAt: input.expiresAt ?? null, prefix, hash, createdBy },
    });
    return { key, apiKey };
  }

  async revoke(id: string): Promise<ApiKey> {
    const row = await this.prisma.apiKey.findUnique({ where: { id } });
    if (!row) throw new NotFoundError('API key', id, 'id');
    if (row.revokedAt) return row;
    const revoked = await this.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    this.verified.clear(); // this instance stops trusting it at once; others within TRUST_MS
    return revoked;
  }

  list(organizationId: string | null) {
    return this.prisma.apiKey.findMany({ where: organizationId ? { organizationId } : {}, orderBy: { createdAt: 'asc' } });
  }

  /** A new installation has no key: make a global admin key, once, and say it (the only time it is shown). */
  async bootstrap(): Promise<string | null> {
    if (process.env.TRAVELLER_ADMIN_KEY) return null;
    const key = await this.prisma.$transaction(async (tx) => {
      // Two instances starting on a new database at once: one makes the key, the other finds it.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('traveller:bootstrap-key'))`;
      if ((await tx.apiKey.count()) > 0) return null;
      const { key, prefix, hash } = generateKey();
      await tx.apiKey.create({ data: { name: 'bootstrap admin', role: 'ADMIN', organizationId: null, prefix, hash, createdBy: 'bootstrap' } });
      return key;
    });
    // The caller shows it (main.ts prints it in the start banner): never in a log line.
    return key;
  }
}

const expired = (at: Date) => new UnauthenticatedError(`This API key expired on ${at.toISOString()}`);
