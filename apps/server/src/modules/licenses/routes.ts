import { Router } from 'express';
import { requireUser } from '../auth/middleware.ts';
import { licensesController, type LicensesControllerDeps } from './controller.ts';

export function licenseRoutes(deps: LicensesControllerDeps): Router {
  const c = licensesController(deps);
  const router = Router();
  router.get('/license', requireUser, c.index);
  // Open to whoever holds the key, signed in or not: the key is the proof of purchase.
  router.get('/licenses/:key', c.show);
  router.patch('/licenses/:key', c.redeem);
  return router;
}
