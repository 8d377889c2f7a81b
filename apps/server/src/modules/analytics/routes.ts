import express, { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { jsonErrors, jsonNotFound } from '../../http/error-handlers.ts';
import { retryMessage, TooManyRequestsError } from '../../http/errors.ts';
import { rejectMalformedText } from '../../http/input-guard.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { validateBody, type Input } from '../../http/validation.ts';
import type { Logger } from '../../logger.ts';
import type { Catalogue } from '../catalog/index.ts';
import { cleanPath, MAX_PATH_LENGTH, pageViews, referrerHost, servedPaths } from './service.ts';

const pageViewBody = z.object({
  // The query string is dropped, but it is sent: leave it room beyond the path's own cap.
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH * 4),
  referrer: z.string().max(2048).optional(),
});

/** The largest beacon body: a path and a referrer, far below any form's 100 kB. */
const BEACON_BODY_LIMIT = '16kb';

export interface PageViewBeaconDeps {
  db: Db;
  now: () => number;
  /** APP_URL: a referrer on our own host is not "another site" (never the request's Host). */
  appUrl: string;
  /** Beacons per address (`PAGE_VIEW_LIMIT`). */
  limiter: RateLimiter;
  catalogue: () => Catalogue;
  logger: Logger;
}

/** The back office's page-views report covers this many days (modules/admin). */
export const REPORT_DAYS = 30;

/**
 * First-party page views: the client reports every visit, client-side navigations included
 * (apps/storefront/src/lib/page-views.ts), with `navigator.sendBeacon`, which can carry no CSRF
 * header. A machine router (app.ts mounts it before the browser stack): its own small JSON
 * parser, a per-address limit and JSON errors; no session, no CSRF, no cookie read or set.
 */
export function pageViewBeacons({
  db,
  now,
  appUrl,
  limiter,
  catalogue,
  logger,
}: PageViewBeaconDeps): Router {
  const views = pageViews(db, now);
  const isServed = servedPaths(catalogue);
  const ownHost = new URL(appUrl).host;
  const router = Router();
  const perAddress: RequestHandler = async (req, _res, next) => {
    const limit = await limiter.consume(req.ip ?? 'unknown');
    if (!limit.allowed) {
      const seconds = limit.retryAfterSeconds;
      throw new TooManyRequestsError(seconds, retryMessage('page views', seconds));
    }
    next();
  };
  router.post(
    '/page-views',
    express.json({ limit: BEACON_BODY_LIMIT }),
    rejectMalformedText({ forms: false }),
    perAddress,
    validateBody(pageViewBody, { forms: false }),
    async (req: Input<z.output<typeof pageViewBody>>, res: Response) => {
      const { body } = req;
      const path = cleanPath(body.path);
      // An unknown page is answered like a known one (a beacon has no use for the difference).
      if (path && isServed(path)) await views.record(path, referrerHost(body.referrer, ownHost));
      res.status(204).end();
    },
  );
  router.all('/page-views', jsonNotFound(['POST']));
  // A beacon's errors are JSON, the store's own failures (an outage) too: never a page.
  router.use('/page-views', jsonErrors({ logger }));
  return router;
}
