import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Seat, Strain } from '../../common/enums.js';

@ObjectType({ description: 'Tricks one declarer takes in one strain with perfect play by all four hands' })
export class DoubleDummyTricks {
  @Field(() => Strain, { description: 'The trump suit, or NT' }) strain: Strain;
  @Field(() => Seat, { description: 'Who declares' }) declarer: Seat;
  @Field(() => Int, { description: 'Tricks declarer takes, 0–13' }) tricks: number;
}

@ObjectType({ description: 'Par: the result of perfect bidding with the double-dummy table known (the dealer’s side bids first)' })
export class Par {
  @Field(() => Int, { description: 'From North–South’s side' }) nsScore: number;
  @Field(() => [String], {
    description: 'Every par contract with its declarers and result, e.g. "4H-EW+1", "3NT-N", "5DX-NS-3"; "PASS" when nothing makes',
  })
  contracts: string[];
}

@ObjectType({ description: 'A deal’s double-dummy table (20 results) and par' })
export class DoubleDummy {
  @Field(() => [DoubleDummyTricks], { description: 'Strains C, D, H, S, NT, each for declarers N, E, S, W' })
  tricks: DoubleDummyTricks[];
  @Field(() => Par, { description: 'The par score and contracts, with the board’s vulnerability' }) par: Par;
}

@ObjectType({ description: 'How far the background solver has got with a session’s deals' })
export class DoubleDummyProgress {
  @Field(() => Int, { description: 'Boards with a deal' }) deals: number;
  @Field(() => Int, { description: 'Of those, boards whose double-dummy table is solved for the current deal' }) solved: number;
}
