import { applyDecorators } from '@nestjs/common';
import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayUnique, IsBoolean, IsInt, IsOptional, IsUUID, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { MovementInput } from './movement.input.js';
import { NullKeeps, SectionLetter } from '../../common/validation.js';

/** An optional list of distinct board numbers, 1–999. */
const BoardNumbers = (description: string) =>
  applyDecorators(
    Field(() => [Int], { nullable: true, description }),
    IsOptional(),
    ArrayMaxSize(500),
    ArrayUnique(),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(999, { each: true }),
  );


@InputType({ description: 'A new section of a session, with its movement' })
export class CreateSectionInput {
  @Field(() => ID, { description: 'The session to add the section to' }) @IsUUID() sessionId: string;
  @Field({ description: 'A, B, … (one or two letters)' })
  @SectionLetter()
  @Matches(/^[A-Z]{1,2}$/, { message: 'letter must be one or two letters, e.g. A' })
  letter: string;
  @Field(() => Int, { nullable: true, description: 'Needed when no movement is given' }) @IsOptional() @IsInt() @Min(1) @Max(200) tables?: number;
  @BoardNumbers('Board numbers played (default: those of the movement); the session gets any it lacks')
  boards?: number[];
  @Field(() => MovementInput, { nullable: true, description: 'The movement to build; without it, give `tables`' }) @IsOptional() @ValidateNested() @Type(() => MovementInput) movement?: MovementInput;
  @Field(() => ID, {
    nullable: true,
    description:
      'Simultaneous events: the club that runs this section (a member club of the federation owning the event, or a club of the same federation as the owning club). Its keys then write this section’s results, contestants and rulings, and nothing else of the event. The session’s first club section turns on hideTravellers: hands and travellers show once every section has finished. Left out: the event’s own organisation runs it',
  })
  @IsOptional()
  @IsUUID()
  organizationId?: string;
}

@InputType({ description: 'Changes to a section: fields left out or null keep their value' })
export class UpdateSectionInput {
  @Field(() => Int, { nullable: true, description: 'Number of tables, 1–200' }) @NullKeeps() @IsOptional() @IsInt() @Min(1) @Max(200) tables?: number;
  @BoardNumbers('Board numbers played (distinct, 1–999)')
  boards?: number[];
  @Field(() => MovementInput, { nullable: true, description: 'Refused if a stored result does not fit it' })
  @NullKeeps()
  @IsOptional()
  @ValidateNested()
  @Type(() => MovementInput)
  movement?: MovementInput;
  @Field(() => ID, { nullable: true, description: 'Hands the section to another host club (the event’s own organisation only), with the sections of the same letter in the event’s other sessions (pairs are numbered per letter); give the owner’s id to take it back' })
  @NullKeeps()
  @IsOptional()
  @IsUUID()
  organizationId?: string;
  @Field({
    nullable: true,
    description: 'True when play has ended in the section (false reopens it; the session keeps its status). When every section of the session has finished, the session is COMPLETED: travellers and hands hidden from the public show',
  })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  finished?: boolean;
  @Field({ nullable: true, description: 'After the session’s Law 79C correction period: a new movement, board list or host club (which changes its results or club rankings) is made and audited (Law 79C2); without it, CONFLICT' })
  @NullKeeps()
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}
