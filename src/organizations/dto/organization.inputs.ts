import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsEnum, IsOptional, IsUUID, Length } from 'class-validator';
import { OrganizationKind } from '../../common/enums.js';
import { PageArgs } from '../../common/pagination.js';

@InputType()
export class CreateOrganizationInput {
  @Field() @Length(1, 200) name: string;
  @Field(() => OrganizationKind, { nullable: true, defaultValue: OrganizationKind.CLUB })
  @IsOptional()
  @IsEnum(OrganizationKind)
  kind?: OrganizationKind;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) code?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() federationId?: string;
}

@InputType()
export class UpdateOrganizationInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 200) name?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 50) code?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() federationId?: string;
}

@ArgsType()
export class OrganizationsArgs extends PageArgs {
  @Field(() => OrganizationKind, { nullable: true }) @IsOptional() @IsEnum(OrganizationKind) kind?: OrganizationKind;
  @Field(() => ID, { nullable: true, description: 'Clubs of this federation' })
  @IsOptional()
  @IsUUID()
  federationId?: string;
}
