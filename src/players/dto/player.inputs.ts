import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsUUID, Length } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { NullKeeps } from '../../common/validation.js';

@InputType({ description: 'A new player of an organisation’s register' })
export class CreatePlayerInput {
  @Field({ description: 'Name, 1–200 characters' }) @Length(1, 200) name: string;
  @Field({ nullable: true, description: 'Federation member number, 1–50 characters; unique in the organisation' }) @IsOptional() @Length(1, 50) memberNumber?: string;
  @Field(() => ID, { nullable: true, description: 'The organisation whose register the player joins' }) @IsOptional() @IsUUID() organizationId?: string;
}

@InputType({ description: 'Changes to a player: fields left out keep their value, as does a null name (a null memberNumber clears it)' })
export class UpdatePlayerInput {
  @Field({ nullable: true, description: 'Name, 1–200 characters' }) @NullKeeps() @IsOptional() @Length(1, 200) name?: string;
  @Field({ nullable: true, description: 'Federation member number, 1–50 characters' }) @IsOptional() @Length(1, 50) memberNumber?: string;
}

@ArgsType()
export class PlayersArgs extends PageArgs {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() organizationId?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) memberNumber?: string;
  @Field({ nullable: true, description: 'Part of the name, any case' }) @IsOptional() @Length(1, 100) name?: string;
}
