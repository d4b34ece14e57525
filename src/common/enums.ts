import { registerEnumType } from '@nestjs/graphql';
import {
  Direction,
  EventKind,
  EventStatus,
  MovementKind,
  OrganizationKind,
  ResultStatus,
  ScoringMethod,
  Seat,
  SessionStatus,
  Vulnerability,
} from '../generated/prisma/enums.js';

/** The database enums are the GraphQL enums (names fixed in ../shared/API.md). */
registerEnumType(OrganizationKind, { name: 'OrganizationKind' });
registerEnumType(EventKind, { name: 'EventKind' });
registerEnumType(ScoringMethod, { name: 'ScoringMethod' });
registerEnumType(EventStatus, { name: 'EventStatus' });
registerEnumType(SessionStatus, { name: 'SessionStatus' });
registerEnumType(Seat, { name: 'Seat' });
registerEnumType(Direction, { name: 'Direction' });
registerEnumType(Vulnerability, { name: 'Vulnerability' });
registerEnumType(MovementKind, { name: 'MovementKind' });
registerEnumType(ResultStatus, { name: 'ResultStatus' });

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
registerEnumType(Strain, { name: 'Strain' });
