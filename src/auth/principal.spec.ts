import { describe, expect, it } from '@jest/globals';
import { authorize, isInsider, type Principal, type Scope } from './principal.js';

const key = (organizationId: string | null, role: Principal['role'] = 'DIRECTOR', eventId: string | null = null): Principal => ({ keyId: 'k', label: 'key', role, organizationId, eventId });
const outcome = (run: () => void) => {
  try {
    run();
    return 'ALLOWED';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('a section hosted by a club (simultaneous events)', () => {
  // The federation's event; section B is run by the club "north".
  const hosted: Scope = { organizationId: 'federation', federationId: null, eventId: 'sim', hostId: 'north' };
  const unhosted: Scope = { organizationId: 'federation', federationId: null, eventId: 'sim', hostId: null };

  it.each([
    ['the organiser’s key', key('federation'), hosted, 'ALLOWED'],
    ['the host club’s key', key('north'), hosted, 'ALLOWED'],
    ['the host club’s key limited to the event', key('north', 'DIRECTOR', 'sim'), hosted, 'ALLOWED'],
    ['the host club’s key limited to another event', key('north', 'DIRECTOR', 'other'), hosted, 'FORBIDDEN'],
    ['the host club’s scorer where a director is needed', key('north', 'SCORER'), hosted, 'FORBIDDEN'],
    ['another club’s key', key('south'), hosted, 'FORBIDDEN'],
    ['the host club’s key on a section the organiser runs', key('north'), unhosted, 'FORBIDDEN'],
    ['the host club’s key on the event itself (no section)', key('north'), { ...unhosted, hostId: undefined }, 'FORBIDDEN'],
    ['a global admin', key(null, 'ADMIN'), hosted, 'ALLOWED'],
    ['no key', null, hosted, 'UNAUTHENTICATED'],
  ] as const)('%s', (_, principal, scope, expected) => {
    expect(outcome(() => authorize(principal, 'DIRECTOR', scope, 'Posting'))).toBe(expected);
  });

  it('does not make the host an insider: hidden travellers stay the organiser’s', () => {
    expect(isInsider(key('north'), hosted)).toBe(false);
    expect(isInsider(key('federation'), hosted)).toBe(true);
  });
});
