import type { NextFunction, Request, Response } from 'express';
import { bearerKey } from '../auth/api-key.js';
import type { ApiKeysService } from '../auth/api-keys.service.js';
import type { RequestWithPrincipal } from '../auth/auth.guard.js';
import { UnauthenticatedError } from '../auth/principal.js';
import { AppError } from './errors.js';

/**
 * A body still arriving after `ms` (TRAVELLER_BODY_TIMEOUT_MS, default 30 s) is cut off with 408
 * and the connection closed: slow senders cannot hold sockets open.
 */
export function bodyTimeout(ms = Number(process.env.TRAVELLER_BODY_TIMEOUT_MS || 30_000)) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (ms > 0 && !req.complete) {
      const timer = setTimeout(() => {
        if (req.complete || res.headersSent) return;
        res.setHeader('Connection', 'close');
        res.status(408).json({ statusCode: 408, code: 'REQUEST_TIMEOUT', message: `The request body did not arrive within ${Math.round(ms / 1000)} s`, fields: [] });
        res.once('finish', () => req.socket.destroy());
      }, ms);
      timer.unref();
      const stop = () => clearTimeout(timer);
      req.once('end', stop);
      res.once('close', stop);
    }
    next();
  };
}

/**
 * For routes that take large bodies (file imports): the key is checked before a byte of the body
 * is read, so an anonymous or bad key is answered 401 at once and the connection closed.
 */
export function authenticateBeforeBody(keys: ApiKeysService) {
  return async (req: RequestWithPrincipal, res: Response, next: NextFunction): Promise<void> => {
    const key = bearerKey(req.headers.authorization);
    try {
      if (!key) throw new UnauthenticatedError('Importing a file needs an API key: send it as "Authorization: Bearer <key>"');
      req.principal = await keys.verify(key);
      next();
    } catch (error) {
      if (!(error instanceof AppError)) return next(error);
      res.setHeader('Connection', 'close');
      res.status(401).json({ statusCode: 401, code: error.code, message: error.message, fields: [] });
      res.once('finish', () => req.socket.destroy());
    }
  };
}
