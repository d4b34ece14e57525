import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { IsSectionFilter } from './ranking-page.args.js';

/** A page of a board's traveller: a national field's board has 10,000 lines. */
@ArgsType()
export class TravellerPageArgs extends PageArgs {
  @Field(() => ID) @IsUUID() sessionId: string;

  @Field(() => Int, { description: 'Board number' })
  @IsInt()
  @Min(1)
  @Max(999)
  board: number;

  @Field({ nullable: true, description: 'Only the lines of this section (letter)' })
  @IsOptional()
  @IsSectionFilter()
  section?: string;

  @Field(() => ID, { nullable: true, description: 'Simultaneous events: only the lines of the sections this club runs (the event’s own organisation: the sections it runs itself)' })
  @IsOptional()
  @IsUUID()
  organizationId?: string;
}
