import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PenaltyUnit } from '../dto/director.inputs.js';

@ObjectType('Penalty', { description: 'A Law 90 procedural penalty or a disqualification, shown apart from board scores' })
export class PenaltyModel {
  @Field(() => ID, { description: 'The penalty’s id (use it to withdraw it)' }) id: string;
  @Field(() => ID, { description: 'The penalised contestant' }) contestantId: string;
  @Field(() => PenaltyUnit, { description: 'What `amount` counts: matchpoints, percent of a top, IMPs, VPs, or a disqualification' }) unit: PenaltyUnit;
  @Field(() => String, { nullable: true, description: 'Exact amount as a decimal or fraction, e.g. "1.5", "1/4"; null for a disqualification' }) amount: string | null;
  @Field(() => Int, { nullable: true, description: 'The board it was given on; null for a session penalty' }) boardNumber: number | null;
  @Field({ description: 'The director’s reason, shown to players' }) reason: string;
  @Field(() => String, { nullable: true, description: 'The Law cited, e.g. 90B; null when not given' }) law: string | null;
  @Field({ description: 'When it was given (instant, UTC)' }) createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'Set when the director withdrew it' }) revokedAt: Date | null;
}
