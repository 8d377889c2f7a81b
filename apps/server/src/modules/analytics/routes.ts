import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { validateBody } from '../../http/validation.ts';
import type { Catalogue } from '../catalog/catalogue.ts';
import { cleanPath, MAX_PATH_LENGTH, pageViews, referrerHost, servedPaths } from './page-views.ts';

const pageViewBody = z.object({
  // The query string is dropped, but it is sent: leave it room beyond the path's own cap.
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH * 4),
  referrer: z.string().max(2048).optional(),
});

export interface AnalyticsDeps {
  db: Db;
  now: () => number;
  /** APP_URL: a referrer on our own host is not "another site" (never the request's Host). */
  appUrl: string;
  /** Beacons per address (`PAGE_VIEW_LIMIT`). */
  limiter: RateLimiter;
  catalogue: () => Catalogue;
}

export const REPORT_DAYS = 30;

/**
 * First-party page views: the client reports every visit, client-side navigations included
 * (apps/storefront/src/lib/page-views.ts), with `navigator.sendBeacon`. No cookie is read or set.
 */
export function analyticsRoutes({ db, now, appUrl, limiter, catalogue }: AnalyticsDeps): Router {
  const views = pageViews(db, now);
  const isServed = servedPaths(catalogue);
  const ownHost = new URL(appUrl).host;
  const router = Router();
  const perAddress: RequestHandler = async (req, res, next) => {
    const limit = await limiter.consume(req.ip ?? 'unknown');
    if (limit.allowed) return next();
    res.set('Retry-After', String(limit.retryAfterSeconds)).status(429).end();
  };
  router.post('/page-views', perAddress, validateBody(pageViewBody), async (req, res) => {
    const body = req.body as z.output<typeof pageViewBody>;
    const path = cleanPath(body.path);
    // An unknown page is answered like a known one (a beacon has no use for the difference).
    if (path && isServed(path)) await views.record(path, referrerHost(body.referrer, ownHost));
    res.status(204).end();
  });
  router.get('/admin/page-views', async (req, res) => {
    if (!req.user) {
      req.session.intendedUrl = req.originalUrl;
      return res.redirect('/login');
    }
    // The 403 ErrorPage, in the site's chrome (a bare text answer would open Inertia's overlay).
    if (!req.user.is_admin) throw new HttpError(403, 'Only the store’s operators can see this.');
    const since = now() - REPORT_DAYS * 24 * 60 * 60 * 1000;
    return res.inertia('PageViewsReport', { days: REPORT_DAYS, rows: await views.report(since) });
  });
  return router;
}
