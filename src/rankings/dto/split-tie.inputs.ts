import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsEnum, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export enum SplitTieMethod {
  HEAD_TO_HEAD = 'HEAD_TO_HEAD',
  BETTER_BOARDS = 'BETTER_BOARDS',
  DESIGNATED_BOARDS = 'DESIGNATED_BOARDS',
}
registerEnumType(SplitTieMethod, {
  name: 'SplitTieMethod',
  description:
    'HEAD_TO_HEAD: each one’s results on the boards it played against the others. BETTER_BOARDS: the boards each one scored better than another on a deal both played. DESIGNATED_BOARDS: each one’s results on the boards named (matchpoints as a share of the top, IMPs or points as scored)',
});

@InputType({ description: 'Pairs tied where the conditions of contest say the tie is split (the winner, the last qualifying place, an indivisible prize); shared masterpoints and cash never are' })
export class SplitTieInput {
  @Field(() => ID, { description: 'The event' }) @IsUUID() eventId: string;
  @Field(() => ID, { nullable: true, description: 'One session only; default all of them' }) @IsOptional() @IsUUID() sessionId?: string;
  @Field(() => [ID], { description: 'The tied contestants, 2 to 50' }) @ArrayMinSize(2) @ArrayMaxSize(50) @ArrayUnique() @IsUUID('all', { each: true }) contestantIds: string[];
  @Field(() => SplitTieMethod, { description: 'The method the conditions of contest name' }) @IsEnum(SplitTieMethod) method: SplitTieMethod;
  @Field(() => [Int], { nullable: true, description: 'DESIGNATED_BOARDS: the boards counted' })
  @IsOptional()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(999, { each: true })
  boards?: number[];
}
