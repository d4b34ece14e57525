import { ArgsType, Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Length, Max, Min } from 'class-validator';
import { EventKind, EventStatus, ScoringMethod } from '../../common/enums.js';
import { LocalDateScalar } from '../../common/local-date.scalar.js';
import { PageArgs } from '../../common/pagination.js';
import { ScoringRulesFields } from './scoring-rules.inputs.js';
import { NullKeeps } from '../../common/validation.js';

@InputType({ description: 'A new event; scoring rules left out take the defaults shown on `Event`' })
export class CreateEventInput extends ScoringRulesFields {
  @Field({ description: 'The event’s name, 1–200 characters' }) @Length(1, 200) name: string;
  @Field(() => EventKind, { description: 'PAIRS, TEAMS or INDIVIDUAL' }) @IsEnum(EventKind) kind: EventKind;
  @Field(() => ScoringMethod, { description: 'How boards are scored' }) @IsEnum(ScoringMethod) scoring: ScoringMethod;
  @Field(() => ID, { nullable: true, description: 'The club or federation that runs it (must exist); null: none' }) @IsOptional() @IsUUID() organizationId?: string;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day of play, YYYY-MM-DD' }) @IsOptional() startsOn?: Date;
  @Field({ nullable: true, description: 'Where it is played, 1–200 characters' }) @IsOptional() @Length(1, 200) venue?: string;
  @Field({ nullable: true, description: 'The tournament director’s name, 1–200 characters' }) @IsOptional() @Length(1, 200) directorName?: string;
  @Field(() => Int, { nullable: true, description: 'Law 79C correction period, minutes (default 30)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60 * 24 * 14)
  correctionMinutes?: number;
  @Field(() => Int, { nullable: true, description: 'Law 92B appeal period, minutes (default 30)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60 * 24 * 14)
  appealMinutes?: number;
  @Field({ nullable: true, description: 'Publishing a session again after a correction restarts its correction and appeal periods (DOMAIN §8.1; default false: the first publication’s deadlines stand)' })
  @IsOptional()
  @IsBoolean()
  republishRestartsPeriods?: boolean;
  @Field({ nullable: true, description: 'Law 15: keep lines that do not fit the movement, flagged for the director' })
  @IsOptional()
  @IsBoolean()
  acceptOutOfMovement?: boolean;
  @Field({ nullable: true, description: 'Award category, e.g. CLUB_PAIRS (see setAwardScale)' }) @IsOptional() @Length(1, 50) category?: string;
}

@InputType({ description: 'Changes to an event: fields left out or null keep their value' })
export class UpdateEventInput extends ScoringRulesFields {
  @Field({ nullable: true, description: 'New name, 1–200 characters' }) @NullKeeps() @IsOptional() @Length(1, 200) name?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Gives an event made without an organisation (by a global admin key) its organisation, once; an event never moves between organisations',
  })
  @NullKeeps()
  @IsOptional()
  @IsUUID()
  organizationId?: string;
  @Field(() => ScoringMethod, { nullable: true, description: 'New scoring method (results are scored again)' }) @NullKeeps() @IsOptional() @IsEnum(ScoringMethod) scoring?: ScoringMethod;
  @Field(() => EventStatus, { nullable: true, description: 'New status' }) @NullKeeps() @IsOptional() @IsEnum(EventStatus) status?: EventStatus;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day of play, YYYY-MM-DD' }) @NullKeeps() @IsOptional() startsOn?: Date;
  @Field({ nullable: true, description: 'Where it is played, up to 200 characters; an empty string clears it' }) @NullKeeps() @IsOptional() @Length(0, 200) venue?: string;
  @Field({ nullable: true, description: 'The tournament director’s name, up to 200 characters; an empty string clears it' }) @NullKeeps() @IsOptional() @Length(0, 200) directorName?: string;
  @Field(() => Int, { nullable: true, description: 'Law 79C correction period after publication, minutes (0–20160)' }) @NullKeeps() @IsOptional() @IsInt() @Min(0) @Max(60 * 24 * 14) correctionMinutes?: number;
  @Field(() => Int, { nullable: true, description: 'Law 92B appeal period after publication, minutes (0–20160)' }) @NullKeeps() @IsOptional() @IsInt() @Min(0) @Max(60 * 24 * 14) appealMinutes?: number;
  @Field({ nullable: true, description: 'Publishing a session again after a correction restarts its correction and appeal periods (DOMAIN §8.1; default false: the first publication’s deadlines stand)' })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  republishRestartsPeriods?: boolean;
  @Field({ nullable: true, description: 'Law 15: keep lines that do not fit the movement, flagged for the director' })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  acceptOutOfMovement?: boolean;
  @Field({ nullable: true, description: 'Award category, e.g. CLUB_PAIRS (see setAwardScale), up to 50 characters; an empty string clears it' }) @NullKeeps() @IsOptional() @Length(0, 50) category?: string;
  @Field({ nullable: true, description: 'After a session’s Law 79C correction period: a change to the scoring method or rules (which rescores its results) is made and audited (Law 79C2); without it, CONFLICT' })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

export enum EventListing {
  CURRENT = 'CURRENT',
  ARCHIVED = 'ARCHIVED',
  DELETED = 'DELETED',
}
registerEnumType(EventListing, { name: 'EventListing', description: 'Which events a list shows: CURRENT (neither archived nor deleted), ARCHIVED, or DELETED (not yet purged)' });

@ArgsType()
export class EventsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Events of this club or federation' })
  @IsOptional()
  @IsUUID()
  organizationId?: string;
  @Field(() => ID, { nullable: true, description: 'Simultaneous events in which this club runs a section (whoever organises them)' })
  @IsOptional()
  @IsUUID()
  hostedBy?: string;
  @Field(() => EventStatus, { nullable: true }) @IsOptional() @IsEnum(EventStatus) status?: EventStatus;
  @Field(() => EventKind, { nullable: true }) @IsOptional() @IsEnum(EventKind) kind?: EventKind;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Played on or after this day' }) @IsOptional() from?: Date;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Played on or before this day' }) @IsOptional() to?: Date;
  @Field({ nullable: true, description: 'Part of the name, any case' }) @IsOptional() @Length(1, 100) name?: string;
  @Field(() => EventListing, { nullable: true, defaultValue: EventListing.CURRENT, description: 'CURRENT (default), ARCHIVED or DELETED; the last two need organizationId and a key of that organisation' })
  @IsOptional()
  @IsEnum(EventListing)
  listing?: EventListing;
}
