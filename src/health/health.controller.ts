import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PrismaService } from '../database/prisma.service.js';

const CHECK_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** Liveness: the process answers, whatever the database does (no I/O: a restart would not help it). */
  @Get('health/live')
  @ApiOkResponse({ description: 'The process is up', schema: { example: { status: 'ok' } } })
  live() {
    return { status: 'ok' };
  }

  /** For load balancers and container health checks: ok only when the database answers. */
  @Get('health')
  @ApiOkResponse({ description: 'The service and its database answer', schema: { example: { status: 'ok', database: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
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
