import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { ApiKeysService } from './auth/api-keys.service.js';
import { configureApp } from './configure-app.js';
import { redactedUrl } from './database/connection.js';
import { defaultDataDir, ensureDatabase } from './database/embedded-postgres.js';
import { migrate } from './database/migrate.js';
import { PrismaService } from './database/prisma.service.js';
import { loadDemo } from './demo/load-demo.js';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Traveller');
  const db = await ensureDatabase();
  logger.log(
    db.embedded
      ? `DATABASE_URL is not set: using the embedded PostgreSQL (data in ${defaultDataDir()})`
      : `Using the database at ${redactedUrl(db.url)}`,
  );
  const report = await migrate();
  if (report.applied.length) logger.log(`Applied migrations: ${report.applied.join(', ')}`);

  const app = await NestFactory.create(AppModule);
  configureApp(app);
  await app.get(ApiKeysService).bootstrap();
  if (db.embedded && (await loadDemo(app.get(PrismaService), { onlyIfEmpty: true })) === 'loaded') {
    logger.log('Empty database: loaded the demo club (see the results pages, or try the events query)');
  }
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
  logger.log(`Traveller is listening on http://${host}:${port} (results pages at /, GraphQL at /graphql, REST docs at /api/docs)`);

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
