import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { MovementKind } from '../../common/enums.js';

@InputType({ description: 'One row of an imported movement' })
export class MovementRowInput {
  @Field(() => Int) @IsInt() @Min(1) @Max(99) round: number;
  @Field(() => Int) @IsInt() @Min(1) @Max(200) table: number;
  @Field(() => Int) @IsInt() @Min(1) @Max(9999) ns: number;
  @Field(() => Int) @IsInt() @Min(1) @Max(9999) ew: number;
  @Field(() => [Int]) @ArrayMinSize(1) @ArrayMaxSize(36) @IsInt({ each: true }) @Min(1, { each: true }) @Max(999, { each: true }) boards: number[];
  @Field({ nullable: true }) @IsOptional() @IsBoolean() arrowSwitch?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() sitOut?: boolean;
  @Field({ nullable: true }) @IsOptional() @IsBoolean() relay?: boolean;
}

@InputType({ description: 'The movement a section plays; generated from the parameters, or imported as rows (CUSTOM)' })
export class MovementInput {
  @Field(() => MovementKind) @IsEnum(MovementKind) kind: MovementKind;
  @Field(() => Int, { nullable: true, description: 'Tables (teams for a round robin)' }) @IsOptional() @IsInt() @Min(2) @Max(200) tables?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) @Max(99) rounds?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) @Max(36) boardsPerRound?: number;
  @Field(() => [Int], { nullable: true }) @IsOptional() @IsInt({ each: true }) arrowSwitchRounds?: number[];
  @Field({ nullable: true, description: 'Even Mitchell: relay and bye stand instead of a skip' }) @IsOptional() @IsBoolean() relay?: boolean;
  @Field({ nullable: true, description: 'A half table: one pair sits out each round' }) @IsOptional() @IsBoolean() phantom?: boolean;
  @Field(() => [MovementRowInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => MovementRowInput)
  rows?: MovementRowInput[];
}
