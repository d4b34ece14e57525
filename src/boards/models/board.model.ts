import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Seat, Vulnerability } from '../../common/enums.js';

@ObjectType({ description: 'A board of a session, with its hand record when known' })
export class Board {
  @Field(() => ID, { description: 'The board’s id' }) id: string;
  @Field(() => ID, { description: 'The session' }) sessionId: string;
  @Field(() => Int, { description: 'Board number' }) number: number;
  @Field(() => Seat, { description: 'Law 2 unless the board was marked otherwise' }) dealer: Seat;
  @Field(() => Vulnerability, { description: 'Law 2 unless the board was marked otherwise' }) vulnerability: Vulnerability;
  @Field({ description: 'True when dealer or vulnerability differ from Law 2 (a wrongly marked board)' })
  overridden: boolean;
  @Field(() => String, { nullable: true, description: 'The deal in PBN notation, from North' }) deal: string | null;
}
