import { HttpException } from '@nestjs/common';
import { DomainError } from '../bridge/errors.js';
import { AppError, type ErrorCode } from './errors.js';

/** Every error a request can raise, reduced to what a client may see. `null` = internal error. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return new AppError('BAD_USER_INPUT', error.message, error.field ? [error.field] : []);
  const prisma = prismaError(error) ?? postgresError(error);
  if (prisma) return prisma;
  if (error instanceof HttpException) return httpError(error);
  return null;
}

interface PrismaKnownError {
  code: string;
  meta?: Record<string, unknown>;
}

function isPrismaKnownError(error: unknown): error is PrismaKnownError & Error {
  return error instanceof Error && error.name === 'PrismaClientKnownRequestError' && 'code' in error;
}

/** Constraint violations that got past the services' own checks (races): still a clear answer. */
function prismaError(error: unknown): AppError | null {
  if (!isPrismaKnownError(error)) return null;
  const model = typeof error.meta?.modelName === 'string' ? error.meta.modelName : 'record';
  switch (error.code) {
    case 'P2002': {
      const fields = uniqueFields(error.meta);
      return new AppError('CONFLICT', `A ${model} with the same ${fields.join(', ') || 'key'} already exists`, fields);
    }
    case 'P2025':
      return new AppError('NOT_FOUND', `The ${model} to change does not exist`);
    case 'P2003':
      return new AppError('NOT_FOUND', `A ${model} refers to something that does not exist`);
    default:
      return null;
  }
}

/** The same races seen through the plain `pg` pool (SQLSTATE codes). */
function postgresError(error: unknown): AppError | null {
  if (!(error instanceof Error) || typeof (error as { code?: unknown }).code !== 'string') return null;
  const { code, table, constraint } = error as Error & { code: string; table?: string; constraint?: string };
  switch (code) {
    case '23505':
      return new AppError('CONFLICT', `A ${table ?? 'record'} with the same key already exists (${constraint ?? 'unique key'}); nothing was written`);
    case '23503':
      return new AppError('NOT_FOUND', `A ${table ?? 'record'} refers to something that no longer exists; nothing was written`);
    case '23514':
      return new AppError('BAD_USER_INPUT', `A ${table ?? 'record'} breaks a rule of the data (${constraint ?? 'check'}); nothing was written`);
    default:
      return null;
  }
}

function uniqueFields(meta: Record<string, unknown> | undefined): string[] {
  if (Array.isArray(meta?.target)) return meta.target.map(String);
  const cause = (meta?.driverAdapterError as { cause?: { constraint?: { fields?: unknown } } } | undefined)?.cause;
  const fields = cause?.constraint?.fields;
  return Array.isArray(fields) ? fields.map((f) => String(f).replace(/"/g, '')) : [];
}

function httpError(error: HttpException): AppError {
  const status = error.getStatus();
  const code: ErrorCode | null =
    status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : status < 500 ? 'BAD_USER_INPUT' : null;
  const app = new AppError(code ?? 'BAD_USER_INPUT', bodyParserMessage(error.cause) ?? error.message);
  return Object.assign(app, { httpStatus: status });
}

/** The body parser's refusals, said so that a client author knows what to change. */
function bodyParserMessage(cause: unknown): string | null {
  const { type, limit, message } = (cause ?? {}) as { type?: string; limit?: number; message?: string };
  if (type === 'entity.parse.failed') return `The request body is not valid JSON: ${message}`;
  if (type === 'entity.too.large') return `The request body is larger than the ${limit ? `${Math.round(limit / 1024)} KiB ` : ''}this endpoint accepts; send it in smaller parts`;
  return null;
}
