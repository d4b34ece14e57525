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
