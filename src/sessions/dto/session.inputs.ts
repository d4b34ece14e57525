import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { IsBoolean, IsDate, IsEnum, IsInt, IsOptional, IsUUID, Length, Max, Min } from 'class-validator';

/** Statuses a session can be moved to by hand; OFFICIAL comes only from publishing. */
export enum SessionProgress {
  SCHEDULED = 'SCHEDULED',
  IN_PROGRESS = 'IN_PROGRESS',
  COMPLETED = 'COMPLETED',
}
registerEnumType(SessionProgress, { name: 'SessionProgress' });

@InputType()
export class CreateSessionInput {
  @Field(() => ID) @IsUUID() eventId: string;
  @Field(() => Int, { nullable: true, description: 'Defaults to the next number in the event' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(999)
  number?: number;
  @Field({ nullable: true }) @IsOptional() @IsDate() startsAt?: Date;
  @Field({ nullable: true }) @IsOptional() @Length(1, 200) name?: string;
}

@InputType()
export class UpdateSessionInput {
  @Field({ nullable: true }) @IsOptional() @IsDate() startsAt?: Date;
  @Field({ nullable: true }) @IsOptional() @Length(1, 200) name?: string;
  @Field(() => SessionProgress, { nullable: true }) @IsOptional() @IsEnum(SessionProgress) status?: SessionProgress;
  @Field({ nullable: true, description: 'Hide travellers, scorecards and hands from the public until the session ends' })
  @IsOptional()
  @IsBoolean()
  hideTravellers?: boolean;
}
