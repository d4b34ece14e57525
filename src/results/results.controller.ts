import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrors } from '../common/openapi.js';
import { StoredLineBody, StoredLinesBody } from './dto/rest-responses.js';
import type { Response } from 'express';
import { BadInputError } from '../common/errors.js';
import { uuidParam } from '../common/id.js';
import { validationPipe } from '../common/validation.js';
import { ResultBatchBody, ResultLineInput } from './dto/submit-result.input.js';
import { ResultsService } from './results.service.js';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { correcting, inSections, lettersOf } from './results.resolver.js';

/**
 * Plain HTTP for scoring software: POST one traveller line, or `{ "lines": [...] }` (all or nothing).
 * 201 when something was stored, 200 for an identical retry, 409 for a different line on the same
 * board and pairs, 400 with the offending fields for bad input.
 */
@ApiBearerAuth()
@ApiTags('results')
@ApiExtraModels(ResultLineInput, ResultBatchBody, StoredLineBody, StoredLinesBody)
@Controller('api/v1/sessions')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Post(':id/results')
  @HttpCode(200)
  @ApiOperation({ summary: 'Post traveller lines', description: 'One line, or `{ "lines": [...] }` stored all or nothing. A SCORER key posts; a correction (`correction: { reason }`) needs a DIRECTOR key.' })
  @Requires((a) => (correcting(a.body?.lines ?? [a.body]) ? 'DIRECTOR' : 'SCORER'), (a) => inSections(a.id, a.body && typeof a.body === 'object' && 'lines' in a.body ? lettersOf(a.body.lines) : [a.body?.section]), 'Posting results')
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(ResultLineInput) }, { $ref: getSchemaPath(ResultBatchBody) }] } })
  @ApiCreatedResponse({ description: 'Stored (or corrected): the line as stored, with its score; for `{ "lines" }`, one entry per line', schema: { oneOf: [{ $ref: getSchemaPath(StoredLineBody) }, { $ref: getSchemaPath(StoredLinesBody) }] } })
  @ApiOkResponse({ description: 'The same line (or every line of the batch) was stored already: nothing changed', schema: { oneOf: [{ $ref: getSchemaPath(StoredLineBody) }, { $ref: getSchemaPath(StoredLinesBody) }] } })
  @ApiErrors(400, 401, 403, 404, 408, 409, 413, 429)
  async post(
    @Param('id', uuidParam('id')) sessionId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
    @Actor() actor: string,
  ) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BadInputError('Send one traveller line as a JSON object, or { "lines": [...] }, with Content-Type: application/json');
    }
    const batch = 'lines' in body;
    const pipe = validationPipe();
    if (batch) {
      const { lines } = (await pipe.transform(body, { type: 'body', metatype: ResultBatchBody })) as ResultBatchBody;
      const outcomes = await this.results.submitMany(sessionId, lines, actor);
      if (outcomes.some((o) => o.created || o.corrected)) res.status(201);
      return { lines: outcomes };
    }
    const line = (await pipe.transform(body, { type: 'body', metatype: ResultLineInput })) as ResultLineInput;
    const outcome = await this.results.submit(sessionId, line, actor);
    if (outcome.created || outcome.corrected) res.status(201);
    return outcome;
  }
}
