import { describe, expect, it } from '@jest/globals';
import { backgroundNiceness, BACKGROUND_NICENESS } from './thread-priority.js';

describe('TRAVELLER_BACKGROUND_NICENESS', () => {
  it('defaults to the background niceness when unset or empty', () => {
    expect(backgroundNiceness(undefined)).toBe(BACKGROUND_NICENESS);
    expect(backgroundNiceness(' ')).toBe(BACKGROUND_NICENESS);
  });

  it('takes a whole number from 0 (threads left as they are) to 19', () => {
    expect(backgroundNiceness('0')).toBe(0);
    expect(backgroundNiceness('19')).toBe(19);
  });

  it.each(['-1', '20', '5.5', 'low'])('refuses %s with a message saying what it takes', (value) => {
    expect(() => backgroundNiceness(value)).toThrow(`TRAVELLER_BACKGROUND_NICENESS must be a whole number from 0 (threads left at the service's priority) to 19, not "${value}"`);
  });
});
