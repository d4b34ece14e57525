import { describe, expect, it } from '@jest/globals';
import { databaseTarget, redactedUrl } from './connection.js';

describe('database URLs', () => {
  it('splits Prisma’s ?schema= off for pg', () => {
    expect(databaseTarget('postgresql://postgres@127.0.0.1:5432/test?schema=t_1&sslmode=disable')).toEqual({
      connectionString: 'postgresql://postgres@127.0.0.1:5432/test?sslmode=disable',
      schema: 't_1',
    });
    expect(databaseTarget('postgresql://postgres@127.0.0.1:5432/test').schema).toBe('public');
  });

  it('refuses a schema name that would need quoting', () => {
    expect(() => databaseTarget('postgresql://h/db?schema=a"b')).toThrow(/plain identifier/);
  });

  it('never prints a password', () => {
    expect(redactedUrl('postgresql://u:secret@h:5432/db')).toBe('postgresql://u:***@h:5432/db');
  });
});
