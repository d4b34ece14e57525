import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import GraphQLJSON from './json.scalar.js';

@ObjectType({ description: 'One change to a session’s results: who, when, what before, what after, why' })
export class AuditEntry {
  @Field(() => ID, { description: 'The entry’s id' }) id: string;
  @Field({ description: 'What was done, e.g. RESULT_CORRECTED, SCORE_ADJUSTED, SESSION_PUBLISHED' }) action: string;
  @Field(() => ID, { nullable: true, description: 'The id of the thing changed; null when the action is about the session' }) entityId: string | null;
  @Field(() => String, { nullable: true, description: 'Who made the change (the API key’s name); null when unknown' }) actor: string | null;
  @Field(() => String, { nullable: true, description: 'The reason given; null when none' }) reason: string | null;
  @Field(() => String, { nullable: true, description: 'The Law cited, e.g. 12C1(c), 79C' }) law: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The record before the change (JSON); null on creation' }) before: unknown;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The record after the change (JSON); null on removal' }) after: unknown;
  @Field({ description: 'When it was done (instant, UTC)' }) createdAt: Date;
}

@ObjectType({ description: 'Results of a session changed: rankings should be read again' })
export class RankingChange {
  @Field(() => ID, { description: 'The session whose results changed' }) sessionId: string;
  @Field(() => [Int], { description: 'Boards whose results changed' }) boards: number[];
}
