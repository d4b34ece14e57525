import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PenaltyUnit } from '../dto/director.inputs.js';

@ObjectType('Penalty', { description: 'A Law 90 procedural penalty or a disqualification, shown apart from board scores' })
export class PenaltyModel {
  @Field(() => ID) id: string;
  @Field(() => ID) contestantId: string;
  @Field(() => PenaltyUnit) unit: PenaltyUnit;
  @Field(() => String, { nullable: true }) amount: string | null;
  @Field(() => Int, { nullable: true }) boardNumber: number | null;
  @Field() reason: string;
  @Field(() => String, { nullable: true }) law: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: 'Set when the director withdrew it' }) revokedAt: Date | null;
}
