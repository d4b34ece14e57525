import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { MovementKind } from '../../common/enums.js';

@InputType({ description: 'One row of an imported movement' })
export class MovementRowInput {
  @Field(() => Int, { description: 'Round number, 1–99' }) @IsInt() @Min(1) @Max(99) round: number;
  @Field(() => Int, { description: 'Table number, 1–200' }) @IsInt() @Min(1) @Max(200) table: number;
  @Field(() => Int, { description: 'Contestant number listed NS' }) @IsInt() @Min(1) @Max(9999) ns: number;
  @Field(() => Int, { description: 'Contestant number listed EW' }) @IsInt() @Min(1) @Max(9999) ew: number;
  @Field(() => [Int], { description: 'Boards played at this table this round (1–36 board numbers)' }) @ArrayMinSize(1) @ArrayMaxSize(36) @IsInt({ each: true }) @Min(1, { each: true }) @Max(999, { each: true }) boards: number[];
  @Field({ nullable: true, description: 'The pair listed NS sits EW this round' }) @IsOptional() @IsBoolean() arrowSwitch?: boolean;
  @Field({ nullable: true, description: 'Faces the phantom: no play this round' }) @IsOptional() @IsBoolean() sitOut?: boolean;
  @Field({ nullable: true, description: 'Shares its boards with another table (relay)' }) @IsOptional() @IsBoolean() relay?: boolean;
}

@InputType({ description: 'The movement a section plays; generated from the parameters, or imported as rows (CUSTOM)' })
export class MovementInput {
  @Field(() => MovementKind, { description: 'MITCHELL, HOWELL, ROUND_ROBIN, SWISS, INDIVIDUAL or CUSTOM' }) @IsEnum(MovementKind) kind: MovementKind;
  @Field(() => Int, { nullable: true, description: 'Tables (teams for a round robin)' }) @IsOptional() @IsInt() @Min(2) @Max(200) tables?: number;
  @Field(() => Int, { nullable: true, description: 'Rounds to play, 1–99 (default: the movement’s full length)' }) @IsOptional() @IsInt() @Min(1) @Max(99) rounds?: number;
  @Field(() => Int, { nullable: true, description: 'Boards per round, 1–36' }) @IsOptional() @IsInt() @Min(1) @Max(36) boardsPerRound?: number;
  @Field(() => [Int], { nullable: true, description: 'Rounds in which NS and EW swap seats (arrow switch)' }) @IsOptional() @IsInt({ each: true }) arrowSwitchRounds?: number[];
  @Field({ nullable: true, description: 'Even Mitchell: relay and bye stand instead of a skip' }) @IsOptional() @IsBoolean() relay?: boolean;
  @Field({ nullable: true, description: 'A half table: one pair sits out each round' }) @IsOptional() @IsBoolean() phantom?: boolean;
  @Field(() => [MovementRowInput], { nullable: true, description: 'CUSTOM: every table of every round' })
  @IsOptional()
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => MovementRowInput)
  rows?: MovementRowInput[];
}
