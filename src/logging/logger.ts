import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestPath, routePattern } from '../common/route-pattern.js';

/**
 * The service's one logger: JSON lines (pino) for log collectors, readable lines only when a
 * person watches a terminal. Level from TRAVELLER_LOG_LEVEL (default info; silent under Jest).
 */
export function createLogger(stream: NodeJS.WritableStream = process.stdout): Logger {
  const level = process.env.TRAVELLER_LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  const pretty = stream === process.stdout && process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  if (pretty) return pino({ level, transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } });
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, stream as pino.DestinationStream);
}

/** A request id from the client's X-Request-Id when it is a plain token, else a new one. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

type LoggedRequest = IncomingMessage & { principal?: { label?: string } | null };

/**
 * One line per request when it ends: request id, method, route, status, duration, and the name of
 * the key that made it (never the key itself: no header is logged). 5xx is an error, 4xx a warning.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    customSuccessMessage: (req, res, time) => `${req.method} ${requestPath(req)} ${res.statusCode} ${Math.round(time)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${requestPath(req)} ${res.statusCode}`,
    customProps: (req) => ({ key: (req as LoggedRequest).principal?.label ?? null }),
    serializers: {
      req: (req: { id: string; method: string; raw: LoggedRequest }) => ({ id: req.id, method: req.method, route: routeOf(req.raw), path: requestPath(req.raw) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customAttributeKeys: { responseTime: 'ms' },
  });
}

// Lines group by route pattern, not by id.
const routeOf = (req: LoggedRequest) => routePattern(req) ?? requestPath(req);

/** Nest's start-up chatter (every module and route mapped): kept for TRAVELLER_LOG_LEVEL=debug. */
const FRAMEWORK = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'GraphQLModule']);

/** Nest's own messages (start-up, errors) through the same logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    if (context && FRAMEWORK.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
