import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsEnum, IsOptional, IsUUID, Length } from 'class-validator';
import { NamePolicy, OrganizationKind } from '../../common/enums.js';
import { PageArgs } from '../../common/pagination.js';
import { NullKeeps } from '../../common/validation.js';

@InputType({ description: 'A new club or federation' })
export class CreateOrganizationInput {
  @Field({ description: 'Name, 1–200 characters' }) @Length(1, 200) name: string;
  @Field(() => OrganizationKind, { nullable: true, defaultValue: OrganizationKind.CLUB, description: 'CLUB (default) or FEDERATION' })
  @IsOptional()
  @IsEnum(OrganizationKind)
  kind?: OrganizationKind;
  @Field({ nullable: true, description: 'Short code, e.g. the federation’s club number, 1–50 characters; unique' }) @IsOptional() @Length(1, 50) code?: string;
  @Field(() => ID, { nullable: true, description: 'The federation the club asks to join' }) @IsOptional() @IsUUID() federationId?: string;
}

@InputType({ description: 'Changes to an organisation: fields left out keep their value, as does a null name or namePolicy (a null code clears it)' })
export class UpdateOrganizationInput {
  @Field({ nullable: true, description: 'Name, 1–200 characters' }) @NullKeeps() @IsOptional() @Length(1, 200) name?: string;
  @Field({ nullable: true, description: 'Short code, 1–50 characters; unique' }) @IsOptional() @Length(1, 50) code?: string;
  @Field(() => ID, { nullable: true, description: 'The federation the club asks to join' }) @IsOptional() @IsUUID() federationId?: string;
  @Field(() => NamePolicy, { nullable: true, description: 'How its players’ names show to the public and other organisations (GDPR, PIPL): FULL, INITIALS or HIDDEN' })
  @NullKeeps()
  @IsOptional()
  @IsEnum(NamePolicy)
  namePolicy?: NamePolicy;
}

@ArgsType()
export class OrganizationsArgs extends PageArgs {
  @Field(() => OrganizationKind, { nullable: true }) @IsOptional() @IsEnum(OrganizationKind) kind?: OrganizationKind;
  @Field(() => ID, { nullable: true, description: 'Clubs of this federation' })
  @IsOptional()
  @IsUUID()
  federationId?: string;
}
