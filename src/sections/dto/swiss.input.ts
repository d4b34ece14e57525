import { Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsEnum, IsInt, IsNumber, IsOptional, Min, ValidateNested } from 'class-validator';

export enum SwissFirstRound {
  RANDOM = 'RANDOM',
  RANKED = 'RANKED',
}
registerEnumType(SwissFirstRound, { name: 'SwissFirstRound' });

@InputType()
export class SwissStandingInput {
  @Field(() => Int) @IsInt() @Min(1) number: number;
  @Field({ description: 'Current total (VPs or MPs)' }) @IsNumber() score: number;
}

@InputType()
export class SwissMatchInput {
  @Field(() => Int) @IsInt() @Min(1) a: number;
  @Field(() => Int) @IsInt() @Min(1) b: number;
}

@InputType()
export class SwissDrawInput {
  @Field(() => [SwissStandingInput]) @ArrayMinSize(2) @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => SwissStandingInput) standings: SwissStandingInput[];
  @Field(() => [SwissMatchInput], { nullable: true, description: 'Matches already played' })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SwissMatchInput)
  history?: SwissMatchInput[];
  @Field(() => [Int], { nullable: true, description: 'Contestants who have had a bye' }) @IsOptional() @IsInt({ each: true }) byes?: number[];
  @Field(() => SwissFirstRound, { nullable: true }) @IsOptional() @IsEnum(SwissFirstRound) firstRound?: SwissFirstRound;
  @Field(() => Int, { nullable: true, description: 'Seed of a random first round' }) @IsOptional() @IsInt() seed?: number;
}
