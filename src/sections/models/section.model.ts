import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MovementKind } from '../../common/enums.js';

@ObjectType({ description: 'A group of tables playing one movement within a session' })
export class Section {
  @Field(() => ID) id: string;
  @Field(() => ID) sessionId: string;
  @Field() letter: string;
  @Field(() => Int) tables: number;
  @Field(() => [Int], { description: 'Board numbers this section plays' }) boards: number[];
  @Field(() => MovementKind, { nullable: true }) movementKind: MovementKind | null;
}
