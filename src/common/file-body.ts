import { raw, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * An imported file's body, copied into one buffer of its announced length chunk by chunk as it
 * arrives. body-parser keeps the chunks and joins them once the last has come: a national file's
 * 20 MB joined in one go held the event loop 6–22 ms as its import began, and a read arriving then
 * waited for it. A body announced larger than `limit` is refused at once, before a byte of it is
 * read, and its connection closed: body-parser read a 40 MB upload to its end (or to the body
 * timeout) before saying 413. A body this cannot take as it is — no Content-Length, compressed or
 * empty — goes to body-parser's `raw()` as before, with its inflation and its errors.
 */
export function fileBody(limit: number): RequestHandler {
  const fallback = raw({ type: () => true, limit });
  return (req: Request, res: Response, next: NextFunction) => {
    const length = announcedLength(req);
    if (length === null) return fallback(req, res, next);
    if (length > limit) {
      res.setHeader('Connection', 'close'); // the rest of the body is not read
      return next(bodyError('request entity too large', 'entity.too.large', 413, { limit, length }));
    }
    readInto(req, Buffer.allocUnsafeSlow(length), next);
  };
}

/** The body's length, if it comes plainly (not compressed) and is not empty; else null. */
function announcedLength(req: Request): number | null {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const length = Number(req.headers['content-length']);
  return encoding === 'identity' && Number.isSafeInteger(length) && length > 0 ? length : null;
}

/** `req`'s body into `body` (its exact length), then `next`; a body cut short is refused as body-parser refuses it. */
function readInto(req: Request, body: Buffer, next: NextFunction): void {
  let at = 0;
  let settled = false;
  const settle = (error?: Error) => {
    if (settled) return;
    settled = true;
    req.off('data', onData).off('end', onEnd).off('aborted', onAborted).off('error', settle);
    if (error) return next(error);
    (req as Request & { _body?: boolean })._body = true; // what body-parser marks: no other parser reads it again
    req.body = body;
    next();
  };
  const wrongSize = () => bodyError('request size did not match content length', 'request.size.invalid');
  const onData = (chunk: Buffer) => {
    if (at + chunk.length > body.length) return settle(wrongSize());
    at += chunk.copy(body, at);
  };
  const onEnd = () => settle(at === body.length ? undefined : wrongSize());
  const onAborted = () => settle(bodyError('request aborted', 'request.aborted'));
  req.on('data', onData).on('end', onEnd).on('aborted', onAborted).on('error', settle);
}

/** An error shaped as body-parser's own (status, type, limit), so the error filter words it the same way. */
function bodyError(message: string, type: string, status = 400, more: object = {}): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type, ...more });
}
