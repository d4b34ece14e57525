import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiRole } from '../../generated/prisma/enums.js';

registerEnumType(ApiRole, { name: 'ApiRole', description: 'SCORER posts travellers; DIRECTOR also adjusts, penalises, corrects, publishes and sets events up; ADMIN also sets up the organisation and its keys' });

@ObjectType('ApiKey', { description: 'An API key, without its secret' })
export class ApiKeyModel {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'The public part of the key: trv_<prefix>_…' }) prefix: string;
  @Field(() => ApiRole) role: ApiRole;
  @Field(() => ID, { nullable: true, description: 'Null for a global admin key' }) organizationId: string | null;
  @Field(() => ID, { nullable: true, description: 'Set when the key is limited to one event' }) eventId: string | null;
  @Field(() => Date, { nullable: true }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastUsedAt: Date | null;
  @Field() createdAt: Date;
}

@ObjectType()
export class CreatedApiKey {
  @Field({ description: 'The key itself. Shown this once: only its hash is kept' }) key: string;
  @Field(() => ApiKeyModel) apiKey: ApiKeyModel;
}

export { ApiRole };
