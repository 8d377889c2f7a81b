import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { validateBody } from '../../http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireUser } from '../auth/middleware.ts';
import { accountController } from './controller.ts';
import { updateEmailBody, updatePasswordBody } from './schemas.ts';

export function accountRoutes(deps: { db: Db; auth: AuthService }): Router {
  const c = accountController(deps);
  const router = Router();
  router.get('/account-settings', requireUser, c.show);
  router.put('/account-settings/email', requireUser, validateBody(updateEmailBody), c.updateEmail);
  router.put(
    '/account-settings/password',
    requireUser,
    validateBody(updatePasswordBody),
    c.updatePassword,
  );
  return router;
}
