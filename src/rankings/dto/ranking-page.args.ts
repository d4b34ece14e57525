import { ArgsType, Field, ID } from '@nestjs/graphql';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import { Direction } from '../../common/enums.js';
import { PageArgs } from '../../common/pagination.js';

/** A section letter as a filter names it (1–4 letters or digits), for GraphQL and REST alike. */
export const SECTION_FILTER = /^[A-Za-z0-9]{1,4}$/;
export const IsSectionFilter = () => Matches(SECTION_FILTER, { message: 'section must be a section letter (1–4 letters or digits)' });

/** A page of a ranking: a national field has thousands of rows, a club's page shows its own. */
@ArgsType()
export class RankingPageArgs extends PageArgs {
  @Field(() => Direction, { nullable: true, description: 'One field of a two-winner Mitchell' })
  @IsOptional()
  @IsIn(['NS', 'EW'])
  direction?: Direction;

  @Field({ nullable: true, description: 'Only the contestants of this section (letter), placed as in the whole ranking' })
  @IsOptional()
  @IsSectionFilter()
  section?: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'Simultaneous events: only the contestants of the sections this club runs (the event’s own organisation: the sections it runs itself), placed as in the whole field; each entry’s `club.place` is its place in the club',
  })
  @IsOptional()
  @IsUUID()
  organizationId?: string;
}

@ArgsType()
export class SessionRankingPageArgs extends RankingPageArgs {
  @Field(() => ID) @IsUUID() sessionId: string;
}

@ArgsType()
export class EventRankingPageArgs extends RankingPageArgs {
  @Field(() => ID) @IsUUID() eventId: string;
}
