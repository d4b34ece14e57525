import { Controller, Get, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { BadInputError } from '../common/errors.js';
import { intoEvent } from './files.resolver.js';
import { ExportService, type ExportFormat } from './export.service.js';
import { ImportService } from './import.service.js';
import { FileFormat } from './models/import-report.model.js';
import { reportModel } from './report-model.js';

const uuid = (field: string) => new ParseUUIDPipe({ optional: field === 'eventId', exceptionFactory: () => new BadInputError(`${field} must be a UUID`, [field]) });

/** Files for scoring programs and federations: the file itself as the body in, the file itself out. */
@ApiBearerAuth()
@ApiTags('files')
@Controller('api/v1')
export class FilesController {
  constructor(
    private readonly imports: ImportService,
    private readonly exports: ExportService,
  ) {}

  @Post('imports/:format')
  @ApiConsumes('application/octet-stream', 'text/plain', 'application/xml')
  @ApiBody({ description: 'The file as it is (PBN or CSV text, USEBIO XML, Bridgemate .bws)', schema: { type: 'string', format: 'binary' } })
  @ApiQuery({ name: 'eventId', required: false, description: 'Add the file’s sessions to this event instead of creating one' })
  @ApiCreatedResponse({ description: 'Imported: the event id and the report (rejected lines, and figures that differ from Traveller’s)' })
  @ApiOkResponse({ description: 'The same file was imported here before: its event and report, nothing written' })
  @ApiBadRequestResponse({ description: 'The file cannot be read: the message names the line or element; nothing was written' })
  @Requires('DIRECTOR', (a) => intoEvent(a.eventId), 'Importing a file')
  async import(
    @Param('format') format: string,
    @Query('eventId', uuid('eventId')) eventId: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentPrincipal() principal: Principal,
  ) {
    const known = Object.values(FileFormat).find((f) => f.toLowerCase() === format.toLowerCase());
    if (!known) throw new BadInputError(`Unknown file format "${format}": use usebio, pbn, bws or csv`, ['format']);
    if (!Buffer.isBuffer(req.body) || req.is('application/json')) {
      throw new BadInputError('Send the file itself, not JSON, as the request body (for example curl --data-binary @results.pbn); GraphQL clients use importEvent', ['file']);
    }
    const report = reportModel(await this.imports.import(known, req.body, { eventId, organizationId: principal.organizationId }, principal.label));
    res.status(report.alreadyImported ? 200 : 201);
    return report;
  }

  @Get('events/:id/export.usebio')
  @ApiProduces('application/xml')
  usebio(@Param('id', uuid('id')) id: string, @Res() res: Response) {
    return this.send(id, 'USEBIO', res);
  }

  @Get('events/:id/export.pbn')
  @ApiProduces('application/x-pbn')
  pbn(@Param('id', uuid('id')) id: string, @Res() res: Response) {
    return this.send(id, 'PBN', res);
  }

  @Get('events/:id/ranking.csv')
  @ApiProduces('text/csv')
  rankingCsv(@Param('id', uuid('id')) id: string, @Res() res: Response) {
    return this.send(id, 'RANKING_CSV', res);
  }

  @Get('events/:id/travellers.csv')
  @ApiProduces('text/csv')
  travellersCsv(@Param('id', uuid('id')) id: string, @Res() res: Response) {
    return this.send(id, 'TRAVELLERS_CSV', res);
  }

  private async send(id: string, format: ExportFormat, res: Response): Promise<void> {
    const file = await this.exports.export(id, format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.content);
  }
}
