import { Router } from 'express';
import { validateBody } from '../../http/validation.ts';
import { authController, type AuthControllerDeps } from './controller.ts';
import {
  forgotPasswordBody,
  loginBody,
  logoutBody,
  resetPasswordBody,
  secondStepBody,
  secondStepPasskeyBody,
} from './schemas.ts';
import { secondStepController } from './second-step.ts';

export function authRoutes(deps: AuthControllerDeps): Router {
  const c = authController(deps);
  const router = Router();
  router.get('/login', c.showLogin);
  router.post('/login', validateBody(loginBody), c.login);
  const second = secondStepController({
    auth: deps.auth,
    limiter: deps.limiters.secondFactor,
    cookies: deps.cookies,
  });
  router.get('/login/second-factor', second.show);
  router.post('/login/second-factor', validateBody(secondStepBody), second.verify);
  // A passkey instead of a code (decision 052): its options, then its assertion.
  router.post('/login/second-factor/passkey-options', second.passkeyOptions);
  router.post(
    '/login/second-factor/passkey',
    validateBody(secondStepPasskeyBody),
    second.verifyPasskey,
  );
  router.post('/logout', validateBody(logoutBody), c.logout);
  router.get('/password/reset', c.showForgotPassword);
  router.post('/password/email', validateBody(forgotPasswordBody), c.sendResetLink);
  router.get('/password/reset/:token', c.showResetPassword);
  router.post('/password/reset', validateBody(resetPasswordBody), c.resetPassword);
  return router;
}
