import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MatchAwardKind } from '../dto/match-award.inputs.js';

@ObjectType({ description: 'A bye or a forfeited match of a team event' })
export class MatchAward {
  @Field(() => ID, { description: 'The award’s id (use it to withdraw it)' }) id: string;
  @Field(() => ID, { description: 'The session of the match' }) sessionId: string;
  @Field(() => Int, { description: 'Round of the match' }) round: number;
  @Field(() => MatchAwardKind, { description: 'BYE or FORFEIT' }) kind: MatchAwardKind;
  @Field(() => ID, { description: 'BYE: the team with the bye. FORFEIT: the team that did not play' }) contestantId: string;
  @Field(() => ID, { nullable: true, description: 'FORFEIT: the team that was ready to play' }) opponentId: string | null;
  @Field({ description: 'The director’s reason' }) reason: string;
  @Field({ description: 'When it was recorded (instant, UTC)' }) createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'Set when the director withdrew it' }) revokedAt: Date | null;
}
