import { BadInputError } from './errors.js';

/** A true/false query parameter of a REST route (absent: false); anything else is refused naming it. */
export function queryFlag(value: string | undefined, field: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadInputError(`${field} must be true or false`, [field]);
}
