import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MovementKind } from '../../common/enums.js';

@ObjectType({ description: 'A group of tables playing one movement within a session' })
export class Section {
  @Field(() => ID, { description: 'The section’s id' }) id: string;
  @Field(() => ID, { description: 'The session the section belongs to' }) sessionId: string;
  @Field({ description: 'Section letter, A, B…' }) letter: string;
  @Field(() => Int, { description: 'Number of tables' }) tables: number;
  @Field(() => [Int], { description: 'Board numbers this section plays' }) boards: number[];
  @Field(() => MovementKind, { nullable: true, description: 'The movement played; null when none was set' }) movementKind: MovementKind | null;
  @Field(() => ID, { nullable: true, description: 'The club running this section of a simultaneous event; null when the event’s own organisation runs it' })
  organizationId: string | null;
  @Field(() => Date, { nullable: true, description: 'When play ended in this section; null while it is still playing' }) finishedAt: Date | null;
}
