import { Global, Module } from '@nestjs/common';
import { LiveEvents } from './live-events.service.js';

@Global()
@Module({ providers: [LiveEvents], exports: [LiveEvents] })
export class LiveModule {}
