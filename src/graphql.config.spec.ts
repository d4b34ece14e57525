import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { BadInputError, NotFoundError } from './common/errors.js';
import { publicError } from './graphql.config.js';

/** An error as Apollo hands it to formatError when a field's own resolver threw `original`. */
const thrownInField = (original: Error) => {
  const wrapped = new GraphQLError(original.message, { originalError: original, path: ['session', 'travellers'] });
  return { formatted: { message: original.message, path: ['session', 'travellers'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }, wrapped };
};

describe('publicError: what a client sees of an error', () => {
  it('answers an application error thrown in a field resolver with its own code, message and fields', () => {
    const { formatted, wrapped } = thrownInField(new BadInputError('Too many lines: use travellerPage', ['travellers']));
    expect(publicError(formatted, wrapped)).toEqual({ message: 'Too many lines: use travellerPage', locations: undefined, path: ['session', 'travellers'], extensions: { code: 'BAD_USER_INPUT', fields: ['travellers'] } });
    const missing = thrownInField(new NotFoundError('Session', 'x', 'sessionId'));
    expect(publicError(missing.formatted, missing.wrapped).extensions?.code).toBe('NOT_FOUND');
  });

  it('hides anything else behind a plain internal error, and logs it', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
    const { formatted, wrapped } = thrownInField(new Error('relation "Result" does not exist'));
    expect(publicError(formatted, wrapped)).toEqual({ message: 'Internal error; the failure has been logged', locations: undefined, path: ['session', 'travellers'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('relation "Result" does not exist'));
    log.mockRestore();
  });

  it('keeps the codes ErrorFilter and Apollo gave', () => {
    const filtered = new GraphQLError('No such event', { extensions: { code: 'NOT_FOUND', fields: ['id'] } });
    expect(publicError({ message: 'No such event', extensions: { code: 'NOT_FOUND', fields: ['id'] } }, filtered).extensions).toEqual({ code: 'NOT_FOUND', fields: ['id'] });
    const parse = new GraphQLError('Syntax Error: Expected Name', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    expect(publicError({ message: parse.message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, parse).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });
});
