import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MetricsService } from './metrics.service.js';

/**
 * GET /metrics for Prometheus. Not public: it answers only when TRAVELLER_METRICS_TOKEN is set,
 * and only to HTTP Basic auth with that token as the password (Prometheus' `basic_auth`; any user
 * name). It is a scraper's credential, not an API key: Bearer headers are API keys everywhere else.
 * Without the variable the route is not there (404).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  async scrape(@Req() req: Request, @Res() res: Response) {
    const token = process.env.TRAVELLER_METRICS_TOKEN;
    if (!token) return void res.status(404).json({ code: 'NOT_FOUND', message: 'Metrics are off: set TRAVELLER_METRICS_TOKEN to serve them' });
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '')?.[1];
    const password = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    if (!sameSecret(password, token)) {
      return void res.status(401).set('WWW-Authenticate', 'Basic realm="metrics"').json({ code: 'UNAUTHENTICATED', message: 'Metrics need HTTP Basic auth with TRAVELLER_METRICS_TOKEN as the password' });
    }
    res.set('Content-Type', this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}

function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
