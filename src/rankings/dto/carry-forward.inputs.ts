import { Field, ID, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsUUID, Matches, ValidateNested } from 'class-validator';

@InputType({ description: 'A contestant of the final paired by hand with its entry in the qualifying event (when players and names do not tell)' })
export class CarryForwardPairInput {
  @Field(() => ID, { description: 'The contestant in the final' }) @IsUUID() contestantId: string;
  @Field(() => ID, { description: 'The same pair or team in the qualifying event' }) @IsUUID() fromContestantId: string;
}

@InputType({ description: 'A final’s carry-forward from its qualifying event (DOMAIN §7), worked out from the qualifying ranking as it stands now' })
export class SetCarryForwardInput {
  @Field(() => ID, { description: 'The final' }) @IsUUID() eventId: string;
  @Field(() => ID, { description: 'The qualifying event: same kind and scoring as the final' }) @IsUUID() fromEventId: string;
  @Field({
    defaultValue: '1/2',
    description:
      'The part of the qualifying result carried, exactly ("1/2", "0.4"); 0 removes the carry-forward. Pairs: the qualifying percentage (or IMPs a board) counts as this part of its boards played at that figure, so 1/2 in matchpoints gives S × FT / (2 × QT) MPs (the EBU formula). Teams: this part of the qualifying VPs (IMPs, points) is added',
  })
  @Matches(/^\s*\d{1,6}(\.\d{1,6}|\s*\/\s*\d{1,6})?\s*$/, { message: 'fraction is a number or fraction such as 1/2 or 0.5' })
  fraction: string;
  @Field(() => [CarryForwardPairInput], { nullable: true, description: 'Contestants paired by hand; the others are found as the same players (or, without players, the same name)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CarryForwardPairInput)
  pairs?: CarryForwardPairInput[];
  @Field({ nullable: true, description: 'After a session of the final passed its Law 79C correction period: the tournament organiser accepts the change (audited)' }) @IsOptional() @IsBoolean() override?: boolean;
}
