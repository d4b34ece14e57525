import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';
import { Seat, Vulnerability } from '../../common/enums.js';

@InputType({ description: 'A board of a session' })
export class BoardInput {
  @Field(() => Int, { description: 'Board number, 1–999' }) @IsInt() @Min(1) @Max(999) number: number;
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

@InputType({ description: 'Boards (with hand records or overrides) to add to a session' })
export class AddBoardsInput {
  @Field(() => ID, { description: 'The session' }) @IsUUID() sessionId: string;
  @Field(() => [BoardInput], { description: 'The boards; existing numbers are updated' })
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => BoardInput)
  boards: BoardInput[];
}

@InputType({ description: 'Changes to a board: fields left out keep their value' })
export class UpdateBoardInput {
  @Field({ nullable: true, description: 'PBN deal, e.g. "N:AKQ2.T95.J87.A43 …"' }) @IsOptional() @Length(1, 100) deal?: string;
  @Field(() => Seat, { nullable: true, description: 'Only when the board is marked differently from Law 2' }) @IsOptional() @IsEnum(Seat) dealer?: Seat;
  @Field(() => Vulnerability, { nullable: true, description: 'Only when the board is marked differently from Law 2' }) @IsOptional() @IsEnum(Vulnerability) vulnerability?: Vulnerability;
  @Field({ nullable: true, description: 'Go back to Law 2 dealer and vulnerability' })
  @IsOptional()
  @IsBoolean()
  clearOverride?: boolean;
  @Field({ nullable: true, description: 'After the correction period (Law 79C2): a new vulnerability scores the posted lines again' })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}
