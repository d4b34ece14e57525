import { jest } from '@jest/globals';
import { PgPool } from '../../src/database/pg-pool.service.js';
import type { TestApp } from './app.js';

/** The statements the app sends through its pool from now on whose text holds `part`, as they are sent (empty the array to count afresh). */
export function statementsWith(t: TestApp, part: string): string[] {
  const sent: string[] = [];
  const pool = t.app.get(PgPool);
  const query = pool.query.bind(pool);
  jest.spyOn(pool, 'query').mockImplementation((text, params) => {
    if (text.includes(part)) sent.push(text);
    return query(text, params);
  });
  return sent;
}
