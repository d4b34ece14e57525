import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MatchAwardKind } from '../dto/match-award.inputs.js';

@ObjectType({ description: 'A bye or a forfeited match of a team event' })
export class MatchAward {
  @Field(() => ID) id: string;
  @Field(() => ID) sessionId: string;
  @Field(() => Int) round: number;
  @Field(() => MatchAwardKind) kind: MatchAwardKind;
  @Field(() => ID, { description: 'BYE: the team with the bye. FORFEIT: the team that did not play' }) contestantId: string;
  @Field(() => ID, { nullable: true, description: 'FORFEIT: the team that was ready to play' }) opponentId: string | null;
  @Field() reason: string;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'Set when the director withdrew it' }) revokedAt: Date | null;
}
