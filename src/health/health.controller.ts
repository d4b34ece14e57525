import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PrismaService } from '../database/prisma.service.js';

const CHECK_TIMEOUT_MS = 2_000;
const HEALTH_SCHEMA = {
  type: 'object' as const,
  required: ['status', 'database'],
  properties: { status: { type: 'string' as const, enum: ['ok', 'unavailable'] }, database: { type: 'string' as const, enum: ['up', 'down'] } },
};

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** Liveness: the process answers, whatever the database does (no I/O: a restart would not help it). */
  @Get('health/live')
  @ApiOperation({ summary: 'Liveness', security: [] })
  @ApiOkResponse({ description: 'The process is up', schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } })
  live() {
    return { status: 'ok' };
  }

  /** For load balancers and container health checks: ok only when the database answers. */
  @Get('health')
  @ApiOperation({ summary: 'Readiness: the service and its database', security: [] })
  @ApiOkResponse({ description: 'The service and its database answer', schema: HEALTH_SCHEMA })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer', schema: HEALTH_SCHEMA })
  async health(@Res({ passthrough: true }) res: Response) {
    try {
      await Promise.race([
        this.prisma.$queryRaw`SELECT 1`,
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ok', database: 'up' };
    } catch {
      res.status(503);
      return { status: 'unavailable', database: 'down' };
    }
  }
}
