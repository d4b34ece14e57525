import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsEnum,
  IsInt,
  IsOptional,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Direction } from '../../common/enums.js';
import { NullKeeps } from '../../common/validation.js';

@InputType({ description: 'A player of a contestant: an existing player by id, or by name (and member number)' })
export class ContestantPlayerInput {
  @Field(() => ID, { nullable: true, description: 'An existing player of the register (the event organisation’s; a host club’s own for its keys); give this or `name`' }) @IsOptional() @IsUUID() playerId?: string;
  @Field({ nullable: true, description: 'A new player’s name, 1–200 characters' }) @IsOptional() @Length(1, 200) name?: string;
  @Field({ nullable: true, description: 'Federation member number; an existing player of the register with it is reused' })
  @IsOptional()
  @Length(1, 50)
  memberNumber?: string;
}

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

@InputType({ description: 'A pair, team or individual to enter' })
export class ContestantInput {
  @Field({ nullable: true, description: 'Section letter, when pairs are numbered per section (A 1 and B 1 are different pairs)' })
  @IsOptional()
  @Transform(upper)
  @Matches(/^[A-Z]{1,2}$/, { message: 'section must be a section letter, e.g. A' })
  section?: string;
  @Field(() => Int, { description: 'Pair, team or player number, 1–9999' }) @IsInt() @Min(1) @Max(9999) number: number;
  @Field(() => Direction, { nullable: true, description: 'Only for two-winner Mitchells' })
  @IsOptional()
  @IsEnum(Direction)
  direction?: Direction;
  @Field({ nullable: true, description: 'Defaults to the players’ names' }) @IsOptional() @Length(1, 200) name?: string;
  @Field(() => [ContestantPlayerInput], { nullable: true, description: 'The players, in seat order (at most 6)' })
  @IsOptional()
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => ContestantPlayerInput)
  players?: ContestantPlayerInput[];
}

@InputType({ description: 'Contestants to enter in an event' })
export class AddContestantsInput {
  @Field(() => ID, { description: 'The event' }) @IsUUID() eventId: string;
  @Field(() => [ContestantInput], { description: 'The contestants' })
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ContestantInput)
  contestants: ContestantInput[];
}

@InputType({ description: 'Changes to a contestant: fields left out or null keep their value' })
export class UpdateContestantInput {
  @Field({ nullable: true, description: 'New display name, 1–200 characters' }) @NullKeeps() @IsOptional() @Length(1, 200) name?: string;
}
