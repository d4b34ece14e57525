import { ArgumentsHost, Catch, Logger, type ExceptionFilter } from '@nestjs/common';
import { GqlArgumentsHost, type GqlContextType, type GqlExceptionFilter } from '@nestjs/graphql';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { HTTP_STATUS } from './errors.js';
import { toAppError } from './to-app-error.js';

/**
 * The one place where errors become answers: GraphQL errors with `extensions.code` and `fields`,
 * or JSON bodies with the matching HTTP status. Unknown errors are logged and answered without
 * detail, so no stack trace or SQL ever reaches a client.
 */
/** The GraphQL error a client sees for an application error. */
export function graphQLErrorOf(code: string, message: string, fields: readonly unknown[] = []): GraphQLError {
  return new GraphQLError(message, { extensions: { code, fields } });
}

@Catch()
export class ErrorFilter implements ExceptionFilter, GqlExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const error = toAppError(exception);
    if (!error) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const code = error?.code ?? 'INTERNAL_SERVER_ERROR';
    const message = error?.message ?? 'Internal error; the failure has been logged';
    const fields = error?.fields ?? [];

    if (host.getType<GqlContextType>() === 'graphql') {
      GqlArgumentsHost.create(host);
      return graphQLErrorOf(code, message, fields);
    }
    const status = (error as { httpStatus?: number } | null)?.httpStatus ?? HTTP_STATUS[code];
    const response = host.switchToHttp().getResponse<Response>();
    response.status(status).json({ statusCode: status, code, message, fields });
    return undefined;
  }
}
