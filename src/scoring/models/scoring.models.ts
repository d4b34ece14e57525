import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { Seat, Vulnerability } from '../../common/enums.js';

@ObjectType({ description: 'The score of one result (Law 77)' })
export class ContractScore {
  @Field({ description: 'Canonical contract, e.g. 4HX' }) contract: string;
  @Field(() => Int, { description: 'Tricks taken by declarer' }) tricks: number;
  @Field({ description: 'Relative result: =, +1, -2' }) result: string;
  @Field(() => Int, { description: 'From North–South’s side: positive when NS gain' }) nsScore: number;
  @Field(() => Int, { description: 'From the declaring side’s point of view' }) declarerScore: number;
}

@ObjectType({ description: 'Dealer and vulnerability of a board number (Law 2)' })
export class BoardInfo {
  @Field(() => Int, { description: 'Board number' }) number: number;
  @Field(() => Seat, { description: 'Dealer (Law 2)' }) dealer: Seat;
  @Field(() => Vulnerability, { description: 'Vulnerability (Law 2)' }) vulnerability: Vulnerability;
}

@ObjectType({ description: 'A match result on the WBF 2013 continuous 20-point scale' })
export class VictoryPoints {
  @Field(() => Float, { description: 'VPs of the winner, 2 decimals' }) winner: number;
  @Field(() => Float, { description: 'VPs of the loser, 2 decimals' }) loser: number;
  @Field(() => Float, { description: 'The IMP margin from which the winner has 20 VPs (15·√boards)' }) blitz: number;
}
