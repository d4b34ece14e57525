import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import { AppModule } from './app.module.js';
import { WebSocketPayloadLimit } from './common/websocket-payload.js';
import { WebController } from './web/web.controller.js';
import { ImportService } from './files/import.service.js';
import { readerReady, readerReadySetting } from './files/import-reading.js';
import { ApiKeysService } from './auth/api-keys.service.js';
import { configureApp } from './configure-app.js';
import { backgroundNiceness, backgroundThreadsGiveWay } from './common/thread-priority.js';
import { redactedUrl } from './database/connection.js';
import { defaultDataDir, ensureDatabase } from './database/embedded-postgres.js';
import { migrate } from './database/migrate.js';
import { PrismaService } from './database/prisma.service.js';
import { loadDemo } from './demo/load-demo.js';
import { createLogger, NestPinoLogger } from './logging/logger.js';
import { startBanner } from './logging/start-banner.js';

/** How long a stop waits for requests in flight (a container runtime usually allows 30 s). */
const SHUTDOWN_GRACE_MS = 25_000;

async function bootstrap(): Promise<void> {
  const logger = createLogger();
  // A bad setting stops the start here, before anything is started.
  backgroundNiceness();
  readerReadySetting();
  const db = await ensureDatabase();
  const database = db.embedded ? `embedded PostgreSQL (data in ${defaultDataDir()})` : redactedUrl(db.url);
  const report = await migrate();
  if (report.applied.length) logger.info({ migrations: report.applied }, 'applied migrations');

  const app = await NestFactory.create(AppModule, { logger: new NestPinoLogger(logger) });
  configureApp(app, logger);
  const adminKey = await app.get(ApiKeysService).bootstrap();
  const demo = db.embedded && (await loadDemo(app.get(PrismaService), { onlyIfEmpty: true })) === 'loaded';
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
  // Requests are answered on this thread: the process's others (the collector's helpers …) give way to it.
  const backgroundThreads = await backgroundThreadsGiveWay();
  logger.info({ url: `http://${host}:${port}`, database, demo, backgroundThreads, readerReady: readerReady() }, 'started');
  process.stdout.write(startBanner({ url: `http://${host}:${port}`, database, adminKey, demo }));

  // SIGTERM: stop accepting, tell subscribers to reconnect (1012), let requests in flight finish
  // (an import under way gives up at its next batch and rolls back whole), then stop the database. A second
  // signal, or requests still running after SHUTDOWN_GRACE_MS, stops at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight');
    setTimeout(() => {
      logger.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: stopping now`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Requests in flight finish before anything they use closes: the HTTP server first (it stops
    // accepting and resolves when the last connection ends), then Nest's hooks (database pools).
    const drained = new Promise<void>((done) => (app.getHttpServer() as Server).close(() => done()));
    app.get(WebSocketPayloadLimit).closeSubscribers();
    app.get(WebController).beforeApplicationShutdown();
    app.get(ImportService).stop();
    await drained;
    await app.close();
    await db.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
