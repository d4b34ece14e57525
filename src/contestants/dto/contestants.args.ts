import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { IsSectionFilter } from '../../rankings/dto/ranking-page.args.js';

/** An event's contestants, all of them or one section's (a national field's 20,000 pairs are read a section at a time). */
@ArgsType()
export class ContestantsArgs {
  @Field({ nullable: true, description: 'Only this section’s contestants (letter), and those numbered across the event' })
  @IsOptional()
  @IsSectionFilter()
  section?: string;
}
