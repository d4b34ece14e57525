import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { WebSocketServer } from 'ws';

/** Largest WebSocket message (a subscribe message is a few hundred bytes); ws's own default is 100 MiB. */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** WebSocket close code 1012, "Service Restart": graphql-ws clients reconnect (elsewhere, behind a balancer). */
export const WS_SERVICE_RESTART = 1012;

/**
 * Nest creates the graphql-ws server without a message limit; it is set once the server exists.
 * `ws` reads `maxPayload` at every upgrade, so every connection gets it; a bigger message closes
 * the connection (1009) before it is parsed. When the service stops, every subscriber is told so
 * with a proper close code (1012) instead of a dropped socket.
 */
@Injectable()
export class WebSocketPayloadLimit implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private wss: WebSocketServer | null = null;

  constructor(private readonly moduleRef: ModuleRef) {}

  onApplicationBootstrap(): void {
    const adapter = this.moduleRef.get(GraphQLModule, { strict: false }).graphQlAdapter as unknown as { _subscriptionService?: { wss?: WebSocketServer } };
    const wss = adapter._subscriptionService?.wss;
    if (!wss) throw new Error('The graphql-ws server was not found: its message limit cannot be set');
    wss.options.maxPayload = WS_MAX_PAYLOAD;
    this.wss = wss;
  }

  closeSubscribers(): void {
    for (const client of this.wss?.clients ?? []) client.close(WS_SERVICE_RESTART, 'The service is restarting: reconnect');
  }

  beforeApplicationShutdown(): void {
    this.closeSubscribers();
  }
}
