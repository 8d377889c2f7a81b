import { Router } from 'express';
import { showForgotPassword, showLogin, showResetPassword } from './controller.ts';

export function authRoutes(): Router {
  const router = Router();
  router.get('/login', showLogin);
  router.get('/password/reset', showForgotPassword);
  router.get('/password/reset/:token', showResetPassword);
  return router;
}
