import { Router } from 'express';
import { validateBody } from '../../http/validation.ts';
import { requireUser } from '../auth/middleware.ts';
import { accountController, type AccountControllerDeps } from './controller.ts';
import { logoutOtherBody, updateEmailBody, updatePasswordBody } from './schemas.ts';

export function accountRoutes(deps: AccountControllerDeps): Router {
  const c = accountController(deps);
  const router = Router();
  router.get('/account-settings', requireUser, c.show);
  router.put('/account-settings/email', requireUser, validateBody(updateEmailBody), c.updateEmail);
  // From the notice mailed to the old address: whoever holds that mailbox, signed in or not.
  router.get('/account-settings/email/undo/:token', c.undoEmailChange);
  router.put(
    '/account-settings/password',
    requireUser,
    validateBody(updatePasswordBody),
    c.updatePassword,
  );
  router.post('/logout/other', requireUser, validateBody(logoutOtherBody), c.logoutOther);
  return router;
}
