import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { InvalidContractError } from '../bridge/errors.js';
import { ConflictError } from './errors.js';
import { toAppError } from './to-app-error.js';

const prismaError = (code: string, meta: Record<string, unknown>) =>
  Object.assign(new Error('prisma'), { name: 'PrismaClientKnownRequestError', code, meta });

describe('toAppError: every error a request can raise, as a client may see it', () => {
  it('keeps service errors as they are', () => {
    const e = new ConflictError('taken', ['number']);
    expect(toAppError(e)).toBe(e);
  });

  it('turns domain errors into BAD_USER_INPUT with their field', () => {
    expect(toAppError(new InvalidContractError('Level must be 1–7', 'contract'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Level must be 1–7',
      fields: ['contract'],
    });
  });

  it('turns unique violations that raced past the services into CONFLICT', () => {
    const viaAdapter = prismaError('P2002', {
      modelName: 'Contestant',
      driverAdapterError: { cause: { constraint: { fields: ['"eventId"', '"number"'] } } },
    });
    expect(toAppError(viaAdapter)).toMatchObject({ code: 'CONFLICT', fields: ['eventId', 'number'] });
    expect(toAppError(prismaError('P2002', { modelName: 'Board', target: ['sessionId', 'number'] }))).toMatchObject({
      code: 'CONFLICT',
      message: 'A Board with the same sessionId, number already exists',
    });
  });

  it('turns missing rows into NOT_FOUND', () => {
    expect(toAppError(prismaError('P2025', { modelName: 'Event' }))?.code).toBe('NOT_FOUND');
    expect(toAppError(prismaError('P2003', { modelName: 'Session' }))?.code).toBe('NOT_FOUND');
  });

  it('maps the same races seen through the plain pg pool by SQLSTATE', () => {
    const pgError = (code: string) => Object.assign(new Error('pg'), { code, table: 'Result', constraint: 'Result_sessionId_idempotencyKey_key' });
    expect(toAppError(pgError('23505'))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Result .*Result_sessionId_idempotencyKey_key.*nothing was written/) });
    expect(toAppError(pgError('23503'))?.code).toBe('NOT_FOUND');
    expect(toAppError(pgError('23514'))?.code).toBe('BAD_USER_INPUT');
    expect(toAppError(pgError('57P01'))).toBeNull();
  });

  it('maps HTTP exceptions by status', () => {
    expect(toAppError(new NotFoundException('Cannot GET /x'))?.code).toBe('NOT_FOUND');
    expect(toAppError(new BadRequestException('bad'))?.code).toBe('BAD_USER_INPUT');
  });

  it('gives nothing away about anything else', () => {
    expect(toAppError(new TypeError('x is undefined'))).toBeNull();
    expect(toAppError(prismaError('P1001', {}))).toBeNull();
  });
});
