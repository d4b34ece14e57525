import { Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsEnum, IsInt, IsNumber, IsOptional, Min, ValidateNested } from 'class-validator';

export enum SwissFirstRound {
  RANDOM = 'RANDOM',
  RANKED = 'RANKED',
}
registerEnumType(SwissFirstRound, { name: 'SwissFirstRound', description: 'First Swiss round: RANDOM pairing, or RANKED (by the order of the standings given)' });

@InputType({ description: 'A team’s place going into the next Swiss round' })
export class SwissStandingInput {
  @Field(() => Int, { description: 'The team’s contestant number' }) @IsInt() @Min(1) number: number;
  @Field({ description: 'Current total (VPs or MPs)' }) @IsNumber() score: number;
}

@InputType({ description: 'A match already played: the two teams must not meet again' })
export class SwissMatchInput {
  @Field(() => Int, { description: 'One team’s contestant number' }) @IsInt() @Min(1) a: number;
  @Field(() => Int, { description: 'The other team’s contestant number' }) @IsInt() @Min(1) b: number;
}

@InputType({ description: 'The standings and past matches from which the next Swiss round is drawn' })
export class SwissDrawInput {
  @Field(() => [SwissStandingInput], { description: 'Teams in ranking order, at least 2' }) @ArrayMinSize(2) @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => SwissStandingInput) standings: SwissStandingInput[];
  @Field(() => [SwissMatchInput], { nullable: true, description: 'Matches already played' })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SwissMatchInput)
  history?: SwissMatchInput[];
  @Field(() => [Int], { nullable: true, description: 'Contestants who have had a bye' }) @IsOptional() @IsInt({ each: true }) byes?: number[];
  @Field(() => SwissFirstRound, { nullable: true, description: 'RANDOM or RANKED pairing when no match has been played' }) @IsOptional() @IsEnum(SwissFirstRound) firstRound?: SwissFirstRound;
  @Field(() => Int, { nullable: true, description: 'Seed of a random first round' }) @IsOptional() @IsInt() seed?: number;
}
