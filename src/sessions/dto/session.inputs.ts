import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsDate, IsEnum, IsInt, IsOptional, IsUUID, Length, Max, Min } from 'class-validator';
import { NullKeeps } from '../../common/validation.js';

/** Statuses a session can be moved to by hand; OFFICIAL comes only from publishing. */
export enum SessionProgress {
  SCHEDULED = 'SCHEDULED',
  IN_PROGRESS = 'IN_PROGRESS',
  COMPLETED = 'COMPLETED',
}
registerEnumType(SessionProgress, { name: 'SessionProgress', description: 'Statuses a session can be moved to by hand; OFFICIAL comes only from publishSession' });

@InputType({ description: 'A new session of an event' })
export class CreateSessionInput {
  @Field(() => ID, { description: 'The event to add the session to' }) @IsUUID() eventId: string;
  @Field(() => Int, { nullable: true, description: 'Defaults to the next number in the event' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(999)
  number?: number;
  @Field({ nullable: true, description: 'Scheduled start, an ISO 8601 instant' }) @IsOptional() @IsDate() startsAt?: Date;
  @Field({ nullable: true, description: 'Display name, 1–200 characters, e.g. "Final A"' }) @IsOptional() @Length(1, 200) name?: string;
}

@InputType({ description: 'Changes to a session: fields left out keep their value, as does a null status or hideTravellers (a null startsAt or name clears it)' })
export class UpdateSessionInput {
  @Field({ nullable: true, description: 'Scheduled start, an ISO 8601 instant' }) @IsOptional() @IsDate() startsAt?: Date;
  @Field({ nullable: true, description: 'Display name, 1–200 characters' }) @IsOptional() @Length(1, 200) name?: string;
  @Field(() => SessionProgress, { nullable: true, description: 'SCHEDULED, IN_PROGRESS or COMPLETED (OFFICIAL comes only from publishSession)' }) @NullKeeps() @IsOptional() @IsEnum(SessionProgress) status?: SessionProgress;
  @Field({ nullable: true, description: 'Hide travellers, scorecards and hands from the public until the session ends' })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  hideTravellers?: boolean;
}
