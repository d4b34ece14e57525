import { Module } from '@nestjs/common';
import { BoardDoubleDummyResolver, DoubleDummyResolver, SessionDoubleDummyResolver } from './double-dummy.resolver.js';
import { DoubleDummyService } from './double-dummy.service.js';

@Module({
  providers: [DoubleDummyService, DoubleDummyResolver, BoardDoubleDummyResolver, SessionDoubleDummyResolver],
  exports: [DoubleDummyService],
})
export class DoubleDummyModule {}
