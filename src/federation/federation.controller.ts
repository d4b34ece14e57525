import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiFileResponse } from '../common/openapi.js';
import type { Response } from 'express';
import { RequiresKey } from '../auth/requires.decorator.js';
import { printCsv } from '../bridge/formats/csv.js';
import { BadInputError } from '../common/errors.js';
import { uuidParam } from '../common/id.js';
import { FederationService } from './federation.service.js';

const date = (value: string | undefined, field: string) => {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new BadInputError(`${field} must be a date such as 2026-01-31`, [field]);
  return new Date(`${value}T00:00:00Z`);
};

/** For the federation's own systems: awards per player as CSV. */
@ApiBearerAuth()
@ApiTags('federation')
@Controller('api/v1/organizations')
export class FederationController {
  constructor(private readonly federation: FederationService) {}

  @Get(':id/awards.csv')
  @ApiOperation({ summary: 'Awards per player as CSV' })
  @ApiFileResponse('text/csv', 'Awards per player (member number, name, events, points); needs a key of the organisation or its federation')
  @ApiErrors(400, 401, 403, 404, 429)
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'category', required: false })
  @RequiresKey((a) => ({ kind: 'organization', id: a.id }), 'Awards')
  async awardsCsv(
    @Param('id', uuidParam('id')) id: string,
    @Res() res: Response,
    @Query('from') from?: string,
    @Query('to') to?: string,
    @Query('category') category?: string,
  ) {
    const awards = await this.federation.awards(id, { from: date(from, 'from'), to: date(to, 'to'), category });
    const rows = awards.map((a) => [a.memberNumber ?? '', a.name, String(a.events.length), a.total.toFixed(2)]);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="awards.csv"');
    res.send(printCsv(['Member number', 'Name', 'Events', 'Points'], rows));
  }
}
