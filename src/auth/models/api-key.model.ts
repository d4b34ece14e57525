import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiRole } from '../../generated/prisma/enums.js';

registerEnumType(ApiRole, { name: 'ApiRole', description: 'SCORER posts travellers; DIRECTOR also adjusts, penalises, corrects, publishes and sets events up; ADMIN also sets up the organisation and its keys' });

@ObjectType('ApiKey', { description: 'An API key, without its secret' })
export class ApiKeyModel {
  @Field(() => ID, { description: 'The key’s id (use it to revoke the key)' }) id: string;
  @Field({ description: 'A name for people: who or what uses the key' }) name: string;
  @Field({ description: 'The public part of the key: trv_<prefix>_…' }) prefix: string;
  @Field(() => ApiRole, { description: 'SCORER, DIRECTOR or ADMIN' }) role: ApiRole;
  @Field(() => ID, { nullable: true, description: 'Null for a global admin key' }) organizationId: string | null;
  @Field(() => ID, { nullable: true, description: 'Set when the key is limited to one event' }) eventId: string | null;
  @Field(() => Date, { nullable: true, description: 'The key stops working at this instant (UTC); null: never' }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the key was revoked (instant, UTC); null while active' }) revokedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Last request made with the key (instant, UTC); null when never used' }) lastUsedAt: Date | null;
  @Field({ description: 'When the key was made (instant, UTC)' }) createdAt: Date;
}

@ObjectType({ description: 'A new API key with its secret' })
export class CreatedApiKey {
  @Field({ description: 'The key itself. Shown this once: only its hash is kept' }) key: string;
  @Field(() => ApiKeyModel, { description: 'The key’s record, as `apiKeys` lists it' }) apiKey: ApiKeyModel;
}

export { ApiRole };
