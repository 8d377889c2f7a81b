import { Router } from 'express';
import { validateBody } from '../../http/validation.ts';
import { authController, type AuthControllerDeps } from './controller.ts';
import { forgotPasswordBody, loginBody, logoutBody, resetPasswordBody } from './schemas.ts';

export function authRoutes(deps: AuthControllerDeps): Router {
  const c = authController(deps);
  const router = Router();
  router.get('/login', c.showLogin);
  router.post('/login', validateBody(loginBody), c.login);
  router.post('/logout', validateBody(logoutBody), c.logout);
  router.get('/password/reset', c.showForgotPassword);
  router.post('/password/email', validateBody(forgotPasswordBody), c.sendResetLink);
  router.get('/password/reset/:token', c.showResetPassword);
  router.post('/password/reset', validateBody(resetPasswordBody), c.resetPassword);
  return router;
}
