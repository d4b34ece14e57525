import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { ApiKeysService } from './auth/api-keys.service.js';
import { configureApp } from './configure-app.js';
import { redactedUrl } from './database/connection.js';
import { defaultDataDir, ensureDatabase } from './database/embedded-postgres.js';
import { migrate } from './database/migrate.js';
import { PrismaService } from './database/prisma.service.js';
import { loadDemo } from './demo/load-demo.js';
import { createLogger, NestPinoLogger } from './logging/logger.js';
import { startBanner } from './logging/start-banner.js';

async function bootstrap(): Promise<void> {
  const logger = createLogger();
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
  logger.info({ url: `http://${host}:${port}`, database, demo }, 'started');
  process.stdout.write(startBanner({ url: `http://${host}:${port}`, database, adminKey, demo }));

  const shutdown = async () => {
    await app.close();
    await db.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
