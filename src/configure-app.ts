import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, type NextFunction, type Request, type Response } from 'express';
import { ApiKeysService } from './auth/api-keys.service.js';
import { authenticateBeforeBody, bodyTimeout } from './common/body-guards.js';
import { markMalformedUtf8, refuseMalformedJson } from './common/body-shape.js';
import { fileBody } from './common/file-body.js';
import { RateLimiter } from './common/rate-limit.js';
import { readSnapshots } from './common/read-snapshot.js';
import { refuseDeepQueryText } from './graphql-limits.js';
import type { Logger } from 'pino';
import { createLogger, requestLogger } from './logging/logger.js';
import { MetricsService } from './metrics/metrics.service.js';

/** Largest JSON body: a batch of 500 traveller lines is well under it. */
export const JSON_BODY_LIMIT = '1mb';

/** Largest imported file, 32 MiB: a national simultaneous's CSV (240,000 lines) is ~20 MB, a Bridgemate .bws of a big session a few MB. */
export const FILE_BODY_LIMIT = 32 << 20;

/** HTTP set-up shared by main.ts and the e2e tests, so both serve exactly the same thing. */
export function configureApp(app: INestApplication, logger: Logger = createLogger()): void {
  // First, so every request is logged, refused ones included.
  app.use(requestLogger(logger));
  app.use(app.get(MetricsService).httpMiddleware());
  const express = app as NestExpressApplication;
  // Behind a reverse proxy, the client's address is in X-Forwarded-For (e.g. TRAVELLER_TRUST_PROXY=1).
  if (process.env.TRAVELLER_TRUST_PROXY) express.set('trust proxy', /^\d+$/.test(process.env.TRAVELLER_TRUST_PROXY) ? Number(process.env.TRAVELLER_TRUST_PROXY) : process.env.TRAVELLER_TRUST_PROXY);
  app.use(bodyTimeout());
  app.use(app.get(RateLimiter).middleware());
  const origins = process.env.TRAVELLER_CORS_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean);
  if (origins?.length) {
    // Club websites reading results from the browser (their own origin listed, or * for any).
    app.enableCors({
      origin: origins.includes('*') ? true : origins,
      allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match', 'Apollo-Require-Preflight'],
      exposedHeaders: ['ETag', 'X-Cache', 'Retry-After'],
      maxAge: 600,
    });
  }
  // Files come as the body itself, whatever their content type: first, so no other parser takes them.
  app.use('/api/v1/imports', authenticateBeforeBody(app.get(ApiKeysService)));
  app.use('/api/v1/imports', fileBody(FILE_BODY_LIMIT));
  // Nest sees this parser and adds no JSON parser of its own.
  app.use(json({ limit: JSON_BODY_LIMIT, verify: markMalformedUtf8 }));
  app.use(refuseMalformedJson);
  // After the body is read (its callback would not carry the snapshot on), before any route.
  app.use(readSnapshots);
  express.disable('x-powered-by');
  app.use('/graphql', graphqlBrowserHint);
  app.use('/graphql', refuseDeepQueryText);
  const config = new DocumentBuilder()
    .setTitle('Traveller')
    .setDescription(
      'REST endpoints of Traveller, the duplicate bridge scoring service. Most of the API is GraphQL: ' +
        'POST /graphql with a JSON body {"query": "..."}; the schema is in schema.gql of the repository.',
    )
    .setVersion('0.1.0')
    .addServer('/', 'This service')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key (trv_…)', description: 'An API key (trv_…) made with createApiKey or printed at first start; every write needs one' })
    .build();
  // swagger-ui's assets come from the swagger-ui-dist package: no CDN, works offline.
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
}

/** A browser opening /graphql would otherwise get a bare CSRF error: say how to use the endpoint. */
function graphqlBrowserHint(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' || req.query.query !== undefined) return next();
  res.status(200).json({
    service: 'Traveller GraphQL API',
    message: 'Send queries as POST /graphql with Content-Type: application/json and a body {"query": "...", "variables": {...}}.',
    example: 'curl -s localhost:3000/graphql -H "Content-Type: application/json" -d \'{"query":"{ events { nodes { id name startsOn } } }"}\'',
    schema: 'Introspection is on; the schema is also in schema.gql of the repository.',
    restDocs: '/api/docs',
  });
}
