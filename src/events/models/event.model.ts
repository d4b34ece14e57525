import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { EventKind, EventStatus, ScoringMethod } from '../../common/enums.js';
import { LocalDateScalar } from '../../common/local-date.scalar.js';
import { Connection } from '../../common/pagination.js';

export enum VpScale {
  WBF_2013 = 'WBF_2013',
  WBF_2013_DISCRETE = 'WBF_2013_DISCRETE',
  VP_25 = 'VP_25',
  VP_30 = 'VP_30',
  CUSTOM = 'CUSTOM',
}
registerEnumType(VpScale, {
  name: 'VpScale',
  description:
    'IMP-to-VP conversion of team matches: WBF_2013 (continuous, 20 VPs, two decimals); WBF_2013_DISCRETE (the same curve in whole VPs); VP_25 and VP_30 (the WBF 2013 curve scaled to 25 or 30 VPs); CUSTOM (the event’s own table, customVpScale)',
});

export enum MatchpointScale {
  TWO_POINT = 'TWO_POINT',
  ONE_POINT = 'ONE_POINT',
}
registerEnumType(MatchpointScale, { name: 'MatchpointScale', description: '2/1/0 per comparison (WBF, EBU; the default) or 1/½/0 (ACBL)' });

@ObjectType({ description: 'A competition: one or more sessions with one set of contestants' })
export class Event {
  @Field(() => ID, { description: 'The event’s id' }) id: string;
  @Field({ description: 'The event’s name as published' }) name: string;
  @Field(() => EventKind, { description: 'PAIRS, TEAMS or INDIVIDUAL' }) kind: EventKind;
  @Field(() => ScoringMethod, { description: 'How boards are scored' }) scoring: ScoringMethod;
  @Field(() => EventStatus, { description: 'PLANNED, IN_PROGRESS, COMPLETED or CANCELLED' }) status: EventStatus;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day of play' }) startsOn: Date | null;
  @Field(() => String, { nullable: true, description: 'Where it is played; null when not given' }) venue: string | null;
  @Field(() => String, { nullable: true, description: 'The tournament director’s name; null when not given' }) directorName: string | null;
  @Field(() => VpScale, { nullable: true, description: 'Team events: the IMP-to-VP conversion; null for raw IMPs or pairs' }) vpScale: string | null;
  @Field(() => String, { nullable: true, description: 'The kind of event a federation’s award scale is chosen by, e.g. CLUB_PAIRS' }) category: string | null;
  @Field(() => Int, { description: 'Law 79C correction period after publication, minutes' }) correctionMinutes: number;
  @Field(() => Int, { description: 'Law 92B appeal period after publication, minutes' }) appealMinutes: number;
  @Field({ description: 'Publishing a session again after a correction restarts its correction and appeal periods (DOMAIN §8.1)' }) republishRestartsPeriods: boolean;
  @Field({ description: 'Law 15: lines that do not fit the movement are kept and flagged, not refused' }) acceptOutOfMovement: boolean;
  @Field(() => ID, { nullable: true, description: 'The club or federation that runs the event; null when none' }) organizationId: string | null;
  @Field(() => Date, { nullable: true, description: 'When the event was archived (out of lists and public pages); null when not' }) archivedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the event was deleted (restorable until purged); null when not. Only its organisation’s keys ever see a deleted event' }) deletedAt: Date | null;
  @Field({ description: 'When the event was created (instant, UTC)' }) createdAt: Date;
  @Field({ description: 'When the event was last changed (instant, UTC)' }) updatedAt: Date;
}

@ObjectType({ description: 'A page of events; cursors are the events’ ids' })
export class EventConnection extends Connection(Event) {}
