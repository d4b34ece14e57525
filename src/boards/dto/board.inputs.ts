import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';
import { Seat, Vulnerability } from '../../common/enums.js';

@InputType()
export class BoardInput {
  @Field(() => Int) @IsInt() @Min(1) @Max(999) number: number;
  @Field({ nullable: true, description: 'PBN deal, e.g. "N:AKQ2.T95.J87.A43 …"' }) @IsOptional() @Length(1, 100) deal?: string;
  @Field(() => Seat, { nullable: true, description: 'Only when the board is marked differently from Law 2' })
  @IsOptional()
  @IsEnum(Seat)
  dealer?: Seat;
  @Field(() => Vulnerability, { nullable: true, description: 'Only when the board is marked differently from Law 2' })
  @IsOptional()
  @IsEnum(Vulnerability)
  vulnerability?: Vulnerability;
}

@InputType()
export class AddBoardsInput {
  @Field(() => ID) @IsUUID() sessionId: string;
  @Field(() => [BoardInput])
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => BoardInput)
  boards: BoardInput[];
}

@InputType()
export class UpdateBoardInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 100) deal?: string;
  @Field(() => Seat, { nullable: true }) @IsOptional() @IsEnum(Seat) dealer?: Seat;
  @Field(() => Vulnerability, { nullable: true }) @IsOptional() @IsEnum(Vulnerability) vulnerability?: Vulnerability;
  @Field({ nullable: true, description: 'Go back to Law 2 dealer and vulnerability' })
  @IsOptional()
  @IsBoolean()
  clearOverride?: boolean;
}
