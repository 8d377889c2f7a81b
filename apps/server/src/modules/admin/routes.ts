import { Router, type RequestHandler } from 'express';
import { NotFoundError } from '../../http/errors.ts';
import { signedIn } from '../auth/index.ts';
import { validateBody } from '../../http/validation.ts';
import type { Logger } from '../../logger.ts';
import { adminController, type AdminControllerDeps } from './controller.ts';
import { impersonateBody, moveLicenseBody, refundBody } from './schemas.ts';
import { requireSecondFactor } from './middleware.ts';
import { backOfficeService, type BackOfficeSeams } from './service.ts';

/**
 * The back office is for operators (`users.is_admin`) only. Everyone else, an impersonating
 * session included (it is the customer now), gets the same 404 as for a page that does not
 * exist, for every method: the area does not reveal that it is there.
 */
const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.is_admin && !req.impersonator) return next();
  next(new NotFoundError());
};

export type AdminRoutesDeps = Omit<AdminControllerDeps, 'service'> & {
  /**
   * What the back office asks of the payments module (refund through the provider, replay a
   * stored webhook event), injected: this module imports no provider.
   */
  seams: BackOfficeSeams;
  appUrl: string;
  logger: Logger;
};

export function adminRoutes({ seams, appUrl, logger, ...deps }: AdminRoutesDeps): Router {
  const service = backOfficeService({
    database: deps.database,
    seams,
    queues: deps.queues,
    appUrl,
    logger,
    now: deps.now,
  });
  const c = adminController({ ...deps, service });
  const router = Router();
  // Not under /admin: the banner's button is pressed while acting as the customer.
  router.delete('/impersonate', c.stopImpersonating);

  router.use('/admin', requireAdmin);
  // An operator without a second factor gets only its enrolment on the account page.
  router.use('/admin', requireSecondFactor(deps.auth));
  router.get('/admin', c.customers);
  router.get('/admin/users/:id', c.customer);
  router.post(
    '/admin/users/:id/impersonate',
    validateBody(impersonateBody),
    signedIn(c.impersonate),
  );
  router.post('/admin/purchases/:id/refund', validateBody(refundBody), signedIn(c.refund));
  router.post('/admin/licenses/:id/deactivate', signedIn(c.deactivateLicense));
  router.post('/admin/licenses/:id/reactivate', signedIn(c.reactivateLicense));
  router.post('/admin/licenses/:id/move', validateBody(moveLicenseBody), signedIn(c.moveLicense));
  router.post('/admin/licenses/:id/resend', signedIn(c.resendLicense));
  router.delete('/admin/teams/:teamId/members/:memberId', signedIn(c.removeMember));
  router.get('/admin/audit', c.auditLog);
  router.get('/admin/webhooks', c.webhooks);
  router.get('/admin/webhooks/:id', c.webhook);
  router.post('/admin/webhooks/:id/replay', signedIn(c.replayWebhook));
  router.get('/admin/queues', c.queues);
  router.post('/admin/queues/:queue/jobs/:id/retry', signedIn(c.retryJob));
  router.get('/admin/page-views', c.pageViews);
  return router;
}
