import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import GraphQLJSON from './json.scalar.js';

@ObjectType({ description: 'One change to a session’s results: who, when, what before, what after, why' })
export class AuditEntry {
  @Field(() => ID) id: string;
  @Field() action: string;
  @Field(() => ID, { nullable: true }) entityId: string | null;
  @Field(() => String, { nullable: true }) actor: string | null;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => String, { nullable: true, description: 'The Law cited, e.g. 12C1(c), 79C' }) law: string | null;
  @Field(() => GraphQLJSON, { nullable: true }) before: unknown;
  @Field(() => GraphQLJSON, { nullable: true }) after: unknown;
  @Field() createdAt: Date;
}

@ObjectType()
export class RankingChange {
  @Field(() => ID) sessionId: string;
  @Field(() => [Int], { description: 'Boards whose results changed' }) boards: number[];
}
