import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../common/errors.js';
import { trackReads } from '../common/read-tracking.js';
import { ResponseCache } from '../common/response-cache.js';
import type { Html } from './html.js';
import { asLanguage, chooseLanguage, cookieValue, LANGUAGE_COOKIE } from './i18n/language.js';
import { PageContext } from './page-context.js';
import { errorPage } from './pages/error.js';

/** Pages that read nothing revision-tracked (names of clubs) are kept at most this long. */
const UNTRACKED_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class PageNotFound extends Error {}

/** A path parameter that must be an id; anything else is a missing page. */
export function pageId(value: string): string {
  if (!UUID.test(value)) throw new PageNotFound();
  return value;
}

/** Security headers of every page: our own assets only, any site may frame us (embedding). */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  Vary: 'Accept-Language, Cookie',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors *",
};

/**
 * Renders a page for a request: picks the language (and remembers a chosen one in a cookie),
 * answers from the page cache while every event the page read is at the same revision, and
 * answers 304 to a matching If-None-Match.
 */
@Injectable()
export class PageResponder {
  private readonly logger = new Logger('Pages');

  constructor(private readonly cache: ResponseCache) {}

  context(req: Request): PageContext {
    const language = chooseLanguage(req.query.lang, cookieValue(req.headers.cookie, LANGUAGE_COOKIE), req.headers['accept-language']);
    const embed = req.query.embed === '1';
    return new PageContext(language, embed, req.path, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  }

  async send(req: Request, res: Response, render: (ctx: PageContext) => Promise<Html>): Promise<void> {
    const ctx = this.context(req);
    const chosen = asLanguage(req.query.lang);
    if (chosen) res.setHeader('Set-Cookie', `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`);
    // The query names the part of the page shown (a ranking's page, a club's pairs): the language is in the key already.
    const shown = Object.entries(req.query).filter(([name]) => name !== 'lang').sort(([a], [b]) => (a < b ? -1 : 1));
    const key = `page\u0000${ctx.language}\u0000${ctx.embed}\u0000${ctx.origin}\u0000${req.path}\u0000${JSON.stringify(shown)}`;
    const found = await this.cache.lookupOrCompute(key, performance.now());
    if ('hit' in found) return this.write(req, res, 200, ctx, found.hit.body, found.hit.etag, 'HIT');
    try {
      const { result, dependencies } = trackReads(() => render(ctx));
      const page = (await result).value;
      dependencies.expiresAt = Math.min(dependencies.expiresAt, Date.now() + UNTRACKED_MS);
      this.cache.store(key, page, dependencies);
      const body = Buffer.from(page);
      this.write(req, res, 200, ctx, body, `"${createHash('sha1').update(body).digest('base64url')}"`, 'MISS');
    } catch (error) {
      const missing = error instanceof PageNotFound || (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT'));
      if (!missing) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      const body = Buffer.from(errorPage(ctx, missing ? 404 : 500).value);
      this.write(req, res, missing ? 404 : 500, ctx, body, null, 'MISS');
    } finally {
      found.done();
    }
  }

  private write(req: Request, res: Response, status: number, ctx: PageContext, body: Buffer, etag: string | null, cache: string): void {
    const headers: Record<string, string | number> = { ...PAGE_HEADERS, 'Content-Language': ctx.language, 'X-Cache': cache };
    if (etag) headers.ETag = etag;
    if (etag && ifNoneMatch(req).includes(etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

function ifNoneMatch(req: Request): string[] {
  return (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
}
