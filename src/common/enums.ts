import { registerEnumType } from '@nestjs/graphql';
import {
  Direction,
  EventKind,
  EventStatus,
  MovementKind,
  NamePolicy,
  OrganizationKind,
  ResultStatus,
  ScoringMethod,
  Seat,
  SessionStatus,
  Vulnerability,
} from '../generated/prisma/enums.js';

/** The database enums are the GraphQL enums (names fixed in ../shared/API.md). */
registerEnumType(OrganizationKind, { name: 'OrganizationKind', description: 'CLUB or FEDERATION: the body that owns events, players and API keys' });
registerEnumType(EventKind, { name: 'EventKind', description: 'PAIRS, TEAMS or INDIVIDUAL: who a contestant is' });
registerEnumType(ScoringMethod, { name: 'ScoringMethod', description: 'How boards are scored: MATCHPOINTS, IMPS_ACROSS_FIELD, BUTLER, CROSS_IMPS (pairs); TEAMS_IMPS (teams, optionally converted to VPs); TOTAL_POINTS' });
registerEnumType(EventStatus, { name: 'EventStatus', description: 'PLANNED, IN_PROGRESS, COMPLETED or CANCELLED' });
registerEnumType(SessionStatus, { name: 'SessionStatus', description: 'SCHEDULED, IN_PROGRESS, COMPLETED, then OFFICIAL once published (Law 79C)' });
registerEnumType(Seat, { name: 'Seat', description: 'A compass seat: N, E, S, W' });
registerEnumType(Direction, { name: 'Direction', description: 'A line of a table: NS (North–South) or EW (East–West)' });
registerEnumType(Vulnerability, { name: 'Vulnerability', description: 'Who is vulnerable on a board (Law 2): NONE, NS, EW, BOTH' });
registerEnumType(MovementKind, { name: 'MovementKind', description: 'The movement: how contestants and boards move between rounds' });
registerEnumType(NamePolicy, { name: 'NamePolicy', description: 'How an organisation’s players’ names show to readers outside it and its federation: FULL, INITIALS (“A. L.”, “王**”) or HIDDEN (“(withheld)”)' });
registerEnumType(ResultStatus, { name: 'ResultStatus', description: 'How a traveller line was scored: PLAYED, PASSED_OUT, ARTIFICIAL (Law 12C2), ASSIGNED (Law 12C1), NOT_PLAYED' });

/** Laws 79C and 92B: how settled a session's results are. */
export const ResultsStanding = { PROVISIONAL: 'PROVISIONAL', OFFICIAL: 'OFFICIAL', FINAL: 'FINAL' } as const;
registerEnumType(ResultsStanding, {
  name: 'ResultsStanding',
  description: 'PROVISIONAL until published; OFFICIAL while the correction (Law 79C) and appeal (Law 92B) periods run; FINAL after them',
});

export {
  Direction,
  EventKind,
  EventStatus,
  MovementKind,
  NamePolicy,
  OrganizationKind,
  ResultStatus,
  ScoringMethod,
  Seat,
  SessionStatus,
  Vulnerability,
};

/** Strains in API.md's order; not a database enum. */
export const Strain = { C: 'C', D: 'D', H: 'H', S: 'S', NT: 'NT' } as const;
export type Strain = (typeof Strain)[keyof typeof Strain];
registerEnumType(Strain, { name: 'Strain', description: 'C, D, H, S or NT: clubs, diamonds, hearts, spades or no trumps' });
