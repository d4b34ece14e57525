/**
 * Errors of the service layer, each with the stable `extensions.code` clients switch on and the
 * input fields it concerns. Domain errors from src/bridge are mapped to BAD_USER_INPUT at the edge.
 */
export type ErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS: Record<ErrorCode | 'INTERNAL_SERVER_ERROR', number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInputError extends AppError {
  constructor(message: string, fields: string[] = []) {
    super('BAD_USER_INPUT', message, fields);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, id: string | number, field?: string) {
    super('NOT_FOUND', `${what} ${id} does not exist`, field ? [field] : []);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, fields: string[] = []) {
    super('CONFLICT', message, fields);
  }
}
