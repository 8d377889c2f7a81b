import type { RequestHandler, Response } from 'express';

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Every response that did not choose its own caching is `private, no-store`: pages, Inertia
 * JSON, form answers and redirects all depend on who is asking (the signed-in user, their
 * licences and owned code, flash, the CSRF cookie, the remembered code language), so no shared
 * cache may keep one and no browser may show it to the next person at the keyboard. What is the
 * same for everyone (hashed assets, screenshots, the sitemap) says so itself.
 */
export function privateByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.headersSent && !this.hasHeader('Cache-Control')) {
        this.setHeader('Cache-Control', PRIVATE_NO_STORE);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
