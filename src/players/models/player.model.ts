import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination.js';

@ObjectType({ description: 'A person who plays' })
export class Player {
  @Field(() => ID, { description: 'The player’s id' }) id: string;
  @Field({ description: 'Name' }) name: string;
  @Field(() => String, { nullable: true, description: 'Federation member number' }) memberNumber: string | null;
  @Field(() => ID, { nullable: true, description: 'The organisation that issued the member number' })
  organizationId: string | null;
  @Field(() => ID, { nullable: true, description: 'Set when this record was merged into another player (a duplicate)' })
  mergedIntoId: string | null;
  @Field({ description: 'When the player was registered (instant, UTC)' }) createdAt: Date;
  @Field({ description: 'When the player was last changed (instant, UTC)' }) updatedAt: Date;
}

@ObjectType({ description: 'A page of players; cursors are their ids' })
export class PlayerConnection extends Connection(Player) {}
