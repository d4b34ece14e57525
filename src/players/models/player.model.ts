import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination.js';

@ObjectType({ description: 'A person who plays' })
export class Player {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true, description: 'Federation member number' }) memberNumber: string | null;
  @Field(() => ID, { nullable: true, description: 'The organisation that issued the member number' })
  organizationId: string | null;
  @Field(() => ID, { nullable: true, description: 'Set when this record was merged into another player (a duplicate)' })
  mergedIntoId: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class PlayerConnection extends Connection(Player) {}
