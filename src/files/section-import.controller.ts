import { Controller, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { BadInputError } from '../common/errors.js';
import { uuidParam } from '../common/id.js';
import { ApiErrors } from '../common/openapi.js';
import { RejectedItemBody } from './dto/rest-responses.js';
import { FileFormat } from './models/import-report.model.js';
import { SECTION_FILTER } from '../rankings/dto/ranking-page.args.js';
import { SectionImportService } from './section-import.js';
import { queryFlag } from '../common/query-flag.js';

export class SectionImportBody {
  @ApiProperty({ format: 'uuid' }) sectionId: string;
  @ApiProperty({ description: 'Lines stored by this import' }) created: number;
  @ApiProperty({ description: 'Lines stored already, exactly so (the same file again changes nothing)' }) unchanged: number;
  @ApiProperty({ type: [RejectedItemBody], description: 'Items of the file not taken, and why (adjusted scores are the director’s to enter)' }) rejected: RejectedItemBody[];
  @ApiProperty({ description: 'A dry run: what the import would store (created, unchanged), checked as it would be; nothing was written' }) dryRun: boolean;
}

/** A club's scoring-program file for its section of a simultaneous event, as the file itself (under /imports: the key is checked before the body is read). */
@ApiTags('files')
@Controller('api/v1/imports')
export class SectionImportController {
  constructor(private readonly sections: SectionImportService) {}

  @Post(':format/sections/:sectionId')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Import one section’s results',
    description: 'The file’s lines of one section, posted into this section as pads would (all or nothing; 409 on a line that differs from a stored one). DIRECTOR of the event or of the club hosting the section; the pairs must be entered first.',
  })
  @ApiConsumes('application/octet-stream', 'text/plain', 'application/xml')
  @ApiBody({ description: 'The file as it is (PBN or CSV text, USEBIO XML, Bridgemate .bws)', schema: { type: 'string', format: 'binary' } })
  @ApiQuery({ name: 'fromSection', required: false, description: 'The file’s section to take, when it holds several' })
  @ApiQuery({ name: 'dryRun', required: false, type: Boolean, description: 'true: check the file as the import would (the same refusals) and answer what it would store; write nothing' })
  @ApiOkResponse({ description: 'What was stored', type: SectionImportBody })
  @ApiErrors(400, 401, 403, 404, 408, 409, 413, 429)
  @Requires('DIRECTOR', (a) => ({ kind: 'section', id: a.sectionId }), 'Importing a section’s results')
  import(
    @Param('format') format: string,
    @Param('sectionId', uuidParam('sectionId')) sectionId: string,
    @Query('fromSection') fromSection: string | undefined,
    @Query('dryRun') dryRun: string | undefined,
    @Req() req: Request,
    @Actor() actor: string,
  ) {
    const known = Object.values(FileFormat).find((f) => f.toLowerCase() === format.toLowerCase());
    if (!known) throw new BadInputError(`Unknown file format "${format}": use usebio, pbn, bws or csv`, ['format']);
    if (!Buffer.isBuffer(req.body) || req.is('application/json')) throw new BadInputError('Send the file itself, not JSON, as the request body', ['file']);
    if (fromSection !== undefined && !SECTION_FILTER.test(fromSection)) throw new BadInputError('fromSection must be a section letter', ['fromSection']);
    return this.sections.import(sectionId, known, req.body, fromSection, actor, queryFlag(dryRun, 'dryRun'));
  }
}
