import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';

export enum SwissFirstRound {
  RANDOM = 'RANDOM',
  RANKED = 'RANKED',
}
registerEnumType(SwissFirstRound, { name: 'SwissFirstRound', description: 'First Swiss round: RANDOM pairing, or RANKED (by the order of the standings given)' });

export enum SwissPairing {
  MONRAD = 'MONRAD',
  DUTCH = 'DUTCH',
}
registerEnumType(SwissPairing, {
  name: 'SwissPairing',
  description: 'MONRAD: 1st v 2nd, 3rd v 4th … DUTCH: each group of equal scores split in halves, the top half’s i-th v the bottom half’s i-th (an odd group’s last floats down)',
});

/** Contestants a Swiss draw takes at most (its search is for a Swiss field, not a national simultaneous). */
export const MAX_SWISS_FIELD = 500;

@InputType({ description: 'A team’s place going into the next Swiss round' })
export class SwissStandingInput {
  @Field(() => Int, { description: 'The team’s contestant number' }) @IsInt() @Min(1) number: number;
  @Field({ description: 'Current total (VPs or MPs)' }) @IsNumber() score: number;
}

@InputType({ description: 'A match already played: the two teams do not meet again (unless repeatAfterRounds allows it)' })
export class SwissMatchInput {
  @Field(() => Int, { description: 'One team’s contestant number' }) @IsInt() @Min(1) a: number;
  @Field(() => Int, { description: 'The other team’s contestant number' }) @IsInt() @Min(1) b: number;
  @Field(() => Int, { nullable: true, description: 'The round it was played in (needed for repeatAfterRounds; a match without one is never played again by that rule)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  round?: number;
}

@InputType({ description: 'The standings and past matches from which the next Swiss round is drawn' })
export class SwissDrawInput {
  @Field(() => ID, {
    nullable: true,
    description:
      'Draw from this event: its ranking over all sessions as the standings (the unplaced last, the disqualified left out), every match already played (teams: each session’s matches; pairs: the two pairs of each line) with rounds counted across sessions, and its recorded byes. standings, history or byes given here replace the event’s',
  })
  @IsOptional()
  @IsUUID()
  eventId?: string;
  @Field(() => Int, {
    nullable: true,
    description: 'With eventId, a lagged Swiss: the standings as they stood after this round (counted across sessions), the matches of every round still not repeated',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  standingsAfterRound?: number;
  @Field(() => [SwissStandingInput], { nullable: true, description: 'Teams in ranking order, at least 2 (required without eventId)' })
  @IsOptional()
  @ArrayMinSize(2)
  @ArrayMaxSize(MAX_SWISS_FIELD)
  @ValidateNested({ each: true })
  @Type(() => SwissStandingInput)
  standings?: SwissStandingInput[];
  @Field(() => [SwissMatchInput], { nullable: true, description: 'Matches already played' })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SwissMatchInput)
  history?: SwissMatchInput[];
  @Field(() => [Int], { nullable: true, description: 'Contestants who have had a bye' }) @IsOptional() @IsInt({ each: true }) byes?: number[];
  @Field(() => SwissFirstRound, { nullable: true, description: 'RANDOM or RANKED pairing when no match has been played' }) @IsOptional() @IsEnum(SwissFirstRound) firstRound?: SwissFirstRound;
  @Field(() => Int, { nullable: true, description: 'Seed of a random first round' }) @IsOptional() @IsInt() seed?: number;
  @Field(() => Int, { nullable: true, description: 'Teams may meet again once this many rounds have passed since they last met (2: a round-1 match may be played again from round 4); default never' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  repeatAfterRounds?: number;
  @Field(() => Int, { nullable: true, description: 'The round being drawn; default the round after the last one in the history' }) @IsOptional() @IsInt() @Min(1) @Max(1000) round?: number;
  @Field({ nullable: true, description: 'When every draw repeats a match: true (default) takes the closest one and says repeats; false refuses (BAD_USER_INPUT)' })
  @IsOptional()
  @IsBoolean()
  allowRepeats?: boolean;
  @Field(() => SwissPairing, { nullable: true, description: 'How rounds after the first are paired: MONRAD (default) or DUTCH' }) @IsOptional() @IsEnum(SwissPairing) pairing?: SwissPairing;
}
