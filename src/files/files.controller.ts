import { Controller, Get, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiFileResponse } from '../common/openapi.js';
import { ImportReportBody } from './dto/rest-responses.js';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/actor.decorator.js';
import type { Principal } from '../auth/principal.js';
import { Requires } from '../auth/requires.decorator.js';
import { BadInputError } from '../common/errors.js';
import { uuidParam } from '../common/id.js';
import { intoEvent } from './files.resolver.js';
import { parseHostsQuery } from './dto/section-hosts.js';
import { ExportService, type ExportFormat } from './export.service.js';
import { sendPieces } from './streamed-file.js';
import { ImportService } from './import.service.js';
import { EventLifecycle } from '../events/event-lifecycle.service.js';
import { FileFormat } from './models/import-report.model.js';
import { reportModel } from './report-model.js';
import { queryFlag } from '../common/query-flag.js';


const name = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  // Printable, as it goes into the audit trail.
  if (!value.length || value.length > 200 || /[\u0000-\u001f\u007f]/.test(value)) throw new BadInputError('fileName must be 1–200 printable characters', ['fileName']);
  return value;
};

/** Files for scoring programs and federations: the file itself as the body in, the file itself out. Exports are public, as the rankings are. */
@ApiTags('files')
@Controller('api/v1')
export class FilesController {
  private readonly logger = new Logger('Exports');

  constructor(
    private readonly imports: ImportService,
    private readonly exports: ExportService,
    private readonly lifecycle: EventLifecycle,
  ) {}

  @Post('imports/:format')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Import a file', description: 'PBN, USEBIO, BWS or CSV (the `format` path segment, any case). Needs a DIRECTOR key; the key is checked before the body is read.' })
  @ApiConsumes('application/octet-stream', 'text/plain', 'application/xml')
  @ApiBody({ description: 'The file as it is (PBN or CSV text, USEBIO XML, Bridgemate .bws)', schema: { type: 'string', format: 'binary' } })
  @ApiQuery({ name: 'eventId', required: false, description: 'Add the file’s sessions to this event instead of creating one' })
  @ApiQuery({ name: 'hosts', required: false, description: 'Simultaneous events: the club running each of the file’s sections, as A:<club id>,B:<club id>' })
  @ApiQuery({ name: 'dryRun', required: false, type: Boolean, description: 'true: check everything and answer the report, write nothing' })
  @ApiQuery({ name: 'override', required: false, type: Boolean, description: 'true: a corrected file may change results after the correction period (Law 79C2, a director’s decision)' })
  @ApiQuery({ name: 'fileName', required: false, description: 'The file’s name, for the audit trail (the import’s own entry, and "Re-import of club-night.pbn")' })
  @ApiCreatedResponse({ description: 'Imported: the event id and the report (rejected lines, and figures that differ from Traveller’s)', type: ImportReportBody })
  @ApiOkResponse({ description: 'A corrected file applied to the event it identifies (the report lists every line changed, added or missing), a dry run, or the same file imported here before (its report again, nothing written)', type: ImportReportBody })
  @ApiErrors(400, 401, 403, 404, 408, 413, 429)
  @Requires('DIRECTOR', (a) => intoEvent(a.eventId), 'Importing a file')
  async import(
    @Param('format') format: string,
    @Query('eventId', uuidParam('eventId', true)) eventId: string | undefined,
    @Query('hosts') hosts: unknown,
    @Query('dryRun') dryRun: string | undefined,
    @Query('override') override: string | undefined,
    @Query('fileName') fileName: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentPrincipal() principal: Principal,
  ) {
    const known = Object.values(FileFormat).find((f) => f.toLowerCase() === format.toLowerCase());
    if (!known) throw new BadInputError(`Unknown file format "${format}": use usebio, pbn, bws or csv`, ['format']);
    if (!Buffer.isBuffer(req.body) || req.is('application/json')) {
      throw new BadInputError('Send the file itself, not JSON, as the request body (for example curl --data-binary @results.pbn); GraphQL clients use importEvent', ['file']);
    }
    const options = { dryRun: queryFlag(dryRun, 'dryRun'), override: queryFlag(override, 'override'), fileName: name(fileName) };
    const target = { eventId, organizationId: principal.organizationId, hosts: parseHostsQuery(hosts) };
    const report = reportModel(await this.imports.import(known, req.body, target, principal.label, options));
    res.status(report.alreadyImported || report.dryRun || report.reimport ? 200 : 201);
    return report;
  }

  @Get('events/:id/export.usebio')
  @ApiOperation({ summary: 'Export the event as USEBIO', security: [] })
  @ApiFileResponse('application/xml', 'The event as USEBIO XML, with Traveller’s figures')
  @ApiErrors(400, 404, 429)
  usebio(@Param('id', uuidParam('id')) id: string, @Req() req: Request, @Res() res: Response, @CurrentPrincipal() principal: Principal | null) {
    return this.send(id, 'USEBIO', req, res, principal);
  }

  @Get('events/:id/export.pbn')
  @ApiOperation({ summary: 'Export the event as PBN', security: [] })
  @ApiFileResponse('application/x-pbn', 'The event as PBN: deals, travellers and Traveller’s figures')
  @ApiErrors(400, 404, 429)
  pbn(@Param('id', uuidParam('id')) id: string, @Req() req: Request, @Res() res: Response, @CurrentPrincipal() principal: Principal | null) {
    return this.send(id, 'PBN', req, res, principal);
  }

  @Get('events/:id/ranking.csv')
  @ApiOperation({ summary: 'The event ranking as CSV', security: [] })
  @ApiFileResponse('text/csv', 'The event ranking as CSV (ties shown as 3=)')
  @ApiErrors(400, 404, 429)
  rankingCsv(@Param('id', uuidParam('id')) id: string, @Req() req: Request, @Res() res: Response, @CurrentPrincipal() principal: Principal | null) {
    return this.send(id, 'RANKING_CSV', req, res, principal);
  }

  @Get('events/:id/travellers.csv')
  @ApiOperation({ summary: 'The event’s travellers as CSV', security: [] })
  @ApiFileResponse('text/csv', 'Every traveller line of the event as CSV')
  @ApiErrors(400, 404, 429)
  travellersCsv(@Param('id', uuidParam('id')) id: string, @Req() req: Request, @Res() res: Response, @CurrentPrincipal() principal: Principal | null) {
    return this.send(id, 'TRAVELLERS_CSV', req, res, principal);
  }

  private async send(id: string, format: ExportFormat, req: Request, res: Response, principal: Principal | null): Promise<void> {
    await this.lifecycle.check(id, principal);
    await this.exports.stream(id, format, principal, (file) => {
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return sendPieces(req, res, file.pieces).catch((error: unknown) => {
        // Once the file has begun there is no error answer to give: the reader gets a cut-off file.
        if (!res.headersSent) throw error;
        this.logger.error(`export ${format} of event ${id} failed after it began: ${error instanceof Error ? error.stack : String(error)}`);
        res.destroy();
      });
    });
  }
}
