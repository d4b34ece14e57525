import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, getSchemaPath, ApiExtraModels } from '@nestjs/swagger';
import type { Response } from 'express';
import { BadInputError } from '../common/errors.js';
import { validationPipe } from '../common/validation.js';
import { ResultBatchBody, ResultLineInput } from './dto/submit-result.input.js';
import { ResultsService } from './results.service.js';
import { Actor } from '../auth/actor.decorator.js';
import { Requires } from '../auth/requires.decorator.js';
import { correcting } from './results.resolver.js';

/**
 * Plain HTTP for scoring software: POST one traveller line, or `{ "lines": [...] }` (all or nothing).
 * 201 when something was stored, 200 for an identical retry, 409 for a different line on the same
 * board and pairs, 400 with the offending fields for bad input.
 */
@ApiBearerAuth()
@ApiTags('results')
@ApiExtraModels(ResultLineInput, ResultBatchBody)
@Controller('api/v1/sessions')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Post(':id/results')
  @HttpCode(200)
  @Requires((a) => (correcting(a.body?.lines ?? [a.body]) ? 'DIRECTOR' : 'SCORER'), (a) => ({ kind: 'session', id: a.id }), 'Posting results')
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(ResultLineInput) }, { $ref: getSchemaPath(ResultBatchBody) }] } })
  @ApiCreatedResponse({ description: 'Stored (or corrected)' })
  @ApiOkResponse({ description: 'The same line was stored already: nothing changed' })
  @ApiConflictResponse({ description: 'A different line exists for this board and these pairs' })
  @ApiBadRequestResponse({ description: 'Invalid line; `fields` names what to fix' })
  async post(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new BadInputError('session id must be a UUID', ['id']) })) sessionId: string,
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
