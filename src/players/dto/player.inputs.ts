import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsUUID, Length } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';

@InputType()
export class CreatePlayerInput {
  @Field() @Length(1, 200) name: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) memberNumber?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() organizationId?: string;
}

@InputType()
export class UpdatePlayerInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 200) name?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) memberNumber?: string;
}

@ArgsType()
export class PlayersArgs extends PageArgs {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() organizationId?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) memberNumber?: string;
  @Field({ nullable: true, description: 'Part of the name, any case' }) @IsOptional() @Length(1, 100) name?: string;
}
