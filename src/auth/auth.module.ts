import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeysResolver } from './api-keys.resolver.js';
import { ApiKeysService } from './api-keys.service.js';
import { AuthGuard } from './auth.guard.js';
import { ScopeService } from './scope.service.js';

@Global()
@Module({
  providers: [ApiKeysService, ScopeService, ApiKeysResolver, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [ApiKeysService, ScopeService],
})
export class AuthModule {}
