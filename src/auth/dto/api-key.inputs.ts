import { Field, ID, InputType } from '@nestjs/graphql';
import { IsDate, IsEnum, IsOptional, IsUUID, Length } from 'class-validator';
import { Type } from 'class-transformer';
import { ApiRole } from '../models/api-key.model.js';

@InputType({ description: 'A new API key' })
export class CreateApiKeyInput {
  @Field({ description: 'What the key is for, e.g. "Table pads, room 2"' }) @Length(1, 100) name: string;
  @Field(() => ApiRole, { description: 'SCORER, DIRECTOR or ADMIN (at most your own)' }) @IsEnum(ApiRole) role: ApiRole;
  @Field(() => ID, { nullable: true, description: 'Default: the organisation of the key creating it' }) @IsOptional() @IsUUID() organizationId?: string;
  @Field(() => ID, { nullable: true, description: 'Limit the key to one event' }) @IsOptional() @IsUUID() eventId?: string;
  @Field(() => Date, { nullable: true, description: 'The key stops working at this instant (ISO 8601); null: never' }) @IsOptional() @Type(() => Date) @IsDate() expiresAt?: Date;
}
