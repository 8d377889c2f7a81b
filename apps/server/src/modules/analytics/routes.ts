import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { validateBody } from '../../http/validation.ts';
import { cleanPath, pageViews, referrerHost } from './page-views.ts';

const pageViewBody = z.object({
  path: z.string().min(1).max(2048),
  referrer: z.string().max(2048).optional(),
});

export const REPORT_DAYS = 30;

/**
 * First-party page views: the client reports every visit, client-side navigations included
 * (apps/storefront/src/lib/page-views.ts), with `navigator.sendBeacon`. No cookie is read or set.
 */
export function analyticsRoutes({ db, now }: { db: Db; now: () => number }): Router {
  const views = pageViews(db, now);
  const router = Router();
  router.post('/page-views', validateBody(pageViewBody), async (req, res) => {
    const body = req.body as z.output<typeof pageViewBody>;
    const path = cleanPath(body.path);
    if (path) await views.record(path, referrerHost(body.referrer, req.get('host') ?? ''));
    res.status(204).end();
  });
  router.get('/admin/page-views', async (req, res) => {
    if (!req.user) {
      req.session.intendedUrl = req.originalUrl;
      return res.redirect('/login');
    }
    if (!req.user.is_admin)
      return res.status(403).type('text/plain').send('Only the store’s operators can see this.');
    const since = now() - REPORT_DAYS * 24 * 60 * 60 * 1000;
    return res.inertia('PageViewsReport', { days: REPORT_DAYS, rows: await views.report(since) });
  });
  return router;
}
