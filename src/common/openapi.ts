import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * What REST clients are told about errors: every error answers this body, with a stable `code`
 * (the same codes as GraphQL's `extensions.code`) and a message a person can act on.
 */
export class ErrorBody {
  @ApiProperty({ example: 400, description: 'The HTTP status again' })
  statusCode: number;

  @ApiProperty({ enum: ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'REQUEST_TIMEOUT', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR'], example: 'BAD_USER_INPUT' })
  code: string;

  @ApiProperty({ example: 'tricks must be between 0 and 13' })
  message: string;

  @ApiPropertyOptional({ type: [String], description: 'For bad input: the fields to fix (empty or absent otherwise)', example: ['lines.0.tricks'] })
  fields?: string[];
}

type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 429;

const MEANING: Record<ErrorStatus, string> = {
  400: 'Bad input: `fields` names what to fix; nothing was written',
  401: 'No API key, or a key that is unknown, revoked or expired',
  403: 'The key may not do this here (another organisation’s object, a role too low, another event)',
  404: 'No such object (or not one this key may see)',
  408: 'The body did not arrive in time (TRAVELLER_BODY_TIMEOUT_MS)',
  409: 'Conflicts with what is stored (a different line for this board and these pairs); send a correction with a reason',
  413: 'The body is larger than this route accepts (1 MiB of JSON; a file 32 MiB, refused by its Content-Length before it is read); code BAD_USER_INPUT',
  429: 'Too many requests from this address or key: wait for Retry-After seconds',
};

/** The error answers a route can give, each with the error body. */
export function ApiErrors(...statuses: ErrorStatus[]) {
  return applyDecorators(
    ApiExtraModels(ErrorBody),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: MEANING[status],
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBody) } } },
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
      }),
    ),
  );
}

/** A file answered as itself (exports). */
export function ApiFileResponse(contentType: string, description: string) {
  return ApiResponse({ status: 200, description, content: { [contentType]: { schema: { type: 'string' } } } });
}
